/**
 * The Business Events Trigger through crashes of n8n: a real n8n 2.41.1 (SQLite, one user folder)
 * with the trigger published, polling every 5 s against the sandbox, killed with SIGKILL and
 * started again on the same database three times, each at another moment:
 *
 * (a) right after a poll's request: the sandbox's answer hook watches n8n's database from the
 *     moment the answer with new events is sent, and kills n8n the moment the trigger's memory
 *     holding them is saved: n8n saves static data without waiting and only then creates the
 *     execution, so this is the window in which the previous release lost those events. The
 *     window is a few ms wide, so a database trigger holds n8n's insert of that execution for
 *     seconds (it would commit unchanged, only later) while the kill lands;
 * (b) between polls, after a poll that found nothing new;
 * (c) right after a poll's execution was stored.
 *
 * Events are added before each kill, while n8n is down and between polls. At each kill the test
 * reads what n8n had saved (the trigger's unconfirmed events, the events stored executions hold),
 * which says exactly what the restarted trigger must fire again. At the end: every event is in
 * an execution, and an event in more than one is marked `redelivered: true` in all but its first.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { IDataObject, IRun } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../sandbox';
import { N8nInstance, type WorkflowJson } from './harness/n8nInstance';
import { waitFor } from './harness/processes';
import { N8nDatabase } from './support/n8nDatabase';

const EXAMPLE = path.resolve(__dirname, '../../examples/events-trigger.json');
const WORKFLOW_ID = 'crashEventsTrigger1';
const TRIGGER = 'Business Events Trigger';
const EVENTS_PATH = '/v1/businesses/events';
const POLL_GAP_MS = 5_000;
const FIRE_TIMEOUT_MS = 60_000;
/** how long (a) watches the database after the answer before it kills n8n anyway */
const SAVE_WATCH_MS = 3_000;

type WorkflowNodeJson = { name: string; parameters: IDataObject; [key: string]: unknown };
interface ExampleWorkflow extends WorkflowJson {
	nodes: WorkflowNodeJson[];
}
const example = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as ExampleWorkflow;
const workflow = structuredClone({ ...example, id: WORKFLOW_ID, name: 'Business events through crashes' });
const triggerNode = workflow.nodes.find((node) => node.name === TRIGGER)!;
// n8n refuses intervals under a minute: twelve minute-granular crons, 5 s apart (as businessEventsTrigger.test.ts)
triggerNode.parameters.pollTimes = {
	item: Array.from({ length: 60_000 / POLL_GAP_MS }, (_, index) => ({ mode: 'custom', cronExpression: `${(index * POLL_GAP_MS) / 1000} * * * * *` })),
};
const watched = String(triggerNode.parameters.businessIds).split(/[\s,]+/);
const EVENT_NAMES = ['new_funding_round', 'new_product', 'new_office', 'new_partnership'];

/** What n8n had saved when it was killed. */
interface Kill {
	moment: string;
	/** event ids the trigger's saved memory held as unconfirmed (to fire again after the restart) */
	unconfirmed: string[];
	/** event ids some stored execution held */
	inExecutions: string[];
	/** (a): ms from the answer's end to the kill, and whether the memory holding the batch was seen saved */
	msAfterAnswer?: number;
	sawSave?: boolean;
}

const pause = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));
const fileStarted = Date.now();
const log = (message: string) => process.stderr.write(`[triggerCrash +${Math.round((Date.now() - fileStarted) / 1000)} s] ${message}\n`);

/** The trigger's items of a stored execution: its output, or its input still on the stack if it never ran. */
function firedBy(run: IRun): IDataObject[] {
	const ran = run.data.resultData.runData[TRIGGER]?.[0]?.data?.main?.[0];
	if (ran) return ran.map((item) => item.json);
	const waiting = run.data.executionData?.nodeExecutionStack.find((entry) => entry.node.name === TRIGGER);
	return (waiting?.data.main[0] ?? []).map((item) => item.json);
}

describe('Business Events Trigger through SIGKILLs of n8n', () => {
	let sandbox: Sandbox;
	let n8n: N8nInstance;
	const added: string[] = [];
	const kills: Kill[] = [];
	let nameIndex = 0;

	const addEvent = () => {
		const event = sandbox.addEvent({ business_id: watched[added.length % watched.length], event_name: EVENT_NAMES[nameIndex++ % EVENT_NAMES.length] });
		added.push(event.event_id);
		return event.event_id;
	};
	const eventRequests = () => sandbox.requests.filter((request) => request.path === EVENTS_PATH);

	/** Every execution of the workflow, oldest first, with the events its trigger fired. */
	const firings = async () => {
		const executions = (await n8n.executions(WORKFLOW_ID)).sort((a, b) => Number(a.id) - Number(b.id));
		return await Promise.all(
			executions.map(async (execution) => ({ ...execution, events: firedBy((await n8n.execution(execution.id)).run) })),
		);
	};
	const untilFired = async (eventIds: string[]) =>
		await waitFor(
			`executions holding ${eventIds.join(', ')}`,
			async () => {
				const all = await firings();
				const fired = new Set(all.filter((execution) => execution.status === 'success').flatMap((execution) => execution.events.map((event) => event.event_id)));
				return eventIds.every((id) => fired.has(id)) ? all : undefined;
			},
			{ timeoutMs: FIRE_TIMEOUT_MS, intervalMs: 500 },
		);

	/** After a kill: what the dead n8n had saved. */
	const readSaved = (moment: string, extra: Partial<Kill> = {}): Kill => {
		const db = new N8nDatabase(n8n.databaseFile);
		try {
			const state = db.nodeStaticData(WORKFLOW_ID, TRIGGER).businessEventsTrigger as IDataObject | undefined;
			const unconfirmedKeys = Object.keys(((state?.unconfirmed as IDataObject | undefined)?.keys as IDataObject | undefined) ?? {});
			const kill: Kill = {
				moment,
				unconfirmed: unconfirmedKeys.map((key) => key.replace(/^id:/, '')),
				inExecutions: [...new Set(db.executions(WORKFLOW_ID, added).flatMap((execution) => execution.holds))],
				...extra,
			};
			kills.push(kill);
			const statuses = db.executions(WORKFLOW_ID, added).map(({ id, status, holds }) => `${id} ${status} (${holds.length} events)`);
			log(`kill ${JSON.stringify(kill)}; executions at the kill: ${statuses.join(', ')}`);
			return kill;
		} finally {
			db.close();
		}
	};

	const restart = async () => {
		await n8n.start();
		await n8n.setupOwner();
		log('restarted');
	};

	beforeAll(async () => {
		sandbox = await startSandbox();
		n8n = await N8nInstance.create({ log: (message) => process.stderr.write(`[e2e] ${message}\n`) });
		// API v1 named: the examples are at their API v2 node versions (apiVersionSwitch.test.ts runs them on both)
		await n8n.importCredential({ id: 'sandbox-credential', name: 'Business Prospect Data (sandbox)', data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url, apiVersion: 'v1' } });
		await n8n.start();
		await n8n.setupOwner();
		await n8n.importWorkflows([workflow]);
		await n8n.publish(WORKFLOW_ID);
	});
	afterAll(async () => {
		sandbox?.afterAnswer(undefined);
		await n8n?.dispose();
		await sandbox?.close();
	});

	test('killed right after a poll, between polls and after an execution was stored: no event lost, repeats marked', async () => {
		const started = Date.now();
		await waitFor('the activation poll', async () => (eventRequests().length >= 1 ? true : undefined), { timeoutMs: 30_000 });
		const before = [addEvent(), addEvent()];
		await untilFired(before);

		// (a) right after a poll's request: kill the moment the memory holding the new events is saved
		const db = new N8nDatabase(n8n.databaseFile);
		// Without the hold, n8n created the execution a few ms after the save, and a kill that landed
		// after it (11 ms after the answer in a failing run) found it running: n8n marked it crashed on
		// restart, and (a) had not tested the window at all. The hold only delays the insert (n8n
		// does not wait for it, as it does not wait for the save), so the kill finds what a crash
		// between the two writes leaves: the memory saved, no execution.
		const releaseHold = db.holdExecutionInserts(WORKFLOW_ID);
		const batchA = [addEvent(), addEvent()];
		let timer: NodeJS.Timeout | undefined;
		const killedA = new Promise<{ measured: Partial<Kill>; exited: Promise<void> }>((resolve, reject) => {
			timer = setTimeout(() => reject(new Error(`No poll answered ${batchA.join(', ')} within ${FIRE_TIMEOUT_MS} ms`)), FIRE_TIMEOUT_MS);
			sandbox.afterAnswer((request, body) => {
				const answered = ((body as IDataObject | undefined)?.output_events as IDataObject[] | undefined)?.map((event) => event.event_id) ?? [];
				if (request.path !== EVENTS_PATH || !batchA.every((id) => answered.includes(id))) return;
				sandbox.afterAnswer(undefined);
				// synchronous on purpose: n8n needs nothing of this process until it is killed
				const answerEnded = performance.now();
				let sawSave = false;
				while (!sawSave && performance.now() - answerEnded < SAVE_WATCH_MS) sawSave = batchA.every((id) => db.staticDataText(WORKFLOW_ID).includes(id));
				const exited = n8n.crash();
				const msAfterAnswer = Math.round((performance.now() - answerEnded) * 10) / 10;
				resolve({ measured: { msAfterAnswer, sawSave }, exited });
			});
		});
		let killedAt: { measured: Partial<Kill>; exited: Promise<void> };
		try {
			killedAt = await killedA;
			await killedAt.exited;
		} finally {
			clearTimeout(timer);
			sandbox.afterAnswer(undefined);
			releaseHold();
			db.close();
		}
		const killA = readSaved('a: right after a poll request', killedAt.measured);
		const downA = [addEvent()];
		await restart();
		// the first poll after the restart fires what the kill left to fire again with the event added meanwhile
		await untilFired(downA);

		// (b) between polls: after the batch fired and a poll found nothing new, halfway to the next poll
		const batchB = [addEvent(), addEvent()];
		await untilFired(batchB);
		const polled = eventRequests().length;
		await waitFor('a poll that finds nothing new', async () => (eventRequests().length > polled ? true : undefined), { timeoutMs: 30_000 });
		await pause(POLL_GAP_MS / 2);
		await n8n.crash();
		const killB = readSaved('b: between polls');
		const downB = [addEvent()];
		await restart();
		await untilFired(downB);

		// (c) right after a poll's execution was stored: the database shows it finished, holding the batch
		const batchC = [addEvent()];
		const watch = new N8nDatabase(n8n.databaseFile);
		try {
			await waitFor(
				'the execution of the batch stored',
				async () => {
					const stored = watch.executions(WORKFLOW_ID, batchC).some((execution) => execution.status === 'success' && execution.holds.length === batchC.length);
					if (!stored) return undefined;
					await n8n.crash();
					return true;
				},
				{ timeoutMs: FIRE_TIMEOUT_MS, intervalMs: 5 },
			);
		} finally {
			watch.close();
		}
		const killC = readSaved('c: right after an execution was stored');
		const downC = [addEvent()];
		await restart();
		await untilFired(downC);

		// two more polls: nothing else fires
		const polledAtEnd = eventRequests().length;
		await waitFor('two more polls', async () => (eventRequests().length >= polledAtEnd + 2 ? true : undefined), { timeoutMs: 30_000 });
		await pause(1_000);
		const all = await firings();
		log(`executions: ${JSON.stringify(all.map((execution) => ({ id: execution.id, status: execution.status, fired: execution.events.map((event) => `${event.event_id as string}${event.redelivered ? '(redelivered)' : ''}`) })))}`);
		log(`wall time ${Math.round((Date.now() - started) / 1000)} s`);

		// no event lost
		const occurrences = new Map<string, IDataObject[]>(added.map((id) => [id, []]));
		for (const execution of all) for (const event of execution.events) occurrences.get(event.event_id as string)?.push(event);
		expect(added.filter((id) => occurrences.get(id)!.length === 0)).toEqual([]);

		// (a) landed where the previous release lost events: the memory saved, no execution yet
		// (checked before the statuses: a kill after the execution's insert leaves it crashed)
		expect(killA.sawSave).toBe(true);
		expect(killA.unconfirmed.sort()).toEqual([...batchA].sort());
		expect(batchA.filter((id) => killA.inExecutions.includes(id))).toEqual([]);
		// no execution was running at a kill: (a) before the insert, (b) between polls, (c) after the store
		expect(all.map((execution) => execution.status)).toEqual(all.map(() => 'success'));
		// (b) and (c): the last emitted batch was saved unconfirmed, and its execution was stored
		for (const [kill, batch] of [[killB, batchB], [killC, batchC]] as const) {
			expect(kill.unconfirmed.sort()).toEqual([...batch].sort());
			expect(batch.filter((id) => !kill.inExecutions.includes(id))).toEqual([]);
		}

		// exactly what each kill left to fire again fired again, marked; everything else fired once
		for (const id of added) {
			const savedAndStored = kills.filter((kill) => kill.unconfirmed.includes(id) && kill.inExecutions.includes(id)).length;
			const savedNotStored = kills.some((kill) => kill.unconfirmed.includes(id) && !kill.inExecutions.includes(id));
			const marks = occurrences.get(id)!.map((event) => event.redelivered === true);
			expect({ id, marks }).toEqual({ id, marks: [savedNotStored, ...Array.from({ length: savedAndStored }, () => true)] });
		}
		// in numbers: (a) 2 events once each, marked; (b) and (c) 3 events twice each; 10 events in all
		expect(added).toHaveLength(10);
		expect([...occurrences.values()].map((events) => events.length)).toEqual([1, 1, 1, 1, 1, 2, 2, 1, 2, 1]);
	});
});
