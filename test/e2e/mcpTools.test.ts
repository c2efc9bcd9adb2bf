/**
 * The action nodes as tools, proven without a language model: a real n8n runs the shipped
 * example `examples/mcp-server.json` (an MCP Server Trigger with the tool variants of Search
 * Businesses, Get Events, Match Prospects, Match Businesses, Enrich and Manage Enrollment attached), published and
 * started like the trigger tests. An MCP client (@modelcontextprotocol/sdk, as Claude Desktop or
 * Cursor use it) connects, lists the tools, checks names, descriptions and input schemas, then
 * calls each tool with JSON arguments as an agent would and compares the answers with the
 * sandbox's seeded data. Bad arguments come back as error texts (isError) and the server goes on.
 * Here the listing, the bad arguments and a valid call after them; the calls of each tool on API
 * v1: mcpTools.v1.test.ts.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { IDataObject } from 'n8n-workflow';

import { BUSINESS_IDS_FOR_MODEL, GET_EVENTS_TOOL_DESCRIPTION, SINCE_FOR_MODEL } from '../../nodes/GetEvents/helpers/toolText';
import { ENRICH_TOOL_DESCRIPTION, PROSPECT_ID_FOR_MODEL } from '../../nodes/Enrich/helpers/toolText';
import { ENROLLMENT_TOOL_DESCRIPTIONS } from '../../nodes/ManageEnrollment/helpers/toolMode';
import { MATCH_BUSINESSES_ARGUMENTS, MATCH_BUSINESSES_TOOL_DESCRIPTION } from '../../nodes/MatchBusinesses/helpers/toolText';
import { MATCH_ARGUMENTS, MATCH_TOOL_DESCRIPTION } from '../../nodes/MatchProspects/helpers/toolText';
import { FILTERS_FOR_MODEL, SEARCH_TOOL_DESCRIPTION } from '../../nodes/SearchBusinesses/actions/searchTool';
import { startSandbox, type Sandbox } from '../sandbox';
import { useN8n } from './harness/jest';
import { PACKAGE_NAME } from './harness/n8nInstance';
import { type BadArguments, expectShortErrorText, loadExample, type NodeJson, sandboxBusinessId, type ToolAnswer } from './mcpTools.cases';
import { connectMcpClient } from './support/mcpClient';
import { MCP_SERVER_TOOLS } from './support/mcpServerExample';

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
			await instance.importCredential({ ...credential, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url } });
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
		const result = (await client.callTool({ name, arguments: args })) as {
			isError?: boolean;
			content: Array<{ type: string; text?: string }>;
		};
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
		expect(described('Search_Businesses')).toEqual({ filters: FILTERS_FOR_MODEL });
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

	describe('bad arguments come back as short error texts, and the server carries on', () => {
		// the rows whose texts are API v1's (its filter list, an enrollment without a webhook): mcpTools.v1.test.ts
		test.each<BadArguments>([
			[
				'Get_Events',
				'empty business IDs',
				{ business_ids: ' ' },
				/^NodeOperationError: business_ids is empty: pass one or more business IDs, e\.g\. [0-9a-f]{32}\.$/,
			],
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
			[
				'Match_Prospects',
				'a malformed phone number',
				{ phone_number: '12' },
				/^NodeOperationError: phone_number must be in international form: /,
			],
			[
				'Match_Businesses',
				'nothing to match on',
				{ name: ' ' },
				/^NodeOperationError: Nothing to match on: pass name, domain, url or profile_url \(at least one\)\.$/,
			],
			[
				'Match_Businesses',
				'a domain and a profile URL that break the rules',
				{ domain: 'intranet', profile_url: 'javascript:alert(1)' },
				/^NodeOperationError: domain must be a domain name such as example\.com; profile_url must be a profile URL: a web address \(http or https\) such as https:\/\/www\.example\.com\/company\/acme\.$/,
			],
			// n8n checks the arguments against the input schema before the node runs
			[
				'Search_Businesses',
				'filters that are not an object',
				{ filters: 'us companies' },
				/did not match expected schema[\s\S]*at filters/,
			],
			[
				'Enrich_Prospect',
				'an empty prospect ID',
				{ prospect_id: '' },
				/^NodeOperationError: prospect_id is empty: pass the prospect_id that Match Prospects returned\.$/,
			],
		])('%s with %s', async (tool, _case, args, pattern) => {
			expectShortErrorText(await call(tool, args), pattern, sandbox.apiKey);
		});

		test('a valid call still works after the errors', async () => {
			const prospect = sandbox.universe.prospects.find((candidate) => candidate.matchable)!;
			const { email } = sandbox.universe.contactFor(prospect, 'email') as { email: string };
			expect(only(await call('Match_Prospects', { email }))).toEqual({ prospect_id: prospect.prospect_id, matched: true });
		});
	});

	test("the API key never shows in n8n's output", () => {
		expect(n8n().serverOutput(Infinity)).not.toContain(sandbox.apiKey);
	});
});
