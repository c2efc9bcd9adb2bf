import type { Failure, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

/** One problem the service reported, with the body path it points at (422 `loc`, minus "body"). */
export interface ServiceProblem {
	path: Array<string | number>;
	message: string;
	/** the input item the problem belongs to, once the batching engine has mapped it */
	itemIndex?: number;
}

function describeProblem(problem: ServiceProblem): string {
	const where = [
		problem.itemIndex === undefined ? '' : `item ${problem.itemIndex}`,
		problem.path.length ? formatPath(problem.path) : '',
	].filter(Boolean);
	return where.length ? `${where.join(', ')}: ${problem.message}` : problem.message;
}

/** Renders a body path the way a user reads it: prospects_to_match[3].phone_number */
export function formatPath(path: Array<string | number>): string {
	return path
		.map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`))
		.join('');
}

/** Reads the service's error shapes: { details }, { detail: [{ loc, msg }] }, { message }. */
export function readProblems(body: unknown): ServiceProblem[] {
	if (!body || typeof body !== 'object') return typeof body === 'string' && body ? [{ path: [], message: body }] : [];
	const data = body as Record<string, unknown>;
	if (Array.isArray(data.detail)) {
		return data.detail.map((entry) => {
			const item = (entry ?? {}) as { loc?: unknown; msg?: unknown };
			const loc = Array.isArray(item.loc) ? (item.loc as Array<string | number>) : [];
			return { path: loc[0] === 'body' ? loc.slice(1) : loc, message: String(item.msg ?? 'invalid') };
		});
	}
	for (const key of ['details', 'detail', 'message', 'error'] as const) {
		if (typeof data[key] === 'string' && data[key] !== '') return [{ path: [], message: data[key] as string }];
	}
	return [];
}

export function correlationIdOf(body: unknown): string | undefined {
	if (!body || typeof body !== 'object') return undefined;
	const data = body as Record<string, unknown>;
	const context = (data.response_context ?? data.request_context) as Record<string, unknown> | undefined;
	const id = data.correlation_id ?? context?.correlation_id;
	return typeof id === 'string' ? id : undefined;
}

const STATUS_TEXT: Record<number, { summary: string; failure?: Failure }> = {
	400: { summary: 'The service rejected the request as malformed' },
	401: {
		summary: 'The service rejected the API key or partner ID',
		failure: { cause: 'credential-invalid' },
	},
	403: { summary: 'The service refused the request (forbidden)', failure: { cause: 'configuration-invalid' } },
	404: { summary: 'The service did not find what the request names', failure: { cause: 'configuration-invalid' } },
	422: { summary: 'The service rejected the request' },
	429: { summary: 'The service is rate limiting requests' },
};

/** A 403 whose body speaks of credits: the error page's "insufficient credits" (api-facts.md, Errors). */
const INSUFFICIENT_CREDITS = {
	summary: 'The service refused the request (insufficient credits)',
	failure: { cause: 'quota-exhausted' },
} satisfies { summary: string; failure: Failure };
const SPEAKS_OF_CREDITS = /\bcredits?\b/i;

/**
 * The words for a status. A 403 is labelled by what the service's body says: only a body that
 * speaks of credits is "insufficient credits"; a 403 is also how a plan refuses an endpoint.
 */
function summaryOf(status: number, detail: string): { summary: string; failure?: Failure } {
	if (status === 403 && SPEAKS_OF_CREDITS.test(detail)) return INSUFFICIENT_CREDITS;
	if (STATUS_TEXT[status]) return STATUS_TEXT[status];
	if (status >= 500) return { summary: 'The service failed', failure: { cause: 'temporarily-unavailable' } };
	return { summary: 'The service returned an unexpected answer' };
}

export interface ServiceErrorOptions {
	itemIndex?: number;
	retryAfterMs?: number;
	/** overrides the problem list (the batching engine rewrites chunk positions into items) */
	problems?: ServiceProblem[];
}

/** An HTTP failure as a NodeApiError: status, the service's own words, the correlation id. */
export function serviceError(node: INode, status: number, body: unknown, options: ServiceErrorOptions = {}) {
	const problems = options.problems ?? readProblems(body);
	const detail = problems.map(describeProblem).join('; ');
	const { summary, failure: statusFailure } = summaryOf(status, detail);
	const correlationId = correlationIdOf(body);
	const failure: Failure | undefined =
		status === 429 ? { cause: 'rate-limited', retryAfterMs: options.retryAfterMs } : statusFailure;
	const waitHint =
		status === 429 && options.retryAfterMs !== undefined
			? ` Retry after ${Math.ceil(options.retryAfterMs / 1000)} s.`
			: '';
	const error = new NodeApiError(node, (body && typeof body === 'object' ? body : { body }) as JsonObject, {
		message: `${summary} (${status})${detail ? `: ${detail}` : ''}`,
		description:
			`${waitHint}${correlationId ? ` Correlation id: ${correlationId}.` : ''}`.trim() || undefined,
		httpCode: String(status),
		itemIndex: options.itemIndex,
		failure,
	});
	error.context.problems = problems as unknown as JsonObject[];
	return error;
}

const NETWORK_WORDS: Record<string, string> = {
	ECONNREFUSED: 'connection refused',
	ECONNRESET: 'connection reset',
	EPIPE: 'connection closed',
	ETIMEDOUT: 'timed out',
	ECONNABORTED: 'timed out',
	ENOTFOUND: 'host not found',
	EAI_AGAIN: 'host lookup failed',
};

/** Network failures that say the address is wrong, rather than that the service had a bad moment. */
const ADDRESS_PROBLEMS = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

export interface NetworkErrorOptions {
	itemIndex?: number;
	/** the service answered earlier in this run: the address works, the connection was lost */
	answeredBefore?: boolean;
}

/**
 * A failure before any HTTP answer (refused, reset, timed out), built from the code alone so
 * that nothing of the request options (headers with the API key) travels with it. The code is
 * put in plain words: n8n rewrites messages that contain a raw code into a generic text. Only an
 * address that never answered is blamed on the Base URL.
 */
export function networkError(node: INode, code: string, url: string, options: NetworkErrorOptions = {}) {
	const blameAddress = ADDRESS_PROBLEMS.has(code) && !options.answeredBefore;
	return new NodeApiError(
		node,
		{ networkCode: code },
		{
			message: `Could not get an answer from the service at ${url}: ${NETWORK_WORDS[code] ?? 'network error'}`,
			description: blameAddress
				? 'Check the Base URL in the credential and that the service is reachable from n8n.'
				: 'The service or the network between n8n and it failed repeatedly. Run the workflow again later; if it keeps happening, lower Batch Concurrency.',
			itemIndex: options.itemIndex,
			failure: { cause: 'temporarily-unavailable' },
		},
	);
}

/**
 * A 3xx answer. Redirects are never followed: the target would receive the API key (and the
 * body) and its answer would be taken for the service's.
 */
export function redirectError(node: INode, status: number, location: unknown, itemIndex?: number) {
	const target = typeof location === 'string' && location !== '' ? ` to ${location}` : '';
	return new NodeApiError(
		node,
		{ status },
		{
			message: `The service answered with a redirect (${status})${target}; it was not followed and nothing was sent there`,
			description:
				'Redirects are never followed, so the API key cannot travel to another address. Enter the address the redirect points to as the Base URL in the credential, if you trust it.',
			httpCode: String(status),
			itemIndex,
			failure: { cause: 'configuration-invalid' },
		},
	);
}

/**
 * A 2xx answer that cannot be used as one, or undefined when it can: a body that is not a JSON
 * object (an HTML page from a proxy or captive portal, plain text, nothing), or a body whose
 * response_context (request_context on enrollment answers) says request_status "failure".
 * Other statuses ("miss") and missing result lists are normal answers.
 */
/**
 * For the endpoints that answer with a bare JSON array (autocomplete): anything else is an
 * error, with the service's own failure when the answer is one.
 */
export function unusableList(node: INode, status: number, body: unknown, itemIndex?: number): NodeApiError | undefined {
	if (Array.isArray(body)) return undefined;
	const failure = unusableAnswer(node, status, body, itemIndex);
	if (failure) return failure;
	return new NodeApiError(node, { status } as JsonObject, {
		message: `The service returned an unexpected answer (${status}): no JSON list`,
		description: 'Check the Base URL in the credential.',
		httpCode: String(status),
		itemIndex,
	});
}

export function unusableAnswer(node: INode, status: number, body: unknown, itemIndex?: number): NodeApiError | undefined {
	if (!body || typeof body !== 'object' || Array.isArray(body)) {
		const kind = typeof body === 'string' && /^\s*</.test(body) ? 'an HTML page' : 'no JSON object';
		return new NodeApiError(node, { status } as JsonObject, {
			message: `The service returned an unexpected answer (${status}): ${kind} instead of JSON`,
			description:
				'Something between n8n and the service (a proxy, a firewall or a wrong Base URL) may have answered. Check the Base URL in the credential.',
			httpCode: String(status),
			itemIndex,
		});
	}
	const data = body as Record<string, unknown>;
	const context = (data.response_context ?? data.request_context) as Record<string, unknown> | undefined;
	if (context?.request_status !== 'failure') return undefined;
	const detail = readProblems(body).map(describeProblem).join('; ');
	const correlationId = correlationIdOf(body);
	return new NodeApiError(node, body as JsonObject, {
		message: `The service reported a failure (request_status "failure")${detail ? `: ${detail}` : ''}`,
		description: correlationId ? `Correlation id: ${correlationId}.` : undefined,
		httpCode: String(status),
		itemIndex,
	});
}
