/**
 * A hostile or broken service, met through n8n-core's real HTTP helper over real sockets, by Match
 * Prospects 1 on API v1 (its typeVersion 1 at Per Node Version): a server that drips its answer
 * cannot hold a request past its deadline (the error names v1's path), and a trailing /v1 in the
 * Base URL is removed instead of doubling the prefix. Retiring v1 deletes this file
 * (docs/development.md, "Retiring API v1").
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { RETRY_POLICY } from '../../nodes/shared/transport/retryPolicy';
import { onItems, runWorkflow, type WorkflowNode } from './harness';

const API_KEY = 'sk-live-ENGINE-SECRET-4242';

interface Seen {
	method: string;
	url: string;
	headers: IncomingMessage['headers'];
	body: string;
}

/** A local HTTP server that answers with `handler` and records every request it receives. */
async function hostile(handler: (request: Seen, response: ServerResponse) => void) {
	const seen: Seen[] = [];
	const server: Server = createServer((request, response) => {
		let body = '';
		request.on('data', (chunk: Buffer) => (body += chunk.toString()));
		request.on('end', () => {
			const entry = { method: String(request.method), url: String(request.url), headers: request.headers, body };
			seen.push(entry);
			handler(entry, response);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return {
		url,
		seen,
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
	response.writeHead(status, { 'content-type': 'application/json', ...headers });
	response.end(JSON.stringify(body));
};

const node = (type: string, name: string, parameters: INodeParameters, settings: Partial<WorkflowNode> = {}): WorkflowNode => ({
	name,
	type: `n8n-nodes-business-prospect-data.${type}`,
	typeVersion: 1,
	parameters,
	...settings,
});

async function run(baseUrl: string, items: IDataObject[], tested: WorkflowNode, apiKey = API_KEY) {
	return await runWorkflow(onItems(items, tested), {
		credentials: { businessProspectDataApi: { apiKey, baseUrl, maxRequestsPerMinute: 1_000_000 } as never },
	});
}

const matchNode = (settings: Partial<WorkflowNode> = {}) => node('matchProspects', 'Match Prospects', {}, settings);
const contacts = [{ email: 'jane@example.com' }, { email: 'joe@example.com' }];

describe('deadlines', () => {
	const saved = { ...RETRY_POLICY };
	beforeAll(() => Object.assign(RETRY_POLICY as { timeoutMs: number; maxAttempts: number }, { timeoutMs: 800, maxAttempts: 2 }));
	afterAll(() => Object.assign(RETRY_POLICY, saved));

	test('a server that drips its answer a byte at a time cannot hold a request past its total deadline', async () => {
		const timers: NodeJS.Timeout[] = [];
		const service = await hostile((_request, response) => {
			response.writeHead(200, { 'content-type': 'application/json' });
			const body = JSON.stringify({ matched_prospects: [{ prospect_id: null }, { prospect_id: null }] });
			let sent = 0;
			// one byte every 100 ms: the socket is never idle, the answer never done in time
			const timer = setInterval(() => {
				if (response.destroyed || sent >= body.length) return clearInterval(timer);
				response.write(body[sent++]);
				if (sent >= body.length) response.end();
			}, 100);
			timers.push(timer);
		});
		const started = Date.now();
		try {
			const result = await run(service.url, contacts, matchNode());
			const elapsed = Date.now() - started;
			expect(service.seen).toHaveLength(2);
			expect(result.error?.message).toBe(
				`Could not get an answer from the service at ${service.url}/v1/prospects/match: timed out (for items 0 to 1 after 2 attempts)`,
			);
			// two attempts of 0.8 s and a short backoff, not the ~10 s the drip would take
			expect(elapsed).toBeLessThan(5_000);
		} finally {
			timers.forEach(clearInterval);
			await service.close();
		}
	});
});

describe('Base URL', () => {
	test('a trailing /v1 is removed instead of doubling the prefix', async () => {
		const service = await hostile((_request, response) => json(response, 200, { matched_prospects: [{ prospect_id: 'p1' }, { prospect_id: null }] }));
		try {
			const result = await run(`${service.url}/v1/`, contacts, matchNode());
			expect(result.error).toBeUndefined();
			expect(service.seen.map((request) => request.url)).toEqual(['/v1/prospects/match']);
		} finally {
			await service.close();
		}
	});
});
