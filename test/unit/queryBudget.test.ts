/**
 * The budget counts queries (rate-limits.md): a request books its weight in the key's window, waits
 * until the service's reported window has room for it, and learns the weight of an endpoint whose
 * weight the service does not publish from the drop in X-RateLimit-Remaining across it.
 */
import { RateBudget } from '../../nodes/shared/transport/rateBudget';

describe('RateBudget in queries', () => {
	beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
	afterEach(() => jest.useRealTimers());

	it('books each request by its weight in the sliding window', async () => {
		const budget = new RateBudget(100, 1000);
		expect(await budget.acquire(40)).toBe(true);
		budget.answered();
		expect(await budget.acquire(40)).toBe(true);
		// 80 booked: 40 more do not fit before the first 40 leave the window; 20 do
		expect(await budget.acquire(40, Date.now() + 999)).toBe(false);
		expect(budget.refusedUntil).toBe(Date.now() + 1000);
		expect(await budget.acquire(20)).toBe(true);
		await jest.advanceTimersByTimeAsync(1000);
		expect(await budget.acquire(40, Date.now())).toBe(true);
	});

	it('books first come first: a small request that would fit never overtakes a larger one waiting for the window', async () => {
		const budget = new RateBudget(100, 1000);
		expect(await budget.acquire(60)).toBe(true);
		budget.answered();
		const granted: number[] = [];
		const large = budget.acquire(60).then(() => granted.push(60));
		const small = budget.acquire(20).then(() => granted.push(20));
		await jest.advanceTimersByTimeAsync(500);
		// 40 are free: the 20 would fit, but the 60 asked first
		expect(granted).toEqual([]);
		await jest.advanceTimersByTimeAsync(600);
		await Promise.all([large, small]);
		expect(granted).toEqual([60, 20]);
	});

	it('lets a request heavier than the lowered rate go alone in an empty window, never holding it forever', async () => {
		const budget = new RateBudget(100, 1000);
		budget.throttled(undefined);
		expect(budget.currentRate).toBe(50);
		expect(await budget.acquire(80, Date.now())).toBe(true);
		expect(await budget.acquire(1, Date.now() + 999)).toBe(false);
	});

	it('starts a bulk call only when the service reports room for its weight, waiting for the window otherwise', async () => {
		const budget = new RateBudget(200, 60_000);
		expect(await budget.acquire(161)).toBe(true);
		budget.answered({ limit: 200, remaining: 39, resetSeconds: 30 });
		// 39 left: a 40-entity call waits until the service's window frees queries (30 s), a 39 goes
		expect(await budget.acquire(40, Date.now() + 29_000)).toBe(false);
		expect(budget.refusedUntil).toBe(Date.now() + 30_000);
		expect(await budget.acquire(39, Date.now())).toBe(true);
	});

	it('keeps a reserve once the service counts queries this process did not send (another process on the key)', async () => {
		const budget = new RateBudget(200, 60_000);
		expect(await budget.acquire(1)).toBe(true);
		// 100 used at the service, 1 of them here
		budget.answered({ limit: 200, remaining: 100, resetSeconds: 30 });
		expect(await budget.acquire(99, Date.now())).toBe(false);
		expect(await budget.acquire(98, Date.now())).toBe(true);
	});

	it('caps what one request may weigh at the key limit, the credential or the service, whichever is lower', () => {
		const budget = new RateBudget(200, 60_000);
		expect(budget.queriesPerMinute).toBe(200);
		budget.answered({ limit: 30, remaining: 30, resetSeconds: 0 });
		expect(budget.queriesPerMinute).toBe(30);
		budget.setCeiling(20);
		expect(budget.queriesPerMinute).toBe(20);
	});
});
