/**
 * Autocomplete and the filter pickers, narrowly: the sandbox's endpoints (bare array, query
 * validation with loc "query", deterministic suggestions that the search filters accept), the
 * transport (query string sent, a bare array accepted, anything else refused), the picker
 * property and how its values are read next to the earlier text fields, and Look Up Filter
 * Values' parameters in normal and tool mode. The list searches run through n8n-core against the
 * sandbox in test/engine/autocomplete.test.ts, and in a real n8n in test/e2e/autocomplete.test.ts.
 */
import type { IDataObject, INode, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { LookUpFilterValues } from '../../nodes/LookUpFilterValues/LookUpFilterValues.node';
import { filterFieldsV1 } from '../../nodes/shared/search/filterFields.description';
import { SearchBusinesses } from '../../nodes/SearchBusinesses/SearchBusinesses.node';
import { filtersFromFields } from '../../nodes/shared/search/filterValues';
import { FILTER_PICKERS, filterPicker, PICK_HINT, pickedValues } from '../../nodes/shared/filterPicker';
import { AUTOCOMPLETE_FIELDS, LIMITS } from '../../nodes/shared/api';
import { filterValueSearches, lookUpFilterValues } from '../../nodes/shared/methods/filterValues';
import { suggest } from '../sandbox/handlers/autocomplete';
import { type Sandbox, startSandbox } from '../sandbox';
import { fakeContext, ok } from './support/fakeContext';

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false });
});
afterAll(async () => await sandbox.close());

describe('sandbox: GET /v1/{businesses|prospects}/autocomplete', () => {
	test('a value found for each search filter field selects businesses in that filter', () => {
		const pairs: Array<[(typeof AUTOCOMPLETE_FIELDS)[number], string]> = [
			['city_region_country', 'city_region_country'],
			['region_country_code', 'region_country_code'],
			['company_tech_stack_tech', 'company_tech_stack_tech'],
			['company_tech_stack_categories', 'company_tech_stack_category'],
			['websearch_category', 'websearch_category'],
			['profnet_category', 'profnet_category'],
			['naics_category', 'naics_category'],
			['company_name', 'company_name'],
			['country_code', 'country_code'],
		];
		for (const [field, filter] of pairs) {
			const values = suggest(field, '', sandbox.universe.businesses).map((entry) => entry.value);
			expect([field, values.length > 0]).toEqual([field, true]);
			for (const value of values.slice(0, 5)) {
				const found = sandbox.universe.searchBusinesses({ [filter]: { values: [value] } }).length;
				expect([field, value, found > 0]).toEqual([field, value, true]);
			}
		}
	});

	test('every field of the enum answers', () => {
		for (const field of AUTOCOMPLETE_FIELDS) {
			expect([field, suggest(field, '', sandbox.universe.businesses).length > 0]).toEqual([field, true]);
		}
	});
});

describe('transport: lookUpFilterValues', () => {
	test('cuts a long search text to the sanity limit', async () => {
		const seen: unknown[] = [];
		const { ctx } = fakeContext(() => ok([]));
		const original = ctx.helpers.httpRequestWithAuthentication;
		ctx.helpers.httpRequestWithAuthentication = async function (this: unknown, type: string, request: IDataObject) {
			seen.push((request.qs as IDataObject).query);
			return await (original as (...args: unknown[]) => Promise<unknown>).call(this, type, request);
		} as never;
		await lookUpFilterValues(ctx, 'prospects', 'job_title', 'x'.repeat(LIMITS.autocompleteQueryLength + 50));
		expect(seen).toEqual(['x'.repeat(LIMITS.autocompleteQueryLength)]);
	});

	test.each([
		[{ response_context: { request_status: 'success' } }, 'The service returned an unexpected answer (200): no JSON list'],
		['<html>oops</html>', 'The service returned an unexpected answer (200): an HTML page instead of JSON'],
		[
			{ response_context: { request_status: 'failure' }, detail: [{ msg: 'field is wrong' }] },
			'The service reported a failure (request_status "failure"): field is wrong',
		],
	])('an answer that is not a list (%j) is an error, never "no values"', async (body, message) => {
		const { ctx } = fakeContext(() => ok(body));
		await expect(lookUpFilterValues(ctx, 'businesses', 'company_name', 'a')).rejects.toThrow(message);
	});

	test('a list search error never carries the API key', async () => {
		const key = 'secret-key-in-error-test-77';
		const { ctx } = fakeContext(() => ({ statusCode: 401, body: { details: `bad key ${key}` } }), {
			credentials: { baseUrl: 'http://127.0.0.1:9/', apiKey: key, maxRequestsPerMinute: 1_000_000 },
		});
		const error = (await filterValueSearches.searchCityValues.call(ctx as never, 'aus').catch((e: unknown) => e)) as Error & {
			description?: string;
		};
		expect(error.message).toBe('The service rejected the API key or partner ID (401): bad key ***');
		expect(JSON.stringify({ m: error.message, d: error.description, s: error.stack })).not.toContain(key);
	});
});

describe('filter pickers', () => {
	const picker = filterPicker('jobTitles', 'Prospects with any of these titles match');

	test('one line builds a fixed collection of resource locators: From List (searchable) and By Value', () => {
		expect(picker).toMatchObject({
			displayName: 'Job Titles',
			name: 'jobTitleList',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Job Title',
			default: {},
			description: `Prospects with any of these titles match. ${PICK_HINT}.`,
		});
		expect(filterPicker({ ...FILTER_PICKERS.cities, description: 'Prospects in these cities match.' }).description).toBe(
			`Prospects in these cities match. ${PICK_HINT}.`,
		);
		const locator = (picker.options as Array<{ name: string; values: INodeProperties[] }>)[0].values[0];
		expect(locator).toMatchObject({ name: 'value', type: 'resourceLocator', default: { mode: 'list', value: '' } });
		expect(locator.modes?.map((mode) => [mode.name, mode.displayName, mode.type, mode.typeOptions])).toEqual([
			['list', 'From List', 'list', { searchListMethod: 'searchJobTitleValues', searchable: true }],
			['value', 'By Value', 'string', undefined],
		]);
	});

	test('every picker of Search Businesses names a list search the node offers', () => {
		const methods = Object.keys(filterValueSearches);
		const pickers = filterFieldsV1.filter((field) => field.type === 'fixedCollection');
		expect(pickers.map((field) => field.displayName)).toEqual([
			'Categories',
			'Cities',
			'Cities Without Country',
			'Company Names',
			'Intent Topics',
			'Regions',
			'Technologies',
			'Technology Categories',
		]);
		for (const field of pickers) {
			const method = (field.options as Array<{ values: INodeProperties[] }>)[0].values[0].modes?.[0].typeOptions?.searchListMethod;
			expect(methods).toContain(method);
		}
	});

	test('pickedValues reads locators, plain values and lists; leaves out empty entries', () => {
		const rl = (value: unknown, mode = 'list') => ({ value: { __rl: true, mode, value } });
		expect(pickedValues({ values: [rl('a'), rl(''), rl(['b', 'c'], 'value'), { value: 'd' }, {}] })).toEqual(['a', ['b', 'c'], 'd']);
		expect(pickedValues({})).toEqual([]);
		expect(pickedValues(undefined)).toBeUndefined();
		expect(pickedValues('typed text')).toBe('typed text');
		expect(pickedValues(['x'])).toEqual(['x']);
	});

	test('a workflow saved with the earlier text fields keeps its filters (n8n keeps the hidden parameters)', () => {
		const saved = {
			cities: 'Austin, Texas, us\nBerlin, Berlin, de',
			technologies: 'Salesforce, HubSpot',
			regions: 'us-tx',
			techCategories: 'CRM',
			companyNames: 'Acme Inc',
			categoryType: 'profnet_category',
			categories: 'Software Development',
		};
		const description = new SearchBusinesses().description;
		const node = { name: 'S', type: 'x.searchBusinesses', typeVersion: 1, parameters: { filters: saved } } as unknown as INode;
		const kept = NodeHelpers.getNodeParameters(description.properties, node.parameters, false, false, node, description) as IDataObject;
		expect(kept.filters).toEqual(saved);
		expect(filtersFromFields(kept.filters as IDataObject)).toEqual({
			filters: {
				region_country_code: { values: ['us-tx'] },
				city_region_country: { values: ['Austin, Texas, us', 'Berlin, Berlin, de'] },
				company_tech_stack_category: { values: ['CRM'] },
				company_tech_stack_tech: { values: ['Salesforce', 'HubSpot'] },
				company_name: { values: ['Acme Inc'] },
				profnet_category: { values: ['Software Development'] },
			},
			problems: [],
		});
	});

	test('an earlier text field is shown only while it holds a value, so Add Filter never offers it', () => {
		const description = new SearchBusinesses().description;
		const node = { name: 'S', type: 'x.searchBusinesses', typeVersion: 1, parameters: {} } as unknown as INode;
		const earlier = filterFieldsV1.filter((field) => field.displayName.endsWith('(Earlier Form)') && field.type !== 'hidden');
		expect(earlier.map((field) => field.name)).toEqual([
			'categories',
			'cities',
			'companyNames',
			'regions',
			'technologies',
			'techCategories',
		]);
		for (const field of earlier) {
			const shown = (values: IDataObject) => NodeHelpers.displayParameter(values as never, field, node, description);
			expect([field.name, shown({}), shown({ [field.name]: '' }), shown({ [field.name]: 'x' })]).toEqual([field.name, false, false, true]);
		}
	});

	test('picked values and the earlier field of the same filter merge without duplicates', () => {
		const rl = (value: unknown, mode = 'list') => ({ value: { __rl: true, mode, value } });
		expect(
			filtersFromFields({
				technologyList: { values: [rl('Salesforce'), rl('Stripe, Salesforce', 'value')] },
				technologies: 'HubSpot, Stripe',
				categoryList: { values: [rl('Software Company')] },
				categories: 'Software Company\nMarketing Agency',
			}),
		).toEqual({
			filters: {
				company_tech_stack_tech: { values: ['Salesforce', 'Stripe', 'HubSpot'] },
				websearch_category: { values: ['Software Company', 'Marketing Agency'] },
			},
			problems: [],
		});
	});

	test("typed into a picker's one-line By Value, names that hold commas are separated by semicolons", () => {
		const rl = (value: unknown) => ({ value: { __rl: true, mode: 'value', value } });
		expect(
			filtersFromFields({
				cityList: { values: [rl('Austin, Texas, us; Seattle, Washington, us')] },
				companyNameList: { values: [rl('Acme; Widgets, Inc.')] },
				techCategoryList: { values: [rl('CRM;Analytics')] },
				categoryList: { values: [rl('Software Company; Marketing Agency')] },
			}).filters,
		).toEqual({
			city_region_country: { values: ['Austin, Texas, us', 'Seattle, Washington, us'] },
			company_name: { values: ['Acme', 'Widgets, Inc.'] },
			company_tech_stack_category: { values: ['CRM', 'Analytics'] },
			websearch_category: { values: ['Software Company', 'Marketing Agency'] },
		});
		// the earlier text boxes keep their rule: one per line, a semicolon is part of the value
		expect(filtersFromFields({ companyNames: 'Smith; Sons' }).filters).toEqual({ company_name: { values: ['Smith; Sons'] } });
	});

	test('a picked value that is not text is named by the picker', () => {
		const rl = (value: unknown) => ({ value: { __rl: true, mode: 'value', value } });
		expect(filtersFromFields({ cityList: { values: [rl({ city: 'Austin' })] } }).problems).toEqual([
			'Cities must be a list of text values, got {"city":"Austin"}',
		]);
	});
});

describe('Look Up Filter Values: parameters in normal and tool mode', () => {
	const type = new LookUpFilterValues();
	const resolve = (tool: boolean) => {
		const description = tool ? { ...type.description, name: `${type.description.name}Tool` } : type.description;
		const node = { name: 'L', type: description.name, typeVersion: 1, parameters: {} } as unknown as INode;
		return NodeHelpers.getNodeParameters(description.properties, {}, true, false, node, description) as IDataObject;
	};

	test('normal mode: a Filter dropdown and Search Text, no $fromAI', () => {
		const parameters = resolve(false);
		expect(parameters).toEqual({ field: 'websearch_category', query: '', options: {} });
	});

	test('tool mode: the model sets field and query ($fromAI); query is optional', () => {
		const parameters = resolve(true);
		expect(parameters.field).toMatch(/^=\{\{ \$fromAI\('field', 'The filter to look up values for, one of: naics_category, /);
		expect(parameters.query).toMatch(/^=\{\{ \$fromAI\('query', '.*', 'string', ''\) \}\}$/);
		expect(parameters.toolDescription).toEqual(
			expect.stringContaining('Find the exact values a business or prospect search filter accepts'),
		);
	});

	test('the Filter options are exactly the autocomplete fields the filters use', () => {
		const field = type.description.properties.find((property) => property.name === 'field' && property.type === 'options');
		const values = (field?.options as Array<{ value: string }>).map((option) => option.value);
		for (const value of values) expect(AUTOCOMPLETE_FIELDS).toContain(value);
		expect(new Set(values).size).toBe(values.length);
	});
});
