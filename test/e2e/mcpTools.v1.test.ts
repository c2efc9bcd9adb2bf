/**
 * The action nodes as tools, called on API v1 (the credential set to v1), proven without a language
 * model: a real n8n runs the shipped example `examples/mcp-server.json` (an MCP Server Trigger with
 * the tool variants of Search Businesses, Get Events, Match Prospects, Match Businesses, Enrich and
 * Manage Enrollment attached), published under an id, path and webhook id of its own. An MCP
 * client (@modelcontextprotocol/sdk, as Claude Desktop or Cursor use it) calls each tool with JSON
 * arguments as an agent would and compares the answers with the sandbox's seeded data, and gets
 * API v1's error texts for bad arguments. The listing and the other bad arguments: mcpTools.test.ts.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { IDataObject } from 'n8n-workflow';

import { DEFAULT_BUSINESS_EVENT_TYPES } from '../../nodes/shared/eventTypes';
import { startSandbox, type Sandbox } from '../sandbox';
import { useN8n } from './harness/jest';
import { type BadArguments, expectShortErrorText, loadExample, type NodeJson, sandboxBusinessId, type ToolAnswer } from './mcpTools.cases';
import { connectMcpClient } from './support/mcpClient';

const SEARCH_PATH = '/v1/businesses';
const EVENTS_PATH = '/v1/businesses/events';

describe('the action nodes as MCP tools in real n8n (examples/mcp-server.json)', () => {
	let sandbox: Sandbox;
	const credential = { id: 'mcpCredential1', name: 'Business Prospect Data (sandbox)' };
	// an id, path and webhook id of its own: mcpTools.test.ts publishes the example in the same n8n
	const workflow = { ...loadExample(credential), id: 'exMcpServerV101' };
	const trigger = (workflow.nodes as NodeJson[]).find((node) => node.type === '@n8n/n8n-nodes-langchain.mcpTrigger')!;
	trigger.parameters = { ...trigger.parameters, path: `${String(trigger.parameters.path)}-v1` };
	(trigger as unknown as { webhookId: string }).webhookId = '0f3c6a52-8d7e-4b1a-9c2d-5e6f7a8b9c11';

	beforeAll(async () => {
		sandbox = await startSandbox();
	});

	const n8n = useN8n({
		shared: true,
		prepare: async (instance) => {
			// API v1 named: the examples are at their API v2 node versions (apiVersionSwitch.v1.test.ts runs them on both)
			await instance.importCredential({ ...credential, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url, apiVersion: 'v1' } });
			await instance.importWorkflow(workflow);
			await instance.publish(workflow.id);
		},
	});

	let client: Client;
	beforeAll(async () => {
		client = await connectMcpClient(n8n().baseUrl, String(trigger.parameters.path), 'e2e-mcp-client');
	});
	afterAll(async () => {
		await client?.close();
		await sandbox?.close();
	});

	async function call(name: string, args: IDataObject): Promise<ToolAnswer> {
		const result = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: Array<{ type: string; text?: string }> };
		const text = result.content.map((part) => part.text ?? '').join('');
		return { isError: result.isError === true, text, json: () => JSON.parse(text) as IDataObject };
	}
	/** The one answer item of a successful call (n8n returns the tool's items as a JSON list). */
	const only = (answer: ToolAnswer): IDataObject => {
		expect({ isError: answer.isError, text: answer.isError ? answer.text : '' }).toEqual({ isError: false, text: '' });
		const items = answer.json() as unknown as IDataObject[];
		expect(items).toHaveLength(1);
		return items[0];
	};

	test('Search_Businesses: the first 25 businesses (preview) with the total found, in one request', async () => {
		const filters = { country_code: { values: ['us'] } };
		const expected = sandbox.universe.searchBusinesses(filters);
		expect(expected.length).toBeGreaterThan(25);
		const before = sandbox.requests.length;
		const answer = only(await call('Search_Businesses', { filters }));
		expect(answer).toMatchObject({ total_found: expected.length, returned: 25 });
		expect(answer.note).toBe(`Showing the first 25 of ${expected.length} businesses. Add filters to narrow the search.`);
		const businesses = answer.businesses as IDataObject[];
		expect(businesses.map((business) => business.business_id)).toEqual(expected.slice(0, 25).map((business) => business.business_id));
		expect(Object.keys(businesses[0]).sort()).toEqual(['business_id', 'country_name', 'domain', 'logo', 'name'].sort());
		const sent = sandbox.requests.slice(before).filter((request) => request.path === SEARCH_PATH);
		expect(sent).toHaveLength(1);
		expect(sent[0].body).toMatchObject({ mode: 'preview', page: 1, page_size: 25, size: 10_000, filters });
	});

	test('Get_Events: the events of a business since a date, newest first', async () => {
		const since = new Date(Date.now() - 60 * 86_400_000).toISOString();
		const types = new Set<string>(DEFAULT_BUSINESS_EVENT_TYPES);
		const eventsOf = (businessId: string) =>
			sandbox.universe.events.filter(
				(event) => event.business_id === businessId && types.has(event.event_name) && Date.parse(event.event_time) > Date.parse(since),
			);
		const business = sandbox.universe.businesses.find((candidate) => eventsOf(candidate.business_id).length >= 2)!;
		expect(business).toBeDefined();
		const expected = eventsOf(business.business_id).sort((a, b) => Date.parse(b.event_time) - Date.parse(a.event_time));
		const answer = only(await call('Get_Events', { business_ids: business.business_id, since }));
		expect(answer).toMatchObject({ total_events: expected.length, returned: expected.length });
		expect((answer.events as IDataObject[]).map((event) => event.event_id)).toEqual(expected.map((event) => event.event_id));
	});

	test('Get_Events without since: the last 7 days', async () => {
		const business = sandbox.universe.businesses[0];
		const before = sandbox.requests.length;
		const answer = await call('Get_Events', { business_ids: business.business_id });
		expect(answer.isError).toBe(false);
		const sent = sandbox.requests.slice(before).filter((request) => request.path === EVENTS_PATH);
		expect(sent).toHaveLength(1);
		const from = Date.parse(String((sent[0].body as IDataObject).timestamp_from));
		expect(Math.abs(from - (Date.now() - 7 * 86_400_000))).toBeLessThan(60_000);
		expect((sent[0].body as IDataObject).business_ids).toEqual([business.business_id]);
	});

	test('Get_Events: at most 50 events, the latest ones', async () => {
		const since = new Date(Date.now() - 89 * 86_400_000).toISOString();
		const ids = sandbox.universe.businesses.slice(0, 40).map((business) => business.business_id);
		const types = new Set<string>(DEFAULT_BUSINESS_EVENT_TYPES);
		const all = sandbox.universe.events.filter(
			(event) => ids.includes(event.business_id) && types.has(event.event_name) && Date.parse(event.event_time) > Date.parse(since),
		);
		expect(all.length).toBeGreaterThan(50);
		const answer = only(await call('Get_Events', { business_ids: ids.join(', '), since }));
		expect(answer).toMatchObject({ total_events: all.length, returned: 50 });
		const times = (answer.events as IDataObject[]).map((event) => Date.parse(String(event.event_time)));
		expect(times).toEqual([...times].sort((a, b) => b - a));
		const newest = all.map((event) => Date.parse(event.event_time)).sort((a, b) => b - a);
		expect(times).toEqual(newest.slice(0, 50));
	});

	let prospectId: string;
	test('Match_Prospects: the prospect ID for an e-mail, and matched false for an unknown one', async () => {
		const prospect = sandbox.universe.prospects.find((candidate) => candidate.matchable)!;
		const { email } = sandbox.universe.contactFor(prospect, 'email') as { email: string };
		expect(only(await call('Match_Prospects', { email }))).toEqual({ prospect_id: prospect.prospect_id, matched: true });
		prospectId = prospect.prospect_id;

		const unknown = sandbox.universe.unknownContact('email') as { email: string };
		expect(only(await call('Match_Prospects', { email: unknown.email }))).toEqual({ prospect_id: null, matched: false });
	});

	test('Match_Businesses: the business ID for a domain or a name, and matched false for an unknown company', async () => {
		const business = sandbox.universe.businesses[12];
		const before = sandbox.requests.length;
		expect(only(await call('Match_Businesses', { domain: business.domain }))).toEqual({ business_id: business.business_id, matched: true });
		expect(only(await call('Match_Businesses', { name: business.name, url: business.website }))).toEqual({
			business_id: business.business_id,
			matched: true,
		});
		expect(only(await call('Match_Businesses', { name: 'Nobody Ventures Ltd' }))).toEqual({ business_id: null, matched: false });
		const sent = sandbox.requests.slice(before).filter((request) => request.path === '/v1/businesses/match');
		expect(sent.map((request) => request.body)).toEqual([
			{ businesses_to_match: [{ domain: business.domain }] },
			{ businesses_to_match: [{ name: business.name, url: business.website }] },
			{ businesses_to_match: [{ name: 'Nobody Ventures Ltd' }] },
		]);
	});

	test('Enrich_Prospect: the profile of the matched prospect', async () => {
		const answer = only(await call('Enrich_Prospect', { prospect_id: prospectId }));
		const prospect = sandbox.universe.prospect(prospectId)!;
		expect(answer).toMatchObject({ prospect_id: prospectId, enrichment_status: 'enriched' });
		expect(answer.profile).toMatchObject({ full_name: prospect.full_name });
	});

	test('Create_Business_Enrollment, then List_Business_Enrollments shows it', async () => {
		const ids = sandbox.universe.businesses.slice(3, 5).map((business) => business.business_id);
		const created = only(await call('Create_Business_Enrollment', { enrollment_key: 'mcp-agent-watch', business_ids: ids.join(',') }));
		expect(created).toMatchObject({ enrollment_key: 'mcp-agent-watch', business_ids: ids, already_existed: false });
		const enrollmentId = String(created.enrollment_id);
		expect(sandbox.enrollments.businesses.get(enrollmentId)?.business_ids).toEqual(ids);

		const listed = only(await call('List_Business_Enrollments', {}));
		expect(listed).toMatchObject({ total_enrollments: 1, returned: 1 });
		expect(listed.enrollments).toEqual([expect.objectContaining({ enrollment_id: enrollmentId, enrollment_key: 'mcp-agent-watch', business_ids: ids })]);
	});

	describe('bad arguments come back as short error texts, and the server carries on', () => {
		// API v1's texts: its filter list, and an enrollment needing no webhook first
		test.each<BadArguments>([
			['Search_Businesses', 'an unknown filter', { filters: { color: { values: ['blue'] } } }, /^NodeOperationError: filters has unknown filter "color": the filters are country_code, region_country_code, .*, website_keywords, city_region, has_website, events, business_intent_topics\. Check filters\.$/],
			['Search_Businesses', 'a misspelt filter', { filters: { country: { values: ['us'] } } }, /^NodeOperationError: filters has unknown filter "country" \(did you mean "country_code" for "country"\?\): the filters are /],
			[
				'Create_Business_Enrollment',
				'a key that is too short',
				{ enrollment_key: 'ab', business_ids: sandboxBusinessId() },
				/^NodeOperationError: enrollment_key must be at least 4 characters long\.$/,
			],
		])('%s with %s', async (tool, _case, args, pattern) => {
			expectShortErrorText(await call(tool, args), pattern, sandbox.apiKey);
		});
	});
});
