/**
 * API v1's cases of sandbox.prospectSearch.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * The sandbox's prospect search and statistics over HTTP (beyond-contract.md §2, §3): the
 * searchable prospects are the universe's prospects (nothing existing changed), each working at a
 * business of the universe; the 422 rules of the new bodies; pages under `size`; and statistics
 * whose counts add up to the search's total.
 */
import { type Sandbox, sandboxClient, startSandbox } from '../sandbox';

let sandbox: Sandbox;
let api: ReturnType<typeof sandboxClient>;
beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false });
	api = sandboxClient(sandbox);
});
afterAll(async () => await sandbox.close());

describe('POST /v1/prospects', () => {
	test('pages under size: total_results, total_pages and records of the page', async () => {
		const filters = { job_level: { values: ['director'] } };
		const all = sandbox.universe.searchProspects(filters);
		const { status, body } = await api.call('searchProspects', { mode: 'preview', size: 250, page_size: 100, page: 3, filters });

		expect(status).toBe(200);
		expect(body).toMatchObject({ total_results: 250, total_pages: 3, page: 3 });
		expect(body.data.map((record: { prospect_id: string }) => record.prospect_id)).toEqual(
			all.slice(200, 250).map((entry) => entry.prospect.prospect_id),
		);
	});

	test.each([
		[{ mode: 'full', size: 10, page_size: 10, filters: { job_level: { values: ['ceo'] } } }, ['body', 'filters', 'job_level', 'values', 0]],
		[{ mode: 'full', size: 10, page_size: 10, filters: { has_email: { value: 'yes' } } }, ['body', 'filters', 'has_email', 'value']],
		[{ mode: 'full', size: 10, page_size: 10, filters: { total_experience_months: {} } }, ['body', 'filters', 'total_experience_months']],
		[{ mode: 'full', size: 10, page_size: 101 }, ['body', 'page_size']],
	])('422 for %j at %j', async (body, loc) => {
		const response = await api.call('searchProspects', body);
		expect(response.status).toBe(422);
		expect(response.body.detail[0].loc).toEqual(loc);
	});
});
