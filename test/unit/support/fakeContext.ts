/**
 * A narrow stand-in for IExecuteFunctions, for unit tests of the transport and batching engine
 * only: it answers httpRequestWithAuthentication from a handler and records every request.
 * The real execution path is covered by test/engine (n8n-core) and test/e2e (real n8n).
 */
import type { IDataObject, IExecuteFunctions, IHttpRequestOptions, INode } from 'n8n-workflow';

export interface FakeResponse {
	statusCode: number;
	body?: unknown;
	headers?: Record<string, string>;
}

export interface RecordedCall {
	method: string;
	url: string;
	body: IDataObject;
	headers: IDataObject;
	/** the query string's parameters, when the request has any */
	qs?: IDataObject;
}

export type Handler = (call: RecordedCall) => FakeResponse | Promise<FakeResponse> | Error;

export const TEST_NODE: INode = {
	id: 'node-1',
	name: 'Test Node',
	type: 'n8n-nodes-business-prospect-data.test',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** A request budget no unit test reaches: rate limits are tested on their own. */
export const UNLIMITED = 1_000_000_000;
let contexts = 0;

export function fakeContext(
	handler: Handler,
	options: { items?: number; continueOnFail?: boolean; credentials?: IDataObject } = {},
) {
	const calls: RecordedCall[] = [];
	// a key of its own, so that each context has its own share of the per-key rate budget
	const credentials = options.credentials ?? {
		baseUrl: 'http://127.0.0.1:9/',
		apiKey: `secret-key-${++contexts}`,
		maxRequestsPerMinute: UNLIMITED,
	};
	let inFlight = 0;
	let maxInFlight = 0;
	const ctx = {
		getNode: () => TEST_NODE,
		getInputData: () => Array.from({ length: options.items ?? 0 }, (_, i) => ({ json: { i } })),
		continueOnFail: () => options.continueOnFail ?? false,
		getExecutionCancelSignal: () => undefined,
		getCredentials: async () => credentials,
		helpers: {
			httpRequestWithAuthentication: async (_type: string, request: IHttpRequestOptions) => {
				const call: RecordedCall = {
					method: String(request.method),
					url: String(request.url),
					body: JSON.parse(JSON.stringify(request.body ?? {})) as IDataObject,
					headers: (request.headers ?? {}) as IDataObject,
					...(request.qs && { qs: request.qs }),
				};
				calls.push(call);
				inFlight++;
				maxInFlight = Math.max(maxInFlight, inFlight);
				try {
					await new Promise((resolve) => setImmediate(resolve));
					const answer = await handler(call);
					if (answer instanceof Error) throw answer;
					return { statusCode: answer.statusCode, body: answer.body ?? {}, headers: answer.headers ?? {} };
				} finally {
					inFlight--;
				}
			},
		},
	} as unknown as IExecuteFunctions;
	return { ctx, calls, maxInFlight: () => maxInFlight, inFlight: () => inFlight };
}

export const ok = (body: unknown): FakeResponse => ({ statusCode: 200, body });

/** A connection error shaped like the ones n8n's HTTP helper throws. */
export function connectionError(code: string): Error {
	return Object.assign(new Error(`connect ${code}`), { code });
}
