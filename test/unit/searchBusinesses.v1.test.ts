/**
 * API v1's cases of searchBusinesses.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * Narrow logic of Search Businesses: how the Filters UI and "Filters (JSON)" become the contract's
 * filters object, how an item's parameters become a validated first-page body, and the paging
 * loop against a scripted transport. The node itself runs against the sandbox in test/engine and
 * test/e2e.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { FILTER_NAMES, LIMITS, V1_LIMITS } from '../../nodes/shared/api';
import { description as searchProperties } from '../../nodes/SearchBusinesses/actions/search.operation';
import { closestFilter, filtersFromFields, withoutEmptyFilters } from '../../nodes/shared/search/filterValues';
import { fetchAllPages } from '../../nodes/shared/search/paginate';
import { DEFAULT_CONCURRENCY } from '../../nodes/shared/batching/engine';
import { FILTERS_JSON_EXAMPLE, readSearchRequest, type SearchRequest } from '../../nodes/shared/search/searchRequest';
import { fakeContext, ok, TEST_NODE } from './support/fakeContext';

const DEFAULTS: IDataObject = {
	mode: 'preview',
	returnAll: false,
	limit: 50,
	filterSource: 'fields',
	filters: {},
	filtersJson: '{}',
	options: {},
};

/** A context whose getNodeParameter answers from `parameters` (same for every item). */
function withParameters(parameters: IDataObject): IExecuteFunctions {
	const values = { ...DEFAULTS, ...parameters };
	return {
		getNode: () => TEST_NODE,
		getNodeParameter: (name: string, _itemIndex: number, fallback?: unknown) => values[name] ?? fallback,
	} as unknown as IExecuteFunctions;
}

function errorOf(parameters: IDataObject, itemIndex = 0): { message: string; description: string } {
	try {
		readSearchRequest(withParameters(parameters), itemIndex);
	} catch (error) {
		return { message: (error as Error).message, description: String((error as { description?: string }).description) };
	}
	throw new Error('expected a validation error');
}

describe('Search Businesses: the parameter surface', () => {
	const property = (name: string) => searchProperties.find((p) => p.name === name)!;

	it('reads its bounds from LIMITS', () => {
		expect(property('limit').typeOptions).toEqual({ minValue: LIMITS.searchSize.min, maxValue: LIMITS.searchSize.max });
		const pageSize = (property('options').options as unknown as IDataObject[]).find((o) => o.name === 'pageSize')!;
		expect(pageSize.typeOptions).toEqual({ minValue: V1_LIMITS.searchPageSize.min, maxValue: V1_LIMITS.searchPageSize.max });
		expect(pageSize.default).toBe(V1_LIMITS.searchPageSize.max);
	});
});

describe('Search Businesses: filter values', () => {
	it('Category Type and Categories are two fields; a Category Type without categories is an error, not dropped', () => {
		expect(filtersFromFields({ categoryType: 'naics_category', categories: '5112\n5415' }).filters).toEqual({
			naics_category: { values: ['5112', '5415'] },
		});
		expect(filtersFromFields({ categoryType: 'profnet_category', categories: '' }).problems).toEqual([
			'Categories is empty: add the Professional Network Industry values to search for, or remove Category Type',
		]);
		expect(filtersFromFields({ categoryType: 'profnet_category' }).problems).toHaveLength(1);
		expect(filtersFromFields({ categoryType: 'industry', categories: 'x' }).problems).toEqual([
			'Category Type must be one of naics_category, profnet_category, websearch_category, got "industry"',
		]);
		// workflows saved with the earlier Filters > Category > Category Type + Categories still run
		expect(filtersFromFields({ category: { category: { type: 'naics_category', values: ['5112'] } } }).filters).toEqual({
			naics_category: { values: ['5112'] },
		});
		const error = errorOf({ filters: { categoryType: 'naics_category' } });
		expect(error.message).toBe('Item 0: Categories is empty: add the NAICS Industry Code values to search for, or remove Category Type');
	});

	it('errors of values from the form name the field and the values, each rule once', () => {
		expect(errorOf({ filters: { regions: 'california, texas', companySize: 'tiny' } }).message).toBe(
			'Item 0: Regions: "california", "texas" must be lowercase <country>-<subdivision> codes (ISO 3166-2), such as "us-ca"; Company Size (Employees): "tiny" must be brackets such as "1-10", "500K-1M" or "10001+"',
		);
		expect(errorOf({ filters: { cities: 'Austin' } }).message).toBe(
			'Item 0: Cities: "Austin" must be "<City>, <Region>, <Country code>" strings',
		);
	});

	it('Filters (JSON): an unknown filter suggests the closest name and lists them all', () => {
		const all = FILTER_NAMES.join(', ');
		expect(errorOf({ filterSource: 'json', filtersJson: '{"country":{"values":["us"]}}' }).message).toBe(
			`Item 0: filters has unknown filter "country" (did you mean "country_code" for "country"?): the filters are ${all}`,
		);
		expect(errorOf({ filterSource: 'json', filtersJson: '{"company_sise":{"values":["1-10"]}}' }).message).toBe(
			`Item 0: filters has unknown filter "company_sise" (did you mean "company_size" for "company_sise"?): the filters are ${all}`,
		);
		expect(closestFilter('xyz')).toBeUndefined();
		expect(closestFilter('technologies')).toBeUndefined();
		expect(closestFilter('tech')).toBe('company_tech_stack_tech');
	});

	it('reads JSON text or an object, drops filters with an empty list, and reports bad JSON', () => {
		const bodyOf = (filtersJson: IDataObject[string]) =>
			readSearchRequest(withParameters({ filterSource: 'json', filtersJson }), 0).body.filters;
		expect(withoutEmptyFilters({ country_code: { values: ['us'] }, company_name: { values: [] } })).toEqual({
			country_code: { values: ['us'] },
		});
		expect(bodyOf('{"country_code":{"values":["us"]},"company_name":{"values":[]}}')).toEqual({ country_code: { values: ['us'] } });
		// an empty list beside another key asks for something: kept, and the schema says why it is refused
		const events = { values: [], last_occurrence: 30 };
		expect(withoutEmptyFilters({ events })).toEqual({ events });
		const refused = errorOf({ filterSource: 'json', filtersJson: JSON.stringify({ events }) });
		expect([refused.message, refused.description]).toEqual([
			'Item 0: filters.events.values must hold at least 1 event type',
			'Check "Filters (JSON)". Nothing was sent to the service for this item.',
		]);
		expect(bodyOf({ company_age: { values: ['20+'] } })).toEqual({ company_age: { values: ['20+'] } });
		expect(bodyOf('  ')).toBeUndefined();
		expect(bodyOf('{}')).toBeUndefined();
		const badJson = errorOf({ filterSource: 'json', filtersJson: '{country_code:' }, 2);
		expect(badJson.message).toMatch(/^Item 2: Filters \(JSON\) is not valid JSON \(.+\)$/);
		expect(badJson.description).toBe(
			`Write a JSON object such as ${FILTERS_JSON_EXAMPLE}, or leave it empty. Nothing was sent to the service for this item.`,
		);
		expect(errorOf({ filterSource: 'json', filtersJson: '["us"]' }).message).toBe('Item 0: Filters (JSON) must be a JSON object');
	});

	it('"Using JSON" starts empty: the example is a hint, never applied by default', () => {
		const property = searchProperties.find((p) => p.name === 'filtersJson')!;
		expect(property.default).toBe('{}');
		expect(property.hint).toContain(FILTERS_JSON_EXAMPLE);
		const values = { ...DEFAULTS, filterSource: 'json', filtersJson: property.default };
		expect(readSearchRequest(withParameters(values), 0).body).toEqual({ mode: 'preview', size: 50, page_size: 50, page: 1 });
	});
});

describe('Search Businesses: the first page body', () => {
	it('maps Limit to size and clamps the page size to it', () => {
		const request = readSearchRequest(withParameters({ limit: 30, filters: { countries: 'us' } }), 0);
		expect(request).toEqual({
			itemIndex: 0,
			endpoint: 'searchBusinesses',
			version: 'v1',
			limit: 30,
			body: { mode: 'preview', size: 30, page_size: 30, page: 1, filters: { country_code: { values: ['us'] } } },
		});
	});

	it('uses the service maximum for Return All, and sends no empty filters or exclude list', () => {
		const request = readSearchRequest(withParameters({ returnAll: true, mode: 'full', options: { exclude: '' } }), 0);
		expect(request.body).toEqual({ mode: 'full', size: LIMITS.searchSize.max, page_size: 100, page: 1 });
		expect(request.limit).toBe(LIMITS.searchSize.max);
	});

	it('counts the skipped pages into size when starting later, within the service maximum', () => {
		const later = readSearchRequest(withParameters({ limit: 250, options: { page: 3, pageSize: 100 } }), 0);
		expect(later).toMatchObject({ limit: 250, body: { size: 450, page_size: 100, page: 3 } });
		const nearEnd = readSearchRequest(withParameters({ limit: 500, options: { page: 98, pageSize: 100 } }), 0);
		expect(nearEnd).toMatchObject({ limit: 300, body: { size: LIMITS.searchSize.max, page: 98 } });
		expect(errorOf({ options: { page: 101, pageSize: 100 } }).message).toBe(
			'Item 0: page 101 starts after record 10000, the last one the service serves for a search',
		);
	});

	it('accepts numbers typed as text and exclude ids as text or a list', () => {
		const ids = ['8adce3ca1cef0c986b22310e369a0793', '3c6f1f0f2a8d4e1b9c7a5d3e1f0b2c4d'];
		expect(readSearchRequest(withParameters({ limit: '20', options: { exclude: ids.join(', ') } }), 0).body).toMatchObject({
			size: 20,
			exclude: ids,
		});
		expect(readSearchRequest(withParameters({ options: { exclude: ids } }), 0).body.exclude).toEqual(ids);
	});

	const thousandAndOneIds = Array.from({ length: 1_001 }, (_, n) => n.toString(16).padStart(32, '0'));
	it.each([
		['size 0', { limit: 0 }, 'Item 0: size must be at least 1', 'Limit'],
		['size 10,001', { limit: 10_001 }, 'Item 0: size must be at most 10000', 'Limit'],
		['a fractional size', { limit: 2.5 }, 'Item 0: size must be a whole number', 'Limit'],
		['page size 101', { limit: 250, options: { pageSize: 101 } }, 'Item 0: page_size must be at most 100', 'Page Size'],
		['page 0', { options: { page: 0 } }, 'Item 0: page must be at least 1', 'Starting Page'],
		['an unknown mode', { mode: 'everything' }, 'Item 0: mode must be one of full, preview', 'Mode'],
		[
			'1,001 exclude ids',
			{ options: { exclude: thousandAndOneIds } },
			'Item 0: exclude must hold at most 1000 ids',
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

	it('names the item and the JSON field for JSON filters', () => {
		const twoCategories = errorOf(
			{
				filterSource: 'json',
				filtersJson: '{"naics_category":{"values":["5112"]},"websearch_category":{"values":["Software Company"]}}',
			},
			3,
		);
		expect(twoCategories.message).toBe(
			'Item 3: filters may use only one category filter per request, one of websearch_category, profnet_category, naics_category: combining them is not supported',
		);
		expect(twoCategories.description).toMatch(/^Check "Filters \(JSON\)"/);
		expect(errorOf({ filterSource: 'json', filtersJson: '{"company_revenue":{"values":["huge"]}}' }).message).toBe(
			'Item 0: filters.company_revenue.values[0] must be brackets such as "1-10", "500K-1M" or "10001+"',
		);
		expect(errorOf({ filterSource: 'json', filtersJson: '{"industry":{"values":["x"]}}' }).message).toBe(
			`Item 0: filters has unknown filter "industry": the filters are ${FILTER_NAMES.join(', ')}`,
		);
	});
});

describe('Search Businesses: paging', () => {
	const request = (limit: number, pageSize: number, size = limit, page = 1): SearchRequest => ({
		itemIndex: 0,
		limit,
		body: { mode: 'preview', size, page_size: pageSize, page },
	});
	/** A service holding `total` records, serving pages of the requested size (and ignoring size). */
	const service = (total: number, extra: IDataObject = {}) =>
		fakeContext((call) => {
			const { page, page_size: pageSize } = call.body as { page: number; page_size: number };
			const from = (page - 1) * pageSize;
			const data = Array.from({ length: Math.max(0, Math.min(pageSize, total - from)) }, (_, n) => ({ n: from + n }));
			return ok({ data, page, ...extra });
		});
	const run = async (total: number, req: SearchRequest, extra: IDataObject = {}) => {
		const { ctx, calls } = service(total, extra);
		const out = await fetchAllPages(ctx, req);
		return { out, pages: calls.map((c) => c.body.page) };
	};

	it('stops at the limit and trims the last page', async () => {
		const { out, pages } = await run(1000, request(250, 100));
		expect(pages).toEqual([1, 2, 3]);
		expect(out).toHaveLength(250);
		expect(out[249]).toEqual({ n: 249 });
	});

	it('stops early without error on a short page', async () => {
		const { out, pages } = await run(137, request(10_000, 100));
		expect(pages).toEqual([1, 2]);
		expect(out).toHaveLength(137);
	});

	it('does not ask for an empty page when the count says it was the last', async () => {
		expect((await run(200, request(10_000, 100), { total_results: 200 })).pages).toEqual([1, 2]);
		expect((await run(200, request(10_000, 100), { total_pages: 2 })).pages).toEqual([1, 2]);
		// without a count, an empty page ends it
		expect((await run(200, request(10_000, 100))).pages).toEqual([1, 2, 3]);
	});

	it('starts at the starting page', async () => {
		const { out, pages } = await run(1000, request(150, 100, 350, 3));
		expect(pages).toEqual([3, 4]);
		expect(out[0]).toEqual({ n: 200 });
		expect(out).toHaveLength(150);
	});
});

describe('Search Businesses: concurrent pages', () => {
	/**
	 * A service holding `total` records that answers with total_results (and total_pages),
	 * later pages sooner than earlier ones, so answers arrive out of order.
	 */
	const concurrentService = (total: number, counts: IDataObject) =>
		fakeContext(async (call) => {
			const { page, page_size: pageSize, size } = call.body as { page: number; page_size: number; size: number };
			await new Promise((resolve) => setTimeout(resolve, 2 + ((60 - page) % 7)));
			const served = Math.min(total, size);
			const from = (page - 1) * pageSize;
			const data = Array.from({ length: Math.max(0, Math.min(pageSize, served - from)) }, (_, n) => ({ n: from + n }));
			const body: IDataObject = { data };
			if (counts.total_results) body.total_results = served;
			if (counts.total_pages) body.total_pages = Math.ceil(served / pageSize);
			return ok(body);
		});
	const run = async (total: number, req: SearchRequest, concurrency: number, counts: IDataObject = { total_results: true }) => {
		const { ctx, calls, maxInFlight } = concurrentService(total, counts);
		const out = await fetchAllPages(ctx, req, { concurrency });
		return { out, pages: calls.map((c) => c.body.page as number), maxInFlight: maxInFlight() };
	};
	const request = (limit: number, pageSize: number, size = limit, page = 1): SearchRequest => ({
		itemIndex: 0,
		limit,
		body: { mode: 'preview', size, page_size: pageSize, page },
	});
	const numbers = (from: number, count: number) => Array.from({ length: count }, (_, n) => ({ n: from + n }));

	it.each([
		[1, 1],
		[4, 4],
		[8, 8],
	])('fetches the pages after the first %i at a time and keeps their order', async (concurrency, inFlight) => {
		const { out, pages, maxInFlight } = await run(5000, request(1000, 100), concurrency);
		expect(pages[0]).toBe(1);
		expect([...pages].sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, n) => n + 1));
		expect(maxInFlight).toBe(inFlight);
		expect(out).toEqual(numbers(0, 1000));
	});

	it('asks for ceil(min(limit, total) / page size) pages, by total_results or total_pages', async () => {
		for (const counts of [{ total_results: true }, { total_pages: true }]) {
			const fewer = await run(437, request(10_000, 100, 10_000), 4, counts);
			expect(fewer.pages).toHaveLength(5);
			expect(fewer.out).toEqual(numbers(0, 437));
			const limited = await run(5000, request(250, 100), 4, counts);
			expect(limited.pages).toHaveLength(3);
			expect(limited.out).toEqual(numbers(0, 250));
		}
	});

	it('starts at the starting page and counts the pages before it', async () => {
		const { out, pages } = await run(1000, request(150, 100, 350, 3), 4);
		expect([...pages].sort((a, b) => a - b)).toEqual([3, 4]);
		expect(out).toEqual(numbers(200, 150));
		const nearEnd = await run(320, request(500, 100, 700, 3), 4);
		expect([...nearEnd.pages].sort((a, b) => a - b)).toEqual([3, 4]);
		expect(nearEnd.out).toEqual(numbers(200, 120));
	});

	it('a record served again on a later page (by business_id) is output once and counted', async () => {
		const served: Record<number, IDataObject[]> = {
			1: [{ business_id: 'a' }, { business_id: 'b' }],
			2: [{ business_id: 'b' }, { business_id: 'c' }],
			3: [{ business_id: 'd' }],
		};
		const { ctx, calls } = fakeContext((call) => ok({ data: served[(call.body as { page: number }).page], total_results: 5 }));
		const counts: number[] = [];
		const out = await fetchAllPages(ctx, request(5, 2), { onDuplicates: (count) => counts.push(count) });
		expect(calls).toHaveLength(3);
		expect(out).toEqual([{ business_id: 'a' }, { business_id: 'b' }, { business_id: 'c' }, { business_id: 'd' }]);
		expect(counts).toEqual([1]);
	});

	it('10,000 records in 100 pages, as many at a time as Batch Concurrency allows by default', async () => {
		const { ctx, calls, maxInFlight } = concurrentService(20_000, { total_results: true });
		const out = await fetchAllPages(ctx, request(10_000, 100));
		expect(calls).toHaveLength(100);
		expect(maxInFlight()).toBe(DEFAULT_CONCURRENCY);
		expect(out).toEqual(numbers(0, 10_000));
	});
});

