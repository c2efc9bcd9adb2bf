/**
 * The e2e harness's REST client (test/e2e/harness/restClient.ts) against a real HTTP server that
 * answers as n8n does while its database health check fails.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { N8nRestClient, RestError } from '../e2e/harness/restClient';

const NOT_READY = JSON.stringify({ code: 503, message: 'Database is not ready!', stacktrace: 'ResponseError: ...' });

async function serve(answers: Array<{ status: number; body: string }>): Promise<{ url: string; requests: string[]; close: () => Promise<void> }> {
	const requests: string[] = [];
	const server = http.createServer((request, response) => {
		requests.push(`${request.method} ${request.url}`);
		const answer = answers.shift() ?? { status: 200, body: JSON.stringify({ data: 'last' }) };
		response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return { url: `http://127.0.0.1:${port}`, requests, close: async () => await new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('N8nRestClient', () => {
	it('sends a request again while n8n answers "Database is not ready!", and returns the answer that follows', async () => {
		const server = await serve([
			{ status: 503, body: NOT_READY },
			{ status: 503, body: NOT_READY },
			{ status: 200, body: JSON.stringify({ data: { id: '7' } }) },
		]);
		try {
			await expect(new N8nRestClient(server.url).request('GET', '/executions/7')).resolves.toEqual({ id: '7' });
			expect(server.requests).toEqual(['GET /rest/executions/7', 'GET /rest/executions/7', 'GET /rest/executions/7']);
		} finally {
			await server.close();
		}
	});

	it('does not send again on any other 503', async () => {
		const server = await serve([{ status: 503, body: JSON.stringify({ message: 'Service unavailable' }) }]);
		try {
			const error = await new N8nRestClient(server.url).request('POST', '/workflows', { name: 'x' }).catch((caught: unknown) => caught);
			expect(error).toBeInstanceOf(RestError);
			expect((error as RestError).message).toBe('POST /workflows answered HTTP 503: Service unavailable');
			expect(server.requests).toEqual(['POST /rest/workflows']);
		} finally {
			await server.close();
		}
	});
});
