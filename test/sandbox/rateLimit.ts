/**
 * The service's rate limit: a sliding window of requests per API key. Reads the sandbox clock,
 * so a test with a fixed `now` controls exactly when the window frees up.
 */
import type { RateLimitOptions } from './options';

export interface WindowState {
	limit: number;
	remaining: number;
	/** seconds until the oldest request in the window leaves it (0 when the window is empty) */
	resetSeconds: number;
}

export class SlidingWindow {
	/** arrival times (ms) of the requests still in the window, oldest first */
	private readonly stamps: number[] = [];

	constructor(private readonly options: RateLimitOptions) {}

	/** Books one request if it fits. Refused requests are not booked, as they cost nothing. */
	take(nowMs: number): { allowed: boolean; retryAfterSeconds: number } {
		this.expire(nowMs);
		if (this.stamps.length < this.options.requests) {
			this.stamps.push(nowMs);
			return { allowed: true, retryAfterSeconds: 0 };
		}
		return { allowed: false, retryAfterSeconds: Math.max(1, this.secondsUntilSlot(nowMs)) };
	}

	peek(nowMs: number): WindowState {
		this.expire(nowMs);
		return {
			limit: this.options.requests,
			remaining: Math.max(0, this.options.requests - this.stamps.length),
			resetSeconds: this.stamps.length ? this.secondsUntilSlot(nowMs) : 0,
		};
	}

	private expire(nowMs: number): void {
		while (this.stamps.length > 0 && this.stamps[0] <= nowMs - this.options.windowMs) this.stamps.shift();
	}

	private secondsUntilSlot(nowMs: number): number {
		return Math.ceil((this.stamps[0] + this.options.windowMs - nowMs) / 1000);
	}
}

export function rateLimitHeaders(state: WindowState): Record<string, string> {
	return {
		'X-RateLimit-Limit': String(state.limit),
		'X-RateLimit-Remaining': String(state.remaining),
		'X-RateLimit-Reset': String(state.resetSeconds),
	};
}
