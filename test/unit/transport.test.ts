import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { ApiClient, describeItems } from '../../nodes/shared/transport/apiClient';
import { normalizeBaseUrl, readMaxRequestsPerMinute } from '../../nodes/shared/transport/connection';
import { backoffMs, parseRetryAfterMs, RETRY_POLICY, retryDelay } from '../../nodes/shared/transport/retryPolicy';
import { formatPath, readProblems, serviceError } from '../../nodes/shared/transport/serviceError';
import { connectionError, fakeContext, ok, TEST_NODE, UNLIMITED, type FakeResponse } from './support/fakeContext';

describe('normalizeBaseUrl', () => {
	it.each([
		['https://api.example.com/', 'https://api.example.com'],
		['https://api.example.com///', 'https://api.example.com'],
		[' http://localhost:4010/ ', 'http://localhost:4010'],
		['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
		['http://[::1]:4010', 'http://[::1]:4010'],
		['https://api.example.com/v1', 'https://api.example.com'],
		['https://api.example.com/v1/', 'https://api.example.com'],
		['https://gw.example.com/data/V1', 'https://gw.example.com/data'],
	])('accepts %s', (raw, expected) => expect(normalizeBaseUrl(raw)).toBe(expected));

	it('refuses plain http to another host, saying why', () => {
		expect(normalizeBaseUrl('http://api.example.com')).toEqual({
			error: 'The Base URL must use https, because the API key would otherwise travel unencrypted (plain http is allowed only for localhost or 127.0.0.1), got "http://api.example.com"',
		});
	});

	it('refuses something that is not a URL', () => {
		expect(normalizeBaseUrl('api.example.com')).toEqual({
			error: 'The Base URL "api.example.com" is not a valid URL. Enter the address only, such as https://api.example.com.',
		});
	});

	it.each(['https://api.example.com/?x=', 'https://api.example.com?token=1', 'https://api.example.com/#v1', 'https://api.example.com/#'])(
		'refuses a query string or fragment in %s, saying what to enter',
		(raw) => {
			expect(normalizeBaseUrl(raw)).toEqual({
				error: 'The Base URL must not contain a query string or fragment (? or #). Enter the address only, such as https://api.example.com, without /v1.',
			});
		},
	);

	it('refuses a user name or password in the address', () => {
		expect(normalizeBaseUrl('https://me:pw@api.example.com')).toEqual({
			error: 'The Base URL must not contain a user name or password. Enter the address only, such as https://api.example.com; the API key goes in its own field.',
		});
	});

	it('reads Max Requests per Minute, falling back to the published limit', () => {
		expect(readMaxRequestsPerMinute(500)).toBe(500);
		expect(readMaxRequestsPerMinute('120')).toBe(120);
		expect(readMaxRequestsPerMinute(99.9)).toBe(99);
		for (const bad of [undefined, null, '', 0, -5, 'many', Number.NaN]) expect(readMaxRequestsPerMinute(bad)).toBe(200);
	});
});

describe('ApiClient.of', () => {
	it('reads the partner id only when set, and fails the run on a bad base URL without the key in the error', async () => {
		const { ctx } = fakeContext(() => ok({}), { credentials: { baseUrl: 'https://x.test/v1/', partnerId: ' ', apiKey: 'k-123456' } });
		const client = await ApiClient.of(ctx);
		expect(client.connection).toEqual({ baseUrl: 'https://x.test', partnerId: undefined, maxRequestsPerMinute: 200 });
		// one client per run: the same context gets the same client
		expect(await ApiClient.of(ctx)).toBe(client);
		const bad = fakeContext(() => ok({}), { credentials: { baseUrl: 'http://x.test/k-123456', apiKey: 'k-123456' } });
		const error = await ApiClient.of(bad.ctx).catch((e) => e);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(JSON.stringify({ message: error.message, description: error.description })).not.toContain('k-123456');
	});
});

describe('describeItems', () => {
	it('names one item, a range, or the first few of scattered items', () => {
		expect(describeItems([3])).toBe('item 3');
		expect(describeItems([41, 40, 42])).toBe('items 40 to 42');
		expect(describeItems([2, 5, 9])).toBe('items 2, 5, 9');
		expect(describeItems([2, 5, 9, 11, 20])).toBe('items 2, 5, 9 and 2 more');
	});
});

describe('retry policy', () => {
	const at = (failures: number, throttled = 0) => ({ failures, throttled });
	it('backs off exponentially with jitter in the upper half, capped', () => {
		expect(backoffMs(1, () => 0)).toBe(250);
		expect(backoffMs(1, () => 1)).toBe(500);
		expect(backoffMs(3, () => 1)).toBe(2000);
		expect(backoffMs(20, () => 1)).toBe(RETRY_POLICY.maxDelayMs);
	});

	it('retries what may succeed later, and stops after the last attempt', () => {
		const never = () => 0;
		expect(retryDelay({ status: 429, retryAfterMs: 1200 }, at(0, 1), true, never)).toBe(1200);
		expect(retryDelay({ status: 503 }, at(1), true, never)).toBe(250);
		expect(retryDelay({ status: 422 }, at(1), true, never)).toBeUndefined();
		expect(retryDelay({ status: 401 }, at(1), true, never)).toBeUndefined();
		expect(retryDelay({ networkCode: 'ECONNRESET' }, at(1), true, never)).toBe(250);
		expect(retryDelay({ status: 503 }, at(RETRY_POLICY.maxAttempts), true, never)).toBeUndefined();
		expect(retryDelay({ status: 429 }, at(0, RETRY_POLICY.maxThrottledAttempts), true, never)).toBeUndefined();
		// 429s and failures are counted apart: a storm of 429s does not use up the failure attempts
		expect(retryDelay({ status: 503 }, at(1, 10), true, never)).toBe(250);
	});

	it('retries a non-idempotent request only when it surely did not arrive', () => {
		expect(retryDelay({ status: 500 }, at(1), false)).toBeUndefined();
		expect(retryDelay({ networkCode: 'ECONNRESET' }, at(1), false)).toBeUndefined();
		expect(retryDelay({ networkCode: 'ETIMEDOUT' }, at(1), false)).toBeUndefined();
		expect(retryDelay({ status: 429, retryAfterMs: 10 }, at(0, 1), false)).toBe(10);
		expect(retryDelay({ networkCode: 'ECONNREFUSED' }, at(1), false, () => 0)).toBe(250);
	});

	it('reads Retry-After as seconds, as a date, or from the body', () => {
		expect(parseRetryAfterMs('3', undefined)).toBe(3000);
		expect(parseRetryAfterMs(undefined, { retry_after: 2 })).toBe(2000);
		expect(parseRetryAfterMs('Thu, 01 Jan 1970 00:00:10 GMT', undefined, 4000)).toBe(6000);
		expect(parseRetryAfterMs(undefined, {})).toBeUndefined();
	});
});

describe('service errors', () => {
	it('renders 422 locations as fields with indexes', () => {
		const problems = readProblems({
			detail: [{ loc: ['body', 'prospects_to_match', 3, 'phone_number'], msg: 'invalid phone', type: 'value_error' }],
		});
		expect(problems).toEqual([{ path: ['prospects_to_match', 3, 'phone_number'], message: 'invalid phone' }]);
		expect(formatPath(problems[0].path)).toBe('prospects_to_match[3].phone_number');
	});

	it('explains a 401 as a credential problem with the correlation id', () => {
		const error = serviceError(TEST_NODE, 401, { details: 'Invalid API key', correlation_id: 'c-9' });
		expect(error.message).toBe('The service rejected the API key or partner ID (401): Invalid API key');
		expect(error.description).toBe('Correlation id: c-9.');
		expect(error.httpCode).toBe('401');
		expect(error.failure).toEqual({ cause: 'credential-invalid' });
	});

	it('marks a 429 as rate limited with the wait, and a 403 about credits as a used-up quota', () => {
		const limited = serviceError(TEST_NODE, 429, { code: 429, message: 'Too many requests' }, { retryAfterMs: 90_000 });
		expect(limited.failure).toEqual({ cause: 'rate-limited', retryAfterMs: 90_000 });
		expect(limited.description).toBe('Retry after 90 s.');
		const noCredits = serviceError(TEST_NODE, 403, { details: 'no credits' });
		expect([noCredits.message, noCredits.failure]).toEqual(['The service refused the request (insufficient credits) (403): no credits', { cause: 'quota-exhausted' }]);
	});

	it('labels a 403 by what its body says: only credits make it "insufficient credits"', () => {
		const cases: Array<[unknown, string, string]> = [
			[{ details: 'Insufficient credits: this request needs 3 and 2 remain' }, 'The service refused the request (insufficient credits) (403): Insufficient credits: this request needs 3 and 2 remain', 'quota-exhausted'],
			[{ detail: 'Not enough credit left' }, 'The service refused the request (insufficient credits) (403): Not enough credit left', 'quota-exhausted'],
			[{ details: 'Forbidden: this enrichment is not part of your plan' }, 'The service refused the request (forbidden) (403): Forbidden: this enrichment is not part of your plan', 'configuration-invalid'],
			[{}, 'The service refused the request (forbidden) (403)', 'configuration-invalid'],
			['', 'The service refused the request (forbidden) (403)', 'configuration-invalid'],
		];
		for (const [body, message, cause] of cases) {
			const error = serviceError(TEST_NODE, 403, body);
			expect([error.message, error.failure]).toEqual([message, { cause }]);
		}
	});
});

describe('ApiClient.request', () => {
	beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
	afterEach(() => jest.useRealTimers());

	/** Runs the clock forward until the promise settles; resolves to its value or its error. */
	async function settle<T>(promise: Promise<T>): Promise<T | (Error & Record<string, any>)> {
		let done = false;
		let result: unknown;
		promise.then(
			(value) => ((done = true), (result = value)),
			(error) => ((done = true), (result = error)),
		);
		while (!done) await jest.advanceTimersByTimeAsync(500);
		return result as T;
	}

	const script = (...answers: Array<FakeResponse | Error>) => {
		const queue = [...answers];
		return () => queue.shift() ?? ok({ done: true });
	};
	const request = async (ctx: Parameters<typeof ApiClient.of>[0], ...args: Parameters<ApiClient['request']>) =>
		await settle((await ApiClient.of(ctx)).request(...args));

	it('waits out a 429 for the time the service asks, then succeeds', async () => {
		const { ctx, calls } = fakeContext(script({ statusCode: 429, headers: { 'retry-after': '2' } }, ok({ a: 1 })));
		const started = Date.now();
		await expect(request(ctx, 'listBusinessEnrollments')).resolves.toEqual({ a: 1 });
		expect(calls).toHaveLength(2);
		expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
	});

	it('retries 5xx and resets up to the attempt limit, then fails naming the items, status and attempts', async () => {
		const failures = [connectionError('ECONNRESET'), { statusCode: 502 }, { statusCode: 503 }, connectionError('EPIPE')];
		const answers = Array.from({ length: RETRY_POLICY.maxAttempts - 1 }, (_, i) => failures[i % failures.length]);
		const { ctx, calls } = fakeContext(script(...answers, { statusCode: 500, body: { details: 'boom' } }));
		const error = await request(ctx, 'matchProspects', { prospects_to_match: [] }, { items: [40, 41, 42, 43] });
		expect(calls).toHaveLength(RETRY_POLICY.maxAttempts);
		expect(error).toBeInstanceOf(NodeApiError);
		expect((error as NodeApiError).message).toBe(
			`The service failed (500): boom (for items 40 to 43 after ${RETRY_POLICY.maxAttempts} attempts)`,
		);
		expect((error as NodeApiError).context.attempts).toBe(RETRY_POLICY.maxAttempts);
		expect((error as NodeApiError).failure).toEqual({ cause: 'temporarily-unavailable' });
	});

	it('survives a flaky service: 5 failures in a row still succeed', async () => {
		const { ctx, calls } = fakeContext(
			script(connectionError('ECONNRESET'), { statusCode: 503 }, connectionError('ECONNRESET'), { statusCode: 500 }, { statusCode: 502 }, ok({ a: 1 })),
		);
		await expect(request(ctx, 'getBusinessEvents', {})).resolves.toEqual({ a: 1 });
		expect(calls).toHaveLength(6);
	});

	it('stops retrying once the run has spent its retry allowance on a service that keeps failing', async () => {
		const { ctx, calls } = fakeContext(() => ({ statusCode: 503 }));
		const client = await ApiClient.of(ctx);
		await settle(client.request('getBusinessEvents', {}));
		expect(calls).toHaveLength(RETRY_POLICY.maxAttempts);
		// 7 of the 10 retries are spent: the next request gets 3 more, then fails
		await settle(client.request('getBusinessEvents', {}));
		expect(calls).toHaveLength(RETRY_POLICY.maxAttempts + 4);
		await settle(client.request('getBusinessEvents', {}));
		expect(calls).toHaveLength(RETRY_POLICY.maxAttempts + 5);
	});

	it('never retries creating an enrollment after a 500 or a reset, and says it may exist', async () => {
		for (const failure of [{ statusCode: 500 }, connectionError('ECONNRESET')]) {
			const { ctx, calls } = fakeContext(script(failure, ok({})));
			const error = await request(ctx, 'createBusinessEnrollment', { enrollment_key: 'kkkk' });
			expect(error).toBeInstanceOf(NodeApiError);
			expect((error as NodeApiError).description).toMatch(
				/^The request may have reached the service before it failed, so what it creates may already exist: list what exists before running this again\./,
			);
			expect(calls).toHaveLength(1);
		}
		const refused = fakeContext(() => connectionError('ECONNREFUSED'));
		const error = (await request(refused.ctx, 'createBusinessEnrollment', {})) as NodeApiError;
		expect(error.description).not.toContain('may already exist');
	});

	it('does retry creating an enrollment after a 429 or a refused connection', async () => {
		const { ctx, calls } = fakeContext(
			script({ statusCode: 429, headers: { 'retry-after': '0' } }, connectionError('ECONNREFUSED'), ok({ enrollment_id: 'e1' })),
		);
		await expect(request(ctx, 'createBusinessEnrollment', {})).resolves.toEqual({ enrollment_id: 'e1' });
		expect(calls).toHaveLength(3);
	});

	it('fails at once with a rate-limited cause when the wait asked for is too long', async () => {
		const { ctx, calls } = fakeContext(script({ statusCode: 429, headers: { 'retry-after': '3600' }, body: { code: 429 } }));
		const error = (await request(ctx, 'listBusinessEnrollments')) as NodeApiError;
		expect(calls).toHaveLength(1);
		expect(error.failure).toEqual({ cause: 'rate-limited', retryAfterMs: 3_600_000 });
	});

	it('sends nothing more in the run once the service refused the API key (401)', async () => {
		const refused = { statusCode: 401, body: { details: 'Invalid API key' } };
		const { ctx, calls } = fakeContext(script(refused, ok({})));
		const first = await request(ctx, 'getBusinessEvents', {}, { itemIndex: 0 });
		expect(first.message).toBe('The service rejected the API key or partner ID (401): Invalid API key');
		const later = await request(ctx, 'matchProspects', {}, { itemIndex: 3, items: [3, 4, 5] });
		expect(later).toBeInstanceOf(NodeApiError);
		expect(later.message).toBe(
			'The service rejected the API key or partner ID (401): Invalid API key (not sent for items 3 to 5: an earlier request of this run was refused)',
		);
		expect(later.httpCode).toBe('401');
		expect(later.context.itemIndex).toBe(3);
		// the partner ID does not help a refused key either
		const listed = await request(ctx, 'listBusinessEnrollments');
		expect(listed.httpCode).toBe('401');
		expect(calls).toHaveLength(1);
		// the next run (a new context) tries again
		const next = fakeContext(() => ok({ events: [] }), { credentials: { ...(await ctx.getCredentials('x')) } });
		expect(await request(next.ctx, 'getBusinessEvents', {})).toEqual({ events: [] });
	});

	it('never follows a redirect: a 3xx is an error that says where it pointed', async () => {
		for (const statusCode of [301, 302, 303, 307, 308]) {
			const { ctx, calls } = fakeContext(() => ({ statusCode, headers: { location: 'http://elsewhere.test/steal' } }));
			const error = (await request(ctx, 'matchProspects', { prospects_to_match: [] }, { itemIndex: 2 })) as NodeApiError;
			expect(calls).toHaveLength(1);
			expect(error).toBeInstanceOf(NodeApiError);
			expect(error.message).toBe(
				`The service answered with a redirect (${statusCode}) to http://elsewhere.test/steal; it was not followed and nothing was sent there`,
			);
			expect(error.context.itemIndex).toBe(2);
		}
		const { ctx, calls } = fakeContext(() => ok({}));
		await request(ctx, 'listBusinessEnrollments');
		expect(calls).toHaveLength(1);
	});

	it('asks n8n not to follow redirects, nor to send credentials along one', async () => {
		const seen: unknown[] = [];
		const { ctx } = fakeContext(() => ok({}));
		const original = ctx.helpers.httpRequestWithAuthentication;
		ctx.helpers.httpRequestWithAuthentication = (async (type: string, options: any) => {
			seen.push(options);
			return await original.call(ctx, type, options);
		}) as typeof original;
		await request(ctx, 'listBusinessEnrollments');
		expect(seen[0]).toMatchObject({ disableFollowRedirect: true, sendCredentialsOnCrossOriginRedirect: false });
	});

	it('blanks the API key out of every error and answer, whatever the service echoes', async () => {
		const apiKey = 'sk-live-RECOGNISABLE-7731';
		const credentials = { baseUrl: 'http://127.0.0.1:9', apiKey, maxRequestsPerMinute: UNLIMITED };
		const echoes: FakeResponse[] = [
			{ statusCode: 401, body: { details: `Invalid API key '${apiKey}'` } },
			{ statusCode: 400, body: { message: `bad request for key ${apiKey}`, description: apiKey } },
			{ statusCode: 422, body: { detail: [{ loc: ['body', 'x'], msg: `api_key=${apiKey}` }] } },
			{ statusCode: 404, body: { headers: { API_KEY: 'another-secret-value', accept: 'application/json' }, note: `API_KEY: ${apiKey}` } },
			{ statusCode: 307, headers: { location: `https://evil.test/?k=${encodeURIComponent(apiKey)}` } },
		];
		for (const echo of echoes) {
			const { ctx } = fakeContext(() => echo, { credentials });
			const error = (await request(ctx, 'listBusinessEnrollments')) as NodeApiError;
			expect(error).toBeInstanceOf(NodeApiError);
			const everything = JSON.stringify({ ...error, message: error.message, stack: error.stack, description: error.description, response: error.errorResponse, messages: error.messages });
			expect(everything).not.toContain(apiKey);
			expect(everything).not.toContain(encodeURIComponent(apiKey));
			expect(everything).not.toContain('another-secret-value');
		}
		const { ctx } = fakeContext(() => ok({ data: [{ note: `your key is ${apiKey}`, api_key: 'other-secret-value' }] }), {
			credentials: { ...credentials, apiKey: ` ${apiKey} ` },
		});
		const answer = await request(ctx, 'getBusinessEvents', {});
		expect(answer).toEqual({ data: [{ note: 'your key is ***', api_key: '***' }] });
	});

	it('treats a 2xx answer that is not a JSON object as an error, not as "no results"', async () => {
		for (const [body, kind] of [
			['<!DOCTYPE html><html><body>Sign in to the proxy</body></html>', 'an HTML page'],
			['OK', 'no JSON object'],
			[[], 'no JSON object'],
		] as const) {
			const { ctx, calls } = fakeContext(() => ok(body));
			const error = (await request(ctx, 'getBusinessEvents', {}, { itemIndex: 3 })) as NodeApiError;
			expect(calls).toHaveLength(1);
			expect(error).toBeInstanceOf(NodeApiError);
			expect(error.message).toBe(`The service returned an unexpected answer (200): ${kind} instead of JSON`);
			expect(error.context.itemIndex).toBe(3);
		}
	});

	it('treats request_status "failure" as an error; "miss" and a missing result list are answers', async () => {
		const failure = { response_context: { request_status: 'failure', correlation_id: 'corr-9' }, details: 'backend unavailable' };
		const { ctx } = fakeContext(() => ok(failure));
		const error = (await request(ctx, 'enrichProspectProfiles', {})) as NodeApiError;
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('The service reported a failure (request_status "failure"): backend unavailable');
		expect(error.description).toBe('Correlation id: corr-9.');
		const onEnrollment = fakeContext(() => ok({ request_context: { request_status: 'failure' } }));
		expect(((await request(onEnrollment.ctx, 'createBusinessEnrollment', {})) as Error).message).toBe(
			'The service reported a failure (request_status "failure")',
		);
		const miss = fakeContext(() => ok({ response_context: { request_status: 'miss' } }));
		await expect(request(miss.ctx, 'getBusinessEvents', {})).resolves.toEqual({ response_context: { request_status: 'miss' } });
	});

	it('reports a request cut short by a cancelled execution as cancelled, not as a network error', async () => {
		const controller = new AbortController();
		const { ctx, calls } = fakeContext(() => {
			controller.abort();
			return Object.assign(new Error('canceled'), { code: 'ERR_CANCELED' });
		});
		const cancellable = { ...ctx, getExecutionCancelSignal: () => controller.signal } as typeof ctx;
		const error = (await request(cancellable, 'getBusinessEvents', {})) as Error;
		expect(calls).toHaveLength(1);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('The execution was cancelled');
	});
});

describe('fillPath', () => {
	it('fills {name} segments URL-encoded and refuses a missing value', async () => {
		const { fillPath } = await import('../../nodes/shared/transport/apiClient');
		expect(fillPath('/v1/webhooks/{partner_id}', { partner_id: 'p 1/2' })).toBe('/v1/webhooks/p%201%2F2');
		expect(fillPath('/v1/webhooks')).toBe('/v1/webhooks');
		expect(() => fillPath('/v1/webhooks/{partner_id}')).toThrow('needs a value for partner_id');
	});
});

/** The same on an API v2 client: what transport.v1.test.ts holds on v1's paths. */
describe('ApiClient.request on v2', () => {
	beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
	afterEach(() => jest.useRealTimers());

	async function settle<T>(promise: Promise<T>): Promise<T | (Error & Record<string, any>)> {
		let done = false;
		let result: unknown;
		promise.then(
			(value) => ((done = true), (result = value)),
			(error) => ((done = true), (result = error)),
		);
		while (!done) await jest.advanceTimersByTimeAsync(500);
		return result as T;
	}
	const script = (...answers: Array<FakeResponse | Error>) => {
		const queue = [...answers];
		return () => queue.shift() ?? ok({ done: true });
	};
	const request = async (ctx: Parameters<typeof ApiClient.of>[0], ...args: Parameters<ApiClient['request']>) =>
		await settle((await ApiClient.of(ctx, 'v2')).request(...args));
	const EVENTS = 'http://127.0.0.1:9/v2/businesses/events';

	it('counts only attempts the service may have acted on: a 429 before a 404 is not one', async () => {
		const afterThrottle = fakeContext(script({ statusCode: 429, headers: { 'retry-after': '0' } }, { statusCode: 404 }));
		const notFound = (await request(afterThrottle.ctx, 'deleteProspectEnrollment', undefined, { pathParams: { enrollment_id: 'x' } })) as NodeApiError;
		expect(notFound.httpCode).toBe('404');
		expect(notFound.context.earlierAttemptsReachedService).toBe(0);
		expect(afterThrottle.calls.map((call) => [call.method, call.url])).toEqual(Array(2).fill(['DELETE', 'http://127.0.0.1:9/v2/prospects/events/enrollments/x']));
		const afterFailure = fakeContext(script({ statusCode: 503 }, { statusCode: 404 }));
		const gone = (await request(afterFailure.ctx, 'deleteProspectEnrollment', undefined, { pathParams: { enrollment_id: 'x' } })) as NodeApiError;
		expect(gone.context.earlierAttemptsReachedService).toBe(1);
	});

	it('reports an error that is not a network error with its own message, sent once, the key blanked out', async () => {
		const credentials = { baseUrl: 'http://127.0.0.1:9', apiKey: 'secret-key-quoted-v2', maxRequestsPerMinute: UNLIMITED };
		const headerError = Object.assign(new Error('Invalid character in header content ["API_KEY"]'), {
			code: 'ERR_INVALID_CHAR',
			config: { headers: { API_KEY: 'secret-key-quoted-v2\n' } },
		});
		const { ctx, calls } = fakeContext(() => headerError, { credentials });
		const error = (await request(ctx, 'getBusinessEvents', {}, { itemIndex: 1 })) as NodeOperationError;
		expect(calls).toHaveLength(1);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(`The request to ${EVENTS} could not be sent: Invalid character in header content ["API_KEY"]`);
		expect(error.description).toBe('Check the API key and Base URL in the Business Prospect Data API credential.');
		expect(error.context.itemIndex).toBe(1);
		expect(JSON.stringify(error)).not.toContain('secret-key-quoted-v2');

		const quoting = fakeContext(() => new Error('bad value secret-key-quoted-v2 in header'), { credentials });
		const quoted = (await request(quoting.ctx, 'getBusinessEvents', {})) as Error;
		expect(quoted.message).toBe(`The request to ${EVENTS} could not be sent: bad value *** in header`);
	});

	it('blames the Base URL only for an address that never answered', async () => {
		const notFound = fakeContext(() => Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND', config: { headers: { API_KEY: 'secret-key' } } }));
		const error = (await request(notFound.ctx, 'listBusinessEnrollments')) as NodeApiError;
		expect(notFound.calls).toHaveLength(1);
		expect(error.message).toBe('Could not get an answer from the service at http://127.0.0.1:9/v2/businesses/events/enrollments: host not found');
		expect(error.description).toBe('Check the Base URL in the credential and that the service is reachable from n8n.');
		expect(JSON.stringify(error)).not.toContain('secret-key');

		const { ctx } = fakeContext(script(ok({}), ...Array.from({ length: 8 }, () => connectionError('ECONNRESET'))));
		const client = await ApiClient.of(ctx, 'v2');
		await settle(client.request('getBusinessEvents', {}));
		const reset = (await settle(client.request('getBusinessEvents', {}, { items: [0, 1] }))) as NodeApiError;
		expect(reset.message).toBe(`Could not get an answer from the service at ${EVENTS}: connection reset (for items 0 to 1 after ${RETRY_POLICY.maxAttempts} attempts)`);
		expect(reset.description).not.toContain('Base URL');
	});
});
