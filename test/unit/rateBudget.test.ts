import { sleep } from 'n8n-workflow';

import { LIMITS } from '../../nodes/shared/api';
import { budgetFingerprint, RateBudget, readServiceWindow, sharedBudget, WINDOW_SLACK_MS } from '../../nodes/shared/transport/rateBudget';
import { SlidingWindow } from '../sandbox/rateLimit';

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
		expect(await budget.acquire(1, Date.now() + 1000)).toBe(false);
		// nothing was booked by the refusal: after the window one request fits again
		await jest.advanceTimersByTimeAsync(10_001);
		expect(await budget.acquire(1, Date.now())).toBe(true);
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

describe('readServiceWindow', () => {
	it('reads X-RateLimit-Remaining, -Limit and -Reset; nothing without Remaining', () => {
		expect(readServiceWindow({ 'x-ratelimit-limit': '200', 'x-ratelimit-remaining': '17', 'x-ratelimit-reset': '42' })).toEqual({
			limit: 200,
			remaining: 17,
			resetSeconds: 42,
		});
		expect(readServiceWindow({ 'x-ratelimit-remaining': '3' })).toEqual({ remaining: 3, limit: undefined, resetSeconds: undefined });
		expect(readServiceWindow({ 'x-ratelimit-limit': '200' })).toBeUndefined();
		expect(readServiceWindow({ 'x-ratelimit-remaining': 'soon' })).toBeUndefined();
		expect(readServiceWindow(undefined)).toBeUndefined();
	});
});

describe('RateBudget and the service window', () => {
	beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
	afterEach(() => jest.useRealTimers());

	/** Starts an acquire and tells whether it was granted after `ms`. */
	async function grantedWithin(budget: RateBudget, ms: number, weight = 1): Promise<{ granted: () => boolean; done: Promise<boolean> }> {
		let granted = false;
		const done = budget.acquire(weight).then((ok) => (granted = ok));
		await jest.advanceTimersByTimeAsync(ms);
		return { granted: () => granted, done };
	}

	it('a burst of 429s from one congestion halves the rate once; a later one halves it again', async () => {
		const budget = new RateBudget(200, 60_000);
		for (let i = 0; i < 8; i++) budget.throttled(1_000);
		expect(budget.currentRate).toBe(100);
		await jest.advanceTimersByTimeAsync(2_500);
		budget.throttled(1_000);
		expect(budget.currentRate).toBe(50);
	});

	it('a rate halved by a 429 takes back at once the room the service then reports, instead of climbing query by query', async () => {
		const budget = new RateBudget(200, 60_000);
		const first = await budget.book(40);
		budget.throttled(1_000, { limit: 200, remaining: 0, resetSeconds: 1 }, first);
		expect(budget.currentRate).toBe(100);
		// the congestion is over (its Retry-After and the hold after the decrease)
		await jest.advanceTimersByTimeAsync(2_100);
		const second = await budget.book(40);
		budget.answered({ limit: 200, remaining: 160, resetSeconds: 58 }, second);
		// 80 booked here and 160 left: 200 is this process's room (before the fix: 108, and the next 40 waited a minute)
		expect(budget.currentRate).toBe(200);
		const third = await grantedWithin(budget, 100);
		expect(third.granted()).toBe(true);
	});

	it("sees another process's queries while its own of a minute ago is out of the service's count but still in its window", async () => {
		// the toss over a tie (40 of this process and 40 of the other) lost
		const budget = new RateBudget(undefined, undefined, undefined, () => 0.99);
		const first = await budget.book(40);
		budget.answered({ limit: 200, remaining: 160, resetSeconds: 60 }, first);
		// 60.3 s later: the service dropped the first 40 (its window is 60 s); this budget keeps them a second longer
		await jest.advanceTimersByTimeAsync(60_300);
		const second = await budget.book(40);
		// the service counts 80: this 40 and 40 of another process
		budget.answered({ limit: 200, remaining: 120, resetSeconds: 59 }, second);
		// shared: an exact fit (120 of 120) would leave the other process nothing of the reserve; alone it would go at once
		const exact = budget.book(120);
		let granted = false;
		void exact.then(() => (granted = true));
		await jest.advanceTimersByTimeAsync(1_000);
		expect(granted).toBe(false);
		await jest.advanceTimersByTimeAsync(60_000);
		expect(granted).toBe(true);
	});

	it('two processes holding as much of the window each: the one that wins the toss takes the room for one more call, the other leaves it', async () => {
		const outcome = async (toss: number) => {
			const budget = new RateBudget(200, 61_000, undefined, () => toss);
			const first = await budget.book(40);
			// 40 of this process and 40 of another in the count; room for exactly one call of 120
			budget.answered({ limit: 200, remaining: 120, resetSeconds: 59 }, first);
			const exact = await grantedWithin(budget, 1_000, 120);
			return exact.granted();
		};
		expect(await outcome(0)).toBe(true);
		expect(await outcome(0.99)).toBe(false);
	});

	it('a process holding less of the window than the other leaves the room for exactly one call (no toss: the reserve holds)', async () => {
		const budget = new RateBudget(200, 61_000, undefined, () => 0);
		const first = await budget.book(40);
		// 40 of this process and 80 of another: 80 left, exactly one call of 80
		budget.answered({ limit: 200, remaining: 80, resetSeconds: 59 }, first);
		const exact = await grantedWithin(budget, 1_000, 80);
		expect(exact.granted()).toBe(false);
	});

	it('remembers for several windows that the key is shared, so that a minute without seeing the other process is no licence to fill the window', async () => {
		const budget = new RateBudget();
		const first = await budget.book(40);
		// 40 of another process in the count
		budget.answered({ limit: 200, remaining: 120, resetSeconds: 60 }, first);
		// two minutes on, a report that happens to count this process's queries only
		await jest.advanceTimersByTimeAsync(125_000);
		const second = await budget.book(40);
		budget.answered({ limit: 200, remaining: 160, resetSeconds: 60 }, second);
		const exact = budget.book(160);
		let granted = false;
		void exact.then(() => (granted = true));
		await jest.advanceTimersByTimeAsync(1_000);
		expect(granted).toBe(false);
		await jest.advanceTimersByTimeAsync(61_000);
		expect(granted).toBe(true);
	});

	it('sends one request at a time while the service reports its window nearly full', async () => {
		const budget = new RateBudget(200, 60_000);
		expect(await budget.acquire()).toBe(true);
		budget.answered({ limit: 200, remaining: 15, resetSeconds: 30 });
		expect(await budget.acquire()).toBe(true);
		// the first is answered, the second is still in flight: the third waits for its answer
		const third = await grantedWithin(budget, 500);
		expect(third.granted()).toBe(false);
		budget.answered({ limit: 200, remaining: 14, resetSeconds: 30 });
		await jest.advanceTimersByTimeAsync(50);
		expect(third.granted()).toBe(true);
	});

	it('a request never answered holds up the next one in one-at-a-time mode for a bounded time only', async () => {
		const budget = new RateBudget(200, 60_000);
		expect(await budget.acquire()).toBe(true);
		budget.answered({ limit: 200, remaining: 10, resetSeconds: 200 });
		expect(await budget.acquire()).toBe(true);
		const next = await grantedWithin(budget, 60_000);
		expect(next.granted()).toBe(false);
		await jest.advanceTimersByTimeAsync(31_000);
		expect(next.granted()).toBe(true);
	});

	it('bursts again while the service reports room', async () => {
		const budget = new RateBudget(200, 60_000);
		expect(await budget.acquire()).toBe(true);
		budget.answered({ limit: 200, remaining: 150, resetSeconds: 30 });
		for (let i = 0; i < 20; i++) expect(await budget.acquire()).toBe(true);
	});

	it("on a shared key at the reserve, waits for the slot the service frees; the report stale, it sends into the room its own queries freed only, not another process's", async () => {
		const budget = new RateBudget(200, 60_000);
		expect(await budget.acquire()).toBe(true);
		// 198 used, 1 of them this process's: shared
		budget.answered({ limit: 200, remaining: 2, resetSeconds: 30 });
		const next = await grantedWithin(budget, 29_000);
		expect(next.granted()).toBe(false);
		// 30 s: a slot of the other process's frees; the other process sends into it (before: this one
		// probed it at once, and one of the two requests was answered 429)
		await jest.advanceTimersByTimeAsync(1_100);
		expect(next.granted()).toBe(false);
		// 60 s: this process's own query has left the window: its room
		await jest.advanceTimersByTimeAsync(30_000);
		expect(next.granted()).toBe(true);
	});

	it("on a shared key, the report stale and full: it goes when its own query leaves its window (61 s), not when another's frees the service's slot (60 s)", async () => {
		const budget = new RateBudget();
		const first = await budget.book(40);
		budget.answered({ limit: 200, remaining: 160, resetSeconds: 60 }, first);
		await jest.advanceTimersByTimeAsync(10_000);
		const second = await budget.book(40);
		// 200 used, 80 of them this process's: shared, and full until 60 s (another process's query frees first)
		budget.answered({ limit: 200, remaining: 0, resetSeconds: 50 }, second);
		const next = await grantedWithin(budget, 50_500, 40);
		expect(next.granted()).toBe(false);
		// 60.5 s: the slot the service freed is the other process's; this one's second query is still in
		await jest.advanceTimersByTimeAsync(400);
		expect(next.granted()).toBe(false);
		// 61 s: its first 40 have left its window: that room is its own
		await jest.advanceTimersByTimeAsync(400);
		expect(next.granted()).toBe(true);
	});

	it('on a shared key, a stale report that still shows room goes one at a time at once, not a minute later (a report without X-RateLimit-Reset is stale at once)', async () => {
		const budget = new RateBudget();
		const first = await budget.book(1);
		// 3 used, 1 of them this process's: shared
		budget.answered({ limit: 200, remaining: 197 }, first);
		const second = await budget.book(50);
		budget.answered({ limit: 200, remaining: 147 }, second);
		const third = await grantedWithin(budget, 100, 50);
		expect(third.granted()).toBe(true);
	});

	it('tosses once a tie: reports that find the window as the last one did keep the toss', async () => {
		const random = jest.fn(() => 0.99);
		const budget = new RateBudget(200, 61_000, undefined, random);
		const first = await budget.book(40);
		budget.answered({ limit: 200, remaining: 120, resetSeconds: 59 }, first);
		const exact = await grantedWithin(budget, 100, 120);
		for (let i = 0; i < 3; i++) budget.answered({ limit: 200, remaining: 120, resetSeconds: 59 });
		await jest.advanceTimersByTimeAsync(100);
		expect(exact.granted()).toBe(false);
		expect(random).toHaveBeenCalledTimes(1);
	});

	it('on a shared key with none of its queries in the window (every request refused), it probes one at a time once the report is stale', async () => {
		const budget = new RateBudget(200, 60_000);
		const first = await budget.book(40);
		// refused: the service counted none of it; 200 of another process's
		budget.throttled(1_000, { limit: 200, remaining: 0, resetSeconds: 1 }, first);
		const retry = await grantedWithin(budget, 900, 40);
		expect(retry.granted()).toBe(false);
		// the Retry-After and the report's second are over: the refused 40 do not hold it back a minute more
		await jest.advanceTimersByTimeAsync(1_200);
		expect(retry.granted()).toBe(true);
	});

	it('counts its own requests against the reported room', async () => {
		const budget = new RateBudget(200, 60_000);
		expect(await budget.acquire()).toBe(true);
		budget.answered({ limit: 200, remaining: 24, resetSeconds: 30 });
		// 24 left: bursting until 20 (the low mark), then one at a time
		for (let i = 0; i < 4; i++) expect(await budget.acquire()).toBe(true);
		const fifth = await grantedWithin(budget, 1_000);
		expect(fifth.granted()).toBe(false);
		budget.released();
		budget.released();
		budget.released();
		budget.released();
		await jest.advanceTimersByTimeAsync(50);
		expect(fifth.granted()).toBe(true);
	});

	it("a 429 waits its Retry-After, not the window's reset, when the service reports room", async () => {
		const budget = new RateBudget(200, 60_000);
		expect(await budget.acquire()).toBe(true);
		// e.g. a 429 of another limit than the window's, or a proxy's
		budget.throttled(1_000, { limit: 200, remaining: 150, resetSeconds: 55 });
		const next = await grantedWithin(budget, 1_500);
		expect(next.granted()).toBe(true);
	});

	it('a deadline that the wait for a free slot would pass is refused at once', async () => {
		const budget = new RateBudget(200, 60_000);
		expect(await budget.acquire()).toBe(true);
		budget.answered({ limit: 200, remaining: 0, resetSeconds: 40 });
		expect(await budget.acquire(1, Date.now() + 10_000)).toBe(false);
	});
});

/**
 * Several n8n processes (queue mode workers) sharing one key, each with its own budget, against
 * the sandbox's sliding window of 200 a minute: `lanes` requests in flight per process at most,
 * `latencyMs` per answer, a 429 waited out by its Retry-After.
 */
describe('processes sharing a key converge on its limit', () => {
	beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
	afterEach(() => jest.useRealTimers());

	async function simulate(options: {
		ceilings: number[];
		requestsEach: number;
		lanes: number;
		latencyMs: number;
		headers: boolean;
		/** queries each request weighs (a bulk call of this many entities) */
		weight?: number;
	}) {
		const weight = options.weight ?? 1;
		const service = new SlidingWindow({ ...LIMITS.rateLimit });
		let refused = 0;
		let answered = 0;
		const start = Date.now();
		const runProcess = async (budget: RateBudget) => {
			let claimed = 0;
			const lane = async () => {
				while (claimed < options.requestsEach) {
					claimed++;
					for (;;) {
						await budget.acquire(weight);
						const { allowed, retryAfterSeconds } = service.take(Date.now(), weight);
						const state = service.peek(Date.now());
						await sleep(options.latencyMs);
						const window = options.headers
							? { limit: state.limit, remaining: state.remaining, resetSeconds: state.resetSeconds }
							: undefined;
						if (allowed) {
							answered++;
							budget.answered(window);
							break;
						}
						refused++;
						budget.throttled(retryAfterSeconds * 1000, window);
					}
				}
			};
			await Promise.all(Array.from({ length: options.lanes }, lane));
		};
		let done = false;
		const all = Promise.all(options.ceilings.map(async (ceiling) => await runProcess(new RateBudget(ceiling)))).then(() => (done = true));
		while (!done) await jest.advanceTimersByTimeAsync(10);
		await all;
		const total = options.ceilings.length * options.requestsEach * weight;
		const floorMs = (Math.ceil(total / LIMITS.rateLimit.queries) - 1) * LIMITS.rateLimit.windowMs;
		return { refused, answered, elapsedMs: Date.now() - start, floorMs };
	}

	it('one process sending 40-entity calls under query metering (Match of 600 contacts): no 429, within 1.1x of the floor', async () => {
		const result = await simulate({ ceilings: [200], requestsEach: 15, lanes: 4, latencyMs: 50, headers: true, weight: 40 });
		expect(result.answered).toBe(15);
		expect(result.refused).toBe(0);
		expect(result.floorMs).toBe(120_000);
		expect(result.elapsedMs).toBeLessThanOrEqual(1.1 * result.floorMs);
	});

	it('two processes sending 40-entity calls on one key: at most 3 answers 429, within 1.25x of the floor', async () => {
		const result = await simulate({ ceilings: [200, 200], requestsEach: 8, lanes: 4, latencyMs: 50, headers: true, weight: 40 });
		expect(result.answered).toBe(16);
		expect(result.refused).toBeLessThanOrEqual(3);
		expect(result.elapsedMs).toBeLessThanOrEqual(1.25 * result.floorMs);
	});

	it('one process, four workflows at once (16 requests in flight on its one budget): no 429, within 1.1x of the floor', async () => {
		const result = await simulate({ ceilings: [200], requestsEach: 424, lanes: 16, latencyMs: 50, headers: true });
		expect(result.answered).toBe(424);
		expect(result.refused).toBe(0);
		expect(result.elapsedMs).toBeLessThanOrEqual(1.1 * result.floorMs);
	});

	it('two processes at the default ceiling, the service reporting its window: no 429, within 1.1x of the floor', async () => {
		const result = await simulate({ ceilings: [200, 200], requestsEach: 212, lanes: 8, latencyMs: 50, headers: true });
		expect(result.answered).toBe(424);
		expect(result.refused).toBe(0);
		expect(result.elapsedMs).toBeLessThanOrEqual(1.1 * result.floorMs);
	});

	it('four processes at the default ceiling: at most one 429 each, within 1.25x of the floor', async () => {
		const result = await simulate({ ceilings: [200, 200, 200, 200], requestsEach: 106, lanes: 8, latencyMs: 50, headers: true });
		expect(result.answered).toBe(424);
		expect(result.refused).toBeLessThanOrEqual(3);
		expect(result.elapsedMs).toBeLessThanOrEqual(1.25 * result.floorMs);
	});

	it('without the service reporting its window, 429 and additive increase alone still finish near the limit', async () => {
		const result = await simulate({ ceilings: [200, 200], requestsEach: 212, lanes: 8, latencyMs: 50, headers: false });
		expect(result.answered).toBe(424);
		expect(result.refused).toBeLessThanOrEqual(32);
		expect(result.elapsedMs).toBeLessThanOrEqual(1.5 * result.floorMs);
	});

	it("each process's ceiling at the key's share: no 429 even without the service reporting its window", async () => {
		const result = await simulate({ ceilings: [100, 100], requestsEach: 212, lanes: 8, latencyMs: 50, headers: false });
		expect(result.answered).toBe(424);
		expect(result.refused).toBe(0);
		expect(result.elapsedMs).toBeLessThanOrEqual(1.1 * result.floorMs);
	});
});
