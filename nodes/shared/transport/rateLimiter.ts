import { sleep } from 'n8n-workflow';

import { LIMITS } from '../limits';

/**
 * Sliding-window request budget for one node run, so a large batch paces itself instead of
 * collecting 429s. The service's own 429 + Retry-After stays the authority (see request.ts).
 */
export class RateLimiter {
	private readonly sent: number[] = [];

	constructor(
		private readonly limit: number = LIMITS.rateLimit.requests,
		private readonly windowMs: number = LIMITS.rateLimit.windowMs,
		private readonly now: () => number = Date.now,
	) {}

	/** Resolves when one more request fits in the window, and books it. */
	async acquire(): Promise<void> {
		for (;;) {
			const now = this.now();
			while (this.sent.length > 0 && this.sent[0] <= now - this.windowMs) this.sent.shift();
			if (this.sent.length < this.limit) {
				this.sent.push(now);
				return;
			}
			await sleep(this.sent[0] + this.windowMs - now);
		}
	}
}
