/**
 * The sandbox serving API v2 beside v1 from the same universe: every v2 catalog route, cursor
 * paging (no duplicate, no gap, the 60,000 cap), unknown keys refused with 422 naming them, the
 * v2 envelope, and v1 answering as before.
 */
import { BUSINESS_EVENT_TYPES_V2, type EndpointName, ENDPOINTS, isJobOperation } from '../../nodes/shared/api';
import { type Sandbox, sandboxClient, startSandbox } from '../sandbox';
import { CURSOR_REFUSED } from '../sandbox/v2/cursor';
import { DEFAULT_CREDITS } from '../sandbox/credits';
import { VALID_V2_BODIES } from './support/v2Bodies';

const NOW = new Date('2025-06-01T12:00:00.000Z');

let sandbox: Sandbox;
let v2: ReturnType<typeof sandboxClient<EndpointName>>;
beforeAll(async () => {
	sandbox = await startSandbox({ now: () => NOW, rateLimit: false, searchableProspects: 10_000 });
	v2 = sandboxClient(sandbox, ENDPOINTS);
});
afterAll(async () => await sandbox.close());

type Page = { data: Array<Record<string, unknown>>; total_results: number; page: { size: number; next_cursor: string | null } };

/** Every page of a v2 search, following next_cursor until it is null. */
async function allPages(client: typeof v2, name: 'searchBusinesses' | 'searchProspects', body: Record<string, unknown>) {
	const pages: Page[] = [];
	let cursor: string | null = null;
	do {
		const answer: { status: number; body: Page } = await client.call<Page>(name, { ...body, ...(cursor && { next_cursor: cursor }) });
		const { status, body: page } = answer;
		expect(status).toBe(200);
		pages.push(page);
		cursor = page.page.next_cursor;
	} while (cursor !== null && pages.length <= 200);
	return pages;
}

describe('v2 routes', () => {
	it('serves every v2 pull endpoint with 200 and the v2 response_context (webhooks and enrollments: sandbox.v2webhooks.test.ts)', async () => {
		const served: string[] = [];
		// the job flow needs a dataset and a job first (sandbox.v2jobs.test.ts); webhooks and enrollments: sandbox.v2webhooks.test.ts
		const pull = (Object.keys(ENDPOINTS) as EndpointName[]).filter(
			(name) => !isJobOperation(name) && !/^\/v2\/(webhooks|\w+\/events\/enrollments)/.test(ENDPOINTS[name].path),
		);
		for (const name of pull) {
			const definition = ENDPOINTS[name];
			const { status, body } =
				definition.method === 'GET'
					? await v2.raw(definition.method, definition.query ? `${definition.path}?field=country_code` : definition.path)
					: await v2.call(name, VALID_V2_BODIES[name]);
			expect([name, status]).toEqual([name, 200]);
			if (definition.bareArray) {
				expect(Array.isArray(body)).toBe(true);
			} else {
				expect([name, Object.keys(body.response_context)]).toEqual([name, ['correlation_id', 'request_status', 'time_taken_in_seconds']]);
			}
			served.push(name);
		}
		expect(served).toHaveLength(31);
		expect(sandbox.requests.slice(-31).map((request) => request.path)).toEqual(pull.map((name) => ENDPOINTS[name].path));
	});

	it('answers 404 for v2 paths not built yet and for v1 paths under /v2, 405 for a wrong method', async () => {
		for (const path of [
			'/v2/webhooks/w-1/rotate',
			'/v2/businesses/events/enrollments/e-1/pause',
			'/v2/businesses/firmographics/bulk_enrich',
			'/v2/prospects/contacts_information/enrich',
		]) {
			const { status, body } = await v2.raw('POST', path, '{}');
			expect([path, status, body.details]).toEqual([path, 404, `Not found: ${path}`]);
		}
		const { status, body } = await v2.raw('GET', '/v2/businesses');
		expect([status, body.details]).toEqual([405, 'Method GET is not allowed on /v2/businesses']);
	});
});

describe('v2 search: cursor paging', () => {
	it('pages 10,000 prospects at 500 in exactly 20 pages, each prospect once, in the v1 selection order', async () => {
		const selected = sandbox.universe.searchProspects().map((entry) => entry.prospect.prospect_id);
		expect(selected).toHaveLength(10_000);
		const pages = await allPages(v2, 'searchProspects', { mode: 'preview', page_size: 500 });
		expect(pages).toHaveLength(20);
		expect(pages.map((page) => page.data.length)).toEqual(Array(20).fill(500));
		expect(pages.map((page) => page.total_results)).toEqual(Array(20).fill(10_000));
		expect(pages.map((page) => page.page.size)).toEqual(Array(20).fill(500));
		const ids = pages.flatMap((page) => page.data.map((record) => record.prospect_id));
		expect(new Set(ids).size).toBe(10_000);
		expect(ids).toEqual(selected);
		const cursors = pages.map((page) => page.page.next_cursor);
		expect(cursors[19]).toBeNull();
		expect(new Set(cursors.slice(0, 19)).size).toBe(19);
		expect(pages.every((page) => !('total_pages' in page) && typeof page.page === 'object')).toBe(true);
	});

	it('answers an empty search with no records and no cursor', async () => {
		const { body } = await v2.call<Page>('searchBusinesses', {
			mode: 'preview',
			page_size: 10,
			filters: { business_id: { values: ['0'.repeat(32)] } },
		});
		expect(body).toEqual({ response_context: expect.any(Object), data: [], total_results: 0, page: { size: 10, next_cursor: null } });
	});

	it('refuses a cursor of another search or one it never issued, naming next_cursor', async () => {
		const first = await v2.call<Page>('searchBusinesses', { mode: 'preview', page_size: 10 });
		const cursor = first.body.page.next_cursor!;
		for (const body of [
			{ mode: 'preview', page_size: 10, next_cursor: cursor, filters: { country_code: { values: ['us'] } } },
			{ mode: 'full', page_size: 10, next_cursor: cursor },
			{ mode: 'preview', page_size: 10, next_cursor: 'not-a-cursor' },
		]) {
			const { status, body: answer } = await v2.call('searchBusinesses', body);
			expect([status, answer]).toEqual([422, { detail: [{ loc: ['body', 'next_cursor'], msg: CURSOR_REFUSED, type: 'value_error' }] }]);
		}
		expect((await v2.call('searchProspects', { mode: 'preview', page_size: 10, next_cursor: cursor })).status).toBe(422);
	});

	it('stops at 60,000 records: 120 pages of 500 out of 60,500 prospects', async () => {
		const big = await startSandbox({ now: () => NOW, rateLimit: false, searchableProspects: 60_500 });
		try {
			const client = sandboxClient(big, ENDPOINTS);
			const pages = await allPages(client, 'searchProspects', { mode: 'preview', page_size: 500 });
			expect(pages).toHaveLength(120);
			expect(pages[0].total_results).toBe(60_000);
			const ids = pages.flatMap((page) => page.data.map((record) => record.prospect_id));
			expect(new Set(ids).size).toBe(60_000);
			expect(ids).toEqual(
				big.universe
					.searchProspects()
					.slice(0, 60_000)
					.map((entry) => entry.prospect.prospect_id),
			);
		} finally {
			await big.close();
		}
		// 60,000 records through HTTP: 19 s on a quiet machine, over 30 s while n8n installs beside it
	}, 120_000);
});

describe('v2 strict bodies', () => {
	it('answers size in a v2 search with 422 naming size, and a whole v1 body with one entry per v1 key', async () => {
		const size = await v2.call('searchBusinesses', { mode: 'preview', page_size: 10, size: 10 });
		expect([size.status, size.body]).toEqual([
			422,
			{ detail: [{ loc: ['body', 'size'], msg: 'extra fields not permitted', type: 'value_error.extra' }] },
		]);
		const v1Body = await v2.call('searchProspects', { mode: 'preview', size: 100, page_size: 10, page: 2 });
		expect(v1Body.body.detail).toEqual([
			{ loc: ['body', 'size'], msg: 'extra fields not permitted', type: 'value_error.extra' },
			{ loc: ['body', 'page'], msg: 'extra fields not permitted', type: 'value_error.extra' },
		]);
	});

	it('refuses unknown keys inside too: a v1 contact filter, an unknown enrichment parameter', async () => {
		const filter = await v2.call('prospectStats', { filters: { has_phone_number: { value: true } } });
		expect([filter.status, filter.body.detail]).toEqual([
			422,
			[{ loc: ['body', 'filters', 'has_phone_number'], msg: 'extra fields not permitted', type: 'value_error.extra' }],
		]);
		const parameter = await v2.call('enrichBusinessFirmographics', { business_ids: ['b'.repeat(32)], parameters: { verbose: true } });
		expect([parameter.status, parameter.body.detail]).toEqual([
			422,
			[{ loc: ['body', 'parameters', 'verbose'], msg: 'extra fields not permitted', type: 'value_error.extra' }],
		]);
	});
});

describe('v2 answers from the v1 universe', () => {
	it('answers credits and an (empty) aggregation', async () => {
		const credits = await v2.call('credits');
		expect(credits.body).toEqual({
			response_context: expect.objectContaining({ request_status: 'success' }),
			allocated_credits: DEFAULT_CREDITS.allocated,
			remaining_credits: DEFAULT_CREDITS.allocated,
			account_type: 'paid',
		});
		const aggregation = await v2.call('creditsAggregation', { from_date: '2025-05-01', to_date: '2025-05-31', resolution: 'day' });
		const { response_context: _context, ...rest } = aggregation.body;
		expect(rest).toEqual({
			from_date: '2025-05-01',
			to_date: '2025-05-31',
			mode: 'timely',
			resolution: 'day',
			timezone: 'UTC',
			total_credits: 0,
			aggregations: [],
		});
	});

	it('lists the v2 event types in an enum refusal', async () => {
		const { status, body } = await v2.call('getBusinessEvents', {
			event_types: ['employee_joined_company'],
			business_ids: ['b'.repeat(32)],
		});
		expect(status).toBe(422);
		expect(body.detail).toEqual([
			{
				loc: ['body', 'event_types', 0],
				msg: `value is not a valid enumeration member; permitted: ${BUSINESS_EVENT_TYPES_V2.map((type) => `'${type}'`).join(', ')}`,
				type: 'type_error.enum',
			},
		]);
	});
});
