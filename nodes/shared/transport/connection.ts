import type {
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	IHookFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import { API_VERSIONS, type ApiVersion, LIMITS } from '../api';

/** The contexts that call the service: actions, option loaders, the polling trigger and the webhook trigger's hooks. */
export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions | IHookFunctions | IWebhookFunctions;

export const CREDENTIAL_TYPE = 'businessProspectDataApi';

/**
 * The API version a caller gets when it names none, the oldest the package speaks: every node
 * speaks it until its node version (and the credential's override) chooses a newer one
 * (docs/v2-migration.md).
 */
export const DEFAULT_API_VERSION: ApiVersion = API_VERSIONS[0];

/**
 * The credential as decrypted for each context: n8n reads and decrypts it from its database on
 * every getCredentials call, and a run needs it twice (its API version, then its client).
 */
const credentialReads = new WeakMap<object, Promise<ICredentialDataDecryptedObject>>();

/** The run's credential, read once per execution context (again after forgetCredential). */
export async function readCredential(ctx: ApiContext): Promise<ICredentialDataDecryptedObject> {
	let read = credentialReads.get(ctx);
	if (!read) {
		read = ctx.getCredentials(CREDENTIAL_TYPE);
		credentialReads.set(ctx, read);
		read.catch(() => credentialReads.delete(ctx));
	}
	return await read;
}

/** Reads the credential afresh at the next readCredential: a poll context outlives one poll. */
export function forgetCredential(ctx: ApiContext): void {
	credentialReads.delete(ctx);
}

/** What the credential says about where and how fast to call, read once per run. */
export interface Connection {
	baseUrl: string;
	partnerId?: string;
	/** the key's queries per minute ("Queries per Minute" on the credential; stored as maxRequestsPerMinute) */
	maxRequestsPerMinute: number;
}

/** The credential's fields as n8n hands them to the node. */
export interface CredentialData {
	apiKey?: unknown;
	baseUrl?: unknown;
	partnerId?: unknown;
	maxRequestsPerMinute?: unknown;
	/** "API Version": auto (per node version), v1 or v2 (transport/apiVersion.ts) */
	apiVersion?: unknown;
}

/** the hosts plain http may go to: this machine */
export const LOOPBACK_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;
/** the version prefix every catalog path carries already (/v1 or /v2: the base URL is the same for both) */
const VERSION_SUFFIX = /\/v[12]$/i;

/**
 * Checks a base URL and returns it without trailing slashes and without a trailing `/v1` or `/v2`
 * (every path of the catalogs starts with its version). Plain http would send the API key in clear text, so it is
 * allowed only for a server on this machine. A query string or fragment would swallow the paths
 * appended to it, and credentials in the URL would travel to logs: all three are refused.
 */
export function normalizeBaseUrl(raw: string): string | { error: string } {
	const trimmed = raw.trim().replace(/\/+$/, '').replace(VERSION_SUFFIX, '').replace(/\/+$/, '');
	const example = 'Enter the address only, such as https://api.example.com';
	let url: URL;
	try {
		url = new URL(trimmed);
	} catch {
		return { error: `The Base URL "${trimmed}" is not a valid URL. ${example}.` };
	}
	if (url.search !== '' || url.hash !== '' || /[?#]/.test(trimmed)) {
		return { error: `The Base URL must not contain a query string or fragment (? or #). ${example}, without /v1.` };
	}
	if (url.username !== '' || url.password !== '') {
		return { error: `The Base URL must not contain a user name or password. ${example}; the API key goes in its own field.` };
	}
	if (url.protocol === 'https:') return trimmed;
	if (url.protocol === 'http:' && LOOPBACK_HOSTS.test(url.hostname)) return trimmed;
	return {
		error: `The Base URL must use https, because the API key would otherwise travel unencrypted (plain http is allowed only for localhost or 127.0.0.1), got "${url.protocol}//${url.host}"`,
	};
}

/** What a request that would carry the API key says about where it goes (n8n's or request's form). */
export interface KeyedRequest {
	url?: unknown;
	uri?: unknown;
	baseURL?: unknown;
	/** a proxy the request goes through: a URL (request's form) or n8n's { protocol, host, port } */
	proxy?: unknown;
}

/**
 * The proxy a request names: a URL, undefined when none, or null when it names one that is not
 * an address (refused: where such a request would go is unknown).
 */
function proxyAddress(proxy: unknown): URL | undefined | null {
	if (proxy === undefined || proxy === null || proxy === false || proxy === '') return undefined;
	let address: string;
	if (typeof proxy === 'string') address = proxy;
	else if (typeof proxy === 'object' && 'host' in proxy && proxy.host) {
		const { protocol, host, port } = proxy as { protocol?: unknown; host: unknown; port?: unknown };
		address = `${String(protocol ?? 'http').replace(/:$/, '')}://${String(host)}${port === undefined ? '' : `:${String(port)}`}`;
	} else {
		// no host: axios and the request library use no proxy
		return undefined;
	}
	try {
		return new URL(address);
	} catch {
		return null;
	}
}

/**
 * Why the API key must not travel with this request, or undefined when it may: over https, or
 * plain http to this machine. The credential checks every request it adds the key to (the nodes',
 * its own test, an HTTP Request node using it), so no path sends the key in clear text.
 */
export function keyRefusal(request: KeyedRequest): string | undefined {
	const url = String(request.url ?? request.uri ?? '');
	const target = /^[a-z][a-z\d+.-]*:/i.test(url) ? url : `${String(request.baseURL ?? '')}${url}`;
	if (/^https:\/\//i.test(target)) return undefined;
	let parsed: URL;
	try {
		parsed = new URL(target);
	} catch {
		return 'The API key was not sent: the request has no valid address. Check the Base URL in the Business Prospect Data API credential.';
	}
	if (parsed.protocol === 'https:') return undefined;
	if (parsed.protocol === 'http:' && LOOPBACK_HOSTS.test(parsed.hostname)) {
		// through a proxy, plain http goes to the proxy, which reads every header
		const proxy = proxyAddress(request.proxy);
		if (proxy === null) return 'The API key was not sent: the request names a proxy that is not an address.';
		if (proxy === undefined || LOOPBACK_HOSTS.test(proxy.hostname)) return undefined;
		return `The API key is sent over plain http only to this machine, so it was not sent through the proxy at "${proxy.protocol}//${proxy.host}"`;
	}
	return `The API key is sent only over https (plain http only to localhost or 127.0.0.1), so it was not sent to "${parsed.protocol}//${parsed.host}"`;
}

/** The credential's query budget per minute: a whole number from 1 up, the service's published limit by default. */
export function readMaxRequestsPerMinute(raw: unknown): number {
	const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
	if (typeof value !== 'number' || !Number.isFinite(value) || value < 1) return LIMITS.rateLimit.queries;
	return Math.floor(value);
}
