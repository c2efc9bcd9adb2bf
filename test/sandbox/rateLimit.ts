/**
 * The service's rate limit (rate-limits.md): a sliding window of queries per API key, a bulk call
 * weighing one query per entity of its payload (the catalog's `meter`, the same line the nodes
 * read), or, with `metering: 'requests'`, the older text's one per request. Reads the sandbox
 * clock, so a test with a fixed `now` controls exactly when the window frees up.
 */
import type { EndpointMeter } from '../../nodes/shared/api';
import type { RateLimitOptions } from './options';

export interface WindowState {
	limit: number;
	remaining: number;
	/** seconds until the oldest query in the window leaves it (0 when the window is empty) */
	resetSeconds: number;
	/** when (ms, sandbox clock) the oldest query in the window leaves it (now when the window is empty) */
	resetAtMs: number;
}

/** The limit of a window's options: `queries`, or the older `requests`. */
export const limitOf = (options: RateLimitOptions): number => options.queries ?? options.requests ?? 0;

/**
 * What one request weighs: 1 under request metering; else the meter (the test's override of the
 * endpoint, or the catalog's) applied to the body as received (not JSON, or no list: 1).
 */
export function requestWeight(options: RateLimitOptions, meter: EndpointMeter, body: unknown): number {
	if (options.metering === 'requests') return 1;
	if (!('entities' in meter)) return Math.max(1, meter.queries);
	const list = body && typeof body === 'object' ? (body as Record<string, unknown>)[meter.entities] : undefined;
	return Array.isArray(list) ? Math.max(1, list.length) : 1;
}

export class SlidingWindow {
	/** arrival times (ms) and weights of the requests still in the window, oldest first */
	private readonly stamps: number[] = [];
	private readonly weights: number[] = [];
	private used = 0;

	constructor(private readonly options: RateLimitOptions) {}

	/**
	 * Books a request of `weight` queries if it fits. Refused requests are not booked, as they cost
	 * nothing. A request heavier than the whole limit never fits (the page does not say whether the
	 * service lets one pass: this sandbox refuses it, with the window's length as Retry-After).
	 */
	take(nowMs: number, weight = 1): { allowed: boolean; retryAfterSeconds: number } {
		this.expire(nowMs);
		const limit = limitOf(this.options);
		if (this.used + weight <= limit) {
			this.stamps.push(nowMs);
			this.weights.push(weight);
			this.used += weight;
			return { allowed: true, retryAfterSeconds: 0 };
		}
		if (weight > limit) return { allowed: false, retryAfterSeconds: Math.ceil(this.options.windowMs / 1000) };
		return { allowed: false, retryAfterSeconds: Math.max(1, this.secondsUntilRoom(nowMs, weight)) };
	}

	peek(nowMs: number): WindowState {
		this.expire(nowMs);
		const limit = limitOf(this.options);
		return {
			limit,
			remaining: Math.max(0, limit - this.used),
			resetSeconds: this.stamps.length ? this.secondsUntil(this.stamps[0], nowMs) : 0,
			resetAtMs: this.stamps.length ? this.stamps[0] + this.options.windowMs : nowMs,
		};
	}

	private expire(nowMs: number): void {
		while (this.stamps.length > 0 && this.stamps[0] <= nowMs - this.options.windowMs) {
			this.stamps.shift();
			this.used -= this.weights.shift() ?? 0;
		}
	}

	private secondsUntil(stamp: number, nowMs: number): number {
		return Math.ceil((stamp + this.options.windowMs - nowMs) / 1000);
	}

	/** Seconds until enough queries have left the window for `weight` more. */
	private secondsUntilRoom(nowMs: number, weight: number): number {
		const limit = limitOf(this.options);
		let used = this.used;
		for (let i = 0; i < this.stamps.length; i++) {
			used -= this.weights[i];
			if (used + weight <= limit) return this.secondsUntil(this.stamps[i], nowMs);
		}
		return Math.ceil(this.options.windowMs / 1000);
	}
}

/**
 * The window's headers. X-RateLimit-Reset is a Unix time in whole seconds (rounded up: the slot is
 * free by then), as the service's page says, unless the options ask for seconds from now.
 */
export function rateLimitHeaders(state: WindowState, reset: RateLimitOptions['reset'] = 'unixTime'): Record<string, string> {
	return {
		'X-RateLimit-Limit': String(state.limit),
		'X-RateLimit-Remaining': String(state.remaining),
		'X-RateLimit-Reset': String(reset === 'secondsFromNow' ? state.resetSeconds : Math.ceil(state.resetAtMs / 1000)),
	};
}
