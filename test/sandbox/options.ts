/** Options of the sandbox and the settings a running sandbox can change. */
import { type EndpointMeter, LIMITS } from '../../nodes/shared/api';
import type { CreditOptions } from './credits';

export const SANDBOX_API_KEY = 'sandbox-api-key';
export const DEFAULT_SEED = 1;
/** The partner of the webhook endpoints when the `partnerId` option is not set. */
export const SANDBOX_PARTNER_ID = 'sandbox-partner';
/** The tenant_id of pushed events when the `tenantId` option is not set. */
export const SANDBOX_TENANT_ID = 'sandbox-tenant';

/**
 * One scripted response: 'ok' lets the request through, the others replace its answer ('403': a
 * refusal that is not retried, as for an enrichment the plan does not include).
 */
export type FaultStep = 'ok' | '403' | '429' | '500' | '503' | 'drop';

export interface FaultOptions {
	/** share of requests answered 500 or 503 (half each), drawn from the seeded generator */
	errorRate?: number;
	/** share of requests whose connection is destroyed without an answer */
	dropRate?: number;
	/** the next responses, in order, one step per request; random faults apply once it runs out */
	sequence?: FaultStep[];
	/** a new seed for the random faults (by default they follow the universe's seed) */
	seed?: number;
}

export interface RateLimitOptions {
	/** queries per window (the service's current text: 200 a minute) */
	queries?: number;
	/** the older text's name of the limit, for `metering: 'requests'`; `queries` wins when both are set */
	requests?: number;
	windowMs: number;
	/**
	 * 'queries' (the default): a bulk call weighs one query per entity of its payload, as the
	 * service's page says, by the catalog's meter of its endpoint; 'requests': every request weighs
	 * one, as the older text said.
	 */
	metering?: 'queries' | 'requests';
	/**
	 * a meter other than the catalog's for some endpoints, by version and operation name (e.g.
	 * `{ 'v1.getBusinessEvents': { queries: 1 } }`): a service that weighs an endpoint otherwise than
	 * the catalog assumes, to test that the nodes learn the real weight from the headers
	 */
	meters?: Record<string, EndpointMeter>;
	/**
	 * what X-RateLimit-Reset says: 'unixTime' (the default), the Unix time in seconds when the oldest
	 * query leaves the window, as the service's page says; 'secondsFromNow', the seconds until then,
	 * as this sandbox sent before (a client must read both the same)
	 */
	reset?: 'unixTime' | 'secondsFromNow';
}

/**
 * The older text's limit (200 requests a minute, each request one): for suites about what the
 * nodes send rather than about the rate, which would otherwise wait out query windows.
 */
export const REQUEST_METERING: RateLimitOptions = { ...LIMITS.rateLimit, metering: 'requests' };

/** A credential's Queries per Minute that never binds: the pacing left to the service's headers. */
export const UNPACED_PER_MINUTE = 1_000_000;

export interface SandboxOptions {
	/** 0 (the default) picks a free port */
	port?: number;
	host?: '127.0.0.1';
	apiKey?: string;
	/**
	 * when set, a partner_id header that differs from it is rejected with 401; the webhook endpoints
	 * accept only this partner_id (SANDBOX_PARTNER_ID when unset)
	 */
	partnerId?: string;
	/** tenant_id of pushed events (SANDBOX_TENANT_ID by default) */
	tenantId?: string;
	/** the universe's seed: the same seed gives the same businesses, prospects and events */
	seed?: number;
	/** how many businesses the universe holds (5,000 by default; the benchmark searches 10,000) */
	businesses?: number;
	/** how many prospects the universe holds (3,000 by default; the benchmark matches 10,000) */
	prospects?: number;
	/**
	 * how many prospects the prospect search serves: the universe's prospects, then search-only
	 * ones generated at the first prospect search (e.g. 60,500 to search 60,000). By default only
	 * the universe's prospects.
	 */
	searchableProspects?: number;
	/** the sandbox's clock: event dates, the event window and the rate limit window read it */
	now?: () => Date;
	/** delay before each answer */
	latencyMs?: number;
	/** the service's sliding window by default; false turns it off (benchmarks) */
	rateLimit?: RateLimitOptions | false;
	faults?: FaultOptions;
	/** fixes the Retry-After of every 429 (simulated or real); computed from the window otherwise */
	retryAfterSeconds?: number;
	/**
	 * both searches: this many records (fewer than a page) are added ahead of the results once
	 * the first page is served, so later pages repeat records of earlier ones (0 by default)
	 */
	searchShift?: number;
	/**
	 * headers added to every successful v1 answer, as the service may send once it deprecates v1 (it promises
	 * "deprecation / sunset signaling" but names no header: research §1), e.g.
	 * `{ Deprecation: '@1788307200', Sunset: 'Thu, 02 Sep 2027 00:00:00 GMT' }`. None by default.
	 */
	deprecationHeaders?: Record<string, string>;
	/**
	 * the credits each API key starts with and its account type (credits.ts; DEFAULT_CREDITS by
	 * default); `configure({ credits })` gives every key the new allocation with nothing used
	 */
	credits?: CreditOptions;
}

/** What `configure` may change on a running sandbox: everything but the socket and the universe. */
export type SandboxSettings = Omit<
	SandboxOptions,
	'port' | 'host' | 'seed' | 'businesses' | 'prospects' | 'searchableProspects' | 'tenantId'
>;

export interface ResolvedSettings {
	apiKey: string;
	partnerId: string | undefined;
	now: () => Date;
	latencyMs: number;
	rateLimit: RateLimitOptions | false;
	retryAfterSeconds: number | undefined;
	searchShift: number;
	deprecationHeaders: Record<string, string> | undefined;
}

const DEFAULT_SETTINGS: ResolvedSettings = {
	apiKey: SANDBOX_API_KEY,
	partnerId: undefined,
	now: () => new Date(),
	latencyMs: 0,
	rateLimit: LIMITS.rateLimit,
	retryAfterSeconds: undefined,
	searchShift: 0,
	deprecationHeaders: undefined,
};

/**
 * Applies a patch: a key that is present wins, and a key set to undefined falls back to the
 * default (so `configure({ partnerId: undefined })` clears the partner id).
 */
export function resolveSettings(patch: SandboxSettings, base: ResolvedSettings = DEFAULT_SETTINGS): ResolvedSettings {
	const has = (key: keyof SandboxSettings) => Object.prototype.hasOwnProperty.call(patch, key);
	return {
		apiKey: has('apiKey') ? (patch.apiKey ?? DEFAULT_SETTINGS.apiKey) : base.apiKey,
		partnerId: has('partnerId') ? patch.partnerId : base.partnerId,
		now: has('now') ? (patch.now ?? DEFAULT_SETTINGS.now) : base.now,
		latencyMs: has('latencyMs') ? (patch.latencyMs ?? 0) : base.latencyMs,
		rateLimit: has('rateLimit') ? (patch.rateLimit ?? DEFAULT_SETTINGS.rateLimit) : base.rateLimit,
		retryAfterSeconds: has('retryAfterSeconds') ? patch.retryAfterSeconds : base.retryAfterSeconds,
		searchShift: has('searchShift') ? (patch.searchShift ?? 0) : base.searchShift,
		deprecationHeaders: has('deprecationHeaders') ? patch.deprecationHeaders : base.deprecationHeaders,
	};
}
