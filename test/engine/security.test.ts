/**
 * A hostile or broken service, met through n8n-core's real HTTP helper over real sockets: redirects
 * are never followed (the key never reaches the target), the key is blanked out of everything a run
 * stores whatever the service echoes, a 404 after a 429 is not taken for "deleted", and a Base URL
 * with a query string is refused before anything is sent. On v1's paths (a dripping server's
 * deadline, a trailing /v1 in the Base URL): security.v1.test.ts.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ENDPOINTS } from '../../nodes/shared/api';
import { RETRY_POLICY } from '../../nodes/shared/transport/retryPolicy';
import { startSandbox, type Sandbox } from '../sandbox';
import { onItems, runWorkflow, type WorkflowNode } from './harness';
import { typeVersionFor } from './harness/apiVersions';

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

describe('redirects', () => {
	test.each([301, 302, 307, 308])('a %i is an error that says where it pointed; the target receives nothing', async (status) => {
		const target = await hostile((_request, response) => json(response, 200, { matched_prospects: [] }));
		const service = await hostile((_request, response) => {
			response.writeHead(status, { location: `${target.url}/steal` });
			response.end();
		});
		try {
			const result = await run(service.url, contacts, matchNode());
			expect(service.seen).toHaveLength(1);
			expect(target.seen).toHaveLength(0);
			expect(result.error?.message).toBe(
				`The service answered with a redirect (${status}) to ${target.url}/steal; it was not followed and nothing was sent there`,
			);
		} finally {
			await Promise.all([service.close(), target.close()]);
		}
	});

	test('the enrollment listing (a GET) does not follow a redirect either', async () => {
		const target = await hostile((_request, response) => json(response, 200, { enrollments: [] }));
		const service = await hostile((_request, response) => {
			response.writeHead(301, { location: `${target.url}/v1/businesses/events/enrollments` });
			response.end();
		});
		try {
			const result = await run(service.url, [{}], node('manageEnrollment', 'List', { resource: 'businessEnrollment', operation: 'list' }));
			expect(target.seen).toHaveLength(0);
			expect(result.error?.message).toMatch(/^The service answered with a redirect \(301\)/);
		} finally {
			await Promise.all([service.close(), target.close()]);
		}
	});
});

describe('the API key never lands in what a run stores', () => {
	const echoes: Array<[string, (request: Seen, response: ServerResponse) => void]> = [
		['401 quoting the key', (_q, r) => json(r, 401, { details: `Invalid API key '${API_KEY}'` })],
		['400 with the key in its description', (_q, r) => json(r, 400, { message: 'bad request', description: `key ${API_KEY}` })],
		['422 quoting the key', (_q, r) => json(r, 422, { detail: [{ loc: ['body', 'prospects_to_match', 0], msg: `api_key=${API_KEY}` }] })],
		['500 echoing the request headers', (q, r) => json(r, 500, { error: 'boom', request: { headers: q.headers } })],
		['200 echoing the key in its results', (q, r) => json(r, 200, { matched_prospects: [{ prospect_id: 'p1', input: { note: API_KEY, headers: q.headers } }, { prospect_id: null }] })],
		['307 to an address holding the key', (_q, r) => { r.writeHead(307, { location: `http://127.0.0.1:9/?k=${API_KEY}` }); r.end(); }],
	];

	test.each(echoes)('%s: not in the error, the output items or the stored run', async (_label, answer) => {
		const service = await hostile(answer);
		try {
			for (const onError of ['stopWorkflow', 'continueRegularOutput', 'continueErrorOutput'] as const) {
				const result = await run(service.url, contacts, matchNode({ onError }));
				// the service did receive the key: that is where it belongs
				expect(service.seen.at(-1)?.headers.api_key).toBe(API_KEY);
				const stored = JSON.stringify(result.raw);
				expect(stored).not.toContain(API_KEY);
				expect(JSON.stringify(result.error?.original ?? null)).not.toContain(API_KEY);
				expect(`${result.error?.message ?? ''} ${result.error?.description ?? ''}`).not.toContain(API_KEY);
			}
		} finally {
			await service.close();
		}
	});
});

describe('what counts as having reached the service', () => {
	let sandbox: Sandbox;
	beforeAll(async () => (sandbox = await startSandbox({ rateLimit: false })));
	afterAll(async () => await sandbox.close());

	test('a 404 after a 429 is not taken for "deleted": the 429 did nothing', async () => {
		sandbox.configure({ faults: { sequence: ['429'] }, retryAfterSeconds: 0 });
		const result = await run(
			sandbox.url,
			[{ enrollment_id: 'never-existed-0001' }],
			node('manageEnrollment', 'Delete', { resource: 'prospectEnrollment', operation: 'delete' }, { onError: 'continueRegularOutput' }),
			sandbox.apiKey,
		);
		expect(sandbox.requests.map((request) => request.status)).toEqual([429, 404]);
		const [item] = result.json('Delete');
		expect(item.deleted).toBeUndefined();
		expect(String(item.error)).toMatch(/\(404\)/);
	});

	test('a 404 after a 503 is: the first attempt may have deleted it', async () => {
		sandbox.clearRequests();
		sandbox.configure({ faults: { sequence: ['503'] } });
		const result = await run(
			sandbox.url,
			[{ enrollment_id: 'maybe-deleted-0002' }],
			node('manageEnrollment', 'Delete', { resource: 'prospectEnrollment', operation: 'delete' }),
			sandbox.apiKey,
		);
		expect(sandbox.requests.map((request) => request.status)).toEqual([503, 404]);
		expect(result.json('Delete')).toEqual([{ enrollment_id: 'maybe-deleted-0002', deleted: true }]);
	});
});

describe('Base URL', () => {
	test.each(['?x=', '/#v1', '/v1?token=1'])('a Base URL ending in %s is refused before anything is sent', async (suffix) => {
		const service = await hostile((_request, response) => json(response, 200, {}));
		try {
			const result = await run(`${service.url}${suffix}`, contacts, matchNode());
			expect(service.seen).toHaveLength(0);
			expect(result.error?.message).toBe(
				'The Base URL must not contain a query string or fragment (? or #). Enter the address only, such as https://api.example.com, without /v1.',
			);
		} finally {
			await service.close();
		}
	});
});

/** Match Prospects at its first version that speaks v2 (the credential at Per Node Version). */
const matchNodeV2 = () => matchNode({ typeVersion: typeVersionFor('matchProspects', 'v2') });
const MATCH_V2 = ENDPOINTS.matchProspects.path;

describe('deadlines, at Match Prospects 2 on v2', () => {
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
			const result = await run(service.url, contacts, matchNodeV2());
			const elapsed = Date.now() - started;
			expect(service.seen.map((request) => request.url)).toEqual([MATCH_V2, MATCH_V2]);
			expect(result.error?.message).toBe(
				`Could not get an answer from the service at ${service.url}${MATCH_V2}: timed out (for items 0 to 1 after 2 attempts)`,
			);
			// two attempts of 0.8 s and a short backoff, not the ~10 s the drip would take
			expect(elapsed).toBeLessThan(5_000);
		} finally {
			timers.forEach(clearInterval);
			await service.close();
		}
	});
});

describe('Base URL, on v2', () => {
	test.each(['/v2/', '/v1'])('a trailing %s is removed instead of doubling the prefix', async (suffix) => {
		const service = await hostile((_request, response) => json(response, 200, { matched_prospects: [{ prospect_id: 'p1' }, { prospect_id: null }] }));
		try {
			const result = await run(`${service.url}${suffix}`, contacts, matchNodeV2());
			expect(result.error).toBeUndefined();
			expect(service.seen.map((request) => request.url)).toEqual([MATCH_V2]);
		} finally {
			await service.close();
		}
	});
});
