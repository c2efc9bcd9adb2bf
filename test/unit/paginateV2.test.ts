/**
 * Cursor paging of v2 searches, exactly: how many requests, with which bodies (page_size, the
 * previous answer's next_cursor, never size or page), and when paging stops (limit reached,
 * cursor null or absent, an empty page, the 60,000 cap). The first tests run over HTTP against
 * the sandbox; the stopping rules the sandbox never shows run against scripted answers.
 */
import type { IDataObject } from 'n8n-workflow';

import { LIMITS, prospectFiltersV2 } from '../../nodes/shared/api';
import { fetchAllPages } from '../../nodes/shared/search/paginate';
import { BUSINESS_SEARCH, type CursorSearch, readSearchRequest, readStatsRequest, type SearchKind } from '../../nodes/shared/search/searchRequest';
import { BUSINESS_SEARCH_V2 } from '../../nodes/SearchBusinesses/helpers/versions';
import { PROSPECT_SEARCH } from '../../nodes/shared/search/prospectFilters';
import { type Sandbox, startSandbox } from '../sandbox';
import { fakeContext, ok, type RecordedCall } from './support/fakeContext';
import { parametersContext } from './support/parametersContext';
import { sandboxContext } from './support/sandboxContext';

/** The filters v2's prospect search takes, as its strict schema lists them. */
const PROSPECT_V2_NAMES = Object.keys(prospectFiltersV2.innerType().shape).join(', ');

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false, searchableProspects: 10_000 });
});
afterAll(async () => await sandbox.close());
beforeEach(() => sandbox.clearRequests());

const cursorSearch = (limit: number, pageSize: number, endpoint: CursorSearch['endpoint'] = 'searchProspects'): CursorSearch => ({
	itemIndex: 0,
	version: 'v2',
	endpoint,
	limit,
	body: { mode: 'preview', page_size: pageSize },
});

type Answer = { page: { next_cursor: string | null } };

describe('v2 cursor paging against the sandbox', () => {
	it('10,000 prospects at page size 500: 20 requests, each with the cursor of the answer before, no size or page', async () => {
		const { ctx, calls, answers } = sandboxContext(sandbox);
		const records = await fetchAllPages(ctx, cursorSearch(10_000, 500));
		expect(records).toHaveLength(10_000);
		expect(new Set(records.map((record) => record.prospect_id)).size).toBe(10_000);
		expect(calls).toHaveLength(20);
		const sent = sandbox.requests.map((request) => ({ path: request.path, body: request.body as IDataObject }));
		expect(sent.map(({ path }) => path)).toEqual(Array(20).fill('/v2/prospects'));
		expect(sent[0].body).toEqual({ mode: 'preview', page_size: 500 });
		for (const { body } of sent) {
			expect(Object.keys(body).filter((key) => key === 'size' || key === 'page')).toEqual([]);
			expect(body.page_size).toBe(500);
		}
		// each later body carries the cursor the answer before it gave; the last answer gave none
		const cursors = (answers as Answer[]).map((answer) => answer.page.next_cursor);
		expect(cursors.slice(0, 19).every((cursor) => typeof cursor === 'string' && cursor !== '')).toBe(true);
		expect(new Set(cursors.slice(0, 19)).size).toBe(19);
		expect(sent.map(({ body }) => body.next_cursor)).toEqual([undefined, ...cursors.slice(0, 19)]);
		expect(cursors[19]).toBeNull();
		expect(calls.map((call) => call.body)).toEqual(sent.map(({ body }) => body));
	});

	it('asks the last page only for the records still wanted: 1,050 records are pages of 500, 500 and 50', async () => {
		const { ctx } = sandboxContext(sandbox);
		const records = await fetchAllPages(ctx, cursorSearch(1_050, 500));
		expect(records).toHaveLength(1_050);
		expect(sandbox.requests.map((request) => (request.body as IDataObject).page_size)).toEqual([500, 500, 50]);
	});

	it('stops at a null cursor when the search has fewer records than the limit', async () => {
		const { ctx } = sandboxContext(sandbox);
		const request = { ...cursorSearch(60_000, 500, 'searchBusinesses') };
		const records = await fetchAllPages(ctx, request);
		const all = sandbox.universe.businesses.length;
		expect(records).toHaveLength(all);
		expect(sandbox.requests).toHaveLength(Math.ceil(all / 500));
	});

	it('reports total_results, as on v1', async () => {
		const { ctx } = sandboxContext(sandbox);
		const totals: number[] = [];
		await fetchAllPages(ctx, cursorSearch(30, 500), { onTotal: (total) => totals.push(total) });
		expect(totals).toEqual([10_000]);
		expect(sandbox.requests.map((request) => request.body)).toEqual([{ mode: 'preview', page_size: 30 }]);
	});
});

describe('v2 cursor paging: when it stops', () => {
	/** A scripted service: answers page n (counted from 0) with `records(n)` records and `cursor(n)`. */
	function scripted(records: (n: number, call: RecordedCall) => number, cursor: (n: number) => string | null | undefined) {
		let n = 0;
		return fakeContext((call) => {
			const page = n++;
			const count = records(page, call);
			const next = cursor(page);
			return ok({
				data: Array.from({ length: count }, (_, i) => ({ prospect_id: `p-${page}-${i}` })),
				total_results: 99_999,
				page: { size: call.body.page_size, ...(next !== undefined && { next_cursor: next }) },
			});
		});
	}

	it('stops on an absent cursor', async () => {
		const { ctx, calls } = scripted(() => 500, (n) => (n === 0 ? 'c1' : undefined));
		expect(await fetchAllPages(ctx, cursorSearch(5_000, 500))).toHaveLength(1_000);
		expect(calls.map((call) => call.body.next_cursor)).toEqual([undefined, 'c1']);
	});

	it('stops on an empty page even when it carries a cursor', async () => {
		const { ctx, calls } = scripted((n) => (n < 2 ? 500 : 0), (n) => `c${n + 1}`);
		expect(await fetchAllPages(ctx, cursorSearch(5_000, 500))).toHaveLength(1_000);
		expect(calls).toHaveLength(3);
	});

	it('keeps going after a short page while the cursor goes on (only the cursor ends a v2 search)', async () => {
		const { ctx, calls } = scripted((n) => (n === 0 ? 120 : 500), (n) => (n < 2 ? `c${n + 1}` : null));
		expect(await fetchAllPages(ctx, cursorSearch(5_000, 500))).toHaveLength(1_120);
		expect(calls.map((call) => [call.body.next_cursor, call.body.page_size])).toEqual([
			[undefined, 500],
			['c1', 500],
			['c2', 500],
		]);
	});

	it('never asks past the 60,000 records one v2 search yields: 120 requests of 500', async () => {
		const { ctx, calls } = scripted((_n, call) => Number(call.body.page_size), (n) => `c${n + 1}`);
		const records = await fetchAllPages(ctx, cursorSearch(70_000, 500));
		expect(records).toHaveLength(LIMITS.searchTotal);
		expect(calls).toHaveLength(120);
		expect(calls.every((call) => !('size' in call.body) && !('page' in call.body))).toBe(true);
	});
});

describe('the v2 search body', () => {
	const parameters = (overrides: IDataObject = {}) =>
		parametersContext({ mode: 'preview', returnAll: false, limit: 50, filterSource: 'fields', filters: {}, options: {}, ...overrides });

	it('has no size or page, and a page size within the limit', () => {
		expect(readSearchRequest(parameters({ filters: { countries: 'us' } }), 0, BUSINESS_SEARCH, 'v2')).toEqual({
			itemIndex: 0,
			version: 'v2',
			endpoint: 'searchBusinesses',
			limit: 50,
			// include_operating_locations: the value the user sees (on by default, as v1 behaves), always sent
			body: { mode: 'preview', page_size: 50, filters: { country_code: { values: ['us'] }, include_operating_locations: { value: true } } },
		});
		expect(readSearchRequest(parameters({ limit: 2_000, options: { pageSize: 500 } }), 0, PROSPECT_SEARCH, 'v2').body).toEqual({
			mode: 'preview',
			page_size: 500,
		});
	});

	it('Return All means the node version\'s cap within the 60,000 one v2 search yields', () => {
		// the v2 node version's pages are 500 unless Page Size says otherwise
		expect(readSearchRequest(parameters({ returnAll: true }), 0, BUSINESS_SEARCH_V2, 'v2')).toMatchObject({ limit: 60_000, body: { page_size: 500 } });
		// a node version built for v1 keeps its cap (and its default page of 100) when the credential switches it to v2
		expect(readSearchRequest(parameters({ returnAll: true }), 0, BUSINESS_SEARCH, 'v2')).toMatchObject({ limit: 10_000, body: { page_size: 100 } });
	});

	it.each([
		['a Starting Page after 1', { options: { page: 2 } }, 'Item 0: page: a search on API v2 always starts at its first record', 'Check "Starting Page". Nothing was sent to the service for this item.'],
		['a limit above 60,000', { limit: 60_001 }, 'Item 0: limit must be a whole number from 1 to 60000', 'Check "Limit". Nothing was sent to the service for this item.'],
		['a limit above a v1 node version\'s 10,000', { limit: 10_001, kind: BUSINESS_SEARCH }, 'Item 0: limit must be a whole number from 1 to 10000', 'Check "Limit". Nothing was sent to the service for this item.'],
		['a page size above 500', { limit: 2_000, options: { pageSize: 501 } }, 'Item 0: page_size must be at most 500', 'Check "Page Size". Nothing was sent to the service for this item.'],
		[
			'a "must not have an email" (has_email false), which v2 cannot say',
			{ filterSource: 'json', filtersJson: { has_email: { value: false } } },
			'Item 0: has_email false (must not have one) cannot be sent to API v2, which filters only on contact details a prospect has: remove it',
			'Check "Filters (JSON)". Nothing was sent to the service for this item.',
		],
		[
			'a filter v2 does not have, named among v2\'s filters',
			{ filterSource: 'json', filtersJson: { favourite_colour: { values: ['blue'] } } },
			`Item 0: filters has unknown filter "favourite_colour": the filters of API v2 are ${PROSPECT_V2_NAMES}`,
			'Check "Filters (JSON)". Nothing was sent to the service for this item.',
		],
	])('refuses %s before sending anything', (_name, overrides: IDataObject, message, description) => {
		let error: { message?: string; description?: string } = {};
		const { kind, ...rest } = overrides as IDataObject & { kind?: SearchKind };
		try {
			readSearchRequest(parameters(rest), 0, kind ?? ('filtersJson' in rest ? PROSPECT_SEARCH : BUSINESS_SEARCH_V2), 'v2');
		} catch (caught) {
			error = caught as typeof error;
		}
		expect({ message: error.message, description: error.description }).toEqual({ message, description });
	});

	it('reads statistics filters against the v2 body, without a Request Context (v2 takes none there)', () => {
		expect(readStatsRequest(parameters({ filters: { countries: 'de' } }), 0, BUSINESS_SEARCH, 'v2')).toEqual({
			itemIndex: 0,
			body: { filters: { country_code: { values: ['de'] }, include_operating_locations: { value: true } } },
		});
		expect(readStatsRequest(parameters({ options: { requestContext: '{"run":"r1"}' } }), 0, BUSINESS_SEARCH, 'v2')).toEqual({
			itemIndex: 0,
			body: { filters: { include_operating_locations: { value: true } } },
			droppedRequestContext: true,
		});
	});
});

describe('the v2 search body: v2\'s own filters', () => {
	const parameters = (overrides: IDataObject = {}) =>
		parametersContext({ mode: 'preview', returnAll: false, limit: 50, filterSource: 'fields', filters: {}, options: {}, ...overrides });

	it('has_email / has_phone_number become has_contact_details on v2', () => {
		const sent = (filters: IDataObject) => readSearchRequest(parameters({ filterSource: 'json', filtersJson: filters }), 0, PROSPECT_SEARCH, 'v2').body.filters;
		expect(sent({ has_email: { value: true } })).toEqual({ has_contact_details: { value: 'email' } });
		expect(sent({ has_phone_number: { value: true } })).toEqual({ has_contact_details: { value: 'phone' } });
		expect(sent({ has_email: { value: true }, has_phone_number: { value: true } })).toEqual({ has_contact_details: { value: 'email_and_phone' } });
		expect(sent({ has_contact_details: { value: 'email' } })).toEqual({ has_contact_details: { value: 'email' } });
	});

	it('Include Operating Locations: sent as set on v2, on by default', () => {
		expect(readSearchRequest(parameters({ includeOperatingLocations: false }), 0, BUSINESS_SEARCH_V2, 'v2').body).toEqual({
			mode: 'preview',
			page_size: 50,
			filters: { include_operating_locations: { value: false } },
		});
		expect(readSearchRequest(parameters(), 0, BUSINESS_SEARCH_V2, 'v2').body.filters).toEqual({ include_operating_locations: { value: true } });
	});
});
