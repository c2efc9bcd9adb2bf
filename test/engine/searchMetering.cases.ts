/**
 * The paged searches tell their cost as the batched nodes do (batching/cost.ts, issue 28), on one
 * API version at the node version that speaks it: searchMetering.test.ts runs these cases on v2,
 * searchMetering.v1.test.ts on v1 (retiring v1 deletes that file); and what the two files share:
 * their sandbox, a metered key and the search node. The sandbox meters a scaled window (30 queries
 * in 2 seconds, told to the client by its headers), so the figures are those of a key of 30 queries
 * a minute; each test uses an API key of its own (the budget is the key's).
 */
import type { INodeParameters } from 'n8n-workflow';

import type { ApiVersion } from '../../nodes/shared/api';
import type { Sandbox } from '../sandbox';
import { onItems, packageNode, runWorkflow, sandboxCredentials, useSandbox } from './harness';
import { pathOn, typeVersionFor } from './harness/apiVersions';

/** The test file's sandbox, set by setUpSandbox(). */
export let sandbox: Sandbox;

/** Starts the test file's sandbox (no rate limit, faults cleared before each test) before its tests and closes it after. */
export function setUpSandbox(): void {
	sandbox = useSandbox({ rateLimit: false }, (started) => started.configure({ faults: {} }));
}

// "pricing" OR "last mile" selects exactly 1,000 businesses of the default universe
export const THOUSAND = JSON.stringify({ website_keywords: { values: ['pricing', 'last mile'] } });

/** A key of its own at 30 queries a 2-second window; one first search on it tells the client that limit. */
export async function meteredKey(apiKey: string, api: ApiVersion) {
	sandbox.configure({ apiKey, rateLimit: { queries: 30, windowMs: 2_000 } });
	const credentials = sandboxCredentials(sandbox, { apiKey, maxRequestsPerMinute: 1_000_000 });
	const first = await runWorkflow(onItems([{}], searchBusinesses(api, { limit: 1 })), { credentials });
	expect(first.error).toBeUndefined();
	sandbox.clearRequests();
	return credentials;
}

export const searchBusinesses = (api: ApiVersion, parameters: INodeParameters) =>
	packageNode('searchBusinesses', 'Search Businesses', { filterSource: 'json', ...parameters }, { typeVersion: typeVersionFor('searchBusinesses', api) });

/** Runs a workflow and records each console message with the number of requests the sandbox had then. */
export async function runTold(...args: Parameters<typeof runWorkflow>) {
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

export function returnAllCostCases(api: ApiVersion): void {
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
}
