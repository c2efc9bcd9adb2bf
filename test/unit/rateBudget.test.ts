import { budgetFingerprint, RateBudget, sharedBudget, WINDOW_SLACK_MS } from '../../nodes/shared/transport/rateBudget';

describe('RateBudget', () => {
	beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
	afterEach(() => jest.useRealTimers());

	/** Acquires `n` slots one after another and returns when each was granted, in ms from the start. */
	async function grantTimes(budget: RateBudget, n: number): Promise<number[]> {
		const start = Date.now();
		const times: number[] = [];
		const all = (async () => {
			for (let i = 0; i < n; i++) {
				await budget.acquire();
				times.push(Date.now() - start);
			}
		})();
		while (times.length < n) await jest.advanceTimersByTimeAsync(50);
		await all;
		return times;
	}

	it('lets `rate` requests through at once and paces the rest by the window', async () => {
		const budget = new RateBudget(3, 300);
		const times = await grantTimes(budget, 7);
		expect(times.slice(0, 3).every((t) => t < 50)).toBe(true);
		// requests 4-6 wait for the first window to pass, request 7 for the second
		expect(times[3]).toBeGreaterThanOrEqual(300);
		expect(times[5]).toBeLessThan(400);
		expect(times[6]).toBeGreaterThanOrEqual(600);
	});

	it('books its window a little longer than the service counts, so it never runs ahead of it', () => {
		expect(WINDOW_SLACK_MS).toBeGreaterThan(0);
	});

	it('pauses everyone for the Retry-After of a 429, halves its rate, and climbs back on clean answers', async () => {
		const budget = new RateBudget(10, 1000);
		budget.throttled(5000);
		expect(budget.currentRate).toBe(5);
		const times = await grantTimes(budget, 6);
		expect(times[0]).toBeGreaterThanOrEqual(5000);
		// at half rate the 6th request waits for the window
		expect(times[5]).toBeGreaterThanOrEqual(times[0] + 1000);
		for (let i = 0; i < 25; i++) budget.answered();
		expect(budget.currentRate).toBe(10);
		for (let i = 0; i < 100; i++) budget.answered();
		expect(budget.currentRate).toBe(10);
	});

	it('never drops below one request per window', () => {
		const budget = new RateBudget(2, 1000);
		for (let i = 0; i < 10; i++) budget.throttled(undefined);
		expect(budget.currentRate).toBe(1);
	});

	it('says no instead of waiting past a deadline, booking nothing', async () => {
		const budget = new RateBudget(1, 10_000);
		expect(await budget.acquire()).toBe(true);
		expect(await budget.acquire(Date.now() + 1000)).toBe(false);
		// nothing was booked by the refusal: after the window one request fits again
		await jest.advanceTimersByTimeAsync(10_001);
		expect(await budget.acquire(Date.now())).toBe(true);
	});
});

describe('sharedBudget', () => {
	it('is one budget per key and base URL in the process, keyed by a hash that does not contain the key', () => {
		const key = 'sk-shared-budget-test';
		const fingerprint = budgetFingerprint('https://api.example.com', key);
		expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
		expect(fingerprint).not.toContain(key);
		const a = sharedBudget(fingerprint, 200);
		expect(sharedBudget(fingerprint, 200)).toBe(a);
		expect(sharedBudget(budgetFingerprint('https://api.example.com', 'other-key'), 200)).not.toBe(a);
		expect(sharedBudget(budgetFingerprint('https://other.example.com', key), 200)).not.toBe(a);
	});

	it('follows the credential when its ceiling changes', () => {
		const budget = sharedBudget(budgetFingerprint('https://ceiling.example.com', 'k'), 200);
		expect(budget.currentRate).toBe(200);
		sharedBudget(budgetFingerprint('https://ceiling.example.com', 'k'), 50);
		expect(budget.currentRate).toBe(50);
		sharedBudget(budgetFingerprint('https://ceiling.example.com', 'k'), 400);
		expect(budget.currentRate).toBe(400);
	});
});
