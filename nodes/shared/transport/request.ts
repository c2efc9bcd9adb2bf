import type { IDataObject, IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { ENDPOINTS, type EndpointName } from '../catalog';
import { type ApiContext, type Connection, CREDENTIAL_TYPE, getConnection } from './connection';
import { RateLimiter } from './rateLimiter';
import { type Outcome, parseRetryAfterMs, RETRY_POLICY, retryDelay } from './retryPolicy';
import { networkError, serviceError, unusableAnswer } from './serviceError';

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
		// ERR_* are Node's own errors about the request (e.g. an invalid header), not the network
		if (typeof code === 'string' && /^E[A-Z_]+$/.test(code) && !code.startsWith('ERR_')) return code;
	}
	const message = String((error as { message?: unknown })?.message ?? '');
	if (/socket hang up/i.test(message)) return 'ECONNRESET';
	if (/timeout/i.test(message)) return 'ETIMEDOUT';
	return undefined;
}

const cancelled = (ctx: ApiContext, itemIndex?: number) =>
	new NodeOperationError(ctx.getNode(), 'The execution was cancelled', { itemIndex });

/**
 * A request that failed before any answer for a reason other than the network (n8n's own
 * checks, an invalid header value such as an API key with a line break): its own message, never
 * its options or config, and with the API key blanked out should the message quote it.
 */
async function requestFailure(ctx: ApiContext, error: unknown, url: string, itemIndex?: number) {
	let message = String((error as { message?: unknown })?.message ?? error ?? 'unknown error');
	const credentials = await ctx.getCredentials<{ apiKey?: string }>(CREDENTIAL_TYPE).catch(() => undefined);
	const apiKey = String(credentials?.apiKey ?? '').trim();
	if (apiKey.length >= 4) message = message.split(apiKey).join('***');
	return new NodeOperationError(ctx.getNode(), `The request to ${url} could not be sent: ${message}`, {
		itemIndex,
		description: 'Check the API key and Base URL in the Business Prospect Data API credential.',
	});
}

/**
 * One attempt: the answer (any status), or the network failure that prevented one. A cancelled
 * execution and errors that are not network errors end the request at once.
 */
async function send(
	ctx: ApiContext,
	request: IHttpRequestOptions,
	url: string,
	itemIndex?: number,
): Promise<{ response: IN8nHttpFullResponse } | { networkCode: string }> {
	try {
		return {
			response: (await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_TYPE, request)) as IN8nHttpFullResponse,
		};
	} catch (error) {
		if (request.abortSignal?.aborted) throw cancelled(ctx, itemIndex);
		const networkCode = networkCodeOf(error);
		if (networkCode === undefined) throw await requestFailure(ctx, error, url, itemIndex);
		return { networkCode };
	}
}

function cancelSignal(ctx: ApiContext): AbortSignal | undefined {
	return 'getExecutionCancelSignal' in ctx ? ctx.getExecutionCancelSignal() : undefined;
}

/**
 * Sends one request of the catalog through n8n's authenticated HTTP helper and returns the JSON
 * body. Retries 429 (honouring Retry-After up to a cap), 5xx and dropped connections with
 * exponential backoff; every other failure becomes a NodeApiError that carries the service's
 * explanation and correlation id, never the request headers. A 2xx answer that is not a JSON
 * object (e.g. a proxy's HTML page) or whose context says request_status "failure" is an error
 * too, so that it is never read as "no results".
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
		if (signal?.aborted) throw cancelled(ctx, options.itemIndex);
		await options.limiter?.acquire();

		const sent = await send(ctx, request, url, options.itemIndex);
		const response = 'response' in sent ? sent.response : undefined;
		let outcome: Outcome;
		if (response) {
			if (response.statusCode >= 200 && response.statusCode < 300) {
				const unusable = unusableAnswer(ctx.getNode(), response.statusCode, response.body, options.itemIndex);
				if (unusable) throw unusable;
				return response.body as T;
			}
			outcome = {
				status: response.statusCode,
				retryAfterMs:
					response.statusCode === 429 ? parseRetryAfterMs(response.headers?.['retry-after'], response.body) : undefined,
			};
		} else {
			outcome = sent as { networkCode: string };
		}

		const tooLong =
			'status' in outcome &&
			outcome.status === 429 &&
			(outcome.retryAfterMs ?? 0) > RETRY_POLICY.maxRetryAfterMs;
		const delay = tooLong ? undefined : retryDelay(outcome, attempt, definition.idempotent);
		const pastDeadline = delay !== undefined && options.deadline !== undefined && Date.now() + delay > options.deadline;
		if (delay === undefined || pastDeadline) {
			const failure =
				'networkCode' in outcome
					? networkError(ctx.getNode(), outcome.networkCode, url, options.itemIndex)
					: serviceError(ctx.getNode(), outcome.status, response?.body, {
							itemIndex: options.itemIndex,
							retryAfterMs: outcome.retryAfterMs,
						});
			// how many times it was sent: a 404 on a retried delete means an earlier attempt deleted it
			failure.context.attempts = attempt;
			throw failure;
		}
		await sleep(delay);
	}
}
