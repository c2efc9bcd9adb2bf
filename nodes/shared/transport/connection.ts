import type { IExecuteFunctions, ILoadOptionsFunctions, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** The contexts that call the service: actions, option loaders and the polling trigger. */
export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export const CREDENTIAL_TYPE = 'businessProspectDataApi';

export interface Connection {
	baseUrl: string;
	partnerId?: string;
}

const LOOPBACK_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Checks a base URL and returns it without trailing slashes. Plain http would send the API key
 * in clear text, so it is allowed only for a server on this machine.
 */
export function normalizeBaseUrl(raw: string): string | { error: string } {
	const trimmed = raw.trim().replace(/\/+$/, '');
	let url: URL;
	try {
		url = new URL(trimmed);
	} catch {
		return { error: `The base URL "${trimmed}" is not a valid URL, such as https://api.example.com` };
	}
	if (url.protocol === 'https:') return trimmed;
	if (url.protocol === 'http:' && LOOPBACK_HOSTS.test(url.hostname)) return trimmed;
	return {
		error: `The base URL must use https (plain http is allowed only for localhost or 127.0.0.1), got "${url.protocol}//${url.host}"`,
	};
}

/** Reads the credential once per run (the API key itself stays inside n8n's auth helper). */
export async function getConnection(ctx: ApiContext): Promise<Connection> {
	const credentials = await ctx.getCredentials<{ baseUrl?: string; partnerId?: string }>(CREDENTIAL_TYPE);
	const baseUrl = normalizeBaseUrl(String(credentials.baseUrl ?? ''));
	if (typeof baseUrl !== 'string') {
		throw new NodeOperationError(ctx.getNode(), baseUrl.error, {
			description: 'Fix the Base URL in the Business Prospect Data API credential.',
		});
	}
	const partnerId = String(credentials.partnerId ?? '').trim();
	return { baseUrl, partnerId: partnerId === '' ? undefined : partnerId };
}
