/**
 * When to try a request again, and how long to wait first. Pure functions, so the rules can be
 * tested without a clock.
 */
export const RETRY_POLICY = {
	/** total attempts including the first */
	maxAttempts: 4,
	/** first backoff; doubles on each attempt (full jitter on the upper half) */
	baseDelayMs: 500,
	maxDelayMs: 8_000,
	/** a Retry-After longer than this fails the run with a rate-limited cause instead of waiting */
	maxRetryAfterMs: 60_000,
	/** per request */
	timeoutMs: 60_000,
} as const;

export const RETRYABLE_STATUS = new Set([429, 500, 502, 503, 504]);

/** Connection failures. Only a refused connection proves the request never reached the service. */
const CONNECTION_ERRORS = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'EAI_AGAIN']);
const NEVER_ARRIVED = new Set(['ECONNREFUSED']);

export type Outcome = { status: number; retryAfterMs?: number } | { networkCode: string };

/** Exponential backoff with jitter: attempt 1 waits 250-500 ms, attempt 2 500-1000 ms, ... */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
	const ceiling = Math.min(RETRY_POLICY.maxDelayMs, RETRY_POLICY.baseDelayMs * 2 ** (attempt - 1));
	return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * Decides whether attempt number `attempt` (1-based) that ended in `outcome` is retried.
 * Non-idempotent requests (creating an enrollment) retry only when the service surely did not act
 * on them: a 429 or a refused connection.
 */
export function retryDelay(
	outcome: Outcome,
	attempt: number,
	idempotent: boolean,
	random: () => number = Math.random,
): number | undefined {
	if (attempt >= RETRY_POLICY.maxAttempts) return undefined;
	if ('networkCode' in outcome) {
		if (!CONNECTION_ERRORS.has(outcome.networkCode)) return undefined;
		if (!idempotent && !NEVER_ARRIVED.has(outcome.networkCode)) return undefined;
		return backoffMs(attempt, random);
	}
	if (outcome.status === 429) return outcome.retryAfterMs ?? backoffMs(attempt, random);
	if (!idempotent || !RETRYABLE_STATUS.has(outcome.status)) return undefined;
	return backoffMs(attempt, random);
}

/** Retry-After in seconds or as an HTTP date; the 429 body's retry_after as a fallback. */
export function parseRetryAfterMs(header: unknown, body: unknown, now = Date.now()): number | undefined {
	const raw = Array.isArray(header) ? header[0] : header;
	if (raw !== undefined && raw !== null && String(raw).trim() !== '') {
		const text = String(raw).trim();
		const seconds = Number(text);
		if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds * 1000));
		const date = Date.parse(text);
		if (!Number.isNaN(date)) return Math.max(0, date - now);
	}
	if (body && typeof body === 'object' && 'retry_after' in body) {
		const seconds = Number((body as { retry_after: unknown }).retry_after);
		if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds * 1000));
	}
	return undefined;
}
