/**
 * The sandbox as an HTTP server: authentication, routing, the service's error shapes, rate
 * limiting, scripted and random faults, latency, the request log and the command line entry.
 * Endpoint behaviour is covered in sandbox.<area>.test.ts.
 */
import { LIMITS } from '../../nodes/shared/api';
import { SANDBOX_API_KEY, type Sandbox, sandboxClient, type SandboxOptions, startSandbox } from '../sandbox';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const PREVIEW_SEARCH = { mode: 'preview', size: 1, page_size: 1 };

const started: Sandbox[] = [];
async function sandboxWith(options: SandboxOptions = {}) {
	const sandbox = await startSandbox(options);
	started.push(sandbox);
	return { sandbox, api: sandboxClient(sandbox) };
}
afterAll(async () => await Promise.all(started.map((sandbox) => sandbox.close())));

describe('authentication', () => {
	let api: ReturnType<typeof sandboxClient>;
	beforeAll(async () => ({ api } = await sandboxWith({ partnerId: 'partner-1' })));

	it.each([
		['no key', {}],
		['a wrong key', { API_KEY: 'wrong-key' }],
		['the key under another header', { 'x-api-key': SANDBOX_API_KEY }],
	])('answers 401 { details, correlation_id } for %s, without echoing it', async (_, headers) => {
		const response = await api.call('searchBusinesses', PREVIEW_SEARCH, { headers });
		expect(response.status).toBe(401);
		expect(response.body).toEqual({
			details: 'Invalid or missing API key',
			correlation_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
		});
		expect(JSON.stringify(response.body)).not.toMatch(/wrong-key|sandbox-api-key/);
	});
});

describe('rate limit', () => {
	it('sends X-RateLimit-* on every answer, with the service limit by default, Reset as a Unix time', async () => {
		const { api } = await sandboxWith({ now: () => NOW });
		const ok = await api.call('searchBusinesses', PREVIEW_SEARCH);
		const unauthorized = await api.call('searchBusinesses', PREVIEW_SEARCH, { headers: {} });
		expect(ok.headers.get('x-ratelimit-limit')).toBe(String(LIMITS.rateLimit.queries));
		expect(ok.headers.get('x-ratelimit-remaining')).toBe(String(LIMITS.rateLimit.queries - 1));
		// the service's page: X-RateLimit-Reset is a Unix time (when the query just made leaves the window)
		expect(ok.headers.get('x-ratelimit-reset')).toBe(String((NOW.getTime() + LIMITS.rateLimit.windowMs) / 1000));
		expect(unauthorized.headers.get('x-ratelimit-remaining')).toBe(String(LIMITS.rateLimit.queries - 1));
	});

	it('sends X-RateLimit-Reset as seconds from now on request (reset: secondsFromNow), 0 for an empty window', async () => {
		let clock = NOW.getTime();
		const { api } = await sandboxWith({ now: () => new Date(clock), rateLimit: { queries: 3, windowMs: 10_000, reset: 'secondsFromNow' } });
		expect((await api.call('searchBusinesses', PREVIEW_SEARCH)).headers.get('x-ratelimit-reset')).toBe('10');
		clock += 6_000;
		expect((await api.call('searchBusinesses', PREVIEW_SEARCH)).headers.get('x-ratelimit-reset')).toBe('4');
		clock += 20_000;
		expect((await api.call('searchBusinesses', PREVIEW_SEARCH, { headers: {} })).headers.get('x-ratelimit-reset')).toBe('0');
	});
});

describe('faults', () => {
	it('answers simulated faults in the service shapes', async () => {
		const { sandbox, api } = await sandboxWith({ faults: { sequence: ['500', '503', '429'] } });
		expect((await api.call('matchProspects', {})).body).toEqual({
			details: 'Internal server error (simulated)',
			correlation_id: expect.any(String),
		});
		expect((await api.call('matchProspects', {})).body).toEqual({
			details: 'Service unavailable (simulated)',
			correlation_id: expect.any(String),
		});
		const limited = await api.call('matchProspects', {});
		expect(limited.body).toEqual({ error: 'rate_limit_exceeded', message: 'Rate limit exceeded (simulated)', retry_after: 1 });
		expect(limited.headers.get('retry-after')).toBe('1');

		sandbox.configure({ faults: { sequence: ['429'] }, retryAfterSeconds: 120 });
		expect((await api.call('matchProspects', {})).headers.get('retry-after')).toBe('120');
	});

	it('waits latencyMs before answering', async () => {
		const { api } = await sandboxWith({ latencyMs: 150 });
		const start = performance.now();
		await api.call('searchBusinesses', PREVIEW_SEARCH);
		expect(performance.now() - start).toBeGreaterThanOrEqual(145);
	});
});
