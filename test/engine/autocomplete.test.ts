/**
 * Filter pickers and Look Up Filter Values against the sandbox, through n8n-core: the list searches
 * run in n8n's own LoadOptionsContext (as the editor's resource locator calls them), checks of
 * picked values before anything is sent, and the lookup node (normal and tool mode) in the engine;
 * on API v2, the lookup node and a search node's picker at the node versions that speak it
 * (autocomplete.cases.ts). v1's requests: autocomplete.v1.test.ts.
 */
import type { IDataObject, INodeParameters, INodeType } from 'n8n-workflow';

import { LookUpFilterValues } from '../../nodes/LookUpFilterValues/LookUpFilterValues.node';
import { SearchBusinesses } from '../../nodes/SearchBusinesses/SearchBusinesses.node';
import { ENDPOINTS } from '../../nodes/shared/api';
import { RETRY_POLICY } from '../../nodes/shared/transport/retryPolicy';
import { AUTOCOMPLETE_CAP, suggest } from '../sandbox/handlers/autocomplete';
import { credentials, LOOKUP_NODE, lookupCases, lookups, PACKAGE, sandbox, searchNode, setUpSandbox } from './autocomplete.cases';
import { itemsNode, linearWorkflow, manualTriggerNode, onItems, runListSearch, runWorkflow, type WorkflowNode } from './harness';
import { typeVersionFor } from './harness/apiVersions';

setUpSandbox();

const pick = (value: string, mode: 'list' | 'value' = 'list') => ({ value: { __rl: true, mode, value } });

async function listSearch(method: string, filter?: string, parameters: INodeParameters = {}, apiKey?: string) {
	return await runListSearch(searchNode(parameters), method, filter, {
		credentials: { businessProspectDataApi: { apiKey: apiKey ?? sandbox.apiKey, baseUrl: sandbox.url } },
	});
}

describe('the pickers\' list searches (Search Businesses, From List)', () => {
	test('the search text narrows the list (case-insensitive) and is sent as the query', async () => {
		const { results } = await listSearch('searchTechnologyValues', 'SALES');
		expect(results).toEqual([{ name: 'Salesforce', value: 'Salesforce' }]);
		expect(lookups().map((r) => r.query)).toEqual([{ field: 'company_tech_stack_tech', query: 'SALES' }]);
	});

	test('Categories look up the Category Type chosen next to them', async () => {
		const { results } = await listSearch('searchCategoryValues', '5415', {
			filters: { categoryType: 'naics_category' },
		});
		expect(results.length).toBeGreaterThan(0);
		for (const result of results) expect(String(result.value)).toMatch(/^\d{2,6}$/);
		expect(lookups().map((r) => r.query)).toEqual([{ field: 'naics_category', query: '5415' }]);
	});

	test('Intent Topics are looked up with semantic search, the flag meant for them; other pickers without it', async () => {
		await listSearch('searchIntentTopicValues', 'cloud');
		await listSearch('searchCityRegionValues', 'aus');
		expect(lookups().map((r) => r.query)).toEqual([
			{ field: 'business_intent_topics', query: 'cloud', semantic_search: 'true' },
			{ field: 'city_region', query: 'aus' },
		]);
	});

	test('every value picked from a list selects businesses when searched', async () => {
		const cases: Array<[string, string, string]> = [
			['searchCityValues', 'cityList', 'city_region_country'],
			['searchCityRegionValues', 'cityRegionList', 'city_region'],
			['searchRegionValues', 'regionList', 'region_country_code'],
			['searchTechnologyValues', 'technologyList', 'company_tech_stack_tech'],
			['searchTechnologyCategoryValues', 'techCategoryList', 'company_tech_stack_category'],
			['searchCompanyNameValues', 'companyNameList', 'company_name'],
			['searchCategoryValues', 'categoryList', 'websearch_category'],
		];
		for (const [method, field, filter] of cases) {
			const first = String((await listSearch(method)).results[0].value);
			const found = sandbox.universe.searchBusinesses({ [filter]: { values: [first] } });
			expect([field, first, found.length > 0]).toEqual([field, first, true]);
		}
	});

	test('a refused request shows the service\'s reason, never the API key', async () => {
		const wrongKey = 'wrong-key-4f1c9a7e0b';
		const error = (await listSearch('searchCityValues', 'aus', {}, wrongKey).catch((e: unknown) => e)) as Error & {
			description?: string;
		};
		expect(error).toBeInstanceOf(Error);
		expect(error.message).toBe('The service rejected the API key or partner ID (401): Invalid or missing API key');
		expect(JSON.stringify(error)).not.toContain(wrongKey);
		expect(`${error.message} ${error.description ?? ''} ${error.stack ?? ''}`).not.toContain(wrongKey);
		expect(lookups()).toHaveLength(1);
	});

	test('a service that keeps failing is an error after the retries, not an empty list', async () => {
		sandbox.configure({ faults: { sequence: Array(RETRY_POLICY.maxAttempts).fill('503') } });
		const error = (await listSearch('searchCityValues', 'aus').catch((e: unknown) => e)) as Error;
		expect(error.message).toMatch(/\(503\).*\(after \d+ attempts\)$/);
		expect(lookups()).toHaveLength(RETRY_POLICY.maxAttempts);
	});
});

describe('searching with picked values', () => {
	test('a bad typed value is named by the picker\'s field, before anything is sent', async () => {
		const run = await runWorkflow(
			linearWorkflow([
				manualTriggerNode(),
				searchNode({ filters: { regionList: { values: [pick('texas', 'value')] } } }),
			]),
			{ credentials: credentials() },
		);
		expect(run.error?.message).toMatch(/^Item 0: Regions: "texas" must be/);
		expect(sandbox.requests).toHaveLength(0);
	});

	test('Search Businesses offers each picker\'s list search', () => {
		expect(Object.keys(new SearchBusinesses().methods.listSearch)).toEqual(
			expect.arrayContaining([
				'searchCategoryValues',
				'searchCityValues',
				'searchRegionValues',
				'searchTechnologyValues',
				'searchTechnologyCategoryValues',
				'searchCompanyNameValues',
			]),
		);
	});
});

describe('Look Up Filter Values', () => {
	const lookUpNode = (parameters: INodeParameters, type = `${PACKAGE}.lookUpFilterValues`): WorkflowNode => ({
		name: LOOKUP_NODE,
		type,
		typeVersion: 1,
		parameters,
	});

	test('one request per distinct lookup, one output item per input item, in order and paired', async () => {
		const run = await runWorkflow(
			linearWorkflow([
				manualTriggerNode(),
				itemsNode([{ q: 'sales' }, { q: 'zzz-none' }, { q: 'sales' }]),
				lookUpNode({ field: 'company_tech_stack_tech', query: '={{ $json.q }}' }),
			]),
			{ credentials: credentials() },
		);
		expect(run.error).toBeUndefined();
		expect(lookups().map((r) => r.query)).toEqual([
			{ field: 'company_tech_stack_tech', query: 'sales' },
			{ field: 'company_tech_stack_tech', query: 'zzz-none' },
		]);
		const salesforce = { label: 'Salesforce', value: 'Salesforce' };
		expect(run.json(LOOKUP_NODE)).toEqual([
			{ field: 'company_tech_stack_tech', query: 'sales', values: ['Salesforce'], suggestions: [salesforce] },
			{ field: 'company_tech_stack_tech', query: 'zzz-none', values: [], suggestions: [] },
			{ field: 'company_tech_stack_tech', query: 'sales', values: ['Salesforce'], suggestions: [salesforce] },
		]);
		expect(run.pairedItems(LOOKUP_NODE)).toEqual([[{ item: 0 }], [{ item: 1 }], [{ item: 2 }]]);
	});

	describe('as a tool', () => {
		const TOOL_TYPE = `${PACKAGE}.lookUpFilterValuesTool`;
		const base = new LookUpFilterValues();
		/** n8n's generated tool variant, as far as the node sees it: the type name ends with Tool. */
		const toolVariant: INodeType = {
			description: { ...base.description, name: `${base.description.name}Tool` },
			execute: base.execute,
		};
		const callTool = async (args: IDataObject) =>
			await runWorkflow(onItems([args], lookUpNode({}, TOOL_TYPE)), {
				credentials: credentials(),
				nodeTypes: { [TOOL_TYPE]: toolVariant },
			});

		test('the model\'s field and query ($fromAI) give compact values', async () => {
			const run = await callTool({ field: 'company_tech_stack_categories', query: 'cloud' });
			expect(run.error).toBeUndefined();
			expect(run.json(LOOKUP_NODE)).toEqual([
				{
					field: 'company_tech_stack_categories',
					query: 'cloud',
					values: [{ label: 'Cloud Hosting', value: 'Cloud Hosting' }],
				},
			]);
			expect(lookups()).toHaveLength(1);
		});

		test('no match says so', async () => {
			const run = await callTool({ field: 'job_level', query: 'astronaut' });
			expect(run.json(LOOKUP_NODE)).toEqual([
				{ field: 'job_level', query: 'astronaut', values: [], note: 'No values match: try a shorter or different text.' },
			]);
		});

		test('a field the service does not know comes back as a short error naming the argument', async () => {
			const run = await callTool({ field: 'technologies', query: 'x' });
			expect(run.error?.message).toBe(
				`field "technologies" cannot be looked up. Use one of: ${[
					'naics_category',
					'profnet_category',
					'websearch_category',
					'city_region_country',
					'company_age',
					'company_name',
					'company_revenue',
					'company_size',
					'country_code',
					'business_intent_topics',
					'job_department',
					'job_level',
					'job_title',
					'number_of_locations',
					'region_country_code',
					'company_tech_stack_tech',
					'company_tech_stack_categories',
				].join(', ')}.`,
			);
			expect(lookups()).toHaveLength(0);
		});
	});
});

describe('on API v2', () => lookupCases('v2'));

/** Search Businesses 2 and Look Up Filter Values 2, which speak v2 at Per Node Version: one autocomplete for every field. */
const V2_AUTOCOMPLETE = ENDPOINTS.autocomplete.path;
const searchNodeV2 = (parameters: INodeParameters = {}): WorkflowNode => ({ ...searchNode(parameters), typeVersion: typeVersionFor('searchBusinesses', 'v2') });
async function listSearchV2(method: string, filter?: string) {
	return await runListSearch(searchNodeV2(), method, filter, { credentials: credentials() });
}

describe('Search Businesses 2 (API v2): the pickers\' list searches', () => {
	test('an empty search lists the first values of the field, in one request', async () => {
		const { results } = await listSearchV2('searchTechnologyValues');
		const expected = suggest('company_tech_stack_tech', '', sandbox.universe.businesses);
		expect(expected).toHaveLength(AUTOCOMPLETE_CAP);
		expect(results).toEqual(expected.map(({ label, value }) => ({ name: label, value })));
		expect(lookups()).toEqual([
			expect.objectContaining({
				method: 'GET',
				path: V2_AUTOCOMPLETE,
				query: { field: 'company_tech_stack_tech', query: '' },
				status: 200,
			}),
		]);
	});

	test.each([
		['searchCityValues', 'austin', 'city_region_country'],
		['searchRegionValues', 'texas', 'region_country_code'],
		['searchTechnologyCategoryValues', 'crm', 'company_tech_stack_categories'],
		['searchCompanyNameValues', 'a', 'company_name'],
		['searchCategoryValues', 'soft', 'websearch_category'],
	])('%s looks up %s as %s on the businesses endpoint', async (method, text, field) => {
		const { results } = await listSearchV2(method, text);
		expect(results.length).toBeGreaterThan(0);
		expect(results).toEqual(
			suggest(field as never, text, sandbox.universe.businesses).map(({ label, value }) => ({ name: label, value })),
		);
		expect(lookups().map((r) => [r.path, r.query])).toEqual([[V2_AUTOCOMPLETE, { field, query: text }]]);
	});

	test('job titles (for Search Prospects) are looked up on the prospects endpoint', async () => {
		const { results } = await listSearchV2('searchJobTitleValues', 'sales');
		expect(results.map((r) => r.value)).toContain('VP of Sales');
		expect(lookups().map((r) => [r.path, r.query])).toEqual([
			[V2_AUTOCOMPLETE, { field: 'job_title', query: 'sales' }],
		]);
	});
});

describe('Search Businesses 2 (API v2): searching with picked values', () => {
	test('picked, typed and expression values, and a workflow\'s earlier text field, make one filter each', async () => {
		const run = await runWorkflow(
			linearWorkflow([
				manualTriggerNode(),
				itemsNode([{ city: 'Berlin, Berlin, de' }]),
				searchNodeV2({
					mode: 'preview',
					limit: 5,
					filters: {
						cityList: {
							values: [pick('Austin, Texas, us'), pick('={{ [$json.city, "Austin, Texas, us"] }}', 'value')],
						},
						cities: 'Seattle, Washington, us',
						technologyList: { values: [pick('Salesforce'), pick('HubSpot, Stripe', 'value')] },
						regionList: { values: [pick('US-TX, us-ca', 'value')] },
						categoryType: 'naics_category',
						categoryList: { values: [pick('541511'), pick('', 'list')] },
					},
				}),
			]),
			{ credentials: credentials() },
		);
		expect(run.error).toBeUndefined();
		const searches = sandbox.requests.filter((r) => r.path === ENDPOINTS.searchBusinesses.path);
		expect(searches).toHaveLength(1);
		expect((searches[0].body as IDataObject).filters).toEqual({
			city_region_country: { values: ['Austin, Texas, us', 'Berlin, Berlin, de', 'Seattle, Washington, us'] },
			company_tech_stack_tech: { values: ['Salesforce', 'HubSpot', 'Stripe'] },
			region_country_code: { values: ['us-tx', 'us-ca'] },
			naics_category: { values: ['541511'] },
			include_operating_locations: { value: true },
		});
	});
});

describe('Look Up Filter Values 2 (API v2)', () => {
	const lookUpNode = (parameters: INodeParameters, type = `${PACKAGE}.lookUpFilterValues`): WorkflowNode => ({
		name: LOOKUP_NODE,
		type,
		typeVersion: typeVersionFor('lookUpFilterValues', 'v2'),
		parameters,
	});

	test('an unknown field is an error item under Continue on Fail; the other items are looked up', async () => {
		const run = await runWorkflow(
			linearWorkflow([
				manualTriggerNode(),
				itemsNode([{ f: 'job_title' }, { f: 'shoe_size' }]),
				{ ...lookUpNode({ field: '={{ $json.f }}', query: 'sales' }), onError: 'continueRegularOutput' },
			]),
			{ credentials: credentials() },
		);
		expect(run.error).toBeUndefined();
		const [first, second] = run.json(LOOKUP_NODE);
		expect(first).toMatchObject({ field: 'job_title', query: 'sales' });
		expect(second).toEqual({
			error: 'Filter "shoe_size" cannot be looked up',
			details: expect.stringContaining('Use one of: naics_category, profnet_category'),
		});
		expect(run.pairedItems(LOOKUP_NODE)).toEqual([[{ item: 0 }], [{ item: 1 }]]);
		expect(lookups().map((r) => [r.path, r.query])).toEqual([
			[V2_AUTOCOMPLETE, { field: 'job_title', query: 'sales' }],
		]);
	});
});
