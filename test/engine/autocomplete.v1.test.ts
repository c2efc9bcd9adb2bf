/**
 * Filter pickers and Look Up Filter Values on API v1 (typeVersion 1 at Per Node Version) against
 * the sandbox, through n8n-core: the list searches' requests to v1's autocomplete endpoints (run in
 * n8n's own LoadOptionsContext, as the editor's resource locator calls them), a search built from
 * picked values, an unknown field under Continue on Fail, and autocomplete.cases.ts on v1. Retiring
 * v1 deletes this file (docs/development.md, "Retiring API v1").
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { AUTOCOMPLETE_CAP, suggest } from '../sandbox/handlers/autocomplete';
import { credentials, LOOKUP_NODE, lookupCases, lookups, PACKAGE, sandbox, searchNode, setUpSandbox } from './autocomplete.cases';
import { itemsNode, linearWorkflow, manualTriggerNode, runListSearch, runWorkflow, type WorkflowNode } from './harness';

setUpSandbox();

const pick = (value: string, mode: 'list' | 'value' = 'list') => ({ value: { __rl: true, mode, value } });

async function listSearch(method: string, filter?: string, parameters: INodeParameters = {}, apiKey?: string) {
	return await runListSearch(searchNode(parameters), method, filter, {
		credentials: { businessProspectDataApi: { apiKey: apiKey ?? sandbox.apiKey, baseUrl: sandbox.url } },
	});
}

describe('the pickers\' list searches (Search Businesses, From List)', () => {
	test('an empty search lists the first values of the field, in one request', async () => {
		const { results } = await listSearch('searchTechnologyValues');
		const expected = suggest('company_tech_stack_tech', '', sandbox.universe.businesses);
		expect(expected).toHaveLength(AUTOCOMPLETE_CAP);
		expect(results).toEqual(expected.map(({ label, value }) => ({ name: label, value })));
		expect(lookups()).toEqual([
			expect.objectContaining({
				method: 'GET',
				path: '/v1/businesses/autocomplete',
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
		const { results } = await listSearch(method, text);
		expect(results.length).toBeGreaterThan(0);
		expect(results).toEqual(
			suggest(field as never, text, sandbox.universe.businesses).map(({ label, value }) => ({ name: label, value })),
		);
		expect(lookups().map((r) => [r.path, r.query])).toEqual([['/v1/businesses/autocomplete', { field, query: text }]]);
	});

	test('job titles (for Search Prospects) are looked up on the prospects endpoint', async () => {
		const { results } = await listSearch('searchJobTitleValues', 'sales');
		expect(results.map((r) => r.value)).toContain('VP of Sales');
		expect(lookups().map((r) => [r.path, r.query])).toEqual([
			['/v1/prospects/autocomplete', { field: 'job_title', query: 'sales' }],
		]);
	});
});

describe('searching with picked values', () => {
	test('picked, typed and expression values, and a workflow\'s earlier text field, make one filter each', async () => {
		const run = await runWorkflow(
			linearWorkflow([
				manualTriggerNode(),
				itemsNode([{ city: 'Berlin, Berlin, de' }]),
				searchNode({
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
		const searches = sandbox.requests.filter((r) => r.path === '/v1/businesses');
		expect(searches).toHaveLength(1);
		expect((searches[0].body as IDataObject).filters).toEqual({
			city_region_country: { values: ['Austin, Texas, us', 'Berlin, Berlin, de', 'Seattle, Washington, us'] },
			company_tech_stack_tech: { values: ['Salesforce', 'HubSpot', 'Stripe'] },
			region_country_code: { values: ['us-tx', 'us-ca'] },
			naics_category: { values: ['541511'] },
		});
	});
});

describe('Look Up Filter Values', () => {
	const lookUpNode = (parameters: INodeParameters, type = `${PACKAGE}.lookUpFilterValues`): WorkflowNode => ({
		name: LOOKUP_NODE,
		type,
		typeVersion: 1,
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
			['/v1/prospects/autocomplete', { field: 'job_title', query: 'sales' }],
		]);
	});
});

describe('on API v1', () => lookupCases('v1'));
