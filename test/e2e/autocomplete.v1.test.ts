/**
 * Filter pickers and Look Up Filter Values 1 in a real n8n 2.41 with the packed package installed,
 * on API v1 (the nodes' version 1 at "Per Node Version"): the editor's resource locator endpoint
 * (`/rest/dynamic-node-parameters/resource-locator-results`) returns the autocomplete values
 * through the node's list search, a workflow looks values up and searches with them (a looked-up
 * list in a picker's By Value, a value from the list), and the node's tool variant answers a call
 * of an MCP client through an MCP Server Trigger. The tool's listing: autocomplete.test.ts.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../sandbox';
import { suggest } from '../sandbox/handlers/autocomplete';
import { CREDENTIAL, mcpWorkflow, PACKAGE } from './autocomplete.cases';
import { useN8n } from './harness/jest';
import type { WorkflowJson } from './harness/n8nInstance';
import { connectMcpClient } from './support/mcpClient';

const WORKFLOW_ID = 'e2eLookUpSearch01';
const MANUAL = 'When clicking ‘Execute workflow’';

const pick = (value: string, mode: 'list' | 'value' = 'list') => ({ value: { __rl: true, mode, value } });

function lookUpThenSearch(): WorkflowJson {
	const nodes = [
		{ name: MANUAL, type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} },
		{
			name: 'Look Up Filter Values',
			type: `${PACKAGE}.lookUpFilterValues`,
			typeVersion: 1,
			parameters: { field: 'company_tech_stack_categories', query: 'hosting', options: {} },
			credentials: { businessProspectDataApi: CREDENTIAL },
		},
		{
			name: 'Search Businesses',
			type: `${PACKAGE}.searchBusinesses`,
			typeVersion: 1,
			parameters: {
				mode: 'preview',
				limit: 3,
				filters: {
					techCategoryList: { values: [pick('={{ $json.values }}', 'value')] },
					cityList: { values: [pick('Austin, Texas, us'), pick('Seattle, Washington, us')] },
				},
				options: {},
			},
			credentials: { businessProspectDataApi: CREDENTIAL },
		},
	].map((node, index) => ({ id: `${WORKFLOW_ID}-${index}`, position: [index * 240, 0] as [number, number], ...node }));
	return {
		id: WORKFLOW_ID,
		name: 'Look up, then search',
		nodes,
		connections: {
			[MANUAL]: { main: [[{ node: 'Look Up Filter Values', type: 'main', index: 0 }]] },
			'Look Up Filter Values': { main: [[{ node: 'Search Businesses', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
		active: false,
	};
}

describe('filter pickers in real n8n', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox();
	});
	afterAll(async () => await sandbox?.close());
	beforeEach(() => sandbox.clearRequests());

	const n8n = useN8n({
		shared: true,
		prepare: async (instance) => {
			await instance.importCredential({ ...CREDENTIAL, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url } });
			await instance.importWorkflow(lookUpThenSearch());
		},
	});

	test('looked-up values feed a picker: 1 lookup, 1 search with exactly those values', async () => {
		const result = await n8n().execute(WORKFLOW_ID);
		expect(result.describeError()).toBe('');
		expect(sandbox.requests.map((r) => [r.method, r.path, r.query, r.status])).toEqual([
			['GET', '/v1/businesses/autocomplete', { field: 'company_tech_stack_categories', query: 'hosting' }, 200],
			['POST', '/v1/businesses', undefined, 200],
		]);
		expect(result.items('Look Up Filter Values')).toEqual([
			{
				field: 'company_tech_stack_categories',
				query: 'hosting',
				values: ['Cloud Hosting'],
				suggestions: [{ label: 'Cloud Hosting', value: 'Cloud Hosting' }],
			},
		]);
		expect((sandbox.requests[1].body as IDataObject).filters).toEqual({
			company_tech_stack_category: { values: ['Cloud Hosting'] },
			city_region_country: { values: ['Austin, Texas, us', 'Seattle, Washington, us'] },
		});
		const expected = sandbox.universe
			.searchBusinesses({
				company_tech_stack_category: { values: ['Cloud Hosting'] },
				city_region_country: { values: ['Austin, Texas, us', 'Seattle, Washington, us'] },
			})
			.slice(0, 3)
			.map((business) => business.business_id);
		expect(expected.length).toBeGreaterThan(0);
		expect(result.items('Search Businesses').map((item) => item.business_id)).toEqual(expected);
	});

	test("the editor's resource locator endpoint returns the autocomplete values (list search)", async () => {
		const instance = n8n();
		sandbox.clearRequests();
		const results = async (methodName: string, filter: string, filters: IDataObject = {}) =>
			await instance.rest<{ results: Array<{ name: string; value: string }> }>(
				'POST',
				'/dynamic-node-parameters/resource-locator-results',
				{
					path: 'parameters.filters',
					nodeTypeAndVersion: { name: `${PACKAGE}.searchBusinesses`, version: 1 },
					currentNodeParameters: { mode: 'preview', filterSource: 'fields', filters },
					methodName,
					filter,
					credentials: { businessProspectDataApi: instance.credentialRef(CREDENTIAL) },
				},
			);

		expect(await results('searchTechnologyValues', 'sales')).toEqual({
			results: [{ name: 'Salesforce', value: 'Salesforce' }],
		});
		const cities = await results('searchCityValues', 'austin');
		expect(cities.results).toEqual(
			suggest('city_region_country', 'austin', sandbox.universe.businesses).map(({ label, value }) => ({ name: label, value })),
		);
		expect(cities.results.length).toBeGreaterThan(0);
		const naics = await results('searchCategoryValues', '54', { categoryType: 'naics_category' });
		expect(naics.results.length).toBeGreaterThan(0);
		for (const entry of naics.results) expect(entry.value).toMatch(/^\d{2,6}$/);
		expect(sandbox.requests.map((r) => [r.method, r.path, r.query, r.status])).toEqual([
			['GET', '/v1/businesses/autocomplete', { field: 'company_tech_stack_tech', query: 'sales' }, 200],
			['GET', '/v1/businesses/autocomplete', { field: 'city_region_country', query: 'austin' }, 200],
			['GET', '/v1/businesses/autocomplete', { field: 'naics_category', query: '54' }, 200],
		]);
	});
});
const MCP_WORKFLOW_ID = 'e2eLookUpMcpV101';
const MCP_PATH = 'look-up-filter-values-v1';
const MCP_WEBHOOK_ID = '5b0e7c1a-2d3f-4a5b-8c6d-7e8f9a0b1c3e';

describe('Look Up Filter Values as an MCP tool in real n8n', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox();
	});

	const n8n = useN8n({
		shared: true,
		prepare: async (instance) => {
			await instance.importCredential({ ...CREDENTIAL, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url } });
			await instance.importWorkflow(mcpWorkflow(MCP_WORKFLOW_ID, MCP_PATH, MCP_WEBHOOK_ID));
			await instance.publish(MCP_WORKFLOW_ID);
		},
	});

	let client: Client;
	beforeAll(async () => {
		client = await connectMcpClient(n8n().baseUrl, MCP_PATH, 'e2e-lookup-client');
	});
	afterAll(async () => {
		await client?.close();
		await sandbox?.close();
	});

	const call = async (args: IDataObject) => {
		const result = (await client.callTool({ name: 'Look_Up_Filter_Values', arguments: args })) as {
			isError?: boolean;
			content: Array<{ text?: string }>;
		};
		return { isError: result.isError === true, text: result.content.map((part) => part.text ?? '').join('') };
	};
	test('a call returns the values with their labels; a bad field is an error text naming the argument', async () => {
		sandbox.clearRequests();
		const answer = await call({ field: 'job_title', query: 'vp of' });
		expect(answer.isError).toBe(false);
		expect(JSON.parse(answer.text)).toEqual([
			{
				field: 'job_title',
				query: 'vp of',
				values: suggest('job_title', 'vp of', sandbox.universe.businesses),
			},
		]);
		expect(sandbox.requests.map((r) => [r.method, r.path, r.query])).toEqual([
			['GET', '/v1/prospects/autocomplete', { field: 'job_title', query: 'vp of' }],
		]);

		const bad = await call({ field: 'technologies', query: 'x' });
		expect(bad.isError).toBe(true);
		expect(bad.text).toMatch(/^NodeOperationError: field "technologies" cannot be looked up\. Use one of: naics_category, .*, company_tech_stack_categories\.$/);
		expect(sandbox.requests).toHaveLength(1);
	});
});
