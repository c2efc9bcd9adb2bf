/**
 * Acceptance of the Business Events Trigger in a real n8n process: the packed package installed
 * as users install it, the example workflow imported and published, `n8n start`, the sandbox as
 * the service. Every count is read from n8n's own executions (REST) and the sandbox's log.
 *
 * Poll interval: n8n refuses intervals under a minute, but a trigger may have several poll
 * times. The example workflow polls every 15 minutes; here its poll times are replaced by twelve
 * custom crons, at seconds 0, 5, ..., 55 of every minute (each minute-granular, as n8n requires),
 * so consecutive polls come 5 s apart.
 *
 * Two n8n processes, one per scheduling mode (n8n's default scheduler, and the durable one with
 * durable poll cursors, an opt-in of the whole instance): both start at once, and the durable
 * scenario runs while the default one's tests run, each with its own sandbox. They only wait for
 * polls, so the file takes about as long as its longest scenario: the default one, which waits
 * out a Retry-After of 61 s on purpose (the key's budget holding every request of the instance).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { BUSINESS_EVENT_TYPES } from '../../nodes/shared/api';
import { startSandbox, type RecordedRequest, type Sandbox } from '../sandbox';
import { N8nInstance, type ExecutionSummary, type WorkflowJson } from './harness/n8nInstance';
import { waitFor } from './harness/processes';

const EXAMPLE = path.resolve(__dirname, '../../examples/events-trigger.json');
const EVENTS_PATH = '/v1/businesses/events';
const TRIGGER = 'Business Events Trigger';
const POLL_GAP_S = 5;
/** how long a test waits for the next execution(s) of a trigger: polls come every 5 s */
const EXECUTION_TIMEOUT_MS = 30_000;

type WorkflowNodeJson = { name: string; parameters: IDataObject; [key: string]: unknown };
interface ExampleWorkflow extends WorkflowJson {
	id: string;
	name: string;
	nodes: WorkflowNodeJson[];
}

function loadExample(): ExampleWorkflow {
	return JSON.parse(readFileSync(EXAMPLE, 'utf8')) as ExampleWorkflow;
}

function withTrigger(workflow: ExampleWorkflow, parameters: IDataObject): ExampleWorkflow {
	const copy = structuredClone(workflow);
	const trigger = copy.nodes.find((node) => node.name === TRIGGER)!;
	trigger.parameters = { ...trigger.parameters, ...parameters };
	return copy;
}

const statuses = (requests: RecordedRequest[]) => requests.map((request) => request.status);
/** events as the trigger fires them: by time, ties by event_id */
const chronological = <T extends { event_time: string; event_id: string }>(events: T[]) =>
	[...events].sort((x, y) => Date.parse(x.event_time) - Date.parse(y.event_time) || (x.event_id < y.event_id ? -1 : 1));
const pause = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

/** What the tests read: the sandbox's event requests of one workflow, and n8n's executions. */
function probes(sandbox: () => Sandbox, n8n: () => N8nInstance, watched: string[]) {
	const isMain = (request: RecordedRequest) =>
		request.path === EVENTS_PATH && String((request.body as IDataObject).business_ids) === watched.toString();
	const mainRequests = () => sandbox().requests.filter(isMain);
	const otherRequests = () => sandbox().requests.filter((request) => request.path === EVENTS_PATH && !isMain(request));
	const finished = async (workflowId: string) => await n8n().finishedExecutions(workflowId);
	/** Waits until the workflow has `count` finished executions; returns them oldest first. */
	const untilExecutions = async (workflowId: string, count: number, timeoutMs = EXECUTION_TIMEOUT_MS) =>
		await waitFor(
			`${count} execution(s) of ${workflowId}`,
			async () => {
				const done = await finished(workflowId);
				return done.length >= count ? done : undefined;
			},
			{ timeoutMs, intervalMs: 250 },
		);
	const fired = async (execution: ExecutionSummary) => (await n8n().execution(execution.id)).items(TRIGGER);
	return { mainRequests, otherRequests, finished, untilExecutions, fired };
}

/** twelve poll times a minute, POLL_GAP_S apart */
const everyFiveSeconds = {
	item: Array.from({ length: 60 / POLL_GAP_S }, (_, index) => ({ mode: 'custom', cronExpression: `${index * POLL_GAP_S} * * * * *` })),
};
/** polls only at activation during the test (next: January 1st) */
const yearly = { item: [{ mode: 'custom', cronExpression: '0 0 1 1 *' }] };

/**
 * n8n started with the sandbox's credential and these workflows, which it then publishes (over its
 * REST API, as the editor does: each activated with its first poll).
 */
async function startN8n(sandbox: Sandbox, workflows: WorkflowJson[], env: Record<string, string> = {}): Promise<N8nInstance> {
	const n8n = await N8nInstance.create({ env, log: (message) => process.stderr.write(`[e2e] ${message}\n`) });
	try {
		await n8n.importCredential({
			id: 'sandbox-credential',
			name: 'Business Prospect Data (sandbox)',
			// API v1 named: the examples are at their API v2 node versions (apiVersionSwitch.v1.test.ts runs them on both)
			data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url, apiVersion: 'v1' },
		});
		await n8n.importWorkflows(workflows);
		await n8n.start();
		await n8n.setupOwner();
		for (const workflow of workflows) await n8n.publish(workflow.id);
	} catch (error) {
		await n8n.dispose();
		throw error;
	}
	return n8n;
}

const example = loadExample();
const watched = String(example.nodes.find((node) => node.name === TRIGGER)!.parameters.businessIds).split(/[\s,]+/);

/** Default scheduling: the example every 5 s, and a look-back workflow that polls only at activation. */
const main = withTrigger(example, { pollTimes: everyFiveSeconds });
const lookBack = withTrigger({ ...example, id: 'exEventsTrigger02', name: 'Business events, 30 days back' }, { pollTimes: yearly });

/**
 * The durable scheduler with durable poll cursors (opt-in in 2.41): each poll works on a staged
 * copy of the static data that n8n commits together with the execution it starts (or alone after
 * a poll that fired nothing) and drops when the poll fails; a failure's `rate-limited` cause and
 * retry-after make the scheduler skip polls until then. A poll may take 15 s here
 * (N8N_SCHEDULER_POLL_TIMEOUT), which leaves it a budget of 10 s (n8n keeps a margin of 5 s), of
 * which waits may use 90%: a Retry-After of 12 s fails the poll at once instead of outliving it,
 * and is longer than the 5 s between polls. (The key's own budget also holds a poll until the
 * Retry-After has passed, so the request times alone do not prove that n8n skipped polls.) The scheduler looks
 * for due polls every second (N8N_SCHEDULER_EXECUTOR_INTERVAL; 5 s by default).
 */
const DURABLE_ENV = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TIMEOUT: '15',
	N8N_SCHEDULER_EXECUTOR_INTERVAL: '1',
};
const RETRY_AFTER_S = 12;
const durableMain = withTrigger({ ...example, id: 'exEventsTrigger03' }, { pollTimes: everyFiveSeconds });

describe('Business Events Trigger in real n8n', () => {
	let sandbox: Sandbox;
	let durableSandbox: Sandbox;
	let instance: N8nInstance | undefined;
	let durableInstance: N8nInstance | undefined;
	const n8n = () => instance!;
	const durableN8n = () => durableInstance!;
	/** the durable scenario, started once its n8n runs; its test awaits the outcome */
	let durableScenario: Promise<void>;

	beforeAll(async () => {
		[sandbox, durableSandbox] = await Promise.all([startSandbox(), startSandbox()]);
		const backIds = sandbox.universe.businesses.slice(20, 80).map((business) => business.business_id);
		Object.assign(lookBack.nodes.find((node) => node.name === TRIGGER)!.parameters, {
			businessIds: backIds.join(', '),
			eventTypes: [...BUSINESS_EVENT_TYPES],
			options: { lookBackDays: 30 },
		});
		const started = await Promise.allSettled([startN8n(sandbox, [main, lookBack]), startN8n(durableSandbox, [durableMain], DURABLE_ENV)]);
		[instance, durableInstance] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
		const failed = started.find((result) => result.status === 'rejected');
		if (failed) throw failed.reason;
		durableScenario = durableCursors(probes(() => durableSandbox, durableN8n, watched));
		// awaited by its test; until then a failure must not count as unhandled
		durableScenario.catch(() => undefined);
	});
	afterAll(async () => {
		await Promise.all([instance?.dispose(), durableInstance?.dispose()]);
		await Promise.all([sandbox?.close(), durableSandbox?.close()]);
	});

	describe('default poll scheduling', () => {
		const { mainRequests, otherRequests: backRequests, finished, untilExecutions, fired } = probes(() => sandbox, n8n, watched);
		let activationFrom: string;

		test('first activation: nothing fires by default; Look Back (Days) fires that window', async () => {
			await waitFor('the activation polls', async () => (mainRequests().length >= 1 && backRequests().length >= 2 ? true : undefined), {
				timeoutMs: 30_000,
			});
			expect(n8n().packageLoadErrors()).toEqual([]);
			activationFrom = (mainRequests()[0].body as IDataObject).timestamp_from as string;
			expect(Math.abs(Date.parse(activationFrom) - Date.now())).toBeLessThan(60_000);

			// the look-back workflow: 60 ids in two requests, one execution with every event of 30 days
			const [backExecution] = await untilExecutions(lookBack.id, 1);
			const backFirst = backRequests().slice(0, 2);
			expect(backFirst.map((request) => ((request.body as IDataObject).business_ids as string[]).length)).toEqual([40, 20]);
			const from = Date.parse((backFirst[0].body as IDataObject).timestamp_from as string);
			expect(Math.abs(from - (Date.now() - 30 * 86_400_000))).toBeLessThan(120_000);
			const backIds = new Set(lookBack.nodes.find((node) => node.name === TRIGGER)!.parameters.businessIds!.toString().split(', '));
			const expected = chronological(
				sandbox.universe.events.filter((event) => backIds.has(event.business_id) && Date.parse(event.event_time) > from),
			);
			expect(expected.length).toBeGreaterThan(10);
			expect(backExecution.status).toBe('success');
			expect(await fired(backExecution)).toEqual(expected);

			// the main workflow fired nothing
			expect(await finished(main.id)).toEqual([]);
		});

		test('a 429 fires nothing; the key waits out its Retry-After; the next poll fires the waiting events once (a short 429 is waited out)', async () => {
			const [a, b] = watched;
			const e1 = sandbox.addEvent({ business_id: a, event_name: 'new_funding_round' });
			const e2 = sandbox.addEvent({ business_id: b, event_name: 'new_investment', event_time: e1.event_time });
			// the next request is rate limited for longer than the transport waits (60 s): the poll
			// fails. The key's budget then holds every request of this n8n for the 61 s asked for, so
			// the next poll's request waits until then, however soon the poll starts.
			let before = mainRequests().length;
			sandbox.configure({ faults: { sequence: ['429'] }, retryAfterSeconds: 61 });
			const [failed] = await untilExecutions(main.id, 1);
			expect(failed.status).toBe('error');
			const error = (await n8n().execution(failed.id)).error;
			expect(error?.message).toBe('The service is rate limiting requests (429): Rate limit exceeded (simulated)');
			expect(statuses(mainRequests().slice(before))).toEqual([429]);
			const rateLimitedAt = mainRequests()[before].at.getTime();

			// the next poll waits out the 61 s, meets a 429 with Retry-After 1 s, waits, and fires both events
			before = mainRequests().length;
			sandbox.configure({ faults: { sequence: ['429'] }, retryAfterSeconds: 1 });
			const [, caughtUp] = await untilExecutions(main.id, 2, 61_000 + EXECUTION_TIMEOUT_MS);
			expect(caughtUp.status).toBe('success');
			expect(mainRequests()[before].at.getTime() - rateLimitedAt).toBeGreaterThanOrEqual(61_000 - 1_000);
			expect(await fired(caughtUp)).toEqual(chronological([e1, e2]));
			// this poll's requests only: under load the next poll (5 s later) may already have asked
			const caughtUpStarted = Date.parse(caughtUp.startedAt!);
			expect(statuses(mainRequests().slice(before).filter((request) => request.at.getTime() <= caughtUpStarted))).toEqual([429, 200]);
			const alerts = (await n8n().execution(caughtUp.id)).items('Format Alert');
			expect(alerts.map((alert) => alert.event_id)).toEqual(chronological([e1, e2]).map((event) => event.event_id));
			expect(alerts[0].alert).toMatch(/^new (funding round|investment) at business [0-9a-f]{32} on \d{4}-\d{2}-\d{2}$/);
		});

		test('events added later fire exactly once each across consecutive polls, tied and late ones too', async () => {
			const [a, , c] = watched;
			const firstFired = await fired((await finished(main.id))[1]);
			const e3 = sandbox.addEvent({ business_id: c, event_name: 'new_office' });
			// a late arrival with the very same time as an event that already fired
			const e4 = sandbox.addEvent({ business_id: a, event_name: 'new_product', event_time: firstFired[0].event_time as string });
			const before = mainRequests().length;
			const [, , third] = await untilExecutions(main.id, 3);
			expect(await fired(third)).toEqual(chronological([e3, e4]));
			// that poll asked from the activation time again (overlapping windows): the sandbox served
			// the two events that had fired already, and they did not fire again
			const pollRequests = mainRequests().slice(before);
			expect(statuses(pollRequests)).toEqual([200]);
			expect((pollRequests[0].body as IDataObject).timestamp_from).toBe(activationFrom);

			// one more poll with nothing new: no execution
			const seen = mainRequests().length;
			await waitFor('one more poll', async () => (mainRequests().length >= seen + 1 ? true : undefined), {
				timeoutMs: EXECUTION_TIMEOUT_MS,
			});
			await pause(3_000);
			const all = await finished(main.id);
			expect(all.map((execution) => execution.status)).toEqual(['error', 'success', 'success']);
			expect(await finished(lookBack.id)).toHaveLength(1);
			// every main poll asked once, 5 ids, from the activation time
			for (const request of mainRequests()) expect((request.body as IDataObject).timestamp_from).toBe(activationFrom);
		});
	});

	describe('durable poll cursors', () => {
		test('fires each new event once, and a 429 makes n8n wait the retry-after without losing events', async () => {
			await durableScenario;
		});
	});

	/** The durable scheduler's scenario (it runs meanwhile the default scheduling's tests run). */
	async function durableCursors({ mainRequests, finished, untilExecutions, fired }: ReturnType<typeof probes>): Promise<void> {
		// activation, then the first scheduled poll (the first one whose state n8n keeps): nothing fires
		await waitFor('two polls', async () => (mainRequests().length >= 2 ? true : undefined), { timeoutMs: EXECUTION_TIMEOUT_MS });
		const floor = (mainRequests()[1].body as IDataObject).timestamp_from as string;
		const [a, b, c] = watched;
		const e1 = durableSandbox.addEvent({ business_id: a, event_name: 'new_funding_round' });
		const e2 = durableSandbox.addEvent({ business_id: b, event_name: 'new_partnership', event_time: e1.event_time });
		const [first] = await untilExecutions(durableMain.id, 1);
		expect(first.status).toBe('success');
		expect(await fired(first)).toEqual(chronological([e1, e2]));

		// rate limited with Retry-After 12 s: the poll fails at once, n8n skips polls until then
		const e3 = durableSandbox.addEvent({ business_id: c, event_name: 'new_office' });
		const before = mainRequests().length;
		durableSandbox.configure({ faults: { sequence: ['429'] }, retryAfterSeconds: RETRY_AFTER_S });
		const [, failed] = await untilExecutions(durableMain.id, 2);
		expect(failed.status).toBe('error');
		const rateLimitedAt = mainRequests()[before].at.getTime();
		expect(mainRequests()[before].status).toBe(429);

		const [, , caughtUp] = await untilExecutions(durableMain.id, 3, RETRY_AFTER_S * 1000 + EXECUTION_TIMEOUT_MS);
		expect(await fired(caughtUp)).toEqual([e3]);
		const retried = mainRequests()[before + 1];
		expect(retried.at.getTime() - rateLimitedAt).toBeGreaterThanOrEqual(RETRY_AFTER_S * 1000 - 1000);
		expect(mainRequests().slice(before).map((request) => request.status)).toEqual([429, 200]);

		// nothing new: one more poll, no execution; every poll asked from the same floor
		await waitFor('one more poll', async () => (mainRequests().length >= before + 3 ? true : undefined), {
			timeoutMs: EXECUTION_TIMEOUT_MS,
		});
		await pause(3_000);
		expect((await finished(durableMain.id)).map((execution) => execution.status)).toEqual(['success', 'error', 'success']);
		for (const request of mainRequests().slice(1)) expect((request.body as IDataObject).timestamp_from).toBe(floor);
	}
});
