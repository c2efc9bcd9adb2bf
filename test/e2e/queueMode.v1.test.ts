/**
 * n8n's queue mode on its production topology, for real: Redis (Debian's redis-server), PostgreSQL
 * (Debian's postgresql, a throw-away cluster), the n8n main instance, one webhook processor
 * (`n8n webhook`) that receives the production webhooks, and two `n8n worker` processes at n8n's
 * default concurrency; the package installed from `npm pack`. Four executions of 55 contacts
 * each (Match Prospects -> Enrich, default parameters, 220 rows) are started at once through a
 * Webhook against a sandbox that meters queries as the service's page says (200 queries per
 * minute on the one API key they share; a match or enrich call weighs one query per entity it
 * carries: rate-limits.md); the webhook processor queues them, the workers run them, each process
 * with its own rate budget for the key (nothing is shared between processes but the service's
 * answers). The test requires both workers to take some, so that two budgets really compete for the key.
 *
 * Two such rounds run side by side on the cluster, each against a sandbox of its own (its own API
 * key and its own 200 a minute, so neither round's queries count against the other's key): one
 * with the credential's default pacing (200 queries a minute, the key's limit, on each worker:
 * at most 3 answers 429), one with each worker's share set (100: none). Each spends about 410
 * queries (220 matched, about 210 enriched), two full windows and a little of a third, so the
 * floor is 2 minutes; each must finish within 1.1x of it. (A round nearer three full windows, 4 x
 * 75 contacts or 555 queries, took 3 minutes: calls of 35 to 50 queries do not fill a window of
 * 100 or 200 exactly, and with only three windows the last one's slack is all there is.) Side by side, the two rounds cost the file one
 * floor instead of two. The queries are counted from the sandbox's log of accepted requests,
 * weighed by the catalog's meter of each endpoint.
 *
 * QUEUE_MODE_CONTACTS=300 runs the issue's full acceptance size (4 x 300 contacts, about 2,340
 * queries a round, floor 11 minutes) instead: not in CI, where the file keeps its time.
 *
 * Meanwhile the Business Events Trigger, published on the main instance (where n8n runs
 * pollers), watches a third sandbox: every event added during the run fires exactly once, in
 * executions main queues and the workers run. The cluster runs with n8n's durable poll cursors
 * (the trigger's state stored with the execution its poll starts), and at the end main is stopped
 * cleanly (SIGTERM) right after a fire and started again: no event is lost or fired twice.
 *
 * First, on the same cluster, the Business Events Webhook Trigger: main registers its webhook with
 * a fourth sandbox (the webhook processor's URL), the webhook processor receives that sandbox's
 * pushes and queues one execution per event, the workers run them, and a duplicate starts nothing.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';

import type { IDataObject, ITaskData } from 'n8n-workflow';

import { ENDPOINTS, LIMITS, V1_ENDPOINTS, V1_LIMITS } from '../../nodes/shared/api';
import { WINDOW_SLACK_MS } from '../../nodes/shared/transport/rateBudget';
import { acceptedQueries, queryFloorMs } from '../benchmark/queries';
import { contacts } from '../benchmark/scenarios';
import { pushTriggerReady } from '../benchmark/webhooks';
import { matchEnrichOurs, webhookPath } from '../benchmark/workflows';
import { expectedProspectId } from '../engine/matchEnrichContacts';
import { sandboxClient, startSandbox, type RecordedRequest, type Sandbox } from '../sandbox';
import type { ExecutionResult } from './harness/executionResult';
import { PACKAGE_NAME, type WorkflowJson } from './harness/n8nInstance';
import { DURABLE_POLL_CURSORS } from './harness/durablePollCursors';
import { waitFor } from './harness/processes';
import { QueueModeN8n } from './harness/queueMode';

const EXECUTIONS = 4;
/**
 * 55 contacts an execution: 55 match and about 52 enrich queries, ~410 a round (408 measured), floor 2 minutes
 * (each worker's two executions ~215 queries: two of its 100-a-minute windows and a little of a third).
 * QUEUE_MODE_CONTACTS scales it (300: the issue's acceptance size).
 */
const ROWS_PER_EXECUTION = Number(process.env.QUEUE_MODE_CONTACTS ?? 55);
/** a round's queries at most (every contact matched and enriched): what its waits are sized by */
const MOST_QUERIES = 2 * EXECUTIONS * ROWS_PER_EXECUTION;
const LATENCY_MS = 50;
/** the pacing (queries a minute) that is the key's share when two workers use it */
const SHARE_PER_MINUTE = LIMITS.rateLimit.queries / 2;
// the rounds' beforeAll waits for about one floor; a scaled run's floor is longer than the suite's timeout
jest.setTimeout(Math.max(900_000, 1.5 * queryFloorMs(MOST_QUERIES) + 300_000));

/**
 * QUEUE_MODE_API=v2 runs the Match -> Enrich rounds on the nodes' latest versions (API v2, 50
 * contacts a match call), to measure them by hand; CI runs API v1, what this file pins.
 */
const ON_V2 = process.env.QUEUE_MODE_API === 'v2';
const MATCH_PATH = (ON_V2 ? ENDPOINTS : V1_ENDPOINTS).matchProspects.path;
const ENRICH_PATH = (ON_V2 ? ENDPOINTS : V1_ENDPOINTS).enrichProspectProfiles.path;
const MATCH_ITEMS = ON_V2 ? LIMITS.matchItems : V1_LIMITS.matchItems;
const EVENTS_PATH = V1_ENDPOINTS.getBusinessEvents.path;
const TRIGGER = 'Business Events Trigger';
/** `n8n worker` runs this many executions at once unless told otherwise (n8n 2.41.1, commands/worker.ts) */
const N8N_DEFAULT_CONCURRENCY = 10;

const log = (message: string) => process.stderr.write(`[queue] ${message}\n`);
const pause = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

/** The benchmark's Match -> Enrich workflow with its own id, webhook and credential. */
function matchEnrich(id: string, credential: { id: string; name: string }): WorkflowJson {
	// typeVersion 1 at the credential's Per Node Version: API v1, whose paths and limits this file counts
	const workflow = matchEnrichOurs(id, undefined, ON_V2 ? {} : { matchProspects: 1, enrich: 1 });
	for (const node of workflow.nodes as Array<{ name: string; parameters: IDataObject; credentials?: IDataObject }>) {
		if (node.credentials) node.credentials = { businessProspectDataApi: credential };
		// answered at once: the test reads the executions n8n stores
		if (node.name === 'Webhook') node.parameters = { ...node.parameters, responseMode: 'onReceived' };
	}
	return workflow;
}

/** twelve poll times a minute, 5 s apart (each minute-granular, as n8n requires of a poll time) */
const POLL_GAP_S = 5;
const everyFiveSeconds = {
	item: Array.from({ length: 60 / POLL_GAP_S }, (_, index) => ({ mode: 'custom', cronExpression: `${index * POLL_GAP_S} * * * * *` })),
};

const TRIGGER_WORKFLOW_ID = 'queueTrigger01';

function triggerWorkflow(businessIds: string[]): WorkflowJson {
	return {
		id: TRIGGER_WORKFLOW_ID,
		name: 'Queue mode: business events',
		nodes: [
			{
				id: '0d9d7a44-7a55-4f0c-9b8e-2f9e1c1f0a01',
				name: TRIGGER,
				type: 'n8n-nodes-business-prospect-data.businessEventsTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: { pollTimes: everyFiveSeconds, source: 'ids', businessIds: businessIds.join(', '), eventTypes: ['new_product'], options: {} },
				credentials: { businessProspectDataApi: { id: 'events-credential', name: 'Events sandbox' } },
			},
			{ id: '0d9d7a44-7a55-4f0c-9b8e-2f9e1c1f0a02', name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [220, 0], parameters: {} },
		],
		connections: { [TRIGGER]: { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

const PUSH_PARTNER = 'partner-queue';
const PUSH_TRIGGER = 'Business Events Webhook Trigger';
const PUSH_CREDENTIAL = { id: 'queue-webhook-credential', name: 'Business Prospect Data (pushed events)' };
const PUSH_WEBHOOK_ID = '5f0c1a52-7f6e-4a57-9a42-0000000000e1';
const PUSHED_EVENTS = 8;
const PUSH_WORKFLOW = {
	id: 'wfWebhookQueue',
	name: 'Pushed events in queue mode',
	nodes: [
		{
			id: 'queue-push-trigger',
			name: PUSH_TRIGGER,
			type: `${PACKAGE_NAME}.businessEventsWebhookTrigger`,
			typeVersion: 1,
			position: [0, 0],
			webhookId: PUSH_WEBHOOK_ID,
			parameters: { entity: 'both', options: {} },
			credentials: { businessProspectDataApi: PUSH_CREDENTIAL },
		},
		{ id: 'queue-push-done', name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [220, 0], parameters: {} },
	],
	connections: { [PUSH_TRIGGER]: { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
	settings: { executionOrder: 'v1' },
} as unknown as WorkflowJson;

/** One round: four executions of a workflow, against the sandbox that holds its credential's key. */
interface Round {
	workflow: WorkflowJson;
	sandbox: Sandbox;
	rows: IDataObject[];
}

/** A round whose executions the workers have taken. */
interface StartedRound extends Round {
	executionIds: string[];
	startedAt: number;
	loadAtStart: number;
	answers: string[];
}

interface RoundResult extends StartedRound {
	executions: ExecutionResult[];
	requests: RecordedRequest[];
	refused: number;
	accepted: number;
	/** the accepted requests' queries, by the catalog's meters */
	queries: number;
	/** first Match start to last Enrich end, over the four executions */
	nodeSpanMs: number;
	floorMs: number;
	wallMs: number;
}

const taskEnd = (task: ITaskData) => task.startTime + (task.executionTime ?? 0);
const byNumber = (a: string, b: string) => Number(a) - Number(b);
const pairedIndexes = (items: Array<{ pairedItem?: unknown }>) =>
	items.map(({ pairedItem }) => (Array.isArray(pairedItem) ? pairedItem : [pairedItem]).map((p) => (p as { item: number }).item));
const loadAverage = () => os.loadavg()[0];

/** A settled round's result, or its failure thrown where the test that reads it can report it. */
function resultOf(settled: PromiseSettledResult<RoundResult> | undefined): RoundResult {
	if (!settled) throw new Error('the rounds did not run');
	if (settled.status === 'rejected') throw settled.reason;
	return settled.value;
}

describe('queue mode on PostgreSQL: main, a webhook processor and two workers share one API key', () => {
	/** the key of the round at the default budget */
	let sandbox: Sandbox;
	/** the key of the round at each worker's share: a key and a window of its own */
	let shareSandbox: Sandbox;
	let eventsSandbox: Sandbox;
	/** pushes events to the webhook trigger */
	let pushSandbox: Sandbox;
	let pushedBusinessId: string;
	let cluster: QueueModeN8n;
	const defaultCredential = { id: 'queue-credential', name: 'Business Prospect Data (default budget)' };
	const shareCredential = { id: 'queue-share-credential', name: 'Business Prospect Data (the key shared by two workers)' };
	const atCeiling = matchEnrich('QueueMatch', defaultCredential);
	const atShare = matchEnrich('QueueMatchShare', shareCredential);
	let watched: string[];

	beforeAll(async () => {
		// each round's key: the service's limit, 200 queries a minute, metered by query (the sandbox's default)
		[sandbox, shareSandbox] = await Promise.all(
			['queue-default-key', 'queue-share-key'].map(async (apiKey) => await startSandbox({ apiKey, latencyMs: LATENCY_MS })),
		);
		eventsSandbox = await startSandbox();
		pushSandbox = await startSandbox({ partnerId: PUSH_PARTNER });
		pushedBusinessId = pushSandbox.universe.businesses[0].business_id;
		await sandboxClient(pushSandbox).call('createBusinessEnrollment', {
			enrollment_key: 'queue',
			event_types: ['new_product'],
			business_ids: [pushedBusinessId],
		});
		watched = eventsSandbox.universe.businesses.slice(0, 5).map((business) => business.business_id);
		cluster = await QueueModeN8n.create({
			workers: 2,
			log,
			prepare: async (main) => {
				await main.importCredentials([
					{ ...defaultCredential, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url } },
					{ ...shareCredential, data: { apiKey: shareSandbox.apiKey, baseUrl: shareSandbox.url, maxRequestsPerMinute: SHARE_PER_MINUTE } },
					{ id: 'events-credential', name: 'Events sandbox', data: { apiKey: eventsSandbox.apiKey, baseUrl: eventsSandbox.url } },
					{ ...PUSH_CREDENTIAL, data: { apiKey: pushSandbox.apiKey, baseUrl: pushSandbox.url, partnerId: PUSH_PARTNER } },
				]);
			},
			workflows: [atCeiling, atShare, triggerWorkflow(watched), PUSH_WORKFLOW],
			publish: [atCeiling.id, atShare.id, TRIGGER_WORKFLOW_ID, PUSH_WORKFLOW.id],
			env: DURABLE_POLL_CURSORS,
		});
	});
	afterAll(async () => {
		await cluster?.dispose();
		await Promise.all([sandbox?.close(), shareSandbox?.close(), eventsSandbox?.close(), pushSandbox?.close()]);
	});

	test("the topology: each worker at n8n's default concurrency, production webhooks on the webhook processor only", async () => {
		const concurrency = cluster.workerNames.map((name) => /\* Concurrency: (\d+)/.exec(cluster.processOutput(name, 1_000_000))?.[1]);
		expect(concurrency).toEqual([String(N8N_DEFAULT_CONCURRENCY), String(N8N_DEFAULT_CONCURRENCY)]);
		const path = `webhook/${webhookPath(atCeiling.id)}`;
		const post = async (base: string) => (await fetch(`${base}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"rows":[]}' })).status;
		expect(await post(cluster.webhookBaseUrl)).toBe(200);
		expect(await post(cluster.main.baseUrl)).toBe(404);
	});

	test(`webhook trigger: ${PUSHED_EVENTS} pushed events and 2 duplicates, received by the webhook processor, one execution per event, all run by workers`, async () => {
		const main = cluster.main;
		await pushTriggerReady(pushSandbox);
		expect(pushSandbox.webhooks.registration?.webhook_url).toBe(`${cluster.webhookBaseUrl}/webhook/${PUSH_WEBHOOK_ID}/webhook`);
		pushSandbox.webhooks.clearDeliveries();
		const ids = Array.from({ length: PUSHED_EVENTS }, () =>
			pushSandbox.addEvent({ business_id: pushedBusinessId, event_name: 'new_product' }).event_id.replace(/-/g, ''),
		);
		await pushSandbox.webhooks.idle();
		const [first, second] = pushSandbox.webhooks.deliveries;
		expect((await pushSandbox.webhooks.redeliver(first.seq)).status).toBe(200);
		expect((await pushSandbox.webhooks.redeliver(second.seq)).status).toBe(200);
		expect(pushSandbox.webhooks.deliveries.map((delivery) => delivery.status)).toEqual(Array(PUSHED_EVENTS + 2).fill(200));

		const finished = async (count: number) =>
			await waitFor(
				`${count} finished executions`,
				async () => {
					const done = await main.finishedExecutions(PUSH_WORKFLOW.id);
					return done.length >= count ? done : undefined;
				},
				{ timeoutMs: 60_000, intervalMs: 500 },
			);
		await finished(PUSHED_EVENTS);
		// a sentinel sent after the duplicates were answered: once it has run, an execution started
		// by a duplicate would be counted too (still running or not)
		const sentinel = pushSandbox.addEvent({ business_id: pushedBusinessId, event_name: 'new_product' }).event_id.replace(/-/g, '');
		await finished(PUSHED_EVENTS + 1);
		const executions = await main.executions(PUSH_WORKFLOW.id);
		expect(executions.map((execution) => execution.status)).toEqual(Array(PUSHED_EVENTS + 1).fill('success'));
		const fired = await Promise.all(executions.map(async (execution) => (await main.execution(execution.id)).items('Done').map((item) => item.event_id)));
		expect(fired.every((items) => items.length === 1)).toBe(true);
		expect(fired.flat().sort()).toEqual([...ids, sentinel].sort());
		// every execution queued by the webhook processor (the deliveries' receiver) and started on exactly one worker
		expect(executions.map((execution) => cluster.enqueuedBy(execution.id))).toEqual(Array(PUSHED_EVENTS + 1).fill(['webhook']));
		expect(executions.every((execution) => cluster.workerOf(execution.id) !== undefined)).toBe(true);
	});

	/**
	 * Posts a round's four executions at once through the webhook and resolves once the workers have
	 * taken all four. The next round is posted only then: each worker waits on n8n's queue (Bull)
	 * with one blocking pop, so jobs tend to go to the workers in turn, and two rounds posted
	 * interleaved could leave each round on one worker, its key with one budget only.
	 */
	async function startRound(round: Round): Promise<StartedRound> {
		const main = cluster.main;
		const url = `${cluster.webhookBaseUrl}/webhook/${webhookPath(round.workflow.id)}`;
		// right after start, a published workflow's webhook may not be registered yet
		await waitFor('the webhook', async () => ((await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"rows":[]}' })).status !== 404 ? true : undefined), {
			timeoutMs: 20_000,
		});
		const before = new Set((await main.executions(round.workflow.id)).map((execution) => execution.id));
		round.sandbox.clearRequests();
		const startedAt = Date.now();
		const loadAtStart = loadAverage();
		const answers = await Promise.all(
			Array.from({ length: EXECUTIONS }, async (_, index) => {
				const slice = round.rows.slice(index * ROWS_PER_EXECUTION, (index + 1) * ROWS_PER_EXECUTION);
				const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rows: slice }) });
				return `${answer.status} ${await answer.text()}`;
			}),
		);
		const executionIds = await waitFor(
			`the workers to take ${EXECUTIONS} executions of ${round.workflow.id}`,
			async () => {
				const ids = (await main.executions(round.workflow.id)).map((execution) => execution.id).filter((id) => !before.has(id));
				return ids.length >= EXECUTIONS && ids.every((id) => cluster.workerOf(id) !== undefined) ? ids.sort(byNumber) : undefined;
			},
			{ timeoutMs: 60_000, intervalMs: 200 },
		);
		return { ...round, executionIds, startedAt, loadAtStart, answers };
	}

	/** Waits for a started round's executions to finish and reads back what n8n stored. */
	async function finishRound(round: StartedRound): Promise<RoundResult> {
		const { workflow, sandbox: service, executionIds, startedAt } = round;
		const progress = setInterval(() => {
			const statuses = service.requests.map((request) => request.status);
			log(
				`${workflow.id}, ${((Date.now() - startedAt) / 1000).toFixed(0)} s: ${statuses.filter((s) => s === 200).length} answered, ${statuses.filter((s) => s === 429).length} answered 429`,
			);
		}, 10_000);
		await waitFor(
			`${EXECUTIONS} executions of ${workflow.id}`,
			async () => {
				const done = new Set((await cluster.main.finishedExecutions(workflow.id)).map((execution) => execution.id));
				return executionIds.every((id) => done.has(id)) ? true : undefined;
			},
			{ timeoutMs: 1.5 * queryFloorMs(MOST_QUERIES) + 180_000, intervalMs: 500 },
		).finally(() => clearInterval(progress));
		const wallMs = Date.now() - startedAt;
		const executions = await Promise.all(executionIds.map(async (id) => await storedWhole(id)));
		const requests = [...service.requests];
		const matchTasks = executions.map((execution) => execution.run.data.resultData.runData['Match Prospects']?.[0]);
		const enrichTasks = executions.map((execution) => execution.run.data.resultData.runData.Enrich?.[0]);
		const nodeSpanMs =
			matchTasks.every(Boolean) && enrichTasks.every(Boolean)
				? Math.max(...enrichTasks.map((task) => taskEnd(task!))) - Math.min(...matchTasks.map((task) => task!.startTime))
				: Number.NaN;
		const accepted = requests.filter((request) => request.status === 200).length;
		const queries = acceptedQueries(requests);
		// where the time went: the queries the service accepted in each minute from the first request
		const firstAt = Math.min(...requests.map((request) => request.at.getTime()));
		const perMinute: number[] = [];
		for (const request of requests) {
			const minute = Math.floor((request.at.getTime() - firstAt) / LIMITS.rateLimit.windowMs);
			perMinute[minute] = (perMinute[minute] ?? 0) + acceptedQueries([request]);
		}
		// QUEUE_MODE_TRACE=<path prefix>: every request (ms from the first, status, queries, path) to a file, to see where the time went
		if (process.env.QUEUE_MODE_TRACE) {
			const lines = requests.map((request) => `${request.at.getTime() - firstAt}\t${request.status}\t${acceptedQueries([{ ...request, status: 200 }])}\t${request.path}`);
			writeFileSync(`${process.env.QUEUE_MODE_TRACE}-${workflow.id}.tsv`, `${lines.join('\n')}\n`);
		}
		const result: RoundResult = {
			...round,
			executions,
			requests,
			refused: requests.filter((request) => request.status === 429).length,
			accepted,
			queries,
			nodeSpanMs,
			floorMs: queryFloorMs(queries),
			wallMs,
		};
		log(
			`${workflow.id}: webhooks answered ${JSON.stringify(round.answers)}; executions ${executionIds
				.map((id) => `${id}@${cluster.workerOf(id) ?? '?'}`)
				.join(', ')}; ${accepted} requests answered (${queries} queries; accepted per minute ${Array.from(perMinute, (count) => count ?? 0).join(' ')}), ${result.refused} answered 429; in the nodes ${(nodeSpanMs / 1000).toFixed(1)} s, floor ${(
				result.floorMs / 1000
			).toFixed(0)} s (${(nodeSpanMs / result.floorMs).toFixed(3)}x); wall ${(wallMs / 1000).toFixed(1)} s; load ${round.loadAtStart.toFixed(1)} at start, ${loadAverage().toFixed(1)} at end`,
		);
		return result;
	}

	/**
	 * The execution as stored once its last node's data is there. Once (1 of about 20 rounds on
	 * PostgreSQL) an execution listed as finished read back with only Webhook and Rows run, though
	 * every request of Match Prospects and Enrich had been answered: read again for up to 30 s, so a
	 * late write is waited for and data that never comes still fails.
	 */
	async function storedWhole(executionId: string): Promise<ExecutionResult> {
		const main = cluster.main;
		let last: ExecutionResult | undefined;
		try {
			return await waitFor(
				`execution ${executionId} stored with Enrich's output`,
				async () => {
					const read = await main.execution(executionId);
					last = read;
					return read.status !== 'success' || read.executedNodes.includes('Enrich') ? read : undefined;
				},
				{ timeoutMs: 30_000, intervalMs: 1_000 },
			);
		} catch {
			log(`execution ${executionId}: still without Enrich after 30 s (status ${last?.status}; nodes ${last?.executedNodes.join(', ')})`);
			return last ?? (await main.execution(executionId));
		}
	}

	/** Every row back in order and paired, the minimum requests, nothing outside the contract, on both workers. */
	function expectCompleteAndMinimal(result: RoundResult) {
		const { executions, requests, rows } = result;
		expect(executions.map((execution) => [execution.status, execution.error ? execution.describeError() : undefined])).toEqual(
			Array.from({ length: EXECUTIONS }, () => ['success', undefined]),
		);
		// every execution queued by the webhook processor, run on one worker, and both workers took some
		expect(result.executionIds.map((id) => cluster.enqueuedBy(id))).toEqual(Array(EXECUTIONS).fill(['webhook']));
		const workers = result.executionIds.map((id) => cluster.workerOf(id));
		expect(workers.every((worker) => worker !== undefined)).toBe(true);
		expect(new Set(workers).size).toBe(2);

		// every row: each execution's slice in order, each item paired with its input row
		// and holding the prospect the service matches for that row
		const outputs = executions.map((execution) => execution.output('Enrich'));
		const firstRows = outputs.map((items) => Number(items[0]?.json.row)).sort((a, b) => a - b);
		expect(firstRows).toEqual(Array.from({ length: EXECUTIONS }, (_, index) => index * ROWS_PER_EXECUTION));
		for (const items of outputs) {
			const start = Number(items[0].json.row);
			const slice = rows.slice(start, start + ROWS_PER_EXECUTION);
			expect(items.map(({ json }) => json.row)).toEqual(slice.map((row) => row.row));
			expect(pairedIndexes(items)).toEqual(slice.map((_, index) => [index]));
			expect(items.map(({ json }) => json.prospect_id ?? null)).toEqual(
				slice.map((row) => expectedProspectId(result.sandbox.universe, row) ?? null),
			);
		}
		expect(outputs.reduce((sum, items) => sum + items.length, 0)).toBe(EXECUTIONS * ROWS_PER_EXECUTION);

		// the contract: only the two endpoints, full batches within the limits, no refusal but 429
		expect(requests.filter((request) => request.status !== 200 && request.status !== 429)).toEqual([]);
		expect([...new Set(requests.map((request) => request.path))].sort()).toEqual([ENRICH_PATH, MATCH_PATH].sort());
		const answered = requests.filter((request) => request.status === 200);
		const matchSizes = answered.filter((request) => request.path === MATCH_PATH).map((request) => ((request.body as IDataObject).prospects_to_match as unknown[]).length);
		const enrichIds = answered.filter((request) => request.path === ENRICH_PATH).map((request) => (request.body as IDataObject).prospect_ids as string[]);
		expect(Math.max(...matchSizes)).toBe(MATCH_ITEMS);
		expect(enrichIds.every((ids) => ids.length >= 1 && ids.length <= LIMITS.prospectEnrichIds && new Set(ids).size === ids.length)).toBe(true);
		// exactly the minimum: ceil(contacts / 40) match and ceil(unique matched / 50) enrich requests per execution
		expect(matchSizes.length).toBe(EXECUTIONS * Math.ceil(ROWS_PER_EXECUTION / MATCH_ITEMS));
		const uniqueMatched = executions.map(
			(execution) => new Set(execution.items('Match Prospects').map((item) => item.prospect_id).filter((id) => typeof id === 'string')).size,
		);
		expect(enrichIds.length).toBe(uniqueMatched.reduce((sum, unique) => sum + Math.ceil(unique / LIMITS.prospectEnrichIds), 0));
		// and the fewest queries: every contact matched once, every matched prospect enriched once
		const fewestQueries = EXECUTIONS * ROWS_PER_EXECUTION + uniqueMatched.reduce((sum, unique) => sum + unique, 0);
		expect(result.queries).toBe(fewestQueries);

		// two full windows of queries at least: the rate limit, not the work, sets the pace (the
		// issue's bound: within 1.1x of the query floor)
		expect(result.floorMs).toBeGreaterThanOrEqual(2 * LIMITS.rateLimit.windowMs);
		expect(result.nodeSpanMs).toBeLessThanOrEqual(1.1 * result.floorMs);
	}

	/** the events of the trigger's successful executions, in execution order */
	const triggerFirings = async () => {
		const done = (await cluster.main.executions(TRIGGER_WORKFLOW_ID)).filter((execution) => execution.status === 'success').sort((a, b) => byNumber(a.id, b.id));
		return (await Promise.all(done.map(async (execution) => (await cluster.main.execution(execution.id)).items(TRIGGER)))).flat();
	};
	const addTriggerEvents = (count: number) =>
		Array.from({ length: count }, (_, index) => eventsSandbox.addEvent({ business_id: watched[index % watched.length], event_name: 'new_product' }));
	/** every event added for the trigger in this file */
	const triggerEvents: Array<{ event_id: string }> = [];

	/** how many of a round's executions each worker took, in the order of `cluster.workerNames` */
	const perWorker = (round: StartedRound) => cluster.workerNames.map((name) => round.executionIds.filter((id) => cluster.workerOf(id) === name).length);
	const takenEvenly = (round: StartedRound) => perWorker(round).every((count) => count === EXECUTIONS / cluster.workerNames.length);

	describe(`4 x ${ROWS_PER_EXECUTION.toLocaleString('en-US')} contacts at once on two workers: two rounds side by side, each on a key of its own`, () => {
		let atCeilingRound: PromiseSettledResult<RoundResult> | undefined;
		let atShareRound: PromiseSettledResult<RoundResult> | undefined;
		let added: Array<{ event_id: string }>;

		beforeAll(async () => {
			// the trigger's activation poll (sets its cursor to now, fires nothing), then events to fire
			await waitFor('the trigger activation poll', async () => (eventsSandbox.requests.length > 0 ? true : undefined), { timeoutMs: 30_000 });
			added = addTriggerEvents(3);
			// added while the rounds run (two minutes at least: the floor)
			const later = pause(30_000).then(() => added.push(...addTriggerEvents(3)));

			const rowsOf = (service: Sandbox) => contacts(service.universe, EXECUTIONS * ROWS_PER_EXECUTION);
			const first = await startRound({ workflow: atCeiling, sandbox, rows: rowsOf(sandbox) });
			const shareRound = { workflow: atShare, sandbox: shareSandbox, rows: rowsOf(shareSandbox) };
			const second = await startRound(shareRound);
			[atCeilingRound, atShareRound] = await Promise.allSettled([finishRound(first), finishRound(second)]);
			// a share is per process: the share round compares with the floor only when n8n's queue gave
			// each worker half the executions. When it did not (3 + 1, seen once in CI), it runs again
			// after a window, when the key's window is empty again; at most twice more.
			for (let attempt = 2; attempt <= 3 && atShareRound.status === 'fulfilled' && !takenEvenly(atShareRound.value); attempt++) {
				log(`the share round's executions went ${JSON.stringify(perWorker(atShareRound.value))} to the workers: running it again (attempt ${attempt})`);
				await pause(LIMITS.rateLimit.windowMs + WINDOW_SLACK_MS);
				[atShareRound] = await Promise.allSettled([finishRound(await startRound(shareRound))]);
			}
			await later;
		});

		test('default pacing (200 queries a minute on each worker): every row in order and paired, the minimum requests, at most 3 answers 429, within 1.1x of the floor; the trigger fires each event once', async () => {
			const result = resultOf(atCeilingRound);
			expectCompleteAndMinimal(result);
			expect(result.refused).toBeLessThanOrEqual(3);

			// the trigger: every added event fired exactly once, in executions run by the workers
			const fired = await waitFor(
				'the trigger to fire the added events',
				async () => {
					const done = (await cluster.main.executions(TRIGGER_WORKFLOW_ID)).filter((execution) => execution.status === 'success');
					const items = (await Promise.all(done.map(async (execution) => (await cluster.main.execution(execution.id)).items(TRIGGER)))).flat();
					return items.length >= added.length ? { done, items } : undefined;
				},
				{ timeoutMs: 90_000, intervalMs: 2_000 },
			);
			// one more poll finds nothing new
			const requestsSoFar = eventsSandbox.requests.filter((request) => request.path === EVENTS_PATH).length;
			await waitFor('one more poll', async () => (eventsSandbox.requests.filter((request) => request.path === EVENTS_PATH).length > requestsSoFar ? true : undefined), {
				timeoutMs: 30_000,
			});
			await pause(3_000);
			const executionsAfter = await cluster.main.executions(TRIGGER_WORKFLOW_ID);
			expect(executionsAfter.length).toBe(fired.done.length);
			expect(fired.items.map((item) => item.event_id).sort()).toEqual(added.map((event) => event.event_id).sort());
			expect(fired.done.every((execution) => cluster.workerOf(execution.id) !== undefined)).toBe(true);
			// the poller runs on main, which queues what it fires
			expect(fired.done.map((execution) => cluster.enqueuedBy(execution.id))).toEqual(fired.done.map(() => ['main']));
			expect(eventsSandbox.requests.every((request) => request.status === 200)).toBe(true);
			triggerEvents.push(...added);
		});

		test(`each worker's share set (${SHARE_PER_MINUTE} queries a minute for each of two workers): the same, and no 429`, () => {
			const result = resultOf(atShareRound);
			// a share is per process: within 1.1x of the floor only when each worker has half the work
			// (n8n's queue gave two to each in every run; three on one worker would take 3 minutes)
			expect(perWorker(result)).toEqual([2, 2]);
			expectCompleteAndMinimal(result);
			expect(result.refused).toBe(0);
		});
	});
	test('durable poll cursors: main stopped cleanly right after a fire and started again: no event lost, none fired twice', async () => {
		const started = Date.now();
		const fired = async (eventIds: string[]) =>
			await waitFor(
				`the trigger to fire ${eventIds.join(', ')}`,
				async () => {
					const items = await triggerFirings();
					return eventIds.every((id) => items.some((item) => item.event_id === id)) ? items : undefined;
				},
				{ timeoutMs: 90_000, intervalMs: 1_000 },
			);
		// after the activation poll (it sets the trigger's cursor to now), when this test runs alone
		await waitFor('the trigger activation poll', async () => (eventsSandbox.requests.length > 0 ? true : undefined), { timeoutMs: 30_000 });
		const before = addTriggerEvents(2);
		triggerEvents.push(...before);
		await fired(before.map((event) => event.event_id));
		await cluster.main.stop();
		const down = addTriggerEvents(1);
		await cluster.main.start({ timeoutMs: 180_000 });
		await cluster.main.setupOwner();
		const after = addTriggerEvents(1);
		triggerEvents.push(...down, ...after);
		await fired([...down, ...after].map((event) => event.event_id));
		// two more polls find nothing new
		const requestsSoFar = eventsSandbox.requests.filter((request) => request.path === EVENTS_PATH).length;
		await waitFor('two more polls', async () => (eventsSandbox.requests.filter((request) => request.path === EVENTS_PATH).length >= requestsSoFar + 2 ? true : undefined), {
			timeoutMs: 30_000,
		});
		await pause(3_000);
		const items = await triggerFirings();
		log(`main restart under durable poll cursors: ${Math.round((Date.now() - started) / 1000)} s`);
		expect(items.map((item) => item.event_id).sort()).toEqual(triggerEvents.map((event) => event.event_id).sort());
		expect(items.filter((item) => 'redelivered' in item)).toEqual([]);
	});
});
