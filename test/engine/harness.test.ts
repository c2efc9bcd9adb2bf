/**
 * Tests of the engine harness itself, with test-only probe nodes against a local server: if
 * these pass, the engine tests of the real nodes exercise n8n's execution path.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import packageJson from '../../package.json';

import { HttpProbe } from './fixtures/HttpProbe.node';
import { PollProbe } from './fixtures/PollProbe.node';
import { type RecordingServer, type Reply, startRecordingServer } from './fixtures/recordingServer';
import {
	itemsNode,
	linearWorkflow,
	manualTriggerNode,
	NodeRegistry,
	onItems,
	type PollOptions,
	runPoll,
	runWorkflow,
	type WorkflowNode,
} from './harness';

const API_KEY = 'test-key-7f3a';
const nodeTypes = { 'test.httpProbe': new HttpProbe(), 'test.pollProbe': new PollProbe() };

let server: RecordingServer;
/** What the server answers; tests replace it, `beforeEach` resets it to an echo. */
let reply: (path: string) => Reply;
const echo = (path: string): Reply => ({ status: 200, body: { path } });

beforeAll(async () => {
	server = await startRecordingServer((request) => reply(request.path));
});
afterAll(async () => await server.close());
beforeEach(() => {
	server.requests.length = 0;
	reply = echo;
});

const credentials = () => ({ businessProspectDataApi: { apiKey: API_KEY, baseUrl: server.url } });

function probe(parameters: INodeParameters, settings: Partial<WorkflowNode> = {}): WorkflowNode {
	return { name: 'Probe', type: 'test.httpProbe', typeVersion: 1, parameters, ...settings };
}

async function runProbe(items: IDataObject[], parameters: INodeParameters, settings: Partial<WorkflowNode> = {}) {
	const workflow = onItems(items, probe(parameters, settings));
	return await runWorkflow(workflow, { credentials: credentials(), nodeTypes });
}

test("loads every node listed in package.json from its TypeScript source, through n8n's loader", () => {
	const registry = new NodeRegistry();

	expect(registry.loadFailures).toEqual([]);
	expect(registry.packageNodeTypes()).toHaveLength(packageJson.n8n.nodes.length);
});

describe('runWorkflow', () => {
	test('sends the API key in the API_KEY header and nowhere else', async () => {
		const run = await runProbe([{ x: 1 }], { value: 'hello' });

		expect(run.error).toBeUndefined();
		expect(run.executedNodes).toEqual(['When clicking ‘Execute workflow’', 'Items', 'Probe']);
		expect(server.requests).toHaveLength(1);
		const [request] = server.requests;
		expect(request.headers.api_key).toBe(API_KEY);
		const { api_key: _, ...otherHeaders } = request.headers;
		expect(JSON.stringify([otherHeaders, request.path, request.body])).not.toContain(API_KEY);
		expect(JSON.stringify(run.runData)).not.toContain(API_KEY);
	});

	test('evaluates expressions in parameters for each item', async () => {
		const run = await runProbe([{ x: 1 }, { x: 2 }], { value: '={{ $json.x * 10 }}', path: '={{ "/item/" + $itemIndex }}' });

		expect(server.requests.map(({ path, body }) => ({ path, body }))).toEqual([
			{ path: '/item/0', body: { value: 10 } },
			{ path: '/item/1', body: { value: 20 } },
		]);
		expect(run.json('Probe')).toEqual([{ path: '/item/0' }, { path: '/item/1' }]);
	});

	test('pairs output items with input items, so $("Node").item resolves downstream', async () => {
		const workflow = linearWorkflow([
			manualTriggerNode(),
			itemsNode([{ name: 'Acme' }, { name: 'Globex' }]),
			probe({ path: '/first' }),
			{ ...probe({ path: '/second', value: "={{ $('Items').item.json.name }}" }), name: 'Second' },
		]);
		const run = await runWorkflow(workflow, { credentials: credentials(), nodeTypes });

		expect(run.pairedItems('Items')).toEqual([[{ item: 0 }], [{ item: 0 }]]);
		expect(run.pairedItems('Probe')).toEqual([[{ item: 0 }], [{ item: 1 }]]);
		expect(server.requests.slice(2).map(({ body }) => body)).toEqual([{ value: 'Acme' }, { value: 'Globex' }]);
	});

	test("stops on a node error and exposes n8n's message, description, item index and HTTP code", async () => {
		reply = (path) => (path === '/down' ? { status: 503, body: { message: 'Service down' } } : echo(path));

		const run = await runProbe([{ path: '/up' }, { path: '/down' }], { path: '={{ $json.path }}' });

		expect(run.error).toMatchObject({
			message: 'The probe request failed',
			description: 'Service down',
			itemIndex: 1,
			httpCode: '503',
			node: 'Probe',
		});
		expect(run.raw.status).toBe('error');
		expect(() => run.output('Probe')).toThrow('Node "Probe" failed: The probe request failed');
	});

	test.each([
		['continueOnFail: true', { continueOnFail: true }],
		["onError: 'continueRegularOutput'", { onError: 'continueRegularOutput' as const }],
	])('with %s, failed items become error items and the run goes on', async (_, settings) => {
		reply = (path) => (path === '/down' ? { status: 503, body: { message: 'Service down' } } : echo(path));

		const run = await runProbe([{ path: '/down' }, { path: '/up' }], { path: '={{ $json.path }}' }, settings);

		expect(run.error).toBeUndefined();
		expect(run.json('Probe')).toEqual([{ error: 'The probe request failed' }, { path: '/up' }]);
		expect(run.pairedItems('Probe')).toEqual([[{ item: 0 }], [{ item: 1 }]]);
	});

	test('inputItems are emitted by the trigger', async () => {
		const workflow = linearWorkflow([manualTriggerNode(), probe({ value: '={{ $json.v }}' })]);

		const run = await runWorkflow(workflow, { credentials: credentials(), nodeTypes, inputItems: [{ v: 'a' }, { v: 'b' }] });

		expect(run.error).toBeUndefined();
		expect(server.requests.map(({ body }) => body)).toEqual([{ value: 'a' }, { value: 'b' }]);
	});

	test('fails the node when no credentials are given, as n8n does for a node without one', async () => {
		const workflow = linearWorkflow([manualTriggerNode(), probe({})]);

		const run = await runWorkflow(workflow, { nodeTypes });

		expect(run.error?.message).toBe('Node does not have any credentials set');
		expect(server.requests).toHaveLength(0);
	});

	test('names the known types when a node type is unknown', async () => {
		const workflow = linearWorkflow([manualTriggerNode(), { name: 'X', type: 'test.nope', typeVersion: 1, parameters: {} }]);

		await expect(runWorkflow(workflow)).rejects.toThrow(/Unknown node type "test.nope". Known: .*test\.items/);
	});
});

describe('runPoll', () => {
	const pollNode: WorkflowNode = { name: 'Poll Probe', type: 'test.pollProbe', typeVersion: 1, parameters: {} };
	/** The service holds events 1..`latest`; `GET /events?after=n` returns those after n. */
	const serveEvents = (latest: number) => {
		reply = (path) => {
			const after = Number(new URL(path, server.url).searchParams.get('after'));
			const ids = Array.from({ length: Math.max(latest - after, 0) }, (_, i) => after + i + 1);
			return { status: 200, body: { events: ids.map((id) => ({ id })) } };
		};
	};
	const poll = async (options: Omit<PollOptions, 'credentials' | 'nodeTypes'>) =>
		await runPoll(pollNode, { credentials: credentials(), nodeTypes, ...options });

	test('a manual poll returns a sample and leaves the static data as it was', async () => {
		serveEvents(3);

		const result = await poll({ mode: 'manual', staticData: { cursor: 1 } });

		expect(result.items?.map(({ json }) => json)).toEqual([{ id: 2 }]);
		expect(result.staticData).toEqual({ cursor: 1 });
		expect(server.requests[0].headers.api_key).toBe(API_KEY);
	});

	test('a manual poll that finds nothing returns null', async () => {
		serveEvents(1);

		expect(await poll({ mode: 'manual', staticData: { cursor: 1 } })).toEqual({ items: null, staticData: { cursor: 1 } });
	});

	test('static data round-trips through scheduled polls of an active workflow', async () => {
		serveEvents(3);
		const first = await poll({ mode: 'trigger' });
		expect(first).toEqual({ items: null, staticData: { cursor: 3, polls: 1 } });

		serveEvents(5);
		const second = await poll({ mode: 'trigger', staticData: first.staticData });
		expect(second.items?.map(({ json }) => json)).toEqual([{ id: 4 }, { id: 5 }]);
		expect(second.staticData).toEqual({ cursor: 5, polls: 2 });
		expect(server.requests.map(({ path }) => path)).toEqual(['/events?after=0', '/events?after=3']);
	});

	test('under durable poll cursors the poll at activation commits nothing when it emits nothing', async () => {
		serveEvents(3);

		const result = await poll({ mode: 'trigger', tick: 'activation', cursor: 'durable' });

		expect(result).toEqual({ items: null, staticData: {} });
	});

	test("on n8n's default settings the poll at activation keeps its state in memory, where the next poll reads it", async () => {
		serveEvents(3);

		const result = await poll({ mode: 'trigger', tick: 'activation' });

		expect(result).toEqual({ items: null, staticData: { cursor: 3, polls: 1 } });
	});

	test('a failing poll rejects with the error n8n would report', async () => {
		reply = () => ({ status: 500, body: { message: 'boom' } });

		await expect(poll({ mode: 'trigger', staticData: { cursor: 1 } })).rejects.toMatchObject({ httpCode: '500' });
	});
});
