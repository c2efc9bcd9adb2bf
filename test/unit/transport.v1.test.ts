/** API v1's cases of transport.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1"). */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { ApiClient } from '../../nodes/shared/transport/apiClient';
import { RETRY_POLICY } from '../../nodes/shared/transport/retryPolicy';
import { connectionError, fakeContext, ok, UNLIMITED, type FakeResponse } from './support/fakeContext';

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

	it('counts only attempts the service may have acted on: a 429 before a 404 is not one', async () => {
		const afterThrottle = fakeContext(script({ statusCode: 429, headers: { 'retry-after': '0' } }, { statusCode: 404 }));
		const notFound = (await request(afterThrottle.ctx, 'deleteProspectEnrollment', { enrollment_id: 'x' })) as NodeApiError;
		expect(notFound.httpCode).toBe('404');
		expect(notFound.context.earlierAttemptsReachedService).toBe(0);
		const afterFailure = fakeContext(script({ statusCode: 503 }, { statusCode: 404 }));
		const gone = (await request(afterFailure.ctx, 'deleteProspectEnrollment', { enrollment_id: 'x' })) as NodeApiError;
		expect(gone.context.earlierAttemptsReachedService).toBe(1);
	});

	it('sends the partner id only to the endpoint that takes it, and only when set', async () => {
		const credentials = { baseUrl: 'http://127.0.0.1:9', partnerId: 'partner-7', apiKey: 'key-partner', maxRequestsPerMinute: UNLIMITED };
		const { ctx, calls } = fakeContext(() => ok({}), { credentials });
		await request(ctx, 'listBusinessEnrollments');
		await request(ctx, 'getBusinessEvents', {});
		const without = fakeContext(() => ok({}));
		await request(without.ctx, 'listBusinessEnrollments');
		expect([...calls, ...without.calls].map((call) => call.headers.partner_id)).toEqual(['partner-7', undefined, undefined]);
		expect(calls[0].method).toBe('GET');
	});

	it('after a 401 that came with the partner ID, still sends requests that do not carry it', async () => {
		const credentials = { baseUrl: 'http://127.0.0.1:9', partnerId: 'partner-unknown', apiKey: 'key-partner-401', maxRequestsPerMinute: UNLIMITED };
		const { ctx, calls } = fakeContext(script({ statusCode: 401, body: { details: 'Unknown partner id' } }, ok({ events: [] })), { credentials });
		expect((await request(ctx, 'listBusinessEnrollments')).httpCode).toBe('401');
		expect(await request(ctx, 'getBusinessEvents', {})).toEqual({ events: [] });
		expect((await request(ctx, 'listBusinessEnrollments')).httpCode).toBe('401');
		expect(calls.map((call) => call.headers.partner_id)).toEqual(['partner-unknown', undefined]);
	});

	it('reports an error that is not a network error with its own message, sent once, the key blanked out', async () => {
		const credentials = { baseUrl: 'http://127.0.0.1:9', apiKey: 'secret-key-quoted', maxRequestsPerMinute: UNLIMITED };
		const headerError = Object.assign(new Error('Invalid character in header content ["API_KEY"]'), {
			code: 'ERR_INVALID_CHAR',
			config: { headers: { API_KEY: 'secret-key-quoted\n' } },
		});
		const { ctx, calls } = fakeContext(() => headerError, { credentials });
		const error = (await request(ctx, 'getBusinessEvents', {}, { itemIndex: 1 })) as NodeOperationError;
		expect(calls).toHaveLength(1);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(
			'The request to http://127.0.0.1:9/v1/businesses/events could not be sent: Invalid character in header content ["API_KEY"]',
		);
		expect(error.description).toBe('Check the API key and Base URL in the Business Prospect Data API credential.');
		expect(error.context.itemIndex).toBe(1);
		expect(JSON.stringify(error)).not.toContain('secret-key-quoted');

		const quoting = fakeContext(() => new Error('bad value secret-key-quoted in header'), { credentials });
		const quoted = (await request(quoting.ctx, 'getBusinessEvents', {})) as Error;
		expect(quoted.message).toBe('The request to http://127.0.0.1:9/v1/businesses/events could not be sent: bad value *** in header');
	});

	it('blames the Base URL only for an address that never answered', async () => {
		const notFound = fakeContext(() =>
			Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND', config: { headers: { API_KEY: 'secret-key' } } }),
		);
		const error = (await request(notFound.ctx, 'listBusinessEnrollments')) as NodeApiError;
		expect(notFound.calls).toHaveLength(1);
		expect(error.message).toBe('Could not get an answer from the service at http://127.0.0.1:9/v1/businesses/events/enrollments: host not found');
		expect(error.description).toBe('Check the Base URL in the credential and that the service is reachable from n8n.');
		expect(JSON.stringify(error)).not.toContain('secret-key');

		// the connection worked before in this run: a reset is the service's bad moment, not a wrong address
		const { ctx } = fakeContext(script(ok({}), ...Array.from({ length: 8 }, () => connectionError('ECONNRESET'))));
		const client = await ApiClient.of(ctx);
		await settle(client.request('getBusinessEvents', {}));
		const reset = (await settle(client.request('getBusinessEvents', {}, { items: [0, 1] }))) as NodeApiError;
		expect(reset.message).toBe(
			`Could not get an answer from the service at http://127.0.0.1:9/v1/businesses/events: connection reset (for items 0 to 1 after ${RETRY_POLICY.maxAttempts} attempts)`,
		);
		expect(reset.description).not.toContain('Base URL');
	});
});
