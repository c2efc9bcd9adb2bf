import { createHash } from 'crypto';
import { sleep } from 'n8n-workflow';

import { LIMITS } from '../limits';

/**
 * Slack added to the sliding window: a request booked here arrives at the service a little
 * later, so a window exactly as long as the service's could let request 201 arrive while the
 * service still counts request 1.
 */
export const WINDOW_SLACK_MS = 1_000;
/** longest pause a Retry-After imposes on the key in this process */
const MAX_PAUSE_MS = 10 * 60_000;
/** a pause is waited out in steps, so a waiting request sees a later, shorter or cleared pause */
const PAUSE_STEP_MS = 1_000;
/** share of the rate kept after the service answers 429 (multiplicative decrease) */
const DECREASE_FACTOR = 0.5;
/**
 * 429s within this time of the decrease (or within its Retry-After pause) are the same
 * congestion: requests already in flight when the window filled. They lower the rate once.
 */
const DECREASE_HOLD_MS = 2_000;
/** rate regained per clean answer while below the ceiling (additive increase) */
const INCREASE_PER_ANSWER = 0.2;
/**
 * Slots of the service's window left unused: below this many, nobody here sends until the
 * window frees a slot, so that a few processes sharing the key do not overrun it together.
 */
const SERVICE_RESERVE = 2;
/**
 * Share of the service's window below which requests go one at a time, each answer telling how
 * many slots are left before the next request starts.
 */
const SERVICE_LOW_SHARE = 0.1;
/**
 * The nearly full mark is at least this many times the most requests this process has had in
 * flight: other processes sharing the key send about as many at once, and every request started
 * before the next report arrives uses a slot the report did not count.
 */
const SERVICE_LOW_PER_IN_FLIGHT = 4;
/** how often a request waiting for its turn in one-at-a-time mode looks again */
const TURN_STEP_MS = 20;
/**
 * A request in flight for longer than this no longer holds up the next one in one-at-a-time
 * mode (an attempt gives up after a minute; this only guards against a count gone wrong).
 */
const TURN_MAX_WAIT_MS = 90_000;

/**
 * What the service said about the key's window on an answer: `X-RateLimit-Limit`,
 * `X-RateLimit-Remaining` and `X-RateLimit-Reset` (seconds until a slot frees, or a Unix time).
 * The service counts every request of the key, from every process: this is how processes that
 * share a key see each other without talking to each other.
 */
export interface ServiceWindow {
	limit?: number;
	remaining: number;
	resetSeconds?: number;
}

function headerNumber(headers: Record<string, unknown> | undefined, name: string): number | undefined {
	const raw = headers?.[name];
	const value = Number(Array.isArray(raw) ? raw[0] : raw);
	return raw === undefined || raw === null || raw === '' || !Number.isFinite(value) || value < 0 ? undefined : value;
}

/** The service's window from an answer's headers (lower-case names), or undefined without them. */
export function readServiceWindow(headers: Record<string, unknown> | undefined): ServiceWindow | undefined {
	const remaining = headerNumber(headers, 'x-ratelimit-remaining');
	if (remaining === undefined) return undefined;
	return {
		remaining: Math.floor(remaining),
		limit: headerNumber(headers, 'x-ratelimit-limit'),
		resetSeconds: headerNumber(headers, 'x-ratelimit-reset'),
	};
}

/**
 * The request budget of one API key in this n8n process: a sliding window of at most `rate`
 * requests per minute, shared by every node run, poll and option loader that uses the key, so
 * that Match and Enrich in one workflow, two workflows side by side, or the trigger and a
 * workflow together never exceed the account's limit.
 *
 * The rate adapts to the service: a 429 pauses every request until its Retry-After and halves
 * the rate (once per congestion, however many requests were in flight); clean answers raise it
 * again slowly, up to the credential's ceiling. When the service reports its window
 * (`X-RateLimit-Remaining`), which counts the requests of every process using the key, requests
 * go one at a time once the window is nearly full and wait for a free slot before it is full.
 * Processes that share a key (n8n queue mode workers) thus settle on the key's limit without
 * talking to each other.
 */
export class RateBudget {
	/** booking times of the requests in the window, oldest first, from `head` on */
	private stamps: number[] = [];
	private head = 0;
	private rate: number;
	/** nobody sends before this time (the service's last Retry-After) */
	private pausedUntil = 0;
	private pauseMs = 0;
	/** when the last refused `acquire` could have had its slot */
	refusedUntil = 0;
	/** no 429 lowers the rate again before this time */
	private decreaseHeldUntil = 0;
	/** requests booked here and not answered yet */
	private inFlight = 0;
	/** the most requests this process has had in flight at once */
	private peakInFlight = 0;
	private lastBookedAt = 0;
	/**
	 * The service's window as last reported, `remaining` lowered by every request booked since;
	 * `until` is when it frees a slot (the report is stale from then on).
	 */
	private service: { limit: number; remaining: number; until: number } | undefined;

	constructor(
		private ceiling: number = LIMITS.rateLimit.requests,
		private readonly windowMs: number = LIMITS.rateLimit.windowMs + WINDOW_SLACK_MS,
		private readonly now: () => number = () => Date.now(),
	) {
		this.rate = ceiling;
	}

	/** the requests per window allowed now */
	get currentRate(): number {
		return Math.max(1, Math.floor(this.rate + 1e-9));
	}

	/** A new ceiling from the credential; the current rate never exceeds it. */
	setCeiling(ceiling: number): void {
		if (ceiling === this.ceiling) return;
		const atCeiling = this.rate >= this.ceiling;
		this.ceiling = ceiling;
		this.rate = atCeiling ? ceiling : Math.max(1, Math.min(this.rate, ceiling));
	}

	/**
	 * Resolves when one more request fits, and books it. With `deadline`, resolves to false
	 * (booking nothing) when the wait would run past it.
	 */
	async acquire(deadline?: number): Promise<boolean> {
		for (;;) {
			const now = this.now();
			// a clock set back never stretches a pause beyond what the service asked for
			if (this.pausedUntil - now > this.pauseMs) this.pausedUntil = now + this.pauseMs;
			if (now < this.pausedUntil) {
				if (deadline !== undefined && this.pausedUntil > deadline) return this.refuse(this.pausedUntil);
				await sleep(Math.min(this.pausedUntil - now, PAUSE_STEP_MS));
				continue;
			}
			const serviceWait = this.serviceWait(now);
			if (serviceWait !== undefined) {
				if (deadline !== undefined && now + serviceWait > deadline) return this.refuse(now + serviceWait);
				await sleep(Math.min(serviceWait, PAUSE_STEP_MS));
				continue;
			}
			this.expire(now);
			const inWindow = this.stamps.length - this.head;
			if (inWindow < this.currentRate) {
				this.stamps.push(now);
				this.inFlight++;
				this.lastBookedAt = now;
				this.peakInFlight = Math.max(this.peakInFlight, this.inFlight);
				if (this.service && now < this.service.until) this.service.remaining--;
				return true;
			}
			// the request that must leave the window before one more fits
			const readyAt = this.stamps[this.stamps.length - this.currentRate] + this.windowMs;
			if (deadline !== undefined && readyAt > deadline) return this.refuse(readyAt);
			await sleep(Math.max(1, readyAt - now));
		}
	}

	private refuse(readyAt: number): false {
		this.refusedUntil = readyAt;
		return false;
	}

	/**
	 * The service answered 429: nobody sends before `retryAfterMs` is over, and the rate halves,
	 * unless an earlier 429 of the same congestion already lowered it.
	 */
	throttled(retryAfterMs: number | undefined, window?: ServiceWindow): void {
		this.settle();
		const now = this.now();
		const pauseMs = retryAfterMs === undefined || retryAfterMs <= 0 ? 0 : Math.min(retryAfterMs, MAX_PAUSE_MS);
		if (now >= this.decreaseHeldUntil) {
			this.rate = Math.max(1, this.rate * DECREASE_FACTOR);
			this.decreaseHeldUntil = now + Math.max(pauseMs, DECREASE_HOLD_MS);
		}
		// the Retry-After governs the wait; the window as reported (a 429 need not mean it is full)
		if (window) this.report(window, now);
		if (pauseMs === 0) return;
		const ends = now + pauseMs;
		if (ends <= this.pausedUntil) return;
		this.pausedUntil = ends;
		this.pauseMs = pauseMs;
	}

	/**
	 * An answer that was not a 429: the rate climbs back towards the ceiling, and what the service
	 * says about its window (when it says) guides the next requests.
	 */
	answered(window?: ServiceWindow): void {
		this.settle();
		if (this.rate < this.ceiling) this.rate = Math.min(this.ceiling, this.rate + INCREASE_PER_ANSWER);
		if (window) this.report(window, this.now());
	}

	/** A booked request that got no answer (network failure, cancelled, refused by n8n). */
	released(): void {
		this.settle();
	}

	private settle(): void {
		if (this.inFlight > 0) this.inFlight--;
	}

	private report(window: ServiceWindow, now: number): void {
		const reset = window.resetSeconds ?? 0;
		// a Unix time (seconds) or seconds from now; never further than the window
		const until = reset > 1e9 ? reset * 1000 : now + reset * 1000;
		this.service = {
			limit: window.limit ?? this.service?.limit ?? LIMITS.rateLimit.requests,
			remaining: window.remaining,
			until: Math.min(Math.max(until, now), now + this.windowMs),
		};
	}

	/**
	 * How long to wait before the next request by what the service reported, or undefined to go
	 * ahead: nearly full, one request at a time; at the reserve, until the window frees a slot. A
	 * report gone stale leaves a nearly full window one request at a time until the next answer.
	 */
	private serviceWait(now: number): number | undefined {
		const service = this.service;
		if (!service) return undefined;
		const low = Math.max(
			SERVICE_RESERVE + 2,
			Math.ceil(service.limit * SERVICE_LOW_SHARE),
			Math.min(SERVICE_LOW_PER_IN_FLIGHT * this.peakInFlight, Math.floor(service.limit / 2)),
		);
		if (service.remaining > low) return undefined;
		const fresh = now < service.until;
		if (fresh && service.remaining <= SERVICE_RESERVE) return service.until - now;
		return this.inFlight > 0 && now - this.lastBookedAt < TURN_MAX_WAIT_MS ? TURN_STEP_MS : undefined;
	}

	private expire(now: number): void {
		while (this.head < this.stamps.length && this.stamps[this.head] <= now - this.windowMs) this.head++;
		// compact now and then, so the array does not grow with the life of the process
		if (this.head > 1024 && this.head * 2 > this.stamps.length) {
			this.stamps = this.stamps.slice(this.head);
			this.head = 0;
		}
	}
}

/**
 * The budgets of this process, one per API key and base URL. Keyed by a hash: the key itself is
 * never kept here. Entries live as long as the process; each is a few kilobytes at most.
 */
const budgets = new Map<string, RateBudget>();

export function budgetFingerprint(baseUrl: string, apiKey: string): string {
	return createHash('sha256').update(`${baseUrl}\n${apiKey}`).digest('hex');
}

/** The shared budget of a key, created on first use; `ceiling` follows the credential. */
export function sharedBudget(fingerprint: string, ceiling: number): RateBudget {
	let budget = budgets.get(fingerprint);
	if (!budget) {
		budget = new RateBudget(ceiling);
		budgets.set(fingerprint, budget);
	} else {
		budget.setCeiling(ceiling);
	}
	return budget;
}
