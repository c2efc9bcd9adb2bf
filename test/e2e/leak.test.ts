/**
 * The API key never leaves n8n's credential store, in a real n8n with the packed package: a
 * hostile service echoes a recognisable key on every error path (401, 400, 422, 500 echoing the
 * request headers, a redirect to an address holding the key, a dropped connection, a 200 whose
 * results quote it), under "Stop Workflow" and under "Continue". Afterwards the key is in no
 * webhook answer, no stored execution, no line n8n logged (at debug level), and no file of n8n's
 * user folder: the credential itself is stored encrypted, so the raw key appears nowhere at all.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { BenchN8n } from '../benchmark/n8nBench';
import { PACKAGE, webhookPath } from '../benchmark/workflows';
import type { WorkflowJson } from './harness/n8nInstance';

const API_KEY = 'sk-live-E2E-LEAK-CANARY-91f3';

type Path = '401' | '400' | '422' | '500' | '307' | 'drop' | '200';
const PATHS: Path[] = ['401', '400', '422', '500', '307', 'drop', '200'];
const MODES = ['stopWorkflow', 'continueRegularOutput'] as const;

/** One server, its behaviour chosen by the first path segment (the credential's Base URL). */
function hostileService() {
	const seenKeys: unknown[] = [];
	const server: Server = createServer((request, response) => {
		let body = '';
		request.on('data', (chunk: Buffer) => (body += chunk.toString()));
		request.on('end', () => {
			seenKeys.push(request.headers.api_key);
			const kind = String(request.url).split('/')[1] as Path;
			const json = (status: number, answer: unknown, headers: Record<string, string> = {}) => {
				response.writeHead(status, { 'content-type': 'application/json', ...headers });
				response.end(JSON.stringify(answer));
			};
			if (kind === '401') return json(401, { details: `Invalid API key '${API_KEY}'` });
			if (kind === '400') return json(400, { message: `bad request for ${API_KEY}`, description: API_KEY });
			if (kind === '422') return json(422, { detail: [{ loc: ['body', 'prospects_to_match', 0], msg: `api_key=${API_KEY}` }] });
			if (kind === '500') return json(500, { error: 'boom', echoed: { headers: request.headers, body } });
			if (kind === '307') return json(307, {}, { location: `http://127.0.0.1:9/?key=${API_KEY}` });
			if (kind === 'drop') return request.socket.destroy();
			return json(200, { matched_prospects: [{ prospect_id: `p-${API_KEY}`, input: { headers: request.headers } }, { prospect_id: null }] });
		});
	});
	return { server, seenKeys };
}

function workflow(kind: Path, mode: (typeof MODES)[number], credentialId: string): WorkflowJson {
	const id = `Leak${kind}${mode === 'stopWorkflow' ? 'Stop' : 'Continue'}`;
	const link = (to: string) => ({ main: [[{ node: to, type: 'main', index: 0 }]] });
	return {
		id,
		name: `Leak test: ${kind}, ${mode}`,
		nodes: [
			{
				id: randomUUID(),
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: randomUUID(),
				parameters: { httpMethod: 'POST', path: webhookPath(id), responseMode: 'lastNode', responseData: 'allEntries', options: {} },
			},
			{ id: randomUUID(), name: 'Rows', type: 'n8n-nodes-base.splitOut', typeVersion: 1, position: [200, 0], parameters: { fieldToSplitOut: 'body.rows', options: {} } },
			{
				id: randomUUID(),
				name: 'Match Prospects',
				type: `${PACKAGE}.matchProspects`,
				typeVersion: 1,
				position: [400, 0],
				parameters: {},
				onError: mode,
				credentials: { businessProspectDataApi: { id: credentialId, name: credentialId } },
			},
		],
		connections: { Webhook: link('Rows'), Rows: link('Match Prospects') },
		settings: { executionOrder: 'v1' },
	};
}

/** Every file below `dir` whose bytes contain `needle`. */
function filesContaining(dir: string, needle: string): string[] {
	const found: string[] = [];
	const walk = (current: string) => {
		for (const entry of readdirSync(current)) {
			const full = path.join(current, entry);
			const stat = statSync(full, { throwIfNoEntry: false });
			if (!stat) continue;
			// the installed package and n8n's caches hold no data of a run
			if (stat.isDirectory()) {
				if (entry !== 'node_modules') walk(full);
			} else if (stat.isFile() && stat.size < 512 * 1024 * 1024 && readFileSync(full).includes(needle)) {
				found.push(full);
			}
		}
	};
	walk(dir);
	return found;
}

describe('the API key leaves nothing behind in a real n8n', () => {
	const { server, seenKeys } = hostileService();
	let bench: BenchN8n;
	let base = '';

	beforeAll(async () => {
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
		const credentials = PATHS.map((kind) => ({ id: `leak-${kind}`, name: `leak-${kind}`, data: { apiKey: API_KEY, baseUrl: `${base}/${kind}` } }));
		bench = await BenchN8n.create({
			baseUrl: `${base}/200`,
			apiKey: API_KEY,
			liftClientRateLimit: false,
			extraCredentials: credentials,
			env: { N8N_LOG_LEVEL: 'debug' },
			workflows: PATHS.flatMap((kind) => MODES.map((mode) => workflow(kind, mode, `leak-${kind}`))),
		});
	});
	afterAll(async () => {
		await bench?.dispose();
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	});

	test('every error path, stopped or continued: the key is in no answer, execution, log line or file', async () => {
		const rows: IDataObject[] = [{ email: 'jane@example.com' }, { email: 'joe@example.com' }];
		const runs = await Promise.all(
			PATHS.flatMap((kind) =>
				MODES.map(async (mode) => ({ kind, mode, run: await bench.run(workflow(kind, mode, '').id, rows) })),
			),
		);
		// the service did get the key (that is where it belongs), on every path
		expect(seenKeys.length).toBeGreaterThanOrEqual(PATHS.length * MODES.length);
		expect(new Set(seenKeys)).toEqual(new Set([API_KEY]));

		for (const { kind, mode, run } of runs) {
			const expectFailure = kind !== '200' && mode === 'stopWorkflow';
			expect({ kind, mode, status: run.status }).toEqual({ kind, mode, status: expectFailure ? 'error' : 'success' });
			const output = run.status === 'success' ? run.output('Match Prospects') : [];
			expect(JSON.stringify({ output, error: run.error })).not.toContain(API_KEY);
		}

		const stored = await Promise.all(
			runs.map(async ({ kind, mode }) => {
				const executions = await bench.n8n.executions(workflow(kind, mode, '').id);
				return await Promise.all(executions.map(async (execution) => JSON.stringify((await bench.n8n.execution(execution.id)).run)));
			}),
		);
		expect(stored.flat()).toHaveLength(PATHS.length * MODES.length);
		for (const execution of stored.flat()) expect(execution).not.toContain(API_KEY);

		expect(bench.n8n.serverOutput(1_000_000)).not.toContain(API_KEY);
		expect(filesContaining(bench.n8n.userFolder, API_KEY)).toEqual([]);
	});
});
