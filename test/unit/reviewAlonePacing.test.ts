/**
 * Review of c2b66e9: a process alone on its key takes its own queries of just over a minute ago
 * for another process's. The service's window starts when a query arrives and the report is read
 * when the answer is back, so a query booked up to a round trip more than 60 s before the answer
 * is still in the service's count but no longer in `bookedSince(now - 60 s)`. The key then counts
 * as shared for five windows: every fresh report keeps the reserve of 2 (a request that would
 * leave fewer waits for the report to go stale), and each window holds a little less than the
 * limit, so the last requests of a run wait a whole window more.
 *
 * In the commit's own simulation (support/keySimulation.ts, one process, default round trips), on
 * c2b66e9's parent (3ecb353) every case below fills each minute (200 200 ...); on c2b66e9:
 * 400 x 1: 200 198 2 (121 s instead of 66 s, floor 60 s); 80 x 5: 200 195 5 (122 s vs 63 s);
 * 100 x 10: 200 200 190 190 190 30 (305 s vs 245 s, floor 240 s). Restoring only the detection
 * line of c2b66e9 (`> this.windowWeight`) makes them pass again, and sharedKeyPacing's four
 * seeds still pass then.
 */
import { simulateKey } from './support/keySimulation';

jest.setTimeout(300_000);

describe('one process alone on its key (review of c2b66e9)', () => {
	beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
	afterEach(() => jest.useRealTimers());

	it.each([
		[400, 1, [200, 200]],
		[80, 5, [200, 200]],
		[100, 10, [200, 200, 200, 200, 200]],
	])('%i requests of %i queries, 4 at a time: the service accepts 200 queries in every minute, no 429', async (requests, weight, perMinute) => {
		const result = await simulateKey({ processes: [[[Array<number>(requests).fill(weight)]]], seed: 1 });
		expect(result.refused).toBe(0);
		expect(result.perMinute).toEqual(perMinute);
	});
});
