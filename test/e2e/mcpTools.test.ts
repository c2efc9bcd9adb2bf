/**
 * The action nodes as tools, proven without a language model: a real n8n runs the shipped
 * example `examples/mcp-server.json` (an MCP Server Trigger with the tool variants of Search
 * Businesses, Get Events, Match Prospects, Match Businesses, Enrich and Manage Enrollment attached), published and
 * started like the trigger tests. An MCP client (@modelcontextprotocol/sdk, as Claude Desktop or
 * Cursor use it) connects, lists the tools, checks names, descriptions and input schemas, then
 * calls each tool with JSON arguments as an agent would and compares the answers with the
 * sandbox's seeded data. Bad arguments come back as error texts (isError) and the server goes on.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { IDataObject } from 'n8n-workflow';

import { BUSINESS_IDS_FOR_MODEL, GET_EVENTS_TOOL_DESCRIPTION, SINCE_FOR_MODEL } from '../../nodes/GetEvents/toolText';
import { ENRICH_TOOL_DESCRIPTION, PROSPECT_ID_FOR_MODEL } from '../../nodes/Enrich/toolText';
import { ENROLLMENT_TOOL_DESCRIPTIONS } from '../../nodes/ManageEnrollment/toolMode';
import { MATCH_BUSINESSES_ARGUMENTS, MATCH_BUSINESSES_TOOL_DESCRIPTION } from '../../nodes/MatchBusinesses/toolText';
import { MATCH_ARGUMENTS, MATCH_TOOL_DESCRIPTION } from '../../nodes/MatchProspects/toolText';
import { FILTERS_FOR_MODEL_V2, SEARCH_TOOL_DESCRIPTION } from '../../nodes/SearchBusinesses/actions/searchTool';
import { DEFAULT_BUSINESS_EVENT_TYPES } from '../../nodes/shared/eventTypes';
import { startSandbox, type Sandbox } from '../sandbox';
import { useN8n } from './harness/jest';
import { CREDENTIAL_TYPE, PACKAGE_NAME, type WorkflowJson } from './harness/n8nInstance';
import { connectMcpClient } from './support/mcpClient';
import { MCP_SERVER_TOOLS } from './support/mcpServerExample';

const EXAMPLE = path.resolve(__dirname, '../../examples/mcp-server.json');
const SEARCH_PATH = '/v1/businesses';
const EVENTS_PATH = '/v1/businesses/events';

interface NodeJson {
	name: string;
	type: string;
	parameters: IDataObject;
	credentials?: Record<string, { id: string; name: string }>;
}

type ToolAnswer = { isError: boolean; text: string; json: () => IDataObject };

function loadExample(credential: { id: string; name: string }): WorkflowJson {
	const workflow = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as WorkflowJson;
	for (const node of workflow.nodes as NodeJson[]) if (node.credentials?.[CREDENTIAL_TYPE]) node.credentials[CREDENTIAL_TYPE] = { ...credential };
	return workflow;
}

describe('the action nodes as MCP tools in real n8n (examples/mcp-server.json)', () => {
	let sandbox: Sandbox;
	const credential = { id: 'mcpCredential1', name: 'Business Prospect Data (sandbox)' };
	const workflow = loadExample(credential);
	const trigger = (workflow.nodes as NodeJson[]).find((node) => node.type === '@n8n/n8n-nodes-langchain.mcpTrigger')!;

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

	test(`n8n lists the generated ${PACKAGE_NAME}.<node>Tool types of the action nodes`, async () => {
		expect(n8n().packageLoadErrors()).toEqual([]);
		const served = (await n8n().rest<Array<{ name: string }>>('GET', '/types/nodes.json')).map((type) => type.name);
		const tools = ['searchBusinesses', 'getEvents', 'manageEnrollment', 'matchProspects', 'enrich', 'matchBusinesses'].map(
			(name) => `${PACKAGE_NAME}.${name}Tool`,
		);
		expect(served).toEqual(expect.arrayContaining(tools));
		expect(served).not.toContain(`${PACKAGE_NAME}.businessEventsTriggerTool`);
	});

	test('lists the tools with their descriptions and $fromAI input schemas', async () => {
		const { tools } = await client.listTools();
		const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
		expect(Object.keys(byName).sort()).toEqual(MCP_SERVER_TOOLS);
		const schema = (name: string) => byName[name].inputSchema as { properties?: Record<string, IDataObject>; required?: string[] };
		const described = (name: string) =>
			Object.fromEntries(Object.entries(schema(name).properties ?? {}).map(([key, property]) => [key, property.description]));

		expect(byName.Search_Businesses.description).toBe(SEARCH_TOOL_DESCRIPTION);
		// the example's Search Businesses is version 2 (what new nodes get): its filters text names v2's filters too
		expect(described('Search_Businesses')).toEqual({ filters: FILTERS_FOR_MODEL_V2 });
		expect(schema('Search_Businesses').required).toEqual(['filters']);

		expect(byName.Get_Events.description).toBe(GET_EVENTS_TOOL_DESCRIPTION);
		expect(described('Get_Events')).toEqual({ business_ids: BUSINESS_IDS_FOR_MODEL, since: SINCE_FOR_MODEL });
		expect(schema('Get_Events').required).toEqual(['business_ids']);
		expect(schema('Get_Events').properties?.business_ids.type).toBe('string');

		expect(byName.Match_Prospects.description).toBe(MATCH_TOOL_DESCRIPTION);
		expect(described('Match_Prospects')).toEqual(
			Object.fromEntries(Object.values(MATCH_ARGUMENTS).map((argument) => [argument.key, argument.forModel])),
		);
		expect(schema('Match_Prospects').required ?? []).toEqual([]);

		expect(byName.Match_Businesses.description).toBe(MATCH_BUSINESSES_TOOL_DESCRIPTION);
		expect(described('Match_Businesses')).toEqual(
			Object.fromEntries(Object.values(MATCH_BUSINESSES_ARGUMENTS).map((argument) => [argument.key, argument.forModel])),
		);
		expect(Object.keys(described('Match_Businesses')).sort()).toEqual(['domain', 'name', 'profile_url', 'url']);
		expect(schema('Match_Businesses').required ?? []).toEqual([]);

		expect(byName.Enrich_Prospect.description).toBe(ENRICH_TOOL_DESCRIPTION.prospect);
		expect(described('Enrich_Prospect')).toEqual({ prospect_id: PROSPECT_ID_FOR_MODEL });
		expect(schema('Enrich_Prospect').required).toEqual(['prospect_id']);

		expect(byName.Create_Business_Enrollment.description).toBe(ENROLLMENT_TOOL_DESCRIPTIONS.businessEnrollment.create);
		expect(Object.keys(described('Create_Business_Enrollment')).sort()).toEqual(['business_ids', 'enrollment_key']);
		expect(schema('Create_Business_Enrollment').required?.sort()).toEqual(['business_ids', 'enrollment_key']);
		for (const text of Object.values(described('Create_Business_Enrollment'))) expect(String(text).length).toBeGreaterThan(30);

		expect(byName.List_Business_Enrollments.description).toBe(ENROLLMENT_TOOL_DESCRIPTIONS.businessEnrollment.list);
		expect(schema('List_Business_Enrollments').properties ?? {}).toEqual({});

		// no description points at editor controls
		for (const tool of tools) expect(tool.description).not.toMatch(/Options >|Always Output Data|node settings/);
	});

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
		test.each<[string, string, IDataObject, RegExp]>([
			['Get_Events', 'empty business IDs', { business_ids: ' ' }, /^NodeOperationError: business_ids is empty: pass one or more business IDs, e\.g\. [0-9a-f]{32}\.$/],
			[
				'Get_Events',
				'a date outside the window',
				{ business_ids: sandboxBusinessId(), since: '2001-01-01' },
				/^NodeOperationError: since must be within the last 90 days .*: the earliest allowed is \d{4}-\d{2}-\d{2}, got 2001-01-01\.$/,
			],
			[
				'Match_Prospects',
				'nothing to match on',
				{},
				/^NodeOperationError: Nothing to match on: pass email, phone_number or profile_url, or full_name together with company_name\.$/,
			],
			['Match_Prospects', 'a malformed phone number', { phone_number: '12' }, /^NodeOperationError: phone_number must be in international form: /],
			['Match_Businesses', 'nothing to match on', { name: ' ' }, /^NodeOperationError: Nothing to match on: pass name, domain, url or profile_url \(at least one\)\.$/],
			[
				'Match_Businesses',
				'a domain and a profile URL that break the rules',
				{ domain: 'intranet', profile_url: 'javascript:alert(1)' },
				/^NodeOperationError: domain must be a domain name such as example\.com; profile_url must be a profile URL: a web address \(http or https\) such as https:\/\/www\.example\.com\/company\/acme\.$/,
			],
			// n8n checks the arguments against the input schema before the node runs
			['Search_Businesses', 'filters that are not an object', { filters: 'us companies' }, /did not match expected schema[\s\S]*at filters/],
			['Search_Businesses', 'an unknown filter', { filters: { color: { values: ['blue'] } } }, /^NodeOperationError: filters has unknown filter "color": the filters are country_code, region_country_code, .*, website_keywords, city_region, has_website, events, business_intent_topics\. Check filters\.$/],
			['Search_Businesses', 'a misspelt filter', { filters: { country: { values: ['us'] } } }, /^NodeOperationError: filters has unknown filter "country" \(did you mean "country_code" for "country"\?\): the filters are /],
			['Enrich_Prospect', 'an empty prospect ID', { prospect_id: '' }, /^NodeOperationError: prospect_id is empty: pass the prospect_id that Match Prospects returned\.$/],
			[
				'Create_Business_Enrollment',
				'a key that is too short',
				{ enrollment_key: 'ab', business_ids: sandboxBusinessId() },
				/^NodeOperationError: enrollment_key must be at least 4 characters long\.$/,
			],
		])('%s with %s', async (tool, _case, args, pattern) => {
			const answer = await call(tool, args);
			expect(answer.isError).toBe(true);
			expect(answer.text).toMatch(pattern);
			expect(answer.text.length).toBeLessThan(600);
			expect(answer.text).not.toContain(sandbox.apiKey);
			// nothing about items or the editor: the model cannot act on those
			expect(answer.text).not.toMatch(/Item \d|Nothing was sent|"[A-Z][a-z]+ [A-Z]/);
		});

		test('a valid call still works after the errors', async () => {
			const prospect = sandbox.universe.prospects.find((candidate) => candidate.matchable)!;
			const { email } = sandbox.universe.contactFor(prospect, 'email') as { email: string };
			expect(only(await call('Match_Prospects', { email }))).toEqual({ prospect_id: prospect.prospect_id, matched: true });
		});
	});

	function sandboxBusinessId(): string {
		// evaluated when the table is built, before the sandbox starts: the universe is seed-only
		return '0123456789abcdef0123456789abcdef';
	}

	test("the API key never shows in n8n's output", () => {
		expect(n8n().serverOutput(Infinity)).not.toContain(sandbox.apiKey);
	});
});
