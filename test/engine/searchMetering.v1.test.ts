/**
 * The paged searches tell their cost on API v1 (searchMetering.cases.ts at Search Businesses 1;
 * Search Prospects 2): a Return All of 1,000 results in pages of 20, a Return All the workflow's
 * timeout cannot hold stopped after its first page, and 40 items each searching one page, told
 * before the first request once for the node. The sandbox meters a scaled window (30 queries in 2
 * seconds), so the figures are those of a key of 30 queries a minute; each test uses an API key of
 * its own. Retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 */
import type { IDataObject } from 'n8n-workflow';

import { costTiming } from '../../nodes/shared/batching/cost';
import type { ApiVersion } from '../../nodes/shared/api';
import { onItems, packageNode, runWorkflow } from './harness';
import { meteredKey as meteredKeyOn, returnAllCostCases, runTold, sandbox, searchBusinesses, setUpSandbox, THOUSAND } from './searchMetering.cases';

setUpSandbox();

/** A metered key, its first search on v1 (v1's cases) unless a test says otherwise. */
const meteredKey = async (apiKey: string, api: ApiVersion = 'v1') => await meteredKeyOn(apiKey, api);

beforeEach(() => (costTiming.progressEveryMs = 0));
afterAll(() => (costTiming.progressEveryMs = 60_000));

describe('Search Businesses on API v1', () => returnAllCostCases('v1'));

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
