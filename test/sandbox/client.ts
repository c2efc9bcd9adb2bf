/**
 * A minimal client for the sandbox, addressed by catalog endpoint name: for the sandbox's own
 * tests, the demo and the benchmark. The nodes never use it; they go through n8n's HTTP helper.
 * It speaks the oldest version (v1) unless given another version's catalog: `sandboxClient(sandbox, ENDPOINTS)`.
 */
import { type ApiVersion, catalogFor, type EndpointDefinition, type EndpointNames } from '../../nodes/shared/api';
import { DEFAULT_API_VERSION } from '../../nodes/shared/transport/connection';

export interface SandboxResponse<T = Record<string, unknown>> {
	status: number;
	headers: Headers;
	body: T;
}

export interface CallOptions {
	/** replaces the default headers (the API key); pass {} to send none */
	headers?: Record<string, string>;
	/** values of the path's `{name}` segments (URL-encoded here) */
	params?: Record<string, string>;
}

export interface SandboxClient<Name extends string = EndpointNames[ApiVersion]> {
	call<T = any>(name: Name, body?: unknown, options?: CallOptions): Promise<SandboxResponse<T>>;
	/** any method and path, for what the catalog does not name (unknown paths, raw bodies) */
	raw<T = any>(method: string, path: string, body?: string, options?: CallOptions): Promise<SandboxResponse<T>>;
}

type Target = { url: string; apiKey: string };

export function sandboxClient(target: Target): SandboxClient;
export function sandboxClient<Name extends string>(target: Target, catalog: Record<Name, EndpointDefinition>): SandboxClient<Name>;
export function sandboxClient(target: Target, catalog: Record<string, EndpointDefinition> = catalogFor(DEFAULT_API_VERSION)): SandboxClient<string> {
	const raw = async <T>(method: string, path: string, body?: string, options: CallOptions = {}) => {
		const response = await fetch(`${target.url}${path}`, {
			method,
			headers: {
				...(body !== undefined && { 'Content-Type': 'application/json' }),
				...(options.headers ?? { API_KEY: target.apiKey }),
			},
			body,
		});
		const text = await response.text();
		return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as T };
	};
	return {
		raw,
		call: (name, body, options) => {
			const { method } = catalog[name];
			const path = catalog[name].path.replace(/\{(\w+)\}/g, (_, param: string) => {
				const value = options?.params?.[param];
				if (value === undefined) throw new Error(`${name} needs the path parameter ${param}`);
				return encodeURIComponent(value);
			});
			return raw(method, path, method === 'GET' ? undefined : JSON.stringify(body ?? {}), options);
		},
	};
}
