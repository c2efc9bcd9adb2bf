/**
 * Search Prospects on API v1 up to the service's 60,000 records per search (node version 2), in
 * n8n-core's engine against a sandbox that serves 60,500 prospects: exact request count (the
 * minimum, 600 pages of 100), every page once, 60,000 unique prospects in the service's order.
 * Version 1 keeps its cap of 10,000. A record the service serves again on a later page is output
 * once and the run says so. The sandbox's rate limit is off and the credential's budget high: this
 * file is about counts and order, not pacing (the transport tests hold that). Retiring v1 deletes
 * this file (docs/development.md, "Retiring API v1").
 */
import type { INodeParameters } from 'n8n-workflow';

import { LIMITS, V1_LIMITS } from '../../../nodes/shared/api';
import type { RecordedRequest } from '../../sandbox';
import { onItems, packageNode, runWorkflow, sandboxCredentials, useSandbox } from '../harness';

const NODE = 'Search Prospects';
const SEARCH_PATH = '/v1/prospects';
const SERVED = 60_500;
const MOST = LIMITS.prospectSearchSize.max;
const MOST_VERSION_1 = LIMITS.prospectSearchSizeVersion1;

const sandbox = useSandbox({ searchableProspects: SERVED, rateLimit: false }, (started) => started.configure({ searchShift: 0 }));

async function run(parameters: INodeParameters, typeVersion: number) {
	const node = packageNode('searchProspects', NODE, parameters, {
		typeVersion,
	});
	return await runWorkflow(onItems([{}], node), {
		credentials: sandboxCredentials(sandbox, {
			maxRequestsPerMinute: 1_000_000,
		}),
	});
}

const searches = (): RecordedRequest[] => sandbox.requests.filter((request) => request.path === SEARCH_PATH);
const pagesAsked = () => searches().map((request) => (request.body as { page: number }).page);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, n) => from + n);
const servedIds = () => sandbox.universe.searchProspects().map((entry) => entry.prospect.prospect_id);
const idsOf = (records: Array<{ prospect_id?: unknown }>) => records.map((record) => record.prospect_id);

test('version 2, Return All: 600 requests of 100 (every page once, page 1 first), 60,000 unique prospects in order, paired', async () => {
	const expected = servedIds().slice(0, MOST);

	const result = await run({ returnAll: true }, 2);

	expect(result.error).toBeUndefined();
	expect(searches()).toHaveLength(MOST / V1_LIMITS.searchPageSize.max);
	expect(pagesAsked()[0]).toBe(1);
	expect([...pagesAsked()].sort((a, b) => a - b)).toEqual(range(1, 600));
	const shapes = new Set(searches().map(({ body, status }) => JSON.stringify({ ...(body as object), page: undefined, status })));
	expect([...shapes].map((shape) => JSON.parse(shape) as unknown)).toEqual([{ mode: 'preview', size: MOST, page_size: 100, status: 200 }]);

	const out = result.json(NODE);
	const ids = idsOf(out);
	expect(ids).toHaveLength(MOST);
	expect(new Set(ids).size).toBe(MOST);
	expect(ids[0]).toBe(expected[0]);
	expect(ids[MOST - 1]).toBe(expected[MOST - 1]);
	expect(ids).toEqual(expected);
	expect(result.pairedItems(NODE).every((paired) => paired.length === 1 && paired[0].item === 0)).toBe(true);
	expect(result.runData[NODE][0].hints ?? []).toEqual([]);
	// 600 requests through n8n's HTTP stack with the sandbox in this process: more than the usual minute on a loaded machine
}, 300_000);

test('version 1 keeps its cap: Return All gives 10,000 prospects in 100 requests of size 10,000', async () => {
	const result = await run({ returnAll: true }, 1);

	expect(result.error).toBeUndefined();
	expect(searches().map((request) => request.body)).toEqual(
		range(1, 100).map((page) => ({
			mode: 'preview',
			size: MOST_VERSION_1,
			page_size: 100,
			page,
		})),
	);
	expect(idsOf(result.json(NODE))).toEqual(servedIds().slice(0, MOST_VERSION_1));
});

test.each([
	[2, MOST],
	[1, MOST_VERSION_1],
])('version %d: a Limit above %d is refused before anything is sent', async (typeVersion, most) => {
	const result = await run({ limit: most + 1 }, typeVersion);

	expect(result.error?.message).toBe(`Item 0: size must be at most ${most}`);
	expect(result.error?.description).toContain('Check "Limit".');
	expect(sandbox.requests).toHaveLength(0);
});

describe('a record the service serves again on a later page (its results changed between pages)', () => {
	const hint = (count: string, itIs: string) => ({
		message: `Item 0: the service returned ${count} again on a later page (its results changed during the search). ${itIs} output once, so the search may return fewer records than asked for; run it again for a consistent list.`,
		location: 'outputPane',
	});

	test('Limit 250 with Include Total (size 60,000): the repeated record is dropped and page 3 still fills the limit', async () => {
		sandbox.configure({ searchShift: 1 });
		const expected = servedIds();

		const result = await run({ limit: 250, options: { includeTotal: true } }, 2);

		expect(result.error).toBeUndefined();
		expect(
			searches()
				.map((request) => request.body)
				.sort((a, b) => (a as { page: number }).page - (b as { page: number }).page),
		).toEqual(
			[1, 2, 3].map((page) => ({
				mode: 'preview',
				size: MOST,
				page_size: 100,
				page,
			})),
		);
		const out = result.json(NODE);
		expect(idsOf(out)).toEqual(expected.slice(0, 250));
		expect(new Set(out.map((record) => record.total_results))).toEqual(new Set([MOST]));
		expect(result.runData[NODE][0].hints).toEqual([hint('1 record', 'It is')]);
	});

	test('Limit 200 (size 200): the 3 repeats are dropped and the cap leaves no page for more: 197 unique prospects, and the run says why', async () => {
		sandbox.configure({ searchShift: 3 });
		const expected = servedIds();

		const result = await run({ limit: 200 }, 2);

		expect(pagesAsked().sort((a, b) => a - b)).toEqual([1, 2]);
		const ids = idsOf(result.json(NODE));
		expect(ids).toEqual(expected.slice(0, 197));
		expect(new Set(ids).size).toBe(197);
		expect(result.runData[NODE][0].hints).toEqual([hint('3 records', 'Each is')]);
	});
});
