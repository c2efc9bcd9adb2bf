/**
 * A fake execution context whose requests go over HTTP to a running sandbox: the transport,
 * paging and batching engines run as in a node, against the service simulation, and every
 * request stays readable in `calls` (and in the sandbox's own log), its answer's body at the
 * same position in `answers`.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { fakeContext, UNLIMITED } from './fakeContext';

export function sandboxContext(sandbox: Sandbox, options: { continueOnFail?: boolean; credentials?: IDataObject } = {}) {
	const answers: unknown[] = [];
	const context = fakeContext(
		async (call) => {
			// the position of the call, taken before the answer: calls may be in flight together
			const position = answers.push(undefined) - 1;
			const query = call.qs ? `?${new URLSearchParams(Object.entries(call.qs).map(([k, v]): [string, string] => [k, String(v)])).toString()}` : '';
			const response = await fetch(`${call.url}${query}`, {
				method: call.method,
				headers: { 'Content-Type': 'application/json', API_KEY: sandbox.apiKey },
				body: call.method === 'GET' ? undefined : JSON.stringify(call.body),
			});
			const text = await response.text();
			const body = text ? (JSON.parse(text) as IDataObject) : undefined;
			answers[position] = body;
			return { statusCode: response.status, body, headers: Object.fromEntries(response.headers) };
		},
		{
			continueOnFail: options.continueOnFail,
			credentials: { baseUrl: sandbox.url, apiKey: sandbox.apiKey, maxRequestsPerMinute: UNLIMITED, ...options.credentials },
		},
	);
	return { ...context, answers };
}
