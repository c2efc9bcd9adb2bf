/**
 * Review: n8n's HTTP Request node signing with this package's credential must never carry the
 * API key over plain http to another machine, also when the request it makes is allowed (plain
 * http to this machine) but then goes elsewhere: a redirect the node follows (it follows them by
 * default from version 4), or the node's Proxy option. 0.0.0.0 reaches this machine on Linux, so
 * a key sent in clear text to "another address" arrives at the local listeners below.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { useN8n } from './harness/jest';
import { CREDENTIAL_TYPE } from './harness/n8nInstance';

const API_KEY = 'sk-review-http-request-key';

interface Received {
	url: string;
	apiKey: string | undefined;
}

function listen(handler: (request: IncomingMessage, respond: (status: number, headers?: Record<string, string>) => void) => void) {
	const received: Received[] = [];
	const server = createServer((request, response) => {
		received.push({
			url: request.url ?? '',
			apiKey: request.headers.api_key as string | undefined,
		});
		handler(request, (status, headers = {}) => {
			response.writeHead(status, {
				'content-type': 'application/json',
				...headers,
			});
			response.end('{"ok":true}');
		});
	});
	return { server, received };
}

const port = (server: Server) => (server.address() as AddressInfo).port;

describe("HTTP Request node with the credential: the key's way after the first request", () => {
	const credential = {
		id: 'reviewHttpRequestCredential',
		name: 'Business Prospect Data (review)',
	};
	// another address: where the key must never arrive in clear text
	const elsewhere = listen((_request, respond) => respond(200));
	// this machine, allowed: redirects to the other address
	const origin = listen((_request, respond) =>
		respond(302, {
			location: `http://0.0.0.0:${port(elsewhere.server)}/landing`,
		}),
	);
	// a forward proxy at another address
	const proxy = listen((_request, respond) => respond(200));

	beforeAll(async () => {
		for (const { server } of [elsewhere, origin, proxy]) {
			await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		}
	});
	afterAll(async () => {
		for (const { server } of [elsewhere, origin, proxy]) await new Promise((resolve) => server.close(resolve));
	});

	const workflow = (id: string, url: () => string, options: () => Record<string, unknown>) => ({
		id,
		name: `HTTP Request node (${id})`,
		nodes: [
			{
				id: randomUUID(),
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: randomUUID(),
				name: 'HTTP Request',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				position: [220, 0],
				parameters: {
					url: url(),
					authentication: 'predefinedCredentialType',
					nodeCredentialType: CREDENTIAL_TYPE,
					options: options(),
				},
				credentials: { [CREDENTIAL_TYPE]: credential },
			},
		],
		connections: {
			Start: { main: [[{ node: 'HTTP Request', type: 'main', index: 0 }]] },
		},
	});

	const n8n = useN8n({
		start: true,
		prepare: async (instance) => {
			await instance.importCredential({
				...credential,
				data: {
					apiKey: API_KEY,
					baseUrl: `http://127.0.0.1:${port(origin.server)}`,
				},
			});
			await instance.importWorkflows([
				workflow(
					'ReviewRedirect',
					() => `http://127.0.0.1:${port(origin.server)}/start`,
					() => ({}),
				),
				workflow(
					'ReviewProxy',
					() => `http://127.0.0.1:${port(origin.server)}/through-proxy`,
					() => ({ proxy: `http://0.0.0.0:${port(proxy.server)}` }),
				),
			]);
		},
	});

	test('a redirect from this machine to another address does not take the key along', async () => {
		await n8n().execute('ReviewRedirect');
		// the allowed first request carried the key
		expect(origin.received).toEqual([{ url: '/start', apiKey: API_KEY }]);
		// the other address must not get it in clear text (the node follows the redirect by default)
		expect(elsewhere.received).toEqual([]);
	});

	test('a plain http proxy at another address does not get the key', async () => {
		const result = await n8n().execute('ReviewProxy');
		expect(proxy.received).toEqual([]);
		expect(origin.received.filter((request) => request.url === '/through-proxy')).toEqual([]);
		expect(result.status).toBe('error');
	});
});
