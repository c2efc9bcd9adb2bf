/**
 * Narrow logic of Search Businesses: how the Filters UI and "Filters (JSON)" become the contract's
 * filters object, how an item's parameters become a validated first-page body, and the paging
 * loop against a scripted transport. The node itself runs against the sandbox in test/engine and
 * test/e2e.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { CATEGORY_FILTERS, FILTER_BRACKETS, FILTER_NAMES, LIMITS } from '../../nodes/shared/api';
import { BUSINESS_SEARCH_V2 } from '../../nodes/SearchBusinesses/helpers/versions';
import { FILTERS_JSON_EXAMPLE, readSearchRequest } from '../../nodes/shared/search/searchRequest';
import { TEST_NODE } from './support/fakeContext';
import { description as searchProperties } from '../../nodes/SearchBusinesses/actions/search.operation';
import {
	CATEGORY_TYPES,
	EARLIER_FIELDS,
	FILTER_FIELDS,
	filterFieldsV1,
	filterFields,
} from '../../nodes/shared/search/filterFields.description';
import { SIGNAL_FIELD_FILTERS } from '../../nodes/shared/search/signalFields.description';
import { filtersFromFields, toValueList } from '../../nodes/shared/search/filterValues';
import { SearchBusinesses } from '../../nodes/SearchBusinesses/SearchBusinesses.node';

describe('Search Businesses: the parameter surface', () => {
	it('reaches all 18 filters of API v1, each once (the earlier text fields of the pickers aside); the v2 form adds is_public_company', () => {
		const hidden = EARLIER_FIELDS;
		const reachable = (fields: typeof filterFieldsV1) => [
			...Object.entries(FILTER_FIELDS)
				.filter(([name]) => !hidden.has(name))
				.map(([, f]) => f.filter),
			...CATEGORY_TYPES.map((c) => c.value),
			...Object.entries(SIGNAL_FIELD_FILTERS)
				.filter(([name]) => fields.some((field) => field.name === name))
				.map(([, filter]) => filter),
		];
		expect(FILTER_NAMES).toHaveLength(18);
		expect([...reachable(filterFieldsV1)].sort()).toEqual([...FILTER_NAMES].sort());
		expect([...reachable(filterFields)].sort()).toEqual([...FILTER_NAMES, 'is_public_company'].sort());
		expect(CATEGORY_TYPES.map((c) => c.value).sort()).toEqual([...CATEGORY_FILTERS].sort());
		for (const name of Object.keys(FILTER_FIELDS)) expect(filterFieldsV1.some((f) => f.name === name)).toBe(true);
	});

	it('offers the known brackets as options, in their natural order', () => {
		const options = (name: string) =>
			(filterFieldsV1.find((f) => f.name === name)!.options as Array<{ value: string }>).map((o) => o.value);
		expect(options('companySize')).toEqual(FILTER_BRACKETS.company_size);
		expect(options('revenue')).toEqual(FILTER_BRACKETS.company_revenue);
		expect(options('companyAge')).toEqual(FILTER_BRACKETS.company_age);
		expect(options('numberOfLocations')).toEqual(FILTER_BRACKETS.number_of_locations);
	});

	it('is an action usable as a tool', () => {
		const node = new SearchBusinesses().description;
		expect(node.name).toBe('searchBusinesses');
		expect(node.usableAsTool).toBe(true);
		expect(node.properties).toBe(searchProperties);
	});
});

describe('Search Businesses: filter values', () => {
	it('splits codes on commas and spaces and lower-cases them', () => {
		expect(toValueList(' US, gb;DE  us', 'code')).toEqual({ ok: true, value: ['us', 'gb', 'de'] });
		expect(toValueList(['us', ['ca', 'MX']], 'code')).toEqual({ ok: true, value: ['us', 'ca', 'mx'] });
	});

	it('splits a bracket string on commas only, and keeps free values', () => {
		expect(toValueList('1-10, 11-50', 'bracket')).toEqual({ ok: true, value: ['1-10', '11-50'] });
		expect(toValueList(['6+', '1'], 'bracket')).toEqual({ ok: true, value: ['6+', '1'] });
	});

	it('keeps text values whole (cities and names contain commas)', () => {
		expect(toValueList(['Austin, Texas, us', ' Acme, Inc. ', '', 'Acme, Inc.'], 'line')).toEqual({
			ok: true,
			value: ['Austin, Texas, us', 'Acme, Inc.'],
		});
	});

	it('rejects objects inside a list', () => {
		expect(toValueList([{ a: 1 }], 'line')).toEqual({ ok: false, problem: 'must be a list of text values, got {"a":1}' });
	});

	it('builds every filter from the UI and leaves empty ones out', () => {
		const { filters, problems } = filtersFromFields({
			countries: 'us, GB',
			regions: '',
			cities: ['Austin, Texas, us'],
			companySize: ['1-10', '11-50'],
			revenue: [],
			companyAge: ['20+'],
			numberOfLocations: ['2-5'],
			techCategories: ['CRM'],
			technologies: ['Salesforce', '  '],
			companyNames: ['Acme'],
			websiteKeywords: ['solar'],
			category: { category: { type: 'naics_category', values: ['5112'] } },
		});
		expect(problems).toEqual([]);
		expect(filters).toEqual({
			country_code: { values: ['us', 'gb'] },
			city_region_country: { values: ['Austin, Texas, us'] },
			company_size: { values: ['1-10', '11-50'] },
			company_age: { values: ['20+'] },
			number_of_locations: { values: ['2-5'] },
			company_tech_stack_category: { values: ['CRM'] },
			company_tech_stack_tech: { values: ['Salesforce'] },
			company_name: { values: ['Acme'] },
			website_keywords: { values: ['solar'] },
			naics_category: { values: ['5112'] },
		});
	});

	it('reads every list field the same way: one value per line, commas too where values never hold one', () => {
		const { filters, problems } = filtersFromFields({
			countries: 'us\nGB; de',
			regions: 'US-CA, us-ny\nus-tx',
			cities: 'Austin, Texas, us\nBerlin, Berlin, de\n',
			companyNames: 'Acme, Inc.\nGlobex',
			technologies: 'Salesforce, HubSpot\nStripe',
			techCategories: 'CRM\nAnalytics, Tracking',
			websiteKeywords: 'solar, wind',
			categories: 'Software Company\nIT Services',
		});
		expect(problems).toEqual([]);
		expect(filters).toEqual({
			country_code: { values: ['us', 'gb', 'de'] },
			region_country_code: { values: ['us-ca', 'us-ny', 'us-tx'] },
			city_region_country: { values: ['Austin, Texas, us', 'Berlin, Berlin, de'] },
			company_name: { values: ['Acme, Inc.', 'Globex'] },
			company_tech_stack_tech: { values: ['Salesforce', 'HubSpot', 'Stripe'] },
			company_tech_stack_category: { values: ['CRM', 'Analytics, Tracking'] },
			website_keywords: { values: ['solar', 'wind'] },
			// Categories without Category Type: the type's default, Web Search Category
			websearch_category: { values: ['Software Company', 'IT Services'] },
		});
	});

	it('Countries: names, three-letter codes and everyday names become two-letter codes', () => {
		const countries = (value: IDataObject[string]) => filtersFromFields({ countries: value });
		expect(countries('USA, Germany, GBR, United Kingdom, U.K., côte d’ivoire, The Netherlands, South Korea').filters).toEqual({
			country_code: { values: ['us', 'de', 'gb', 'ci', 'nl', 'kr'] },
		});
		expect(countries(['usa', 'FRA']).filters).toEqual({ country_code: { values: ['us', 'fr'] } });
		// codes separated by spaces, as before; unknown two letters are left to the service
		expect(countries('us gb').filters).toEqual({ country_code: { values: ['us', 'gb'] } });
		expect(countries('xk').filters).toEqual({ country_code: { values: ['xk'] } });
		expect(countries('Atlantis').problems).toEqual(['Countries: "Atlantis" is not a country or two-letter code (e.g. us, de)']);
		expect(countries('Atlantis, Germany, Narnia').problems).toEqual([
			'Countries: "Atlantis", "Narnia" are not countries or two-letter codes (e.g. us, de)',
		]);
	});
});

/**
 * Search Businesses 2 on API v2: its values read, and its first page refused before sending, as
 * searchBusinesses.v1.test.ts holds for version 1 on v1; limits are v2's (LIMITS).
 */
describe('Search Businesses 2: refused before sending, on v2', () => {
	const DEFAULTS: IDataObject = {
		mode: 'preview',
		returnAll: false,
		limit: 50,
		filterSource: 'fields',
		filters: {},
		filtersJson: '{}',
		options: {},
	};
	const withParameters = (parameters: IDataObject) => {
		const values = { ...DEFAULTS, ...parameters };
		return {
			getNode: () => TEST_NODE,
			getNodeParameter: (name: string, _itemIndex: number, fallback?: unknown) => values[name] ?? fallback,
		} as unknown as IExecuteFunctions;
	};
	const read = (parameters: IDataObject, itemIndex = 0) =>
		readSearchRequest(withParameters(parameters), itemIndex, BUSINESS_SEARCH_V2, 'v2');
	function errorOf(parameters: IDataObject, itemIndex = 0): { message: string; description: string } {
		try {
			read(parameters, itemIndex);
		} catch (error) {
			return { message: (error as Error).message, description: String((error as { description?: string }).description) };
		}
		throw new Error('expected a validation error');
	}

	const thousandAndOneIds = Array.from({ length: LIMITS.searchExclude + 1 }, (_, n) => n.toString(16).padStart(32, '0'));
	it.each([
		// v2 sends no size: the node holds Limit to what one v2 search yields
		['limit 0', { limit: 0 }, `Item 0: limit must be a whole number from 1 to ${LIMITS.searchTotal}`, 'Limit'],
		['limit 60,001', { limit: LIMITS.searchTotal + 1 }, `Item 0: limit must be a whole number from 1 to ${LIMITS.searchTotal}`, 'Limit'],
		['a fractional limit', { limit: 2.5 }, `Item 0: limit must be a whole number from 1 to ${LIMITS.searchTotal}`, 'Limit'],
		[
			'page size 501',
			{ limit: 1_000, options: { pageSize: LIMITS.searchPageSize.max + 1 } },
			`Item 0: page_size must be at most ${LIMITS.searchPageSize.max}`,
			'Page Size',
		],
		['an unknown mode', { mode: 'everything' }, 'Item 0: mode must be one of full, preview', 'Mode'],
		[
			'1,001 exclude ids',
			{ options: { exclude: thousandAndOneIds } },
			`Item 0: exclude must hold at most ${LIMITS.searchExclude} ids`,
			'Exclude Business IDs',
		],
		[
			'an exclude entry that is an object',
			{ options: { exclude: [{ id: 'x' }] } },
			'Item 0: exclude must be an ID, a list of IDs or comma-separated IDs, got an object',
			'Exclude Business IDs',
		],
		[
			'an unknown country',
			{ filters: { countries: 'USA, Atlantis, Germany' } },
			'Item 0: Countries: "Atlantis" is not a country or two-letter code (e.g. us, de)',
			'Filters',
		],
		[
			'an unknown bracket typed by expression',
			{ filters: { companySize: ['1-10', 'tiny'] } },
			'Item 0: Company Size (Employees): "tiny" must be brackets such as "1-10", "500K-1M" or "10001+"',
			'Filters > Company Size (Employees)',
		],
		[
			'a region without its country',
			{ filters: { regions: 'ca' } },
			'Item 0: Regions: "ca" must be lowercase <country>-<subdivision> codes (ISO 3166-2), such as "us-ca"',
			'Filters > Regions',
		],
	])('rejects %s before sending', (_label, parameters, message, parameter) => {
		const error = errorOf(parameters as IDataObject);
		expect(error.message).toBe(message);
		expect(error.description).toBe(`Check "${parameter}". Nothing was sent to the service for this item.`);
	});

	it('errors of values from the form name the field and the values, each rule once; a Category Type without categories is an error', () => {
		expect(errorOf({ filters: { regions: 'california, texas', companySize: 'tiny' } }).message).toBe(
			'Item 0: Regions: "california", "texas" must be lowercase <country>-<subdivision> codes (ISO 3166-2), such as "us-ca"; Company Size (Employees): "tiny" must be brackets such as "1-10", "500K-1M" or "10001+"',
		);
		expect(errorOf({ filters: { cities: 'Austin' } }).message).toBe(
			'Item 0: Cities: "Austin" must be "<City>, <Region>, <Country code>" strings',
		);
		expect(errorOf({ filters: { categoryType: 'naics_category' } }).message).toBe(
			'Item 0: Categories is empty: add the NAICS Industry Code values to search for, or remove Category Type',
		);
	});

	it('names the item and the JSON field for JSON filters', () => {
		const twoCategories = errorOf(
			{ filterSource: 'json', filtersJson: '{"naics_category":{"values":["5112"]},"websearch_category":{"values":["Software Company"]}}' },
			3,
		);
		expect(twoCategories.message).toBe(
			'Item 3: filters may use only one category filter per request, one of websearch_category, profnet_category, naics_category: combining them is not supported',
		);
		expect(twoCategories.description).toBe('Check "Filters (JSON)". Nothing was sent to the service for this item.');
		expect(errorOf({ filterSource: 'json', filtersJson: '{"company_revenue":{"values":["huge"]}}' }).message).toBe(
			'Item 0: filters.company_revenue.values[0] must be brackets such as "1-10", "500K-1M" or "10001+"',
		);
		// v2's filters: the eighteen, business_id (v2 filters businesses by id too), then what v2 adds
		const all = [...FILTER_NAMES, 'business_id', 'is_public_company', 'include_operating_locations'].join(', ');
		expect(errorOf({ filterSource: 'json', filtersJson: '{"country":{"values":["us"]}}' }).message).toBe(
			`Item 0: filters has unknown filter "country" (did you mean "country_code" for "country"?): the filters of API v2 are ${all}`,
		);
		expect(errorOf({ filterSource: 'json', filtersJson: '{"industry":{"values":["x"]}}' }).message).toBe(
			`Item 0: filters has unknown filter "industry": the filters of API v2 are ${all}`,
		);
	});

	it('reads JSON text or an object, drops filters with an empty list, and reports bad JSON', () => {
		const filtersOf = (filtersJson: IDataObject[string]) => read({ filterSource: 'json', filtersJson }).body.filters;
		const included = { include_operating_locations: { value: true } };
		expect(filtersOf('{"country_code":{"values":["us"]},"company_name":{"values":[]}}')).toEqual({
			country_code: { values: ['us'] },
			...included,
		});
		const refused = errorOf({ filterSource: 'json', filtersJson: JSON.stringify({ events: { values: [], last_occurrence: 30 } }) });
		expect([refused.message, refused.description]).toEqual([
			'Item 0: filters.events.values must hold at least 1 event type',
			'Check "Filters (JSON)". Nothing was sent to the service for this item.',
		]);
		expect(filtersOf({ company_age: { values: ['20+'] } })).toEqual({ company_age: { values: ['20+'] }, ...included });
		expect(filtersOf('  ')).toEqual(included);
		expect(filtersOf('{}')).toEqual(included);
		const badJson = errorOf({ filterSource: 'json', filtersJson: '{country_code:' }, 2);
		expect(badJson.message).toMatch(/^Item 2: Filters \(JSON\) is not valid JSON \(.+\)$/);
		expect(badJson.description).toBe(
			`Write a JSON object such as ${FILTERS_JSON_EXAMPLE}, or leave it empty. Nothing was sent to the service for this item.`,
		);
		expect(errorOf({ filterSource: 'json', filtersJson: '["us"]' }).message).toBe('Item 0: Filters (JSON) must be a JSON object');
	});
});
