/**
 * A process alone on its key is never taken for one sharing it (which keeps a reserve and stops
 * learning weights for five windows): not when a request's round trip straddles the 60-s mark of
 * one of its own earlier queries (the service counts from the request's arrival), nor when the
 * budget is built with the service's window itself. A first cut of the sharing check (against the
 * answer's time) failed both.
 */
import type { EndpointDefinition } from '../../nodes/shared/api';
import { RateBudget } from '../../nodes/shared/transport/rateBudget';

/** an endpoint whose weight the catalog assumes (one query per id) */
const assumed = {
	method: 'POST',
	path: '/test/assumed',
	meter: { entities: 'business_ids', assumed: true },
} as unknown as EndpointDefinition;

describe('one process alone on its key: never taken for a shared one', () => {
	beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
	afterEach(() => jest.useRealTimers());

	/** a request of `weight` (no learning) answered `roundTripMs` later with `remaining` */
	async function request(budget: RateBudget, weight: number, roundTripMs: number, remaining: number, resetSeconds: number) {
		const booking = await budget.book(weight);
		await jest.advanceTimersByTimeAsync(roundTripMs);
		budget.answered({ limit: 200, remaining, resetSeconds }, booking);
	}

	/** a fresh report, then one request of the assumed endpoint (40 ids) that the service counts as 1 query */
	async function learnsOneQuery(budget: RateBudget, usedBefore: number): Promise<boolean> {
		await request(budget, 1, 0, 200 - usedBefore - 1, 60);
		const booking = await budget.book(40, undefined, { definition: assumed, entities: 40 });
		budget.answered({ limit: 200, remaining: 200 - usedBefore - 2, resetSeconds: 60 }, booking);
		return JSON.stringify(budget.meter.meterOf(assumed)) === JSON.stringify({ queries: 1 });
	}

	it('a round trip of 400 ms across the 60-s mark of its own earlier query does not make the key shared (learning still works)', async () => {
		const budget = new RateBudget();
		// t = 0: 40 queries; the service counts them from t = 0.2 s (arrival) to t = 60.2 s
		await request(budget, 40, 400, 160, 60);
		await jest.advanceTimersByTimeAsync(59_300);
		// t = 59.7 s: 10 more; at the service at 59.9 s, which still counts the 40; answered at 60.1 s
		await request(budget, 10, 400, 150, 1);
		// nobody else uses the key: two minutes later, a learning request alone after a fresh report
		await jest.advanceTimersByTimeAsync(60_000);
		expect(await learnsOneQuery(budget, 0)).toBe(true);
	});

	it('a budget built with the service window (60_000, as the unit tests do) does not take its own query of 59.5 s ago for another process', async () => {
		const budget = new RateBudget(200, 60_000);
		await request(budget, 40, 0, 160, 60);
		await jest.advanceTimersByTimeAsync(59_500);
		// the service's window is 60 s: it still counts the 40
		await request(budget, 10, 0, 150, 1);
		await jest.advanceTimersByTimeAsync(61_000);
		expect(await learnsOneQuery(budget, 0)).toBe(true);
	});
});

/** an endpoint the catalog assumes to weigh one query a request */
const assumedPerRequest = {
	method: 'POST',
	path: '/test/assumed-per-request',
	meter: { queries: 1, assumed: true },
} as unknown as EndpointDefinition;

describe("learning a weight: another process's query is not hidden behind this process's own query of 60 to 61 s ago", () => {
	beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
	afterEach(() => jest.useRealTimers());

	/**
	 * t = 0: one query, counted by the service until t = 60 s (this budget keeps it until 61 s, its
	 * slack); t = 60.2 s: one more, alone in the service's window (a fresh report: 199 left); then the
	 * learning request of 1 query, answered with `remaining`. Returns the meter learned.
	 */
	async function learnedAfterOwnQueryOfAMinuteAgo(remaining: number) {
		const budget = new RateBudget();
		const first = await budget.book(1);
		budget.answered({ limit: 200, remaining: 199, resetSeconds: 60 }, first);
		await jest.advanceTimersByTimeAsync(60_200);
		const second = await budget.book(1);
		budget.answered({ limit: 200, remaining: 199, resetSeconds: 60 }, second);
		const learning = await budget.book(1, undefined, { definition: assumedPerRequest, entities: 1 });
		budget.answered({ limit: 200, remaining, resetSeconds: 60 }, learning);
		return budget.meter.meterOf(assumedPerRequest);
	}

	it("the drop of 2 across a request of 1 query, when another process's query arrived meanwhile, teaches nothing", async () => {
		// 3 used against 2 of this process's in the service's window: not attributable (the budget's own
		// window, with the query of 60.2 s ago, holds 3, which a first cut took for the whole drop)
		expect(await learnedAfterOwnQueryOfAMinuteAgo(197)).toEqual({ queries: 1, assumed: true });
	});

	it('the same drop of 1, nobody else meanwhile, teaches the weight 1 (the check still lets learning through)', async () => {
		expect(await learnedAfterOwnQueryOfAMinuteAgo(198)).toEqual({ queries: 1 });
	});
});
