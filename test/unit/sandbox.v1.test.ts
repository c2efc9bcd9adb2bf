/**
 * API v1's cases of sandbox.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * The sandbox as an HTTP server: authentication, routing, the service's error shapes, rate
 * limiting, scripted and random faults, latency, the request log and the command line entry.
 * Endpoint behaviour is covered in sandbox.<area>.test.ts.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';

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
	let sandbox: Sandbox;
	let api: ReturnType<typeof sandboxClient>;
	beforeAll(async () => ({ sandbox, api } = await sandboxWith({ partnerId: 'partner-1' })));

	it('accepts the API key in API_KEY and in api_key', async () => {
		expect(sandbox.apiKey).toBe(SANDBOX_API_KEY);
		expect((await api.call('searchBusinesses', PREVIEW_SEARCH, { headers: { API_KEY: SANDBOX_API_KEY } })).status).toBe(
			200,
		);
		expect((await api.call('searchBusinesses', PREVIEW_SEARCH, { headers: { api_key: SANDBOX_API_KEY } })).status).toBe(
			200,
		);
	});

	it('checks partner_id only when listing business enrollments, and only when one is configured', async () => {
		const list = (headers: Record<string, string>) =>
			api.call('listBusinessEnrollments', undefined, { headers: { API_KEY: SANDBOX_API_KEY, ...headers } });
		expect((await list({})).status).toBe(200);
		expect((await list({ partner_id: 'partner-1' })).status).toBe(200);
		expect(await list({ partner_id: 'partner-2' })).toMatchObject({
			status: 401,
			body: { details: 'Unknown partner id', correlation_id: expect.any(String) },
		});
		const search = await api.call('searchBusinesses', PREVIEW_SEARCH, {
			headers: { API_KEY: SANDBOX_API_KEY, partner_id: 'x' },
		});
		expect(search.status).toBe(200);

		const { api: open } = await sandboxWith();
		const anyPartner = await open.call('listBusinessEnrollments', undefined, {
			headers: { API_KEY: SANDBOX_API_KEY, partner_id: 'anything' },
		});
		expect(anyPartner.status).toBe(200);
	});

	it('uses a configured key, and never sends the key back in any answer', async () => {
		const { sandbox: custom, api: client } = await sandboxWith({ apiKey: 'custom-key-123' });
		expect(custom.apiKey).toBe('custom-key-123');
		const answers = await Promise.all([
			client.call('searchBusinesses', { mode: 'full', size: 5, page_size: 5 }),
			client.call('listBusinessEnrollments'),
			client.call('matchProspects', { prospects_to_match: [{ email: 'a@b.example' }] }),
			client.call('searchBusinesses', { mode: 'bad' }),
			client.raw('GET', '/v1/unknown'),
		]);
		expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 422, 404]);
		for (const answer of answers) {
			expect(JSON.stringify(answer.body)).not.toContain('custom-key-123');
			expect([...answer.headers.values()].join(' ')).not.toContain('custom-key-123');
		}
	});
});

describe('routing and envelopes', () => {
	let api: ReturnType<typeof sandboxClient>;
	beforeAll(async () => ({ api } = await sandboxWith()));

	it('answers 404 for an unknown path (before checking the key) and 405 for a wrong method', async () => {
		expect(await api.raw('POST', '/v1/nothing', '{}', { headers: {} })).toMatchObject({
			status: 404,
			body: { details: 'Not found: /v1/nothing', correlation_id: expect.any(String) },
		});
		expect((await api.raw('POST', '/businesses', '{}')).status).toBe(404);
		expect(await api.raw('GET', '/v1/prospects/match')).toMatchObject({
			status: 405,
			body: { details: 'Method GET is not allowed on /v1/prospects/match' },
		});
	});

	it('answers 422 for a body that is not JSON', async () => {
		const response = await api.raw('POST', '/v1/businesses', '{"mode": ');
		expect(response.status).toBe(422);
		expect(response.body.detail).toEqual([
			{ loc: ['body'], msg: expect.stringMatching(/^Invalid JSON: /), type: 'value_error.jsondecode' },
		]);
	});

	it('wraps answers in response_context, with a fresh correlation id each time', async () => {
		const [a, b] = await Promise.all([
			api.call('searchBusinesses', PREVIEW_SEARCH),
			api.call('searchBusinesses', PREVIEW_SEARCH),
		]);
		for (const { body, headers } of [a, b]) {
			expect(body.response_context).toEqual({
				correlation_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
				request_status: 'success',
				time_took_in_seconds: expect.any(Number),
			});
			expect(headers.get('content-type')).toBe('application/json');
		}
		expect(a.body.response_context.correlation_id).not.toBe(b.body.response_context.correlation_id);
	});
});

describe('rate limit', () => {
	it('answers 429 with Retry-After past the limit, until the sliding window frees a slot', async () => {
		let clock = NOW.getTime();
		const { sandbox, api } = await sandboxWith({
			now: () => new Date(clock),
			rateLimit: { queries: 3, windowMs: 10_000 },
		});
		const statuses: number[] = [];
		const remaining: Array<string | null> = [];
		for (let n = 0; n < 3; n++) {
			const response = await api.call('searchBusinesses', PREVIEW_SEARCH);
			statuses.push(response.status);
			remaining.push(response.headers.get('x-ratelimit-remaining'));
			clock += 2_000;
		}
		expect(statuses).toEqual([200, 200, 200]);
		expect(remaining).toEqual(['2', '1', '0']);

		// 6 s after the first request: 4 s until it leaves the window
		const limited = await api.call('searchBusinesses', PREVIEW_SEARCH);
		expect(limited.status).toBe(429);
		expect(limited.body).toEqual({
			error: 'rate_limit_exceeded',
			message: 'Rate limit exceeded: 3 queries per 10 seconds (this call weighs 1)',
			retry_after: 4,
		});
		expect(limited.headers.get('retry-after')).toBe('4');
		expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
		expect(limited.headers.get('x-ratelimit-reset')).toBe(String(NOW.getTime() / 1000 + 10));

		clock += 4_000; // the first request leaves; refused requests took no slot
		expect((await api.call('searchBusinesses', PREVIEW_SEARCH)).status).toBe(200);
		expect((await api.call('searchBusinesses', PREVIEW_SEARCH)).status).toBe(429);

		sandbox.configure({ retryAfterSeconds: 30 });
		const fixed = await api.call('searchBusinesses', PREVIEW_SEARCH);
		expect([fixed.status, fixed.headers.get('retry-after'), fixed.body.retry_after]).toEqual([429, '30', 30]);

		sandbox.configure({ rateLimit: false });
		const unlimited = await api.call('searchBusinesses', PREVIEW_SEARCH);
		expect(unlimited.status).toBe(200);
		expect(unlimited.headers.get('x-ratelimit-limit')).toBeNull();
	});
});

describe('faults', () => {
	it('plays a scripted sequence, one step per request, then answers normally', async () => {
		const { sandbox, api } = await sandboxWith({ faults: { sequence: ['500', '503', '429', 'drop', 'ok'] } });
		const outcomes: Array<number | string> = [];
		for (let n = 0; n < 6; n++) {
			outcomes.push(
				await api.call('searchBusinesses', PREVIEW_SEARCH).then(
					(response) => response.status,
					() => 'dropped',
				),
			);
		}
		expect(outcomes).toEqual([500, 503, 429, 'dropped', 200, 200]);
		expect(sandbox.requests.map((request) => request.status)).toEqual([500, 503, 429, 0, 200, 200]);
	});

	it('fails a seeded share of requests at random, the same way for the same seed', async () => {
		const run = async () => {
			const { api } = await sandboxWith({ rateLimit: false, faults: { errorRate: 0.5 } });
			const statuses: number[] = [];
			for (let n = 0; n < 20; n++) statuses.push((await api.call('searchBusinesses', PREVIEW_SEARCH)).status);
			return statuses;
		};
		const first = await run();
		expect(await run()).toEqual(first);
		expect(new Set(first)).toEqual(new Set([200, 500, 503]));

		const { api } = await sandboxWith({ faults: { dropRate: 1 } });
		await expect(api.call('searchBusinesses', PREVIEW_SEARCH)).rejects.toThrow();
	});
});

describe('request log', () => {
	it('records method, path, query, lowercased headers, parsed body, status and arrival time', async () => {
		const { sandbox, api } = await sandboxWith({ now: () => NOW });
		await api.raw('POST', '/v1/businesses?debug=1', JSON.stringify(PREVIEW_SEARCH), {
			headers: { API_KEY: SANDBOX_API_KEY, 'Content-Type': 'application/json', 'X-Trace': 't-1' },
		});
		await api.call('listBusinessEnrollments');
		await api.raw('POST', '/v1/prospects/match', 'not json');

		expect(sandbox.requests).toEqual([
			{
				method: 'POST',
				path: '/v1/businesses',
				query: { debug: '1' },
				headers: expect.objectContaining({
					api_key: SANDBOX_API_KEY,
					'content-type': 'application/json',
					'x-trace': 't-1',
				}),
				body: PREVIEW_SEARCH,
				status: 200,
				at: NOW,
			},
			{
				method: 'GET',
				path: '/v1/businesses/events/enrollments',
				headers: expect.any(Object),
				body: undefined,
				status: 200,
				at: NOW,
			},
			{
				method: 'POST',
				path: '/v1/prospects/match',
				headers: expect.any(Object),
				body: 'not json',
				status: 422,
				at: NOW,
			},
		]);
		sandbox.clearRequests();
		expect(sandbox.requests).toEqual([]);
	});
});

describe('command line', () => {
	it('starts on the given port, prints the URL, and stops on SIGTERM', async () => {
		const child = spawn(process.execPath, ['--import', 'tsx', 'test/sandbox/cli.ts', '--port', '0', '--seed', '3'], {
			cwd: `${__dirname}/../..`,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let output = '';
		child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
		const url = await new Promise<string>((resolve, reject) => {
			child.stdout.on('data', () => {
				const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
				if (match) resolve(match[1]);
			});
			child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
		});
		const response = await sandboxClient({ url, apiKey: SANDBOX_API_KEY }).call('searchBusinesses', PREVIEW_SEARCH);
		expect(response.status).toBe(200);
		expect(output).toContain('(seed 3)');

		child.kill('SIGTERM');
		const [code] = await once(child, 'exit');
		expect(code).toBe(0);
	});
});
