/**
 * When to try a request again, and how long to wait first. Pure functions, so the rules can be
 * tested without a clock.
 */
export const RETRY_POLICY = {
	/** attempts that end in a 5xx or a dropped connection, including the first */
	maxAttempts: 8,
	/** 429 answers one request may wait out (each wait is the service's Retry-After) */
	maxThrottledAttempts: 12,
	/** first backoff; doubles on each attempt (jitter on the upper half) */
	baseDelayMs: 500,
	maxDelayMs: 8_000,
	/** a Retry-After longer than this fails the run with a rate-limited cause instead of waiting */
	maxRetryAfterMs: 60_000,
	/** the whole of one attempt, from sending to the last byte of the answer (not an idle timeout) */
	timeoutMs: 60_000,
	/**
	 * Retries one run may spend beyond those its clean answers earn: each clean answer earns
	 * `retriesPerAnswer`. A run against a flaky service (a quarter of the answers failing) keeps
	 * going; a run against a service that is down stops after a few retries instead of waiting
	 * out every attempt of every request.
	 */
	initialRetryAllowance: 10,
	retriesPerAnswer: 0.5,
} as const;

export const RETRYABLE_STATUS = new Set([500, 502, 503, 504]);

/** Connection failures worth another attempt. */
const CONNECTION_ERRORS = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'EAI_AGAIN']);
/** The only failures that prove the request never reached the service. */
const NEVER_ARRIVED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

export type Outcome = { status: number; retryAfterMs?: number } | { networkCode: string };

/** Whether the service may have acted on an attempt that ended this way (a 429 means it did nothing). */
export function mayHaveArrived(outcome: Outcome): boolean {
	if ('networkCode' in outcome) return !NEVER_ARRIVED.has(outcome.networkCode);
	return outcome.status !== 429;
}

/** Exponential backoff with jitter: attempt 1 waits 250-500 ms, attempt 2 500-1000 ms, ... */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
	const ceiling = Math.min(RETRY_POLICY.maxDelayMs, RETRY_POLICY.baseDelayMs * 2 ** (attempt - 1));
	return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * Decides whether an attempt that ended in `outcome` is tried again, and after how long.
 * `failures` counts the attempts so far that ended in a 5xx or a network error, `throttled` the
 * 429s. Non-idempotent requests (creating an enrollment) retry only when the service surely did
 * not act on them: a 429 or a refused connection.
 */
export function retryDelay(
	outcome: Outcome,
	counts: { failures: number; throttled: number },
	idempotent: boolean,
	random: () => number = Math.random,
): number | undefined {
	if ('networkCode' in outcome) {
		if (counts.failures >= RETRY_POLICY.maxAttempts) return undefined;
		if (!CONNECTION_ERRORS.has(outcome.networkCode)) return undefined;
		if (!idempotent && mayHaveArrived(outcome)) return undefined;
		return backoffMs(counts.failures, random);
	}
	if (outcome.status === 429) {
		if (counts.throttled >= RETRY_POLICY.maxThrottledAttempts) return undefined;
		if ((outcome.retryAfterMs ?? 0) > RETRY_POLICY.maxRetryAfterMs) return undefined;
		return outcome.retryAfterMs ?? backoffMs(counts.throttled, random);
	}
	if (counts.failures >= RETRY_POLICY.maxAttempts) return undefined;
	if (!idempotent || !RETRYABLE_STATUS.has(outcome.status)) return undefined;
	return backoffMs(counts.failures, random);
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
