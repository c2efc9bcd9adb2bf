/**
 * Search Prospects' large searches: the sandbox serves 60,500 prospects to a search, each id once.
 * On API v2: version 3's Return All, the service's 60,000 records in pages of 500 by cursor, and
 * version 1 on a credential set to v2 keeping its cap of 10,000; a Limit above either refused
 * before sending. The searches on API v1 (node versions 1 and 2): largeSearch.v1.test.ts.
 */
import type { INodeParameters } from 'n8n-workflow';

import { ENDPOINTS, LIMITS } from '../../../nodes/shared/api';
import { onItems, packageNode, runWorkflow, sandboxCredentials, useSandbox } from '../harness';
import { typeVersionFor } from '../harness/apiVersions';

const SERVED = 60_500;

const sandbox = useSandbox({ searchableProspects: SERVED, rateLimit: false }, (started) => started.configure({ searchShift: 0 }));

const servedIds = () => sandbox.universe.searchProspects().map((entry) => entry.prospect.prospect_id);

test(`the sandbox serves ${SERVED} prospects to a search, each id once`, () => {
	const ids = servedIds();
	expect(ids).toHaveLength(SERVED);
	expect(new Set(ids).size).toBe(SERVED);
});

const NODE = 'Search Prospects';
const MOST = LIMITS.prospectSearchSize.max;
const MOST_VERSION_1 = LIMITS.prospectSearchSizeVersion1;
const PAGE = LIMITS.searchPageSize.max;

/** One search at `typeVersion`, on a credential set to v2 (version 3 speaks it by itself). */
async function run(parameters: INodeParameters, typeVersion: number) {
	const node = packageNode('searchProspects', NODE, parameters, { typeVersion });
	return await runWorkflow(onItems([{}], node), { credentials: sandboxCredentials(sandbox, { apiVersion: 'v2', maxRequestsPerMinute: 1_000_000 }) });
}
const idsOf = (records: Array<{ prospect_id?: unknown }>) => records.map((record) => record.prospect_id);
/** Every request, path and body, the cursor said only as there or not. */
const sent = () =>
	sandbox.requests.map((request) => {
		const { next_cursor, ...body } = request.body as { next_cursor?: string };
		return { path: request.path, ...body, cursor: next_cursor !== undefined };
	});

test('version 3, Return All: the service\'s 60,000 in 120 pages of 500 by cursor, unique prospects in order, paired', async () => {
	const result = await run({ returnAll: true }, typeVersionFor('searchProspects', 'v2'));

	expect(result.error).toBeUndefined();
	expect(sent()).toEqual(Array.from({ length: MOST / PAGE }, (_, n) => ({ path: ENDPOINTS.searchProspects.path, mode: 'preview', page_size: PAGE, cursor: n > 0 })));
	const ids = idsOf(result.json(NODE));
	expect(ids).toEqual(servedIds().slice(0, MOST));
	expect(new Set(ids).size).toBe(MOST);
	expect(result.pairedItems(NODE).every((paired) => paired.length === 1 && paired[0].item === 0)).toBe(true);
}, 300_000);

test('version 1 on a credential set to v2 keeps its cap and its pages: Return All gives 10,000 prospects in 100 pages of 100', async () => {
	const result = await run({ returnAll: true }, 1);

	expect(result.error).toBeUndefined();
	// version 1's pages are of up to 100, as on v1
	expect(sent()).toEqual(Array.from({ length: MOST_VERSION_1 / 100 }, (_, n) => ({ path: ENDPOINTS.searchProspects.path, mode: 'preview', page_size: 100, cursor: n > 0 })));
	expect(idsOf(result.json(NODE))).toEqual(servedIds().slice(0, MOST_VERSION_1));
});

test.each([
	[3, MOST],
	[1, MOST_VERSION_1],
])('version %d on v2: a Limit above %d is refused before anything is sent', async (typeVersion, most) => {
	const result = await run({ limit: most + 1 }, typeVersion);

	expect(result.error?.message).toBe(`Item 0: limit must be a whole number from 1 to ${most}`);
	expect(result.error?.description).toBe('Check "Limit". Nothing was sent to the service for this item.');
	expect(sandbox.requests).toHaveLength(0);
});
