/**
 * The paged searches tell their cost as the batched nodes do (batching/cost.ts, issue 28), on API
 * v2 (searchMetering.cases.ts; on v1: searchMetering.v1.test.ts): a search that needs more than a
 * minute of the key's queries says so once its first page tells the total (not before: the total is
 * not known before), progress counts the pages done, and the queries spent are told after. The
 * sandbox meters a scaled window (30 queries in 2 seconds, told to the client by its headers), so
 * the figures are those of a key of 30 queries a minute. Also on v2: a Return All the workflow's
 * timeout cannot hold stopped after its first page, and 40 items each searching one page, told
 * before the first request once for the node.
 */
import type { IDataObject } from 'n8n-workflow';

import { costTiming } from '../../nodes/shared/batching/cost';
import { catalogFor } from '../../nodes/shared/api';
import { onItems, packageNode, runWorkflow } from './harness';
import { typeVersionFor } from './harness/apiVersions';
import { meteredKey, returnAllCostCases, runTold, sandbox, searchBusinesses, setUpSandbox, THOUSAND } from './searchMetering.cases';

setUpSandbox();

beforeEach(() => (costTiming.progressEveryMs = 0));
afterAll(() => (costTiming.progressEveryMs = 60_000));

describe('Search Businesses on API v2', () => returnAllCostCases('v2'));

test('Search Businesses 2: a Return All the workflow timeout cannot hold stops after its first page, naming both figures', async () => {
	const credentials = await meteredKey('search-metered-timeout-v2', 'v2');
	const node = searchBusinesses('v2', { returnAll: true, filtersJson: THOUSAND, options: { pageSize: 10 } });
	const run = await runWorkflow({ ...onItems([{}], node), settings: { executionTimeout: 60 } }, { credentials });

	expect(run.error?.message).toBe(
		"The search's first page counts 1,000 results, so this run needs about 100 queries: at least 3 minutes at 30 queries per minute, longer than the time left before the workflow times out (less than a minute); stopped after 1 query",
	);
	expect(sandbox.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`POST ${catalogFor('v2').searchBusinesses.path}`]);
	expect((sandbox.requests[0].body as IDataObject).page_size).toBe(10);
});

test('Search Prospects 3: 40 items each searching one page: the cost told before the first request, once for the node', async () => {
	const credentials = await meteredKey('search-metered-items-v2', 'v2');
	const items: IDataObject[] = Array.from({ length: 40 }, (_, n) => ({ limit: n + 1 }));
	const node = packageNode('searchProspects', 'Search Prospects', { limit: '={{ $json.limit }}' }, { typeVersion: typeVersionFor('searchProspects', 'v2') });
	const run = await runTold(onItems(items, node), { credentials });

	expect(run.error).toBeUndefined();
	expect(run.json('Search Prospects')).toHaveLength((40 * 41) / 2);
	expect(sandbox.requests.map((request) => request.path)).toEqual(Array(40).fill(catalogFor('v2').searchProspects.path));
	const before = 'This run needs about 40 queries: at least 1 minute at 30 queries per minute';
	expect(run.runData['Search Prospects'][0].hints).toEqual([
		{ message: before, location: 'outputPane' },
		{ message: 'This run spent 40 queries in 40 requests', location: 'outputPane' },
	]);
	expect(run.told[0]).toEqual({ message: `Search Prospects: ${before}`, sent: 0 });
	expect(run.told.filter((told) => told.message.includes('needs'))).toHaveLength(1);
});
