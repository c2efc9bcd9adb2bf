/**
 * API v1's cases of the engine on both versions: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * The same operation through the engine on API v1 and v2 gives the same results, item for item:
 * match, search with paging, events, enrichments with object rows and with array rows, each run
 * over HTTP against the sandbox serving both versions from one universe. v2's renamed names reach
 * the caller as v1's (api/v2/wireNames.ts); fields v2 removed are absent, never invented.
 */
import type { IDataObject } from 'n8n-workflow';

import { type ItemOutcome, type ItemRequest, runBatched } from '../../nodes/shared/batching/engine';
import type { ApiVersion } from '../../nodes/shared/api';
import { fetchAllPages } from '../../nodes/shared/search/paginate';
import type { SearchRequest } from '../../nodes/shared/search/searchRequest';
import { ApiClient } from '../../nodes/shared/transport/apiClient';
import { type Sandbox, startSandbox } from '../sandbox';
import { sandboxContext } from './support/sandboxContext';

const NOW = new Date('2025-06-01T12:00:00.000Z');

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ now: () => NOW, rateLimit: false });
});
afterAll(async () => await sandbox.close());
beforeEach(() => sandbox.clearRequests());

/** One batched run on a version, with a fresh run context; the paths the sandbox saw. */
async function batched<E>(version: ApiVersion, name: Parameters<typeof runBatched>[1], requests: Array<ItemRequest<E>>) {
	sandbox.clearRequests();
	const { ctx } = sandboxContext(sandbox);
	const outcomes = await runBatched(ctx, name, requests, { version });
	return { outcomes, paths: sandbox.requests.map((request) => request.path), bodies: sandbox.requests.map((r) => r.body) };
}

/** Each item's results: per entry, the records (an enrichment row's data, or the whole result). */
const recordsOf = <E>(outcomes: Array<ItemOutcome<E>>, pick: (match: IDataObject) => unknown = (match) => match) =>
	outcomes.map((outcome) => (outcome.ok ? outcome.results.map((result) => result.matches.map(pick)) : { failed: outcome.error.message }));

const ids = (requests: Array<ItemRequest<string>>) => requests.flatMap((request) => request.entries);
const oneIdEach = (list: string[]): Array<ItemRequest<string>> => list.map((id, itemIndex) => ({ itemIndex, entries: [id] }));

describe('match on v1 and v2', () => {
	it('matches businesses the same, item for item, sent to /v2/businesses/match', async () => {
		const businesses = sandbox.universe.businesses;
		const requests: Array<ItemRequest<IDataObject>> = [
			{ itemIndex: 0, entries: [{ domain: businesses[0].domain }, { name: 'Nobody At All Ltd' }] },
			{ itemIndex: 1, entries: [{ name: businesses[1].name }] },
			{ itemIndex: 2, entries: [{ domain: businesses[2].domain, name: businesses[2].name }] },
		];
		const v1 = await batched('v1', 'matchBusinesses', requests);
		const v2 = await batched('v2', 'matchBusinesses', requests);
		expect([v1.paths, v2.paths]).toEqual([['/v1/businesses/match'], ['/v2/businesses/match']]);
		expect(recordsOf(v2.outcomes)).toEqual(recordsOf(v1.outcomes));
		expect(recordsOf(v2.outcomes, (match) => match.business_id)).toEqual([
			[[businesses[0].business_id], [null]],
			[[businesses[1].business_id]],
			[[businesses[2].business_id]],
		]);
	});

	it('matches prospects the same, item for item', async () => {
		const prospects = sandbox.universe.prospects.filter((prospect) => prospect.matchable).slice(0, 3);
		const requests: Array<ItemRequest<IDataObject>> = prospects.map((prospect, itemIndex) => ({
			itemIndex,
			entries: [{ email: prospect.email }],
		}));
		const v1 = await batched('v1', 'matchProspects', requests);
		const v2 = await batched('v2', 'matchProspects', requests);
		expect(v2.paths).toEqual(['/v2/prospects/match']);
		expect(recordsOf(v2.outcomes)).toEqual(recordsOf(v1.outcomes));
		expect(recordsOf(v2.outcomes, (match) => match.prospect_id)).toEqual(prospects.map((p) => [[p.prospect_id]]));
	});
});

describe('search with paging on v1 and v2', () => {
	const search = (version: ApiVersion, endpoint: 'searchBusinesses' | 'searchProspects', limit: number, filters?: IDataObject) => {
		const request: SearchRequest =
			version === 'v1'
				? { itemIndex: 0, endpoint, limit, body: { mode: 'full', size: limit, page_size: 100, page: 1, ...(filters && { filters }) } }
				: { itemIndex: 0, version: 'v2', endpoint, limit, body: { mode: 'full', page_size: 500, ...(filters && { filters }) } };
		return fetchAllPages(sandboxContext(sandbox).ctx, request);
	};

	it('finds the same businesses in the same order: 13 numbered pages of 100 on v1, 3 cursor pages on v2', async () => {
		const onV1 = await search('v1', 'searchBusinesses', 1_234);
		const v1Requests = sandbox.requests.length;
		sandbox.clearRequests();
		const onV2 = await search('v2', 'searchBusinesses', 1_234);
		expect(onV1).toHaveLength(1_234);
		expect(onV2).toEqual(onV1);
		expect(v1Requests).toBe(13);
		expect(sandbox.requests.map((request) => [request.path, (request.body as IDataObject).page_size])).toEqual([
			['/v2/businesses', 500],
			['/v2/businesses', 500],
			['/v2/businesses', 234],
		]);
	});

	it('finds the same prospects with the same filters, up to the end of the results', async () => {
		const filters = { country_code: { values: ['de'] } };
		const onV1 = await search('v1', 'searchProspects', 5_000, filters);
		const onV2 = await search('v2', 'searchProspects', 5_000, filters);
		expect(onV1.length).toBeGreaterThan(100);
		expect(onV1.length).toBeLessThan(5_000);
		expect(onV2).toEqual(onV1);
	});
});

describe('events on v1 and v2', () => {
	it('gives the same events under v1 names: employee_joined_company and founding_* restored from v2', async () => {
		const business = sandbox.universe.businesses[11].business_id;
		const joined = sandbox.addEvent({ business_id: business, event_name: 'employee_joined_company', event_time: '2025-05-30T10:00:00+00:00' });
		const funded = sandbox.addEvent({
			business_id: business,
			event_name: 'new_funding_round',
			event_time: '2025-05-29T10:00:00+00:00',
			data: { founding_stage: 'seed', founding_date: '2025-05-28', amount: 3 },
		});
		const others = sandbox.universe.businesses.slice(12, 14).map((b) => b.business_id);
		const shared = { event_types: ['employee_joined_company', 'new_funding_round', 'new_product'] };
		const requests: Array<ItemRequest<string>> = [business, ...others].map((id, itemIndex) => ({ itemIndex, entries: [id], shared }));
		const v1 = await batched('v1', 'getBusinessEvents', requests);
		const v2 = await batched('v2', 'getBusinessEvents', requests);
		expect(v2.paths).toEqual(['/v2/businesses/events']);
		// on the wire, v2's name; in the result, v1's
		expect(v2.bodies).toEqual([{ event_types: ['executive_joined_company', 'new_funding_round', 'new_product'], business_ids: [business, ...others] }]);
		expect(recordsOf(v2.outcomes)).toEqual(recordsOf(v1.outcomes));
		const first = recordsOf(v2.outcomes)[0] as IDataObject[][];
		expect(first[0]).toEqual(expect.arrayContaining([joined, funded]));
		expect(funded.data).toEqual({ founding_stage: 'seed', founding_date: '2025-05-28', amount: 3 });
	});

	it('gives the same prospect events', async () => {
		const requests = oneIdEach(sandbox.universe.prospects.slice(0, 30).map((p) => p.prospect_id)).map((request) => ({
			...request,
			shared: { event_types: ['prospect_changed_role', 'prospect_changed_company', 'prospect_job_start_anniversary'] },
		}));
		const v1 = await batched('v1', 'getProspectEvents', requests);
		const v2 = await batched('v2', 'getProspectEvents', requests);
		expect(v2.paths).toEqual(['/v2/prospects/events']);
		expect(recordsOf(v2.outcomes)).toEqual(recordsOf(v1.outcomes));
		expect(recordsOf(v1.outcomes).flat(2).length).toBeGreaterThan(0);
	});
});

describe('enrichments on v1 and v2', () => {
	const data = (match: IDataObject) => match.data;

	it('object rows: firmographics gives each item the same record', async () => {
		const requests = oneIdEach(sandbox.universe.businesses.slice(0, 60).map((b) => b.business_id));
		const v1 = await batched('v1', 'enrichBusinessFirmographics', requests);
		const v2 = await batched('v2', 'enrichBusinessFirmographics', requests);
		expect(v2.paths).toEqual(['/v2/businesses/firmographics/enrich', '/v2/businesses/firmographics/enrich']);
		expect(v2.bodies).toEqual([{ business_ids: ids(requests).slice(0, 50) }, { business_ids: ids(requests).slice(50) }]);
		expect(recordsOf(v2.outcomes, data)).toEqual(recordsOf(v1.outcomes, data));
		expect(recordsOf(v2.outcomes, data).every((records) => (records as unknown[][])[0].length === 1)).toBe(true);
	});

	it('array rows: lookalikes and prospect posts give each item the same records, in order, none for an id without any', async () => {
		const businesses = oneIdEach(sandbox.universe.businesses.slice(0, 5).map((b) => b.business_id));
		const v1 = await batched('v1', 'enrichBusinessLookalikes', businesses);
		const v2 = await batched('v2', 'enrichBusinessLookalikes', businesses);
		expect(recordsOf(v2.outcomes, data)).toEqual(recordsOf(v1.outcomes, data));
		expect((recordsOf(v2.outcomes, data)[0] as unknown[][])[0].length).toBeGreaterThan(1);

		const posters = sandbox.universe.prospects.filter((p) => p.posts.length === 3).slice(0, 2);
		const silent = sandbox.universe.prospects.find((p) => p.posts.length === 0)!;
		const prospects = oneIdEach([posters[0].prospect_id, silent.prospect_id, posters[1].prospect_id]);
		const p1 = await batched('v1', 'enrichProspectPosts', prospects);
		const p2 = await batched('v2', 'enrichProspectPosts', prospects);
		expect(p2.paths).toEqual(['/v2/prospects/profnet_posts/enrich']);
		expect(recordsOf(p2.outcomes, data)).toEqual(recordsOf(p1.outcomes, data));
		expect(recordsOf(p2.outcomes, data)).toEqual([[posters[0].posts], [[]], [posters[1].posts]]);
	});

	it('contacts: professional_email arrives as v1 professions_email; emails, which v2 removed, is absent', async () => {
		const requests = oneIdEach(sandbox.universe.prospects.slice(0, 20).map((p) => p.prospect_id));
		const v1 = await batched('v1', 'enrichProspectContacts', requests);
		const v2 = await batched('v2', 'enrichProspectContacts', requests);
		expect(v2.paths).toEqual(['/v2/prospects/contact_information/enrich']);
		const withoutEmails = recordsOf(v1.outcomes, (match) => {
			const { emails: _emails, ...rest } = match.data as IDataObject;
			return rest;
		});
		expect(recordsOf(v2.outcomes, data)).toEqual(withoutEmails);
		expect(Object.keys((recordsOf(v2.outcomes, data)[0] as IDataObject[][])[0][0]).sort()).toEqual([
			'mobile_phone',
			'phone_numbers',
			'professional_email_status',
			'professions_email',
		]);
	});
});

describe('one client per run and version', () => {
	it('gives a run one client per version, each sending to its own catalog', async () => {
		const { ctx } = sandboxContext(sandbox);
		const [v1, v2] = [await ApiClient.of(ctx), await ApiClient.of(ctx, 'v2')];
		expect([v1.version, v2.version]).toEqual(['v1', 'v2']);
		expect(await ApiClient.of(ctx, 'v1')).toBe(v1);
		expect(await ApiClient.of(ctx, 'v2')).toBe(v2);
		const credits = await v2.request('credits');
		expect(Object.keys(credits.response_context as IDataObject)).toEqual(['correlation_id', 'request_status', 'time_took_in_seconds']);
		expect(sandbox.requests.map((request) => request.path)).toEqual(['/v2/credits']);
	});
});
