/**
 * The paged searches tell their cost as the batched nodes do (batching/cost.ts, issue 28): a
 * search that needs more than a minute of the key's queries says so once its first page tells
 * the total (not before: the total is not known before), many items each searching say so before
 * the first request when every search is known to take one page, progress counts the pages done,
 * and the queries spent are told after. Searches the workflow's timeout cannot hold stop after
 * their first page. The sandbox meters a scaled window (30 queries in 2 seconds, told to the
 * client by its headers), so the figures are those of a key of 30 queries a minute; each test
 * uses an API key of its own (the budget is the key's).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { costTiming } from '../../nodes/shared/batching/cost';
import type { ApiVersion } from '../../nodes/shared/api';
import { onItems, packageNode, runWorkflow, sandboxCredentials, useSandbox } from './harness';
import { API_VERSIONS, pathOn, typeVersionFor } from './harness/apiVersions';

const sandbox = useSandbox({ rateLimit: false }, (started) => started.configure({ faults: {} }));

// "pricing" OR "last mile" selects exactly 1,000 businesses of the default universe
const THOUSAND = JSON.stringify({ website_keywords: { values: ['pricing', 'last mile'] } });

beforeEach(() => (costTiming.progressEveryMs = 0));
afterAll(() => (costTiming.progressEveryMs = 60_000));

/** A key of its own at 30 queries a 2-second window; one first search on it tells the client that limit. */
async function meteredKey(apiKey: string, api: ApiVersion = 'v1') {
	sandbox.configure({ apiKey, rateLimit: { queries: 30, windowMs: 2_000 } });
	const credentials = sandboxCredentials(sandbox, { apiKey, maxRequestsPerMinute: 1_000_000 });
	const first = await runWorkflow(onItems([{}], searchBusinesses(api, { limit: 1 })), { credentials });
	expect(first.error).toBeUndefined();
	sandbox.clearRequests();
	return credentials;
}

const searchBusinesses = (api: ApiVersion, parameters: INodeParameters) =>
	packageNode('searchBusinesses', 'Search Businesses', { filterSource: 'json', ...parameters }, { typeVersion: typeVersionFor('searchBusinesses', api) });

/** Runs a workflow and records each console message with the number of requests the sandbox had then. */
async function runTold(...args: Parameters<typeof runWorkflow>) {
	const told: Array<{ message: string; sent: number }> = [];
	const run = await runWorkflow(args[0], {
		...args[1],
		sendDataToUI: (type, data) => {
			if (type !== 'sendConsoleMessage') return;
			for (const message of (data as { messages: unknown[] }).messages) told.push({ message: String(message), sent: sandbox.requests.length });
		},
	});
	return Object.assign(run, { told });
}

describe.each(API_VERSIONS)('Search Businesses on API %s', (api) => {
	test('Return All of 1,000 results in pages of 20: the cost told after the first page, from its count; progress; the cost after', async () => {
		const credentials = await meteredKey(`search-metered-${api}`, api);
		const node = searchBusinesses(api, { returnAll: true, filtersJson: THOUSAND, options: { pageSize: 20 } });
		const run = await runTold(onItems([{}], node), { credentials });

		expect(run.error).toBeUndefined();
		expect(run.json('Search Businesses')).toHaveLength(1_000);
		expect(sandbox.requests.filter((request) => request.path === pathOn(api, '/v1/businesses'))).toHaveLength(50);
		expect(sandbox.requests.filter((request) => request.status === 429)).toHaveLength(0);
		const before = "The search's first page counts 1,000 results, so this run needs about 50 queries: at least 1 minute at 30 queries per minute";
		expect(run.runData['Search Businesses'][0].hints).toEqual([
			{ message: before, location: 'outputPane' },
			{ message: 'This run spent 50 queries in 50 requests', location: 'outputPane' },
		]);
		// told once the first page was in, not before
		expect(run.told[0]).toEqual({ message: `Search Businesses: ${before}`, sent: 1 });
		// then a progress line per page (the test hears every one), counting the pages done
		const progress = run.told.slice(1, -1).map((told) => told.message);
		expect(progress).toHaveLength(49);
		expect(progress[0]).toBe('Search Businesses: 2 of about 50 queries done, 0 minutes so far');
		expect(progress[48]).toBe('Search Businesses: 50 of about 50 queries done, 0 minutes so far');
		expect(run.told[50].message).toBe('Search Businesses: This run spent 50 queries in 50 requests');
	});
});

test('Search Businesses: a Return All the workflow timeout cannot hold stops after its first page, naming both figures', async () => {
	const credentials = await meteredKey('search-metered-timeout');
	const node = searchBusinesses('v1', { returnAll: true, filtersJson: THOUSAND, options: { pageSize: 10 } });
	const run = await runWorkflow({ ...onItems([{}], node), settings: { executionTimeout: 60 } }, { credentials });

	expect(run.error?.message).toBe(
		"The search's first page counts 1,000 results, so this run needs about 100 queries: at least 3 minutes at 30 queries per minute, longer than the time left before the workflow times out (less than a minute); stopped after 1 query",
	);
	expect(sandbox.requests).toHaveLength(1);
});

test('Search Prospects: 40 items each searching one page: the cost told before the first request, once for the node', async () => {
	const credentials = await meteredKey('search-metered-items');
	const items: IDataObject[] = Array.from({ length: 40 }, (_, n) => ({ limit: n + 1 }));
	const node = packageNode('searchProspects', 'Search Prospects', { limit: '={{ $json.limit }}' }, { typeVersion: 2 });
	const run = await runTold(onItems(items, node), { credentials });

	expect(run.error).toBeUndefined();
	expect(run.json('Search Prospects')).toHaveLength((40 * 41) / 2);
	expect(sandbox.requests.filter((request) => request.path === '/v1/prospects')).toHaveLength(40);
	const before = 'This run needs about 40 queries: at least 1 minute at 30 queries per minute';
	expect(run.runData['Search Prospects'][0].hints).toEqual([
		{ message: before, location: 'outputPane' },
		{ message: 'This run spent 40 queries in 40 requests', location: 'outputPane' },
	]);
	expect(run.told[0]).toEqual({ message: `Search Prospects: ${before}`, sent: 0 });
	expect(run.told.filter((told) => told.message.includes('needs'))).toHaveLength(1);
});
