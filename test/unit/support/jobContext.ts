/**
 * An execution context for the job flow over HTTP against a running sandbox: authenticated
 * requests (JSON, or a multipart text body under its own Content-Type), plain requests without
 * the key (the result link, read as text), and a Stop button. Like n8n's helper
 * (n8n-core request-helpers/authentication.js), an authenticated request gets the execution's
 * cancel signal whenever its `this` has getExecutionCancelSignal, so after a stop it is aborted
 * unless sent with a `this` without one (ApiClient's `afterStop`).
 */
import type { IDataObject, IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { TEST_NODE, UNLIMITED } from './fakeContext';

export interface SentRequest {
	method: string;
	url: string;
	/** a JSON body parsed, a text body (multipart) as it is */
	body: unknown;
	headers: Record<string, string>;
	/** the request carried the API key (the credential's helper sent it) */
	authenticated: boolean;
}

export function jobContext(sandbox: Sandbox, options: { continueOnFail?: boolean; maxRequestsPerMinute?: number } = {}) {
	const sent: SentRequest[] = [];
	const execution = new AbortController();

	async function send(request: IHttpRequestOptions, authenticated: boolean) {
		const headers: Record<string, string> = Object.fromEntries(Object.entries(request.headers ?? {}).map(([name, value]) => [name, String(value)]));
		const textBody = typeof request.body === 'string';
		if (request.body !== undefined && !textBody) headers['Content-Type'] = 'application/json';
		if (authenticated) headers.API_KEY = sandbox.apiKey;
		sent.push({ method: String(request.method), url: request.url, body: request.body, headers, authenticated });
		const response = await fetch(request.url, {
			method: request.method,
			headers,
			body: request.method === 'GET' || request.body === undefined ? undefined : textBody ? (request.body as string) : JSON.stringify(request.body),
			signal: request.abortSignal as AbortSignal | undefined,
		});
		const text = await response.text();
		let body: unknown = text;
		if (request.encoding !== 'text' && text !== '') {
			try {
				body = JSON.parse(text) as IDataObject;
			} catch {
				body = text;
			}
		}
		return { statusCode: response.status, body, headers: Object.fromEntries(response.headers) };
	}

	const ctx = {
		getNode: () => TEST_NODE,
		continueOnFail: () => options.continueOnFail ?? false,
		getExecutionCancelSignal: () => execution.signal,
		getCredentials: async () => ({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, maxRequestsPerMinute: options.maxRequestsPerMinute ?? UNLIMITED }),
		logger: { warn: () => undefined, debug: () => undefined, info: () => undefined, error: () => undefined },
		helpers: {
			async httpRequestWithAuthentication(this: { getExecutionCancelSignal?: () => AbortSignal }, _type: string, request: IHttpRequestOptions) {
				if (this && 'getExecutionCancelSignal' in this && this.getExecutionCancelSignal) request.abortSignal = this.getExecutionCancelSignal();
				return await send(request, true);
			},
			httpRequest: async (request: IHttpRequestOptions) => await send(request, false),
		},
	} as unknown as IExecuteFunctions;
	return { ctx, sent, stop: () => execution.abort(new Error('The execution was stopped')) };
}
