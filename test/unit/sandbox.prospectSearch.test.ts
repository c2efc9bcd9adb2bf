/**
 * The sandbox's prospect search and statistics over HTTP (beyond-contract.md §2, §3): the
 * searchable prospects are the universe's prospects (nothing existing changed), each working at a
 * business of the universe; the 422 rules of the new bodies; pages under `size`; and statistics
 * whose counts add up to the search's total.
 */
import { JOB_DEPARTMENTS, JOB_LEVELS } from '../../nodes/shared/api';
import { type Sandbox, sandboxClient, startSandbox } from '../sandbox';
import { searchableProspects } from '../sandbox/universe/prospectSearch';

let sandbox: Sandbox;
let api: ReturnType<typeof sandboxClient>;
beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false });
	api = sandboxClient(sandbox);
});
afterAll(async () => await sandbox.close());

const searchable = () => sandbox.universe.searchableProspects;

describe('the prospect universe', () => {
	test('every prospect is searchable, in the universe order, and works at a business of the universe', () => {
		expect(searchable().map((entry) => entry.prospect)).toEqual(sandbox.universe.prospects);
		for (const entry of searchable()) {
			expect(sandbox.universe.business(entry.prospect.business_id)).toBe(entry.business);
			expect(entry.business.name).toBe(entry.prospect.company_name);
		}
	});

	test('facets are deterministic and every job level and department of the lists occurs', () => {
		const universe = sandbox.universe;
		// a copy of the businesses misses the cache: the facets are drawn again from the seed
		const again = searchableProspects(universe.seed, universe.prospects, (id) => universe.business(id), [...universe.businesses]);
		expect(again.map((entry) => entry.facets)).toEqual(searchable().map((entry) => entry.facets));
		expect(again[0].facets).not.toBe(searchable()[0].facets);
		expect(new Set(searchable().map((entry) => entry.facets.job_level))).toEqual(new Set(JOB_LEVELS));
		expect(new Set(searchable().map((entry) => entry.facets.job_department))).toEqual(new Set(JOB_DEPARTMENTS));
	});
});

describe('statistics', () => {
	test('prospects: the counts per location add up to total_results', async () => {
		const filters = { company_country_code: { values: ['de'] } };
		const { status, body } = await api.call('prospectStats', { filters });

		expect(status).toBe(200);
		expect(body.total_results).toBe(sandbox.universe.searchProspects(filters).length);
		expect(body.stats.total_per_location.total).toBe(body.total_results);
		const departments = Object.values(body.stats.job_departments_per_location as Record<string, { total: number }>);
		expect(departments.reduce((sum, row) => sum + row.total, 0)).toBe(body.total_results);
		expect(body.response_context).toMatchObject({ request_status: 'success' });
	});

	test('businesses: the filters are required; every breakdown counts every business once', async () => {
		expect((await api.call('businessStats', {})).status).toBe(422);
		const { body } = await api.call('businessStats', { filters: { naics_category: { values: ['722511'] } } });
		const total = sandbox.universe.searchBusinesses({ naics_category: { values: ['722511'] } }).length;
		expect(body.total_results).toBe(total);
		expect(Object.keys(body.stats.business_categories_per_location)).toEqual(['722511']);
		for (const key of ['business_categories_per_location', 'revenue_per_category', 'number_of_employees_per_category']) {
			const rows = Object.values(body.stats[key] as Record<string, { total: number }>);
			expect(rows.reduce((sum, row) => sum + row.total, 0)).toBe(total);
		}
	});
});
