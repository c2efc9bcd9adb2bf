import type { IDataObject, IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { ENDPOINTS, type EndpointName } from '../catalog';
import { type ApiContext, type Connection, CREDENTIAL_TYPE, getConnection } from './connection';
import { RateLimiter } from './rateLimiter';
import { type Outcome, parseRetryAfterMs, RETRY_POLICY, retryDelay } from './retryPolicy';
import { networkError, serviceError } from './serviceError';

export interface RequestOptions {
	/** the input item the request is for, named in errors */
	itemIndex?: number;
	/** resolved once per run by the caller; read from the credential when absent */
	connection?: Connection;
	/** shared by all requests of one run */
	limiter?: RateLimiter;
	/**
	 * Time (ms since epoch) no retry wait may run past: a retry that would end later fails now
	 * instead (a 429 keeps its retry-after), e.g. so a poll stays inside its budget.
	 */
	deadline?: number;
}

function networkCodeOf(error: unknown): string | undefined {
	const candidates = [error, (error as { cause?: unknown })?.cause];
	for (const candidate of candidates) {
		const code = (candidate as { code?: unknown } | undefined)?.code;
		if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
	}
	const message = String((error as { message?: unknown })?.message ?? '');
	if (/socket hang up/i.test(message)) return 'ECONNRESET';
	if (/timeout/i.test(message)) return 'ETIMEDOUT';
	return undefined;
}

function cancelSignal(ctx: ApiContext): AbortSignal | undefined {
	return 'getExecutionCancelSignal' in ctx ? ctx.getExecutionCancelSignal() : undefined;
}

/**
 * Sends one request of the catalog through n8n's authenticated HTTP helper and returns the JSON
 * body. Retries 429 (honouring Retry-After up to a cap), 5xx and dropped connections with
 * exponential backoff; every other failure becomes a NodeApiError that carries the service's
 * explanation and correlation id, never the request headers.
 */
export async function apiRequest<T = IDataObject>(
	ctx: ApiContext,
	name: EndpointName,
	body?: IDataObject,
	options: RequestOptions = {},
): Promise<T> {
	const definition = ENDPOINTS[name];
	const connection = options.connection ?? (await getConnection(ctx));
	const url = `${connection.baseUrl}${definition.path}`;
	const signal = cancelSignal(ctx);
	const request: IHttpRequestOptions = {
		method: definition.method,
		url,
		json: true,
		headers: { Accept: 'application/json' },
		timeout: RETRY_POLICY.timeoutMs,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		abortSignal: signal,
	};
	if (definition.method !== 'GET') request.body = body ?? {};
	if (definition.partnerHeader && connection.partnerId) {
		request.headers = { ...request.headers, partner_id: connection.partnerId };
	}

	for (let attempt = 1; ; attempt++) {
		if (signal?.aborted) {
			throw new NodeOperationError(ctx.getNode(), 'The execution was cancelled', { itemIndex: options.itemIndex });
		}
		await options.limiter?.acquire();

		let outcome: Outcome;
		let response: IN8nHttpFullResponse | undefined;
		try {
			response = (await ctx.helpers.httpRequestWithAuthentication.call(
				ctx,
				CREDENTIAL_TYPE,
				request,
			)) as IN8nHttpFullResponse;
			if (response.statusCode >= 200 && response.statusCode < 300) return response.body as T;
			outcome = {
				status: response.statusCode,
				retryAfterMs:
					response.statusCode === 429
						? parseRetryAfterMs(response.headers?.['retry-after'], response.body)
						: undefined,
			};
		} catch (error) {
			const networkCode = networkCodeOf(error);
			if (networkCode === undefined || signal?.aborted) {
				throw networkError(ctx.getNode(), networkCode ?? 'EUNKNOWN', url, options.itemIndex);
			}
			outcome = { networkCode };
		}

		const tooLong =
			'status' in outcome &&
			outcome.status === 429 &&
			(outcome.retryAfterMs ?? 0) > RETRY_POLICY.maxRetryAfterMs;
		const delay = tooLong ? undefined : retryDelay(outcome, attempt, definition.idempotent);
		const pastDeadline = delay !== undefined && options.deadline !== undefined && Date.now() + delay > options.deadline;
		if (delay === undefined || pastDeadline) {
			if ('networkCode' in outcome) throw networkError(ctx.getNode(), outcome.networkCode, url, options.itemIndex);
			throw serviceError(ctx.getNode(), outcome.status, response?.body, {
				itemIndex: options.itemIndex,
				retryAfterMs: outcome.retryAfterMs,
			});
		}
		await sleep(delay);
	}
}
