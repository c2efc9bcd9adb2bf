/**
 * API v1's cases of the sandbox's search (v2's: sandbox.v2.test.ts): retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * Search against the sandbox over HTTP: the 422 rules with their exact loc, every filter really
 * filtering (alone, OR within a filter, AND across filters, exclude), preview and full records,
 * and pagination under `size`. Expected sets are computed from the universe's facets directly,
 * not through the sandbox's own filter code.
 */
import { FILTER_BRACKETS, type FilterName, LIMITS, V1_LIMITS } from '../../nodes/shared/api';
import { type Sandbox, type SandboxBusiness, sandboxClient, startSandbox } from '../sandbox';

let sandbox: Sandbox;
let api: ReturnType<typeof sandboxClient>;
beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false });
	api = sandboxClient(sandbox);
});
afterAll(async () => await sandbox.close());

const ids = (businesses: ReadonlyArray<{ business_id: string }>) => businesses.map((business) => business.business_id);
const where = (predicate: (business: SandboxBusiness) => boolean) => sandbox.universe.businesses.filter(predicate);
const search = (body: Record<string, unknown>) => api.call('searchBusinesses', body);
/** How many businesses a filter set selects (one request: size at its maximum). */
const countOf = async (filters: Record<string, unknown>) =>
	(await search({ mode: 'preview', size: LIMITS.searchSize.max, page_size: 1, filters })).body.total_results as number;
/** Everything a filter set selects, read page by page through the API. */
async function searchAll(filters: Record<string, unknown>, extra: Record<string, unknown> = {}) {
	const found: Array<{ business_id: string }> = [];
	for (let page = 1; ; page++) {
		const { body } = await search({
			mode: 'preview',
			size: LIMITS.searchSize.max,
			page_size: 100,
			page,
			filters,
			...extra,
		});
		found.push(...body.data);
		if (page >= body.total_pages) return { ids: ids(found), total: body.total_results as number };
	}
}

describe('validation (422, the service shape)', () => {
	const valid = { mode: 'preview', size: 10, page_size: 10 };
	const schemaRule = (loc: Array<string | number>, type: string) => ({
		loc: ['body', ...loc],
		msg: expect.any(String),
		type,
	});

	it.each([
		[
			'mode missing',
			{ size: 10, page_size: 10 },
			[{ loc: ['body', 'mode'], msg: 'field required', type: 'value_error.missing' }],
		],
		[
			'mode not in the enumeration',
			{ ...valid, mode: 'summary' },
			[
				{
					loc: ['body', 'mode'],
					msg: "value is not a valid enumeration member; permitted: 'full', 'preview'",
					type: 'type_error.enum',
				},
			],
		],
		['size 0', { ...valid, size: 0 }, [schemaRule(['size'], 'value_error.too_small')]],
		[
			'size above the limit',
			{ ...valid, size: LIMITS.searchSize.max + 1 },
			[schemaRule(['size'], 'value_error.too_big')],
		],
		['size not whole', { ...valid, size: 2.5 }, [schemaRule(['size'], 'type_error.integer')]],
		[
			'page_size above the limit',
			{ ...valid, size: 1000, page_size: V1_LIMITS.searchPageSize.max + 1 },
			[schemaRule(['page_size'], 'value_error.too_big')],
		],
		['page 0', { ...valid, page: 0 }, [schemaRule(['page'], 'value_error.too_small')]],
		[
			'an empty id in exclude',
			{ ...valid, exclude: ['a', ' '] },
			[schemaRule(['exclude', 1], 'value_error.too_small')],
		],
		['a null id in exclude', { ...valid, exclude: [null] }, [schemaRule(['exclude', 0], 'type_error.string')]],
		[
			'too many ids in exclude',
			{ ...valid, exclude: Array.from({ length: LIMITS.searchExclude + 1 }, (_, n) => `id-${n}`) },
			[schemaRule(['exclude'], 'value_error.too_big')],
		],
		[
			'an unknown filter',
			{ ...valid, filters: { colour: { values: ['red'] } } },
			[schemaRule(['filters', 'colour'], 'value_error.extra')],
		],
		[
			'two category filters',
			{ ...valid, filters: { websearch_category: { values: ['Law Firm'] }, naics_category: { values: ['541110'] } } },
			[schemaRule(['filters'], 'value_error')],
		],
		[
			'an uppercase country code',
			{ ...valid, filters: { country_code: { values: ['se', 'US'] } } },
			[schemaRule(['filters', 'country_code', 'values', 1], 'value_error')],
		],
		[
			'a filter without values',
			{ ...valid, filters: { country_code: { values: [] } } },
			[schemaRule(['filters', 'country_code', 'values'], 'value_error.too_small')],
		],
		[
			'size below page_size (a rule of the service itself)',
			{ ...valid, size: 5, page_size: 10 },
			[{ loc: ['body'], msg: "'size' must be greater than or equal to 'page_size'", type: 'value_error' }],
		],
	])('%s', async (_, body, detail) => {
		const response = await search(body);
		expect(response.status).toBe(422);
		expect(response.body).toEqual({ detail });
	});

	it('reports every problem of a body at once', async () => {
		const response = await search({ mode: 'x', size: 0, page_size: 0 });
		expect(response.body.detail.map((entry: { loc: unknown[] }) => entry.loc)).toEqual([
			['body', 'mode'],
			['body', 'size'],
			['body', 'page_size'],
		]);
	});
});

describe('filters', () => {
	/** One value per filter, and the same selection computed straight from the facets. */
	const cases: Array<[FilterName, string, (business: SandboxBusiness) => boolean]> = [
		['country_code', 'se', (b) => b.facets.country_code === 'se'],
		['region_country_code', 'us-tx', (b) => b.facets.region_country_code === 'us-tx'],
		['city_region_country', 'Austin, Texas, us', (b) => b.city_name === 'Austin'],
		['company_size', '11-50', (b) => b.number_of_employees_range === '11-50'],
		['company_revenue', '1M-5M', (b) => b.yearly_revenue_range === '1M-5M'],
		['company_age', '3-6', (b) => b.facets.company_age === '3-6'],
		['number_of_locations', '2-5', (b) => b.facets.number_of_locations === '2-5'],
		['websearch_category', 'Law Firm', (b) => b.facets.websearch_category === 'Law Firm'],
		['profnet_category', 'Restaurants', (b) => b.facets.profnet_category === 'Restaurants'],
		['naics_category', '541714', (b) => b.naics === '541714'],
		['company_tech_stack_category', 'CRM', (b) => b.facets.company_tech_stack_tech.includes('Salesforce')],
		['company_tech_stack_tech', 'Snowflake', (b) => b.facets.company_tech_stack_tech.includes('Snowflake')],
		['company_name', 'falcon', (b) => b.name.toLowerCase().includes('falcon')],
		['website_keywords', 'telehealth', (b) => b.facets.website_keywords.includes('telehealth')],
	];

	it.each(cases)('%s = %s selects exactly the matching businesses', async (filter, value, predicate) => {
		const expected = where(predicate);
		expect(expected.length).toBeGreaterThan(20);
		expect(expected.length).toBeLessThan(sandbox.universe.businesses.length / 2);
		const { body } = await search({
			mode: 'preview',
			size: 100,
			page_size: 100,
			filters: { [filter]: { values: [value] } },
		});
		expect(body.total_results).toBe(Math.min(100, expected.length));
		expect(ids(body.data)).toEqual(ids(expected.slice(0, 100)));
	});

	it('finds a small selection completely, across pages', async () => {
		const expected = where((b) => b.facets.country_code === 'se');
		expect(expected.length).toBeGreaterThan(100); // more than one page, fewer than two
		expect(expected.length).toBeLessThan(200);
		expect(await searchAll({ country_code: { values: ['se'] } })).toEqual({
			ids: ids(expected),
			total: expected.length,
		});
	});

	it('ORs the values of one filter', async () => {
		const expected = where((b) => ['se', 'jp', 'sg'].includes(b.facets.country_code));
		expect(await searchAll({ country_code: { values: ['se', 'jp', 'sg'] } })).toEqual({
			ids: ids(expected),
			total: expected.length,
		});
	});

	it('ANDs different filters', async () => {
		const expected = where(
			(b) =>
				b.facets.country_code === 'us' &&
				['1-10', '11-50'].includes(b.number_of_employees_range) &&
				b.facets.company_tech_stack_tech.includes('React'),
		);
		expect(expected.length).toBeGreaterThan(10);
		const found = await searchAll({
			country_code: { values: ['us'] },
			company_size: { values: ['1-10', '11-50'] },
			company_tech_stack_tech: { values: ['React'] },
		});
		expect(found).toEqual({ ids: ids(expected), total: expected.length });
	});

	it('matches names, categories and keywords case-insensitively', async () => {
		const falcons = where((b) => b.name.toLowerCase().includes('falcon'));
		expect(
			(await search({ mode: 'preview', size: 10, page_size: 10, filters: { company_name: { values: ['FALCON'] } } }))
				.body.total_results,
		).toBe(10);
		expect(await countOf({ company_name: { values: ['FaLcOn'] } })).toBe(falcons.length);
		const exact = falcons[0].name;
		expect(await searchAll({ company_name: { values: [exact] } })).toEqual({ ids: [falcons[0].business_id], total: 1 });
		expect(await countOf({ websearch_category: { values: ['law firm'] } })).toBe(
			where((b) => b.facets.websearch_category === 'Law Firm').length,
		);
	});

	it('reads bracket values as ranges, so free values filter too', async () => {
		const count = (filter: string, value: string) => countOf({ [filter]: { values: [value] } });
		// "1" location is the 0-1 bracket; "5001+" employees spans the two top brackets
		expect(await count('number_of_locations', '1')).toBe(where((b) => b.facets.number_of_locations === '0-1').length);
		expect(await count('company_size', '5001+')).toBe(
			where((b) => ['5001-10000', '10001+'].includes(b.number_of_employees_range)).length,
		);
		expect(await count('company_revenue', '1B-100B')).toBe(
			where((b) => ['1B-10B', '10B-100B'].includes(b.yearly_revenue_range)).length,
		);
		// each business is in exactly one known bracket: all of them together select everyone
		for (const [filter, brackets] of Object.entries(FILTER_BRACKETS)) {
			expect(await countOf({ [filter]: { values: [...brackets] } })).toBe(sandbox.universe.businesses.length);
		}
	});

	it('leaves out the excluded ids', async () => {
		const swedish = where((b) => b.facets.country_code === 'se');
		const exclude = [swedish[0].business_id, swedish[5].business_id, 'not-a-known-id'];
		const found = await searchAll({ country_code: { values: ['se'] } }, { exclude });
		expect(found.total).toBe(swedish.length - 2);
		expect(found.ids).toEqual(ids(swedish).filter((id) => !exclude.includes(id)));
	});

	it('returns no records and no pages when nothing matches', async () => {
		const { body } = await search({
			mode: 'preview',
			size: 10,
			page_size: 10,
			filters: { company_name: { values: ['zzz-nothing'] } },
		});
		expect(body).toEqual({ response_context: expect.any(Object), data: [], total_results: 0, page: 1, total_pages: 0 });
	});
});

describe('records and pages', () => {
	const us = () => where((b) => b.facets.country_code === 'us');

	it('serves the five preview fields, or the full record without the hidden facets', async () => {
		const first = us()[0];
		const preview = await search({
			mode: 'preview',
			size: 1,
			page_size: 1,
			filters: { country_code: { values: ['us'] } },
		});
		expect(preview.body.data).toEqual([
			{
				business_id: first.business_id,
				name: first.name,
				domain: first.domain,
				logo: first.logo,
				country_name: 'United States',
			},
		]);
		const full = await search({ mode: 'full', size: 1, page_size: 1, filters: { country_code: { values: ['us'] } } });
		const { facets: _facets, metrics: _metrics, public_company: _public, ...record } = first;
		expect(full.body.data).toEqual([record]);
		expect(Object.keys(record)).toEqual([
			'business_id',
			'name',
			'domain',
			'logo',
			'country_name',
			'city_name',
			'region',
			'number_of_employees_range',
			'yearly_revenue_range',
			'website',
			'business_description',
			'naics',
			'naics_description',
			'sic_code',
			'sic_code_description',
			'business_intent_topics',
		]);
	});

	it('caps the whole search at size: pages are cut from the first `size` records', async () => {
		const expected = ids(us().slice(0, 250));
		expect(us().length).toBeGreaterThanOrEqual(1000);
		const page = async (n: number) =>
			(
				await search({
					mode: 'preview',
					size: 250,
					page_size: 100,
					page: n,
					filters: { country_code: { values: ['us'] } },
				})
			).body;

		const [one, two, three, four] = await Promise.all([page(1), page(2), page(3), page(4)]);
		expect(
			[one, two, three, four].map((body) => [body.page, body.data.length, body.total_results, body.total_pages]),
		).toEqual([
			[1, 100, 250, 3],
			[2, 100, 250, 3],
			[3, 50, 250, 3], // the last page is short
			[4, 0, 250, 3], // past the end: empty
		]);
		expect(ids([...one.data, ...two.data, ...three.data])).toEqual(expected);
	});

	it('defaults page to 1 and lets size equal page_size', async () => {
		const { body } = await search({ mode: 'preview', size: 7, page_size: 7 });
		expect(body).toMatchObject({ page: 1, total_results: 7, total_pages: 1 });
		expect(ids(body.data)).toEqual(ids(sandbox.universe.businesses.slice(0, 7)));
	});
});
