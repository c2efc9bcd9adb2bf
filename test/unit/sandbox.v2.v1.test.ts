/**
 * API v1's cases of sandbox.v2.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * The sandbox serving API v2 beside v1 from the same universe: every v2 catalog route, cursor
 * paging (no duplicate, no gap, the 60,000 cap), unknown keys refused with 422 naming them, the
 * v2 envelope, and v1 answering as before.
 */
import { type EndpointName, ENDPOINTS, V1_ENDPOINTS } from '../../nodes/shared/api';
import { type Sandbox, sandboxClient, startSandbox } from '../sandbox';

const NOW = new Date('2025-06-01T12:00:00.000Z');

let sandbox: Sandbox;
let v1: ReturnType<typeof sandboxClient>;
let v2: ReturnType<typeof sandboxClient<EndpointName>>;
beforeAll(async () => {
	sandbox = await startSandbox({ now: () => NOW, rateLimit: false, searchableProspects: 10_000 });
	v1 = sandboxClient(sandbox);
	v2 = sandboxClient(sandbox, ENDPOINTS);
});
afterAll(async () => await sandbox.close());

type Page = { data: Array<Record<string, unknown>>; total_results: number; page: { size: number; next_cursor: string | null } };

describe('v2 routes', () => {
	it('serves no path twice: v1 and v2 paths are apart', () => {
		const paths = [...Object.values(V1_ENDPOINTS), ...Object.values(ENDPOINTS)].map((e) => `${e.method} ${e.path}`);
		expect(new Set(paths).size).toBe(paths.length);
	});
});

describe('v2 search: cursor paging', () => {
	it('pages the filtered businesses with a short last page, and may change the page size between pages', async () => {
		const filters = { country_code: { values: ['se'] } };
		const selected = sandbox.universe.searchBusinesses(filters).map((b) => b.business_id);
		expect(selected).toHaveLength(127);
		const first = await v2.call<Page>('searchBusinesses', { mode: 'full', page_size: 100, filters });
		expect([first.body.data.length, first.body.total_results]).toEqual([100, 127]);
		const second = await v2.call<Page>('searchBusinesses', {
			mode: 'full',
			page_size: 20,
			filters,
			next_cursor: first.body.page.next_cursor,
		});
		const third = await v2.call<Page>('searchBusinesses', {
			mode: 'full',
			page_size: 20,
			filters,
			next_cursor: second.body.page.next_cursor,
		});
		expect([second.body.data.length, third.body.data.length, third.body.page.next_cursor]).toEqual([20, 7, null]);
		expect([...first.body.data, ...second.body.data, ...third.body.data].map((b) => b.business_id)).toEqual(selected);
		// the full record is v1's
		const v1Page = await v1.call('searchBusinesses', { mode: 'full', size: 127, page_size: 100, filters });
		expect(first.body.data).toEqual(v1Page.body.data);
	});
});

describe('v2 strict bodies', () => {
	it('takes v1 bodies on v1 routes as before (unknown top-level keys ignored there)', async () => {
		const { status, body } = await v1.call('searchBusinesses', { mode: 'preview', size: 10, page_size: 10, page: 1, next_cursor: 'x' });
		expect(status).toBe(200);
		expect(Object.keys(body)).toEqual(['response_context', 'data', 'total_results', 'page', 'total_pages']);
		expect(Object.keys(body.response_context)).toEqual(['correlation_id', 'request_status', 'time_took_in_seconds']);
	});
});

describe('v2 answers from the v1 universe', () => {
	it('matches as v1 does, in the v2 envelope', async () => {
		const prospect = sandbox.universe.prospects.find((p) => p.matchable)!;
		const body = { prospects_to_match: [{ email: prospect.email }, { email: 'nobody@nowhere.example' }] };
		const [a, b] = await Promise.all([v1.call('matchProspects', body), v2.call('matchProspects', body)]);
		const { response_context: _a, ...v1Rest } = a.body;
		const { response_context: _b, ...v2Rest } = b.body;
		expect(v2Rest).toEqual(v1Rest);
		expect(v2Rest.matched_prospects.map((m: { prospect_id: string | null }) => m.prospect_id)).toEqual([prospect.prospect_id, null]);
	});

	it('serves one autocomplete for both kinds of filter, as v1 serves each', async () => {
		for (const field of ['country_code', 'job_level']) {
			const [business, prospect, both] = await Promise.all([
				v1.raw('GET', `/v1/businesses/autocomplete?field=${field}&query=d`),
				v1.raw('GET', `/v1/prospects/autocomplete?field=${field}&query=d`),
				v2.raw('GET', `/v2/autocomplete?field=${field}&query=d`),
			]);
			expect(both.body).toEqual(business.body);
			expect(both.body).toEqual(prospect.body);
			expect(both.body.length).toBeGreaterThan(0);
		}
	});
});
