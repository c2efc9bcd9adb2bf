import type { IExecuteFunctions, ILoadOptionsFunctions, IPollFunctions } from 'n8n-workflow';

import { LIMITS } from '../limits';

/** The contexts that call the service: actions, option loaders and the polling trigger. */
export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export const CREDENTIAL_TYPE = 'businessProspectDataApi';

/** What the credential says about where and how fast to call, read once per run. */
export interface Connection {
	baseUrl: string;
	partnerId?: string;
	/** the account's request budget per minute ("Max Requests per Minute" on the credential) */
	maxRequestsPerMinute: number;
}

/** The credential's fields as n8n hands them to the node. */
export interface CredentialData {
	apiKey?: unknown;
	baseUrl?: unknown;
	partnerId?: unknown;
	maxRequestsPerMinute?: unknown;
}

const LOOPBACK_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;
/** the version prefix every catalog path carries already */
const VERSION_SUFFIX = /\/v1$/i;

/**
 * Checks a base URL and returns it without trailing slashes and without a trailing `/v1` (every
 * path of the catalog starts with it). Plain http would send the API key in clear text, so it is
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

/** The credential's request budget: a whole number from 1 up, the service's published limit by default. */
export function readMaxRequestsPerMinute(raw: unknown): number {
	const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
	if (typeof value !== 'number' || !Number.isFinite(value) || value < 1) return LIMITS.rateLimit.requests;
	return Math.floor(value);
}
