/**
 * The queue-mode acceptance in simulation: two n8n processes (queue-mode workers), each
 * running two executions of Match Prospects -> Enrich of 300 contacts at once on one API key, the
 * service a sliding window of 200 queries a minute (support/keySimulation.ts: seeded, on Jest's
 * fake clock, so every run is the same). The real-n8n measurement is test/e2e/queueMode.test.ts
 * with QUEUE_MODE_CONTACTS=300 (docs/scaling.md).
 *
 * Before the budget took back the room the service reports after a 429, and while it missed the
 * other process behind its own window's slack, these seeds took up to 1.76x the floor with up to 6
 * answers 429 (seeds 1 to 4: 1.005x, 1.388x, 1.109x, 1.759x; 1, 4, 4, 6). Before a process sharing
 * the key kept to the room its own queries freed, took the room a refused request had booked back,
 * and broke a tie over the last call's room on a toss, the same seeds at v2's 50 contacts a match
 * call met 0, 3, 4 and 4 answers 429 (1.004x to 1.101x), and at v1's 40 they left 40 queries of a
 * minute unused for minutes on end (160 a minute: 1.10x).
 */
import { V1_LIMITS } from '../../nodes/shared/api';
import { matchEnrich, simulateKey } from './support/keySimulation';

jest.setTimeout(300_000);

describe('two processes share one key: 2 x 2 executions of Match -> Enrich, 300 contacts each', () => {
	beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
	afterEach(() => jest.useRealTimers());

	const executions = (matchItems?: number) => [
		[matchEnrich(300, 253, matchItems), matchEnrich(300, 254, matchItems)],
		[matchEnrich(300, 254, matchItems), matchEnrich(300, 253, matchItems)],
	];
	/** the second process starts this late (ms), and requests take up to this long each way (ms), by seed */
	const setting = (seed: number) => ({ start: [0, 30, 150, 400, 800, 1500][seed % 6], jitterMs: 5 + (seed % 4) * 20 });

	it.each([1, 2, 3, 4])(
		'API v2 (50 contacts a match call), seed %i: every query accepted once, at most 1 answer 429, within 1.01x of the floor',
		async (seed) => {
			const { start, jitterMs } = setting(seed);
			const result = await simulateKey({ processes: executions(), startsMs: [0, start], seed, jitterMs });
			// 2 x 2 x (300 match + 253 or 254 enrich)
			expect(result.queries).toBe(2 * (2 * 300 + 253 + 254));
			expect(result.floorMs).toBe(11 * 60_000);
			expect(result.refused).toBeLessThanOrEqual(1);
			expect(result.elapsedMs).toBeLessThanOrEqual(1.01 * result.floorMs);
		},
	);

	// v1's calls of 40 and 50 fit a window of 200 less evenly. Over seeds 1 to 12 the runs met 0 to 5
	// answers 429 (2.4 on average) and 1.006x to 1.107x: seeds 2, 4, 10 and 11 are at the acceptance's
	// edge or past it (4 or 5 answers 429, or 1.100x to 1.107x). These four meet it, and hold the line.
	it.each([1, 3, 5, 7])(
		'API v1 (40 contacts a match call), seed %i (a pin against regressions, not the acceptance: see above): every query accepted once, at most 3 answers 429, within 1.1x of the floor',
		async (seed) => {
			const { start, jitterMs } = setting(seed);
			const result = await simulateKey({ processes: executions(V1_LIMITS.matchItems), startsMs: [0, start], seed, jitterMs });
			expect(result.queries).toBe(2 * (2 * 300 + 253 + 254));
			expect(result.refused).toBeLessThanOrEqual(3);
			expect(result.elapsedMs).toBeLessThanOrEqual(1.1 * result.floorMs);
		},
	);
});

/**
 * One process alone on its key fills every minute: its own queries of just over a minute ago,
 * still in the service's count at the answer, are not taken for another process's (the key would
 * count as shared, keep a reserve and leave each minute a little short: a first cut of the sharing
 * check did, 400 x 1 query took 121 s instead of 66 s).
 */
describe('one process alone on its key', () => {
	beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
	afterEach(() => jest.useRealTimers());

	it.each([
		[400, 1, [200, 200]],
		[80, 5, [200, 200]],
		[100, 10, [200, 200, 200, 200, 200]],
	])(
		'%i requests of %i queries, 4 at a time: the service accepts 200 queries in every minute, no 429',
		async (requests, weight, perMinute) => {
			const result = await simulateKey({ processes: [[[Array<number>(requests).fill(weight)]]], seed: 1 });
			expect(result.refused).toBe(0);
			expect(result.perMinute).toEqual(perMinute);
		},
	);
});
