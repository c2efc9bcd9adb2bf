import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { normalizeBaseUrl, getConnection } from '../../nodes/shared/transport/connection';
import { apiRequest } from '../../nodes/shared/transport/request';
import { backoffMs, parseRetryAfterMs, RETRY_POLICY, retryDelay } from '../../nodes/shared/transport/retryPolicy';
import { formatPath, readProblems, serviceError } from '../../nodes/shared/transport/serviceError';
import { connectionError, fakeContext, ok, TEST_NODE, type FakeResponse } from './support/fakeContext';

const connection = { baseUrl: 'http://127.0.0.1:9' };

describe('normalizeBaseUrl', () => {
	it.each([
		['https://api.example.com/', 'https://api.example.com'],
		['https://api.example.com///', 'https://api.example.com'],
		[' http://localhost:4010/ ', 'http://localhost:4010'],
		['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
		['http://[::1]:4010', 'http://[::1]:4010'],
	])('accepts %s', (raw, expected) => expect(normalizeBaseUrl(raw)).toBe(expected));

	it('refuses plain http to another host, saying why', () => {
		expect(normalizeBaseUrl('http://api.example.com')).toEqual({
			error: 'The base URL must use https (plain http is allowed only for localhost or 127.0.0.1), got "http://api.example.com"',
		});
	});

	it('refuses something that is not a URL', () => {
		expect(normalizeBaseUrl('api.example.com')).toEqual({
			error: 'The base URL "api.example.com" is not a valid URL, such as https://api.example.com',
		});
	});

	it('reads the partner id only when set, and fails the run on a bad base URL', async () => {
		const { ctx } = fakeContext(() => ok({}), { credentials: { baseUrl: 'https://x.test/', partnerId: ' ' } });
		await expect(getConnection(ctx)).resolves.toEqual({ baseUrl: 'https://x.test', partnerId: undefined });
		const bad = fakeContext(() => ok({}), { credentials: { baseUrl: 'http://x.test' } });
		await expect(getConnection(bad.ctx)).rejects.toBeInstanceOf(NodeOperationError);
	});
});

describe('retry policy', () => {
	it('backs off exponentially with jitter in the upper half, capped', () => {
		expect(backoffMs(1, () => 0)).toBe(250);
		expect(backoffMs(1, () => 1)).toBe(500);
		expect(backoffMs(3, () => 1)).toBe(2000);
		expect(backoffMs(20, () => 1)).toBe(RETRY_POLICY.maxDelayMs);
	});

	it('retries what may succeed later, and stops after the last attempt', () => {
		const never = () => 0;
		expect(retryDelay({ status: 429, retryAfterMs: 1200 }, 1, true, never)).toBe(1200);
		expect(retryDelay({ status: 503 }, 1, true, never)).toBe(250);
		expect(retryDelay({ status: 422 }, 1, true, never)).toBeUndefined();
		expect(retryDelay({ status: 401 }, 1, true, never)).toBeUndefined();
		expect(retryDelay({ networkCode: 'ECONNRESET' }, 1, true, never)).toBe(250);
		expect(retryDelay({ status: 503 }, RETRY_POLICY.maxAttempts, true, never)).toBeUndefined();
	});

	it('retries a non-idempotent request only when it surely did not arrive', () => {
		expect(retryDelay({ status: 500 }, 1, false)).toBeUndefined();
		expect(retryDelay({ networkCode: 'ECONNRESET' }, 1, false)).toBeUndefined();
		expect(retryDelay({ status: 429, retryAfterMs: 10 }, 1, false)).toBe(10);
		expect(retryDelay({ networkCode: 'ECONNREFUSED' }, 1, false, () => 0)).toBe(250);
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

	it('marks a 429 as rate limited with the wait, and 403 as a used-up quota', () => {
		const limited = serviceError(TEST_NODE, 429, { code: 429, message: 'Too many requests' }, { retryAfterMs: 90_000 });
		expect(limited.failure).toEqual({ cause: 'rate-limited', retryAfterMs: 90_000 });
		expect(limited.description).toBe('Retry after 90 s.');
		expect(serviceError(TEST_NODE, 403, { details: 'no credits' }).failure).toEqual({ cause: 'quota-exhausted' });
	});
});

describe('apiRequest retries', () => {
	const script = (...answers: Array<FakeResponse | Error>) => {
		const queue = [...answers];
		return () => queue.shift() ?? ok({ done: true });
	};

	it('waits out a 429 for the time the service asks, then succeeds', async () => {
		const { ctx, calls } = fakeContext(script({ statusCode: 429, headers: { 'retry-after': '0.2' } }, ok({ a: 1 })));
		const started = Date.now();
		await expect(apiRequest(ctx, 'listBusinessEnrollments', undefined, { connection })).resolves.toEqual({ a: 1 });
		expect(calls).toHaveLength(2);
		expect(Date.now() - started).toBeGreaterThanOrEqual(190);
	});

	it('retries 5xx and resets up to the attempt limit, then fails with the last answer', async () => {
		const { ctx, calls } = fakeContext(
			script(connectionError('ECONNRESET'), { statusCode: 502 }, { statusCode: 503 }, { statusCode: 500, body: { details: 'boom' } }),
		);
		const error = await apiRequest(ctx, 'matchProspects', { prospects_to_match: [] }, { connection }).catch((e) => e);
		expect(calls).toHaveLength(RETRY_POLICY.maxAttempts);
		expect(error.context.attempts).toBe(RETRY_POLICY.maxAttempts);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('The service failed (500): boom');
		expect(error.failure).toEqual({ cause: 'temporarily-unavailable' });
	});

	it('never retries creating an enrollment after a 500 or a reset', async () => {
		for (const failure of [{ statusCode: 500 }, connectionError('ECONNRESET')]) {
			const { ctx, calls } = fakeContext(script(failure, ok({})));
			await expect(
				apiRequest(ctx, 'createBusinessEnrollment', { enrollment_key: 'kkkk' }, { connection }),
			).rejects.toBeInstanceOf(NodeApiError);
			expect(calls).toHaveLength(1);
		}
	});

	it('does retry creating an enrollment after a 429 or a refused connection', async () => {
		const { ctx, calls } = fakeContext(
			script({ statusCode: 429, headers: { 'retry-after': '0' } }, connectionError('ECONNREFUSED'), ok({ enrollment_id: 'e1' })),
		);
		await expect(apiRequest(ctx, 'createBusinessEnrollment', {}, { connection })).resolves.toEqual({ enrollment_id: 'e1' });
		expect(calls).toHaveLength(3);
	});

	it('fails at once with a rate-limited cause when the wait asked for is too long', async () => {
		const { ctx, calls } = fakeContext(script({ statusCode: 429, headers: { 'retry-after': '3600' }, body: { code: 429 } }));
		const error = await apiRequest(ctx, 'listBusinessEnrollments', undefined, { connection }).catch((e) => e);
		expect(calls).toHaveLength(1);
		expect(error.failure).toEqual({ cause: 'rate-limited', retryAfterMs: 3_600_000 });
	});

	it('sends the partner id only to the endpoint that takes it, and only when set', async () => {
		const withPartner = { baseUrl: 'http://127.0.0.1:9', partnerId: 'partner-7' };
		const { ctx, calls } = fakeContext(() => ok({}));
		await apiRequest(ctx, 'listBusinessEnrollments', undefined, { connection: withPartner });
		await apiRequest(ctx, 'getBusinessEvents', {}, { connection: withPartner });
		await apiRequest(ctx, 'listBusinessEnrollments', undefined, { connection });
		expect(calls.map((call) => call.headers.partner_id)).toEqual(['partner-7', undefined, undefined]);
		expect(calls[0].method).toBe('GET');
	});

	it('treats a 2xx answer that is not a JSON object as an error, not as "no results"', async () => {
		for (const [body, kind] of [
			['<!DOCTYPE html><html><body>Sign in to the proxy</body></html>', 'an HTML page'],
			['OK', 'no JSON object'],
			[[], 'no JSON object'],
		] as const) {
			const { ctx, calls } = fakeContext(() => ok(body));
			const error = await apiRequest(ctx, 'getBusinessEvents', {}, { connection, itemIndex: 3 }).catch((e) => e);
			expect(calls).toHaveLength(1);
			expect(error).toBeInstanceOf(NodeApiError);
			expect(error.message).toBe(`The service returned an unexpected answer (200): ${kind} instead of JSON`);
			expect(error.context.itemIndex).toBe(3);
		}
	});

	it('treats request_status "failure" as an error; "miss" and a missing result list are answers', async () => {
		const failure = { response_context: { request_status: 'failure', correlation_id: 'corr-9' }, details: 'backend unavailable' };
		const { ctx } = fakeContext(() => ok(failure));
		const error = await apiRequest(ctx, 'enrichProspectProfiles', {}, { connection }).catch((e) => e);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toBe('The service reported a failure (request_status "failure"): backend unavailable');
		expect(error.description).toBe('Correlation id: corr-9.');
		const onEnrollment = fakeContext(() => ok({ request_context: { request_status: 'failure' } }));
		await expect(apiRequest(onEnrollment.ctx, 'createBusinessEnrollment', {}, { connection })).rejects.toThrow(
			'The service reported a failure (request_status "failure")',
		);
		const miss = fakeContext(() => ok({ response_context: { request_status: 'miss' } }));
		await expect(apiRequest(miss.ctx, 'getBusinessEvents', {}, { connection })).resolves.toEqual({
			response_context: { request_status: 'miss' },
		});
	});

	it('reports an error that is not a network error with its own message, sent once, the key blanked out', async () => {
		const headerError = Object.assign(new Error('Invalid character in header content ["API_KEY"]'), {
			code: 'ERR_INVALID_CHAR',
			config: { headers: { API_KEY: 'secret-key\n' } },
		});
		const { ctx, calls } = fakeContext(() => headerError);
		const error = await apiRequest(ctx, 'getBusinessEvents', {}, { connection, itemIndex: 1 }).catch((e) => e);
		expect(calls).toHaveLength(1);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(
			'The request to http://127.0.0.1:9/v1/businesses/events could not be sent: Invalid character in header content ["API_KEY"]',
		);
		expect(error.description).toBe('Check the API key and Base URL in the Business Prospect Data API credential.');
		expect(error.context.itemIndex).toBe(1);
		expect(JSON.stringify(error)).not.toContain('secret-key');

		const quoting = fakeContext(() => new Error('bad value secret-key in header'));
		const quoted = await apiRequest(quoting.ctx, 'getBusinessEvents', {}, { connection }).catch((e) => e);
		expect(quoted.message).toBe('The request to http://127.0.0.1:9/v1/businesses/events could not be sent: bad value *** in header');
	});

	it('reports a request cut short by a cancelled execution as cancelled, not as a network error', async () => {
		const controller = new AbortController();
		const { ctx, calls } = fakeContext(() => {
			controller.abort();
			return Object.assign(new Error('canceled'), { code: 'ERR_CANCELED' });
		});
		const cancellable = { ...ctx, getExecutionCancelSignal: () => controller.signal } as typeof ctx;
		const error = await apiRequest(cancellable, 'getBusinessEvents', {}, { connection }).catch((e) => e);
		expect(calls).toHaveLength(1);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('The execution was cancelled');
	});

	it('describes an unreachable service without leaking request options', async () => {
		const { ctx } = fakeContext(() => Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND', config: { headers: { API_KEY: 'secret-key' } } }));
		const error = await apiRequest(ctx, 'listBusinessEnrollments', undefined, { connection }).catch((e) => e);
		expect(error.message).toBe('Could not reach the service at http://127.0.0.1:9/v1/businesses/events/enrollments: host not found');
		expect(JSON.stringify(error)).not.toContain('secret-key');
	});
});
