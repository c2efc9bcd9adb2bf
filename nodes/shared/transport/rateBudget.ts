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
/** rate regained per clean answer while below the ceiling (additive increase) */
const INCREASE_PER_ANSWER = 0.2;

/**
 * The request budget of one API key in this n8n process: a sliding window of at most `rate`
 * requests per minute, shared by every node run, poll and option loader that uses the key, so
 * that Match and Enrich in one workflow, two workflows side by side, or the trigger and a
 * workflow together never exceed the account's limit.
 *
 * The rate adapts to the service: a 429 pauses every request until its Retry-After and halves
 * the rate; clean answers raise it again slowly, up to the credential's ceiling. Processes that
 * share a key (n8n queue mode workers) thus settle near the key's limit without talking to each
 * other.
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
			this.expire(now);
			const inWindow = this.stamps.length - this.head;
			if (inWindow < this.currentRate) {
				this.stamps.push(now);
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

	/** The service answered 429: nobody sends before `retryAfterMs` is over, and the rate halves. */
	throttled(retryAfterMs: number | undefined): void {
		this.rate = Math.max(1, this.rate * DECREASE_FACTOR);
		if (retryAfterMs === undefined || retryAfterMs <= 0) return;
		const pauseMs = Math.min(retryAfterMs, MAX_PAUSE_MS);
		const ends = this.now() + pauseMs;
		if (ends <= this.pausedUntil) return;
		this.pausedUntil = ends;
		this.pauseMs = pauseMs;
	}

	/** An answer that was not a 429: the rate climbs back towards the ceiling. */
	answered(): void {
		if (this.rate < this.ceiling) this.rate = Math.min(this.ceiling, this.rate + INCREASE_PER_ANSWER);
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
