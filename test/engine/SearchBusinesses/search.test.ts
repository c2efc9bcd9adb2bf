/**
 * Search Businesses, the Search operation, in n8n-core's engine against the sandbox: validation
 * that stops a bad search before anything is sent, and the total. v1's cases (paging and request
 * counts, every filter against the sandbox's universe, per-item runs and pairing, v1's limits and
 * filter names): search.v1.test.ts. Get Statistics (v1) is in getStatistics.v1.test.ts; set-up in
 * setup.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ENDPOINTS, FILTER_NAMES, LIMITS, SIGNAL_FILTERS } from '../../../nodes/shared/api';
import { RETRY_POLICY } from '../../../nodes/shared/transport/retryPolicy';
import type { RecordedRequest, SandboxBusiness } from '../../sandbox';
import type { FacetFilterName } from '../../sandbox/universe/filters';
import { NODE, sandbox, search as searchAt, searchOn, setUpSandbox } from './setup';

setUpSandbox();

const businesses = () => sandbox.universe.businesses;

describe('clear errors, nothing sent', () => {
	const thousandAndOne = () => businesses().slice(0, 1_001).map((b) => b.business_id);

	test.each([
		[
			'two category filters in JSON',
			{
				filterSource: 'json',
				filtersJson: '{ "naics_category": { "values": ["541511"] }, "profnet_category": { "values": ["Software Development"] } }',
			},
			'Item 0: filters may use only one category filter per request, one of websearch_category, profnet_category, naics_category: combining them is not supported',
			'Check "Filters (JSON)". Nothing was sent to the service for this item.',
		],
		[
			'1,001 exclude ids',
			{ options: { exclude: '={{ $json.ids }}' } },
			'Item 0: exclude must hold at most 1000 ids',
			'Check "Exclude Business IDs". Nothing was sent to the service for this item.',
		],
		[
			'an unknown country in Countries',
			{ filters: { countries: 'USA, Germany, Atlantis' } },
			'Item 0: Countries: "Atlantis" is not a country or two-letter code (e.g. us, de)',
			'Check "Filters". Nothing was sent to the service for this item.',
		],
		[
			'a Category Type without categories',
			{ filters: { categoryType: 'naics_category', categories: '' } },
			'Item 0: Categories is empty: add the NAICS Industry Code values to search for, or remove Category Type',
			'Check "Filters". Nothing was sent to the service for this item.',
		],
		[
			'bad values in form fields: the field and the values, each rule once',
			{ filters: { regions: 'california, texas' } },
			'Item 0: Regions: "california", "texas" must be lowercase <country>-<subdivision> codes (ISO 3166-2), such as "us-ca"',
			'Check "Filters > Regions". Nothing was sent to the service for this item.',
		],
		[
			'an unknown bracket value in JSON',
			{ filterSource: 'json', filtersJson: '{ "company_size": { "values": ["11-50", "about 40"] } }' },
			'Item 0: filters.company_size.values[1] must be brackets such as "1-10", "500K-1M" or "10001+"',
			'Check "Filters (JSON)". Nothing was sent to the service for this item.',
		],
	])('%s', async (_label, parameters, message, description) => {
		const run = await searchAt(parameters as INodeParameters, [{ ids: thousandAndOne() }]);

		expect(run.error?.message).toBe(message);
		expect(run.error?.description).toBe(description);
		expect(run.error?.itemIndex).toBe(0);
		expect(run.error?.node).toBe(NODE);
		expect(sandbox.requests).toHaveLength(0);
	});
});

describe('totals and request context', () => {
	test('Include Total on Search Businesses too', async () => {
		const total = sandbox.universe.searchBusinesses({ country_code: { values: ['se'] } }).length;
		const result = await searchAt({ limit: 2, filters: { countries: 'se' }, options: { includeTotal: true } }, [{}], {});
		expect(result.json(NODE).map((record) => record.total_results)).toEqual([total, total]);
	});
});

/**
 * Search Businesses 2 (API v2, cursor pages): paging and request counts, every filter against the
 * sandbox's universe (expected answers computed from the universe's facets here), per-item runs and
 * pairing, a page that keeps failing. v2 sends Include Operating Locations with every search. The
 * same on version 1 (page numbers): search.v1.test.ts.
 */
const search = searchOn('v2');
const SEARCH_PATH = ENDPOINTS.searchBusinesses.path;
const INCLUDED = { include_operating_locations: { value: true } };
const searches = (): RecordedRequest[] => sandbox.requests.filter((r) => r.path === SEARCH_PATH);
const bodies = () => searches().map((r) => r.body as IDataObject);
const idsOf = (records: Array<{ business_id?: unknown }>) => records.map((r) => r.business_id);

/** The businesses whose facet holds any of `values` (or matches `test`), in the universe's order. */
function where(test: (business: SandboxBusiness) => boolean): SandboxBusiness[] {
	return businesses().filter(test);
}
const facetIn = (filter: Exclude<FacetFilterName, 'company_name'>, values: string[]) => (business: SandboxBusiness) => {
	const facet = business.facets[filter];
	return (Array.isArray(facet) ? facet : [facet]).some((value) => values.includes(value));
};

/** The two least common values of a facet that select at least `min` businesses each. */
function rareValues(filter: Exclude<FacetFilterName, 'company_name'>, min = 5): string[] {
	const counts = new Map<string, number>();
	for (const business of businesses()) {
		const facet = business.facets[filter];
		for (const value of Array.isArray(facet) ? facet : [facet]) counts.set(value, (counts.get(value) ?? 0) + 1);
	}
	return [...counts]
		.filter(([, count]) => count >= min)
		.sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))
		.slice(0, 2)
		.map(([value]) => value);
}

describe('Search Businesses 2 (API v2): paging by cursor', () => {
	// "pricing" OR "last mile" selects exactly 1,000 businesses of the default universe.
	const thousand = { website_keywords: { values: ['pricing', 'last mile'] } };

	test('limit 250, page size 100, a filter matching 1,000: 3 pages by cursor, 250 items, all matching', async () => {
		const expected = sandbox.universe.searchBusinesses(thousand);
		expect(expected).toHaveLength(1_000);
		const run = await search({ mode: 'full', limit: 250, filters: { websiteKeywords: ['pricing', 'last mile'] }, options: { pageSize: 100 } });

		expect(run.error).toBeUndefined();
		expect(bodies().map(({ next_cursor, ...body }) => ({ ...body, cursor: next_cursor === undefined ? undefined : 'next' }))).toEqual([
			{ mode: 'full', page_size: 100, filters: { ...thousand, ...INCLUDED }, cursor: undefined },
			{ mode: 'full', page_size: 100, filters: { ...thousand, ...INCLUDED }, cursor: 'next' },
			// the last page asks only for what the limit leaves
			{ mode: 'full', page_size: 50, filters: { ...thousand, ...INCLUDED }, cursor: 'next' },
		]);
		const out = run.json(NODE);
		expect(idsOf(out)).toEqual(idsOf(expected.slice(0, 250)));
		expect(run.pairedItems(NODE)).toEqual(out.map(() => [{ item: 0 }]));
	});

	test('the exclude list (an expression yielding an array) is sent on every page and honoured', async () => {
		const all = sandbox.universe.searchBusinesses(thousand);
		const exclude = all.slice(0, 300).filter((_, n) => n % 3 === 0).map((b) => b.business_id);
		const run = await search(
			{ limit: 250, filters: { websiteKeywords: ['pricing', 'last mile'] }, options: { pageSize: 100, exclude: '={{ $json.skip }}' } },
			[{ skip: exclude }],
		);

		expect(run.error).toBeUndefined();
		expect(bodies().map((b) => b.exclude)).toEqual([exclude, exclude, exclude]);
		const out = run.json(NODE);
		expect(out.filter((r) => exclude.includes(String(r.business_id)))).toEqual([]);
		expect(idsOf(out)).toEqual(idsOf(sandbox.universe.searchBusinesses(thousand, exclude).slice(0, 250)));
	});

	test('Return All: pages of 500 by default, stopping at the last page', async () => {
		const expected = where(facetIn('country_code', ['us']));
		const run = await search({ returnAll: true, filters: { countries: 'us' } });

		expect(run.error).toBeUndefined();
		expect(idsOf(run.json(NODE))).toEqual(idsOf(expected));
		expect(searches()).toHaveLength(Math.ceil(expected.length / LIMITS.searchPageSize.max));
		expect(bodies()[0]).toEqual({ mode: 'preview', page_size: LIMITS.searchPageSize.max, filters: { country_code: { values: ['us'] }, ...INCLUDED } });
	});

	test('a limit below the page size lowers the page size: one request', async () => {
		const run = await search({ mode: 'full', limit: 7, filters: { countries: 'gb' } });

		expect(sandbox.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`POST ${SEARCH_PATH}`]);
		expect(bodies()).toEqual([{ mode: 'full', page_size: 7, filters: { country_code: { values: ['gb'] }, ...INCLUDED } }]);
		const out = run.json(NODE);
		expect(idsOf(out)).toEqual(idsOf(where(facetIn('country_code', ['gb'])).slice(0, 7)));
		expect(out[0]).toHaveProperty('city_name');
	});
});

describe('Search Businesses 2 (API v2): each filter really filters', () => {
	/** The node's UI parameters that set one filter to `values`. */
	const UI: Record<Exclude<FacetFilterName, 'websearch_category' | 'profnet_category' | 'naics_category'>, string> = {
		country_code: 'countries',
		region_country_code: 'regions',
		city_region_country: 'cities',
		company_size: 'companySize',
		company_revenue: 'revenue',
		company_age: 'companyAge',
		number_of_locations: 'numberOfLocations',
		company_tech_stack_category: 'techCategories',
		company_tech_stack_tech: 'technologies',
		company_name: 'companyNames',
		website_keywords: 'websiteKeywords',
	};

	const uiFilters = (filter: FacetFilterName, values: string[]): INodeParameters => {
		if (filter === 'websearch_category' || filter === 'profnet_category' || filter === 'naics_category') {
			return { categoryType: filter, categories: values.join('\n') };
		}
		const name = UI[filter];
		// every list is one text box: codes separated by commas, other values one per line
		return { [name]: name === 'countries' || name === 'regions' ? values.join(', ') : values.join('\n') };
	};

	// the signal filters (events, intent, city and region, website) have their own file: signalFilters.test.ts
	const cases = FILTER_NAMES.filter(
		(name): name is Exclude<FacetFilterName, 'company_name'> =>
			name !== 'company_name' && !(SIGNAL_FILTERS as readonly string[]).includes(name),
	).map((name) => [name] as const);

	test.each(cases)('%s: values OR', async (filter) => {
		const values = rareValues(filter);
		expect(values).toHaveLength(2);
		const expected = where(facetIn(filter, values));
		const eachAlone = values.map((value) => where(facetIn(filter, [value])).length);
		// OR: more than either value alone; a real filter: fewer than the whole universe
		expect(expected.length).toBeGreaterThan(Math.max(...eachAlone));
		expect(expected.length).toBeLessThan(businesses().length);

		const run = await search({ returnAll: true, filters: uiFilters(filter, values) });

		expect(run.error).toBeUndefined();
		expect(idsOf(run.json(NODE))).toEqual(idsOf(expected));
		expect(bodies()[0].filters).toEqual({ [filter]: { values }, ...INCLUDED });
		// Return All: pages of v2's largest size, by cursor
		expect(searches()).toHaveLength(Math.max(1, Math.ceil(expected.length / LIMITS.searchPageSize.max)));
	});

	test('company_name: values OR (names match in part)', async () => {
		const [first, second] = [businesses()[0].name, businesses()[1].name];
		const expected = where((b) => b.name.includes(first) || b.name.includes(second));
		expect(expected.length).toBeGreaterThanOrEqual(2);

		const run = await search({ limit: 100, filters: { companyNames: [first, second] } });

		expect(idsOf(run.json(NODE))).toEqual(idsOf(expected));
		expect(bodies()[0].filters).toEqual({ company_name: { values: [first, second] }, ...INCLUDED });
	});

	test('filters AND: country, size and region together', async () => {
		const country = where(facetIn('country_code', ['us']));
		const size = where(facetIn('company_size', ['1-10', '11-50']));
		const expected = where(
			(b) =>
				facetIn('country_code', ['us'])(b) &&
				facetIn('company_size', ['1-10', '11-50'])(b) &&
				facetIn('region_country_code', ['us-ca', 'us-tx'])(b),
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(Math.min(country.length, size.length));

		const run = await search({
			returnAll: true,
			filters: { countries: 'US', companySize: ['1-10', '11-50'], regions: 'us-ca us-tx' },
		});

		expect(idsOf(run.json(NODE))).toEqual(idsOf(expected));
		expect(bodies()[0].filters).toEqual({
			country_code: { values: ['us'] },
			region_country_code: { values: ['us-ca', 'us-tx'] },
			company_size: { values: ['1-10', '11-50'] },
			...INCLUDED,
		});
	});

	test('a free bracket value from an expression filters by the number behind it', async () => {
		const expected = where((b) => b.metrics.locations >= 1_001);
		expect(expected.length).toBeGreaterThan(0);

		const run = await search({ returnAll: true, filters: { numberOfLocations: '={{ ["1001+"] }}' } });
		expect(idsOf(run.json(NODE))).toEqual(idsOf(expected));

		sandbox.clearRequests();
		const free = where((b) => b.metrics.age_years >= 50);
		const runFree = await search({ returnAll: true, filters: { companyAge: '={{ "50+" }}' } });
		expect(bodies()[0].filters).toEqual({ company_age: { values: ['50+'] }, ...INCLUDED });
		expect(idsOf(runFree.json(NODE))).toEqual(idsOf(free));
	});

	test('Filters (JSON) selects the same businesses as the fields', async () => {
		const filters = { country_code: { values: ['fr'] }, company_age: { values: ['0-3', '3-6'] } };
		const run = await search({ returnAll: true, filterSource: 'json', filtersJson: JSON.stringify(filters) });

		expect(bodies()[0].filters).toEqual({ ...filters, ...INCLUDED });
		expect(idsOf(run.json(NODE))).toEqual(
			idsOf(where((b) => facetIn('country_code', ['fr'])(b) && facetIn('company_age', ['0-3', '3-6'])(b))),
		);
	});

	test('empty filters are not sent', async () => {
		await search({
			limit: 5,
			filters: { countries: '', cities: '', technologies: [], companySize: [], categories: '' },
		});
		expect(bodies()).toEqual([{ mode: 'preview', page_size: 5, filters: INCLUDED }]);
	});

	test('a workflow saved with the earlier Category field (Filters > Category > Category Type + Categories) still filters', async () => {
		const values = ['Software Company'];
		await search({ limit: 5, filters: { category: { category: { type: 'websearch_category', values } } } });
		expect(bodies()).toEqual([{ mode: 'preview', page_size: 5, filters: { websearch_category: { values }, ...INCLUDED } }]);
		// and lists saved as one entry per value still read as those values
		sandbox.clearRequests();
		await search({ limit: 5, filters: { cities: ['Austin, Texas, us', 'Berlin, Berlin, de'] } });
		expect(bodies()).toEqual([
			{ mode: 'preview', page_size: 5, filters: { city_region_country: { values: ['Austin, Texas, us', 'Berlin, Berlin, de'] }, ...INCLUDED } },
		]);
	});

	test('Countries takes names and three-letter codes as typed', async () => {
		await search({ limit: 5, filters: { countries: 'USA, Germany\nGBR' } });
		expect(bodies()).toEqual([
			{ mode: 'preview', page_size: 5, filters: { country_code: { values: ['us', 'de', 'gb'] }, ...INCLUDED } },
		]);
	});
});

describe('Search Businesses 2 (API v2): one search per input item', () => {
	test('expressions differ per item and every business is paired to its item, in input order', async () => {
		const run = await search({ limit: 3, filters: { countries: '={{ $json.country }}' } }, [
			{ country: 'se' },
			{ country: 'jp' },
		]);

		expect(bodies().map((b) => b.filters)).toEqual([
			{ country_code: { values: ['se'] }, ...INCLUDED },
			{ country_code: { values: ['jp'] }, ...INCLUDED },
		]);
		expect(idsOf(run.json(NODE))).toEqual([
			...idsOf(where(facetIn('country_code', ['se'])).slice(0, 3)),
			...idsOf(where(facetIn('country_code', ['jp'])).slice(0, 3)),
		]);
		expect(run.pairedItems(NODE)).toEqual([0, 0, 0, 1, 1, 1].map((item) => [{ item }]));
	});

	test('items asking the same search share one search; each still gets all its businesses, paired, as its own copies', async () => {
		const items = [
			{ country: 'se', limit: 3 },
			{ country: 'jp', limit: 2 },
			{ country: 'se', limit: 3 },
			{ country: 'jp', limit: 2 },
			{ country: 'se', limit: 3 },
		];
		const run = await search({ limit: '={{ $json.limit }}', filters: { countries: '={{ $json.country }}' } }, items);

		expect(run.error).toBeUndefined();
		expect(bodies()).toEqual([
			{ mode: 'preview', page_size: 3, filters: { country_code: { values: ['se'] }, ...INCLUDED } },
			{ mode: 'preview', page_size: 2, filters: { country_code: { values: ['jp'] }, ...INCLUDED } },
		]);
		const se = idsOf(where(facetIn('country_code', ['se'])).slice(0, 3));
		const jp = idsOf(where(facetIn('country_code', ['jp'])).slice(0, 2));
		expect(idsOf(run.json(NODE))).toEqual([...se, ...jp, ...se, ...jp, ...se]);
		expect(run.pairedItems(NODE)).toEqual([0, 0, 0, 1, 1, 2, 2, 2, 3, 3, 4, 4, 4].map((item) => [{ item }]));
		const output = run.output(NODE);
		expect(output[5].json).toEqual(output[0].json);
		expect(output[5].json).not.toBe(output[0].json);
	});

	test('every item is validated before the first request', async () => {
		const run = await search({ limit: '={{ $json.limit }}', filters: { countries: 'se' } }, [
			{ limit: 5 },
			{ limit: 0 },
		]);

		expect(run.error?.message).toBe(`Item 1: limit must be a whole number from 1 to ${LIMITS.searchTotal}`);
		expect(run.error?.itemIndex).toBe(1);
		expect(sandbox.requests).toHaveLength(0);
	});

	test('under Continue on Fail an invalid item becomes its paired error item and the rest run', async () => {
		const run = await search(
			{ limit: '={{ $json.limit }}', filters: { countries: 'se' } },
			[{ limit: 2 }, { limit: LIMITS.searchTotal + 1 }, { limit: 1 }],
			{ onError: 'continueRegularOutput' },
		);

		expect(run.error).toBeUndefined();
		const se = idsOf(where(facetIn('country_code', ['se'])));
		expect(run.json(NODE)).toEqual([
			expect.objectContaining({ business_id: se[0] }),
			expect.objectContaining({ business_id: se[1] }),
			{
				error: `Item 1: limit must be a whole number from 1 to ${LIMITS.searchTotal}`,
				details: 'Check "Limit". Nothing was sent to the service for this item.',
			},
			expect.objectContaining({ business_id: se[0] }),
		]);
		expect(run.pairedItems(NODE)).toEqual([0, 0, 1, 2].map((item) => [{ item }]));
		expect(searches()).toHaveLength(2);
	});
});

describe('Search Businesses 2 (API v2): service failures', () => {
	afterEach(() => sandbox.configure({ faults: {} }));

	test('a page that keeps failing fails the item with the service error; under Continue on Fail only that item', async () => {
		// item 0: page 1 ok, then page 2 fails on every attempt; item 1 runs normally
		sandbox.configure({ faults: { sequence: ['ok', ...Array(RETRY_POLICY.maxAttempts).fill('503')] } });
		const run = await search(
			{ limit: 150, filters: { countries: '={{ $json.country }}' }, options: { pageSize: 100 } },
			[{ country: 'se' }, { country: 'jp' }],
			{ onError: 'continueRegularOutput' },
		);

		expect(run.error).toBeUndefined();
		// the first page has no cursor, the next one the cursor the first answered
		expect(bodies().map((b) => [(b.filters as IDataObject).country_code, b.page_size, b.next_cursor === undefined ? 1 : 2])).toEqual([
			[{ values: ['se'] }, 100, 1],
			...Array.from({ length: RETRY_POLICY.maxAttempts }, () => [{ values: ['se'] }, 50, 2]),
			[{ values: ['jp'] }, 100, 1],
			[{ values: ['jp'] }, 50, 2],
		]);
		const out = run.json(NODE);
		const jp = where(facetIn('country_code', ['jp']));
		expect(out[0]).toEqual({
			error: expect.stringMatching(/^The service failed \(503\)/),
			details: expect.stringMatching(/^Correlation id: /),
		});
		expect(idsOf(out.slice(1))).toEqual(idsOf(jp));
		expect(run.pairedItems(NODE)).toEqual([0, ...jp.map(() => 1)].map((item) => [{ item }]));
	});
});
