import { RateLimiter } from '../../nodes/shared/transport/rateLimiter';

describe('RateLimiter', () => {
	it('lets `limit` requests through at once and paces the rest by the window', async () => {
		const limiter = new RateLimiter(3, 300);
		const started = Date.now();
		const times: number[] = [];
		for (let i = 0; i < 7; i++) {
			await limiter.acquire();
			times.push(Date.now() - started);
		}
		expect(times.slice(0, 3).every((t) => t < 100)).toBe(true);
		// requests 4-6 wait for the first window to pass, request 7 for the second
		expect(times[3]).toBeGreaterThanOrEqual(290);
		expect(times[6]).toBeGreaterThanOrEqual(590);
	});
});
