/**
 * Acceptance of the Business Events Trigger in a real n8n process: the packed package installed
 * as users install it, the example workflow imported and published, `n8n start`, the sandbox as
 * the service. Every count is read from n8n's own executions (REST) and the sandbox's log.
 *
 * Poll interval: n8n refuses intervals under a minute, but a trigger may have several poll
 * times. The example workflow polls every 15 minutes; here its poll times are replaced by four
 * custom crons, at seconds 0, 15, 30 and 45 of every minute (each minute-granular, as n8n
 * requires), so consecutive polls come 15 s apart and the whole scenario takes about a minute
 * and a half after `n8n start` instead of five minutes. The second scenario runs n8n with durable
 * poll cursors (about 2 minutes, most of it the Retry-After n8n honours).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { BUSINESS_EVENT_TYPES } from '../../nodes/shared/vocabulary';
import { startSandbox, type RecordedRequest, type Sandbox } from '../sandbox';
import { useN8n } from './harness/jest';
import type { ExecutionSummary, N8nInstance, WorkflowJson } from './harness/n8nInstance';
import { waitFor } from './harness/processes';

const EXAMPLE = path.resolve(__dirname, '../../examples/events-trigger.json');
const EVENTS_PATH = '/v1/businesses/events';
const TRIGGER = 'Business Events Trigger';
const POLL_GAP_MS = 15_000;

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
	const finished = async (workflowId: string) =>
		(await n8n().executions(workflowId))
			.filter((execution) => !['new', 'running', 'waiting'].includes(execution.status))
			.sort((a, b) => Number(a.id) - Number(b.id));
	/** Waits until the workflow has `count` finished executions; returns them oldest first. */
	const untilExecutions = async (workflowId: string, count: number, timeoutMs = 4 * POLL_GAP_MS) =>
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

const everyFifteenSeconds = { item: [0, 15, 30, 45].map((second) => ({ mode: 'custom', cronExpression: `${second} * * * * *` })) };
/** polls only at activation during the test (next: January 1st) */
const yearly = { item: [{ mode: 'custom', cronExpression: '0 0 1 1 *' }] };

describe('Business Events Trigger in real n8n (default poll scheduling)', () => {
	let sandbox: Sandbox;
	const example = loadExample();
	const exampleTrigger = example.nodes.find((node) => node.name === TRIGGER)!;
	const watched = String(exampleTrigger.parameters.businessIds).split(/[\s,]+/);
	const main = withTrigger(example, { pollTimes: everyFifteenSeconds });
	const lookBack = withTrigger({ ...example, id: 'exEventsTrigger02', name: 'Business events, 30 days back' }, { pollTimes: yearly });

	beforeAll(async () => {
		sandbox = await startSandbox();
		const backIds = sandbox.universe.businesses.slice(20, 80).map((business) => business.business_id);
		Object.assign(lookBack.nodes.find((node) => node.name === TRIGGER)!.parameters, {
			businessIds: backIds.join(', '),
			eventTypes: [...BUSINESS_EVENT_TYPES],
			options: { lookBackDays: 30 },
		});
	});
	afterAll(async () => await sandbox?.close());

	const n8n = useN8n({
		start: true,
		prepare: async (instance) => {
			await instance.importCredential({
				id: 'sandbox-credential',
				name: 'Business Prospect Data (sandbox)',
				data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url },
			});
			await instance.importWorkflows([main, lookBack]);
			await instance.publish(main.id);
			await instance.publish(lookBack.id);
		},
	});

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

	test('a 429 fires nothing; the next poll fires the waiting events once (a short 429 is waited out)', async () => {
		const [a, b] = watched;
		const e1 = sandbox.addEvent({ business_id: a, event_name: 'new_funding_round' });
		const e2 = sandbox.addEvent({ business_id: b, event_name: 'new_investment', event_time: e1.event_time });
		// the next request is rate limited for longer than the transport waits (60 s): the poll
		// fails. The key's budget then holds every request of this n8n for the 61 s asked for, so
		// the next poll, a minute later, starts right after it.
		let before = mainRequests().length;
		sandbox.configure({ faults: { sequence: ['429'] }, retryAfterSeconds: 61 });
		const [failed] = await untilExecutions(main.id, 1);
		expect(failed.status).toBe('error');
		const error = (await n8n().execution(failed.id)).error;
		expect(error?.message).toBe('The service is rate limiting requests (429): Rate limit exceeded (simulated)');
		expect(statuses(mainRequests().slice(before))).toEqual([429]);

		// the next poll waits out the 61 s, meets a 429 with Retry-After 1 s, waits, and fires both events
		before = mainRequests().length;
		sandbox.configure({ faults: { sequence: ['429'] }, retryAfterSeconds: 1 });
		const [, caughtUp] = await untilExecutions(main.id, 2, 61_000 + 4 * POLL_GAP_MS);
		expect(caughtUp.status).toBe('success');
		expect(await fired(caughtUp)).toEqual(chronological([e1, e2]));
		expect(statuses(mainRequests().slice(before))).toEqual([429, 200]);
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
			timeoutMs: 3 * POLL_GAP_MS,
		});
		await pause(3_000);
		const all = await finished(main.id);
		expect(all.map((execution) => execution.status)).toEqual(['error', 'success', 'success']);
		expect(await finished(lookBack.id)).toHaveLength(1);
		// every main poll asked once, 5 ids, from the activation time
		for (const request of mainRequests()) expect((request.body as IDataObject).timestamp_from).toBe(activationFrom);
	});
});

/**
 * The same trigger under n8n's durable poll scheduler (opt-in in 2.41): each poll works on a
 * staged copy of the static data that n8n commits together with the execution it starts (or
 * alone after a poll that fired nothing) and drops when the poll fails; a failure's
 * `rate-limited` cause and retry-after make the scheduler skip polls until then. The poll budget
 * is 36 s here (waits may use 90% of it), so a Retry-After of 36 s fails the poll at once instead
 * of outliving it.
 */
describe('Business Events Trigger in real n8n (durable poll cursors)', () => {
	const RETRY_AFTER_S = 36;
	let sandbox: Sandbox;
	const example = loadExample();
	const watched = String(example.nodes.find((node) => node.name === TRIGGER)!.parameters.businessIds).split(/[\s,]+/);
	const main = withTrigger({ ...example, id: 'exEventsTrigger03' }, { pollTimes: everyFifteenSeconds });

	beforeAll(async () => {
		sandbox = await startSandbox();
	});
	afterAll(async () => await sandbox?.close());

	const n8n = useN8n({
		start: true,
		env: {
			N8N_SCHEDULER_ENABLED: 'true',
			N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
			N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
			N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
		},
		prepare: async (instance) => {
			await instance.importCredential({
				id: 'sandbox-credential',
				name: 'Business Prospect Data (sandbox)',
				data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url },
			});
			await instance.importWorkflow(main);
			await instance.publish(main.id);
		},
	});
	const { mainRequests, finished, untilExecutions, fired } = probes(() => sandbox, n8n, watched);

	test('fires each new event once, and a 429 makes n8n wait the retry-after without losing events', async () => {
		// activation, then the first scheduled poll (the first one whose state n8n keeps): nothing fires
		await waitFor('two polls', async () => (mainRequests().length >= 2 ? true : undefined), { timeoutMs: 4 * POLL_GAP_MS });
		const floor = (mainRequests()[1].body as IDataObject).timestamp_from as string;
		const [a, b, c] = watched;
		const e1 = sandbox.addEvent({ business_id: a, event_name: 'new_funding_round' });
		const e2 = sandbox.addEvent({ business_id: b, event_name: 'new_partnership', event_time: e1.event_time });
		const [first] = await untilExecutions(main.id, 1);
		expect(first.status).toBe('success');
		expect(await fired(first)).toEqual(chronological([e1, e2]));

		// rate limited with Retry-After 36 s: the poll fails at once, n8n skips polls until then
		const e3 = sandbox.addEvent({ business_id: c, event_name: 'new_office' });
		const before = mainRequests().length;
		sandbox.configure({ faults: { sequence: ['429'] }, retryAfterSeconds: RETRY_AFTER_S });
		const [, failed] = await untilExecutions(main.id, 2);
		expect(failed.status).toBe('error');
		const rateLimitedAt = mainRequests()[before].at.getTime();
		expect(mainRequests()[before].status).toBe(429);

		const [, , caughtUp] = await untilExecutions(main.id, 3, (RETRY_AFTER_S + 4 * POLL_GAP_MS / 1000) * 1000);
		expect(await fired(caughtUp)).toEqual([e3]);
		const retried = mainRequests()[before + 1];
		expect(retried.at.getTime() - rateLimitedAt).toBeGreaterThanOrEqual(RETRY_AFTER_S * 1000 - 1000);
		expect(mainRequests().slice(before).map((request) => request.status)).toEqual([429, 200]);

		// nothing new: one more poll, no execution; every poll asked from the same floor
		await waitFor('one more poll', async () => (mainRequests().length >= before + 3 ? true : undefined), {
			timeoutMs: 3 * POLL_GAP_MS,
		});
		await pause(3_000);
		expect((await finished(main.id)).map((execution) => execution.status)).toEqual(['success', 'error', 'success']);
		for (const request of mainRequests().slice(1)) expect((request.body as IDataObject).timestamp_from).toBe(floor);
	});
});
