/**
 * The Business Events Trigger through stops of n8n: a real n8n 2.41.1 (SQLite, one user folder)
 * with the trigger published, polling every 5 s against the sandbox, stopped with SIGTERM (a clean
 * stop: an upgrade, `docker restart`) or SIGKILL (a crash) and started again on the same database,
 * nine times, at three moments:
 *
 * - during a poll: the moment the sandbox has answered the poll with new events;
 * - between polls after a fire: the batch's execution stored, the next poll not started yet;
 * - right after a poll's execution was stored (the database shows it finished, holding the batch).
 *
 * First with n8n's default settings (the trigger's memory in the workflow's static data, saved
 * when a poll fires, before n8n creates the execution): three stops. The first is the window in
 * which an earlier release lost events: killed after n8n saved the memory holding the batch and
 * before it created the execution. That window is a few ms wide, so a database trigger holds n8n's
 * insert of the execution for seconds (it commits unchanged, only later) while the kill lands.
 * Expected: nothing lost; a batch fired before a stop fires again after it, marked
 * `redelivered: true` (n8n gives a poll no way to tell a clean stop from a crash). At each stop the
 * test reads what n8n had saved (the trigger's unconfirmed events, the events stored executions
 * hold), which says exactly what must fire again.
 *
 * Then, on the same database, with n8n's durable poll cursors on (the state stored in one
 * transaction with the execution a poll starts): three SIGTERMs and three SIGKILLs, one of each at
 * each moment. Expected: nothing lost, nothing fired twice. Its first start also shows turning the
 * setting on: the batch the last default-mode stop left unconfirmed fires again, marked.
 *
 * Events are added before each stop, while n8n is down and after it is back.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { IDataObject, IRun } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../sandbox';
import { DURABLE_POLL_CURSORS } from './harness/durablePollCursors';
import { N8nInstance, type WorkflowJson } from './harness/n8nInstance';
import { waitFor } from './harness/processes';
import { N8nDatabase } from './support/n8nDatabase';

const EXAMPLE = path.resolve(__dirname, '../../examples/events-trigger.json');
const WORKFLOW_ID = 'crashEventsTrigger1';
const TRIGGER = 'Business Events Trigger';
const EVENTS_PATH = '/v1/businesses/events';
const POLL_GAP_MS = 5_000;
const FIRE_TIMEOUT_MS = 60_000;
/** how long the first stop watches the database after the answer before it kills n8n anyway */
const SAVE_WATCH_MS = 3_000;

type WorkflowNodeJson = { id: string; name: string; parameters: IDataObject; [key: string]: unknown };
interface ExampleWorkflow extends WorkflowJson {
	nodes: WorkflowNodeJson[];
}
const example = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as ExampleWorkflow;
const workflow = structuredClone({ ...example, id: WORKFLOW_ID, name: 'Business events through stops' });
const triggerNode = workflow.nodes.find((node) => node.name === TRIGGER)!;
// n8n refuses intervals under a minute: twelve minute-granular crons, 5 s apart (as businessEventsTrigger.v1.test.ts)
triggerNode.parameters.pollTimes = {
	item: Array.from({ length: 60_000 / POLL_GAP_MS }, (_, index) => ({ mode: 'custom', cronExpression: `${(index * POLL_GAP_MS) / 1000} * * * * *` })),
};
const watched = String(triggerNode.parameters.businessIds).split(/[\s,]+/);
const EVENT_NAMES = ['new_funding_round', 'new_product', 'new_office', 'new_partnership'];

type Signal = 'SIGTERM' | 'SIGKILL';
type Moment = 'during a poll' | 'between polls after a fire' | 'right after an execution was stored';

/** One stop and what n8n had saved when it went down. */
interface Stop {
	settings: 'default' | 'durable cursors';
	signal: Signal;
	moment: Moment;
	/** the events fired by the poll the stop is about */
	batch: string[];
	/** event ids the trigger's memory in the workflow static data held as unconfirmed (to fire again after the restart) */
	unconfirmed: string[];
	/** event ids some stored execution held */
	inExecutions: string[];
	/** the first stop: ms from the answer's end to the kill, and whether the memory holding the batch was seen saved */
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

describe('Business Events Trigger through clean stops and crashes of n8n', () => {
	let sandbox: Sandbox;
	let n8n: N8nInstance;
	let settings: Stop['settings'] = 'default';
	const added: string[] = [];
	/** the events added in the durable-cursor phase (from its first start on) */
	const addedDurable: string[] = [];
	const stops: Stop[] = [];
	let nameIndex = 0;

	const addEvent = () => {
		const event = sandbox.addEvent({ business_id: watched[added.length % watched.length], event_name: EVENT_NAMES[nameIndex++ % EVENT_NAMES.length] });
		added.push(event.event_id);
		if (settings === 'durable cursors') addedDurable.push(event.event_id);
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

	/** Sends the signal at once (synchronously); resolves once n8n has exited. */
	const stopN8n = (signal: Signal): Promise<void> => (signal === 'SIGKILL' ? n8n.crash() : n8n.stop());

	/** After a stop: what n8n had saved. */
	const readSaved = (signal: Signal, moment: Moment, batch: string[], extra: Partial<Stop> = {}): Stop => {
		const db = new N8nDatabase(n8n.databaseFile);
		try {
			const state = db.nodeStaticData(WORKFLOW_ID, TRIGGER).businessEventsTrigger as IDataObject | undefined;
			const unconfirmedKeys = Object.keys(((state?.unconfirmed as IDataObject | undefined)?.keys as IDataObject | undefined) ?? {});
			const stop: Stop = {
				settings,
				signal,
				moment,
				batch,
				unconfirmed: unconfirmedKeys.map((key) => key.replace(/^id:/, '')),
				inExecutions: [...new Set(db.executions(WORKFLOW_ID, added).flatMap((execution) => execution.holds))],
				...extra,
			};
			stops.push(stop);
			const statuses = db.executions(WORKFLOW_ID, added).map(({ id, status, holds }) => `${id} ${status} (${holds.length} events)`);
			const cursor = db.pollCursor(WORKFLOW_ID, triggerNode.id)?.businessEventsTrigger as IDataObject | undefined;
			const cursorText = cursor ? ` cursor: floor ${String(cursor.floor)}, ${Object.keys((cursor.seen as IDataObject | undefined) ?? {}).length} seen, unconfirmed ${JSON.stringify(Object.keys(((cursor.unconfirmed as IDataObject | undefined)?.keys as IDataObject | undefined) ?? {}))};` : '';
			log(`stop ${JSON.stringify(stop)};${cursorText} executions at the stop: ${statuses.join(', ')}`);
			return stop;
		} finally {
			db.close();
		}
	};

	const restart = async () => {
		try {
			await n8n.start();
		} catch (error) {
			// n8n 2.41.1's own defect, not the trigger's: a stop that falls after n8n stored a poll's
			// execution and before it started it leaves an execution without a start time, and n8n's
			// startup recovery then fails in its insights module ("Cannot read properties of null
			// (reading 'getTime')") and exits. docs/operations.md gives the workaround
			// this applies: start n8n once with the insights module disabled.
			const { message } = error as Error;
			if (!message.includes("reading 'getTime'") || !message.includes('insights-collection')) throw error;
			log(`n8n did not start (its insights module failed on a never-started execution); starting it with N8N_DISABLED_MODULES=insights`);
			n8n.setEnv({ N8N_DISABLED_MODULES: 'insights' });
			await n8n.start();
		}
		await n8n.setupOwner();
		log(`restarted (${settings})`);
	};

	/** Fires a batch and stops n8n the moment the sandbox has answered the poll that finds it. */
	const stopDuringPoll = async (signal: Signal, size: number): Promise<Stop> => {
		const batch = Array.from({ length: size }, addEvent);
		let timer: NodeJS.Timeout | undefined;
		try {
			const exited = await new Promise<Promise<void>>((resolve, reject) => {
				timer = setTimeout(() => reject(new Error(`No poll answered ${batch.join(', ')} within ${FIRE_TIMEOUT_MS} ms`)), FIRE_TIMEOUT_MS);
				sandbox.afterAnswer((request, body) => {
					const answered = ((body as IDataObject | undefined)?.output_events as IDataObject[] | undefined)?.map((event) => event.event_id) ?? [];
					if (request.path !== EVENTS_PATH || !batch.every((id) => answered.includes(id))) return;
					sandbox.afterAnswer(undefined);
					resolve(stopN8n(signal));
				});
			});
			await exited;
		} finally {
			clearTimeout(timer);
			sandbox.afterAnswer(undefined);
		}
		return readSaved(signal, 'during a poll', batch);
	};

	/** Fires a batch and stops n8n when its execution is stored: at once, or halfway to the next poll. */
	const stopAfterFire = async (signal: Signal, moment: Exclude<Moment, 'during a poll'>, size: number): Promise<Stop> => {
		const batch = Array.from({ length: size }, addEvent);
		const watch = new N8nDatabase(n8n.databaseFile);
		try {
			await waitFor(
				`the execution of ${batch.join(', ')} stored`,
				async () => (watch.executions(WORKFLOW_ID, batch).some((execution) => execution.status === 'success' && execution.holds.length === batch.length) ? true : undefined),
				{ timeoutMs: FIRE_TIMEOUT_MS, intervalMs: 5 },
			);
		} finally {
			watch.close();
		}
		if (moment === 'between polls after a fire') {
			// the stop falls between polls: a quarter of the poll gap without a poll. Right after a
			// restart n8n runs the overdue polls of several Poll Times entries close together, so the
			// quiet spell may come a few polls after the fire (those find nothing new)
			let quiet = false;
			for (let attempt = 0; attempt < 12 && !quiet; attempt++) {
				const polled = eventRequests().length;
				await pause(POLL_GAP_MS / 4);
				quiet = eventRequests().length === polled;
			}
			expect(quiet).toBe(true);
		}
		await stopN8n(signal);
		return readSaved(signal, moment, batch);
	};

	beforeAll(async () => {
		sandbox = await startSandbox();
		n8n = await N8nInstance.create({ log: (message) => process.stderr.write(`[e2e] ${message}\n`) });
		// API v1 named: the examples are at their API v2 node versions (apiVersionSwitch.v1.test.ts runs them on both)
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

	test("with n8n's default settings: killed during a poll, stopped between polls, killed after an execution was stored: no event lost, repeats marked", async () => {
		const started = Date.now();
		await waitFor('the activation poll', async () => (eventRequests().length >= 1 ? true : undefined), { timeoutMs: 30_000 });
		await untilFired([addEvent(), addEvent()]);

		// during a poll: killed the moment the memory holding the new events is saved. Without the
		// hold, n8n created the execution a few ms after the save, and a kill that landed after it
		// (11 ms after the answer in a failing run) found it running: n8n marked it crashed on
		// restart, and the stop had not tested the window at all. The hold only delays the insert
		// (n8n waits for it no more than for the save), so the kill finds what a crash between the
		// two writes leaves: the memory saved, no execution.
		const db = new N8nDatabase(n8n.databaseFile);
		const releaseHold = db.holdExecutionInserts(WORKFLOW_ID);
		const batchA = [addEvent(), addEvent()];
		let timer: NodeJS.Timeout | undefined;
		let measured: Partial<Stop> = {};
		try {
			const exited = await new Promise<Promise<void>>((resolve, reject) => {
				timer = setTimeout(() => reject(new Error(`No poll answered ${batchA.join(', ')} within ${FIRE_TIMEOUT_MS} ms`)), FIRE_TIMEOUT_MS);
				sandbox.afterAnswer((request, body) => {
					const answered = ((body as IDataObject | undefined)?.output_events as IDataObject[] | undefined)?.map((event) => event.event_id) ?? [];
					if (request.path !== EVENTS_PATH || !batchA.every((id) => answered.includes(id))) return;
					sandbox.afterAnswer(undefined);
					// synchronous on purpose: n8n needs nothing of this process until it is killed
					const answerEnded = performance.now();
					let sawSave = false;
					while (!sawSave && performance.now() - answerEnded < SAVE_WATCH_MS) sawSave = batchA.every((id) => db.staticDataText(WORKFLOW_ID).includes(id));
					const killed = n8n.crash();
					measured = { msAfterAnswer: Math.round((performance.now() - answerEnded) * 10) / 10, sawSave };
					resolve(killed);
				});
			});
			await exited;
		} finally {
			clearTimeout(timer);
			sandbox.afterAnswer(undefined);
			releaseHold();
			db.close();
		}
		const stopA = readSaved('SIGKILL', 'during a poll', batchA, measured);
		const downA = addEvent();
		await restart();
		// the first poll after the restart fires what the kill left to fire again with the event added meanwhile
		await untilFired([downA]);

		const stopB = await stopAfterFire('SIGTERM', 'between polls after a fire', 2);
		const downB = addEvent();
		await restart();
		await untilFired([downB]);

		const stopC = await stopAfterFire('SIGKILL', 'right after an execution was stored', 1);
		log(`default settings: ${Math.round((Date.now() - started) / 1000)} s`);

		// the first stop landed where an earlier release lost events: the memory saved, no execution yet
		expect(stopA.sawSave).toBe(true);
		expect(stopA.unconfirmed.sort()).toEqual([...batchA].sort());
		expect(batchA.filter((id) => stopA.inExecutions.includes(id))).toEqual([]);
		// the other two: the last emitted batch was saved unconfirmed, and its execution was stored
		for (const stop of [stopB, stopC]) {
			expect(stop.unconfirmed.sort()).toEqual([...stop.batch].sort());
			expect(stop.batch.filter((id) => !stop.inExecutions.includes(id))).toEqual([]);
		}
	});

	test('with durable poll cursors on the same database: three SIGTERMs and three SIGKILLs at those moments: no event lost, none fired twice', async () => {
		const started = Date.now();
		settings = 'durable cursors';
		n8n.setEnv(DURABLE_POLL_CURSORS);
		const downC = addEvent();
		await restart();
		await untilFired([downC]);

		const moments: Array<[Signal, Moment]> = [
			['SIGTERM', 'during a poll'],
			['SIGKILL', 'during a poll'],
			['SIGTERM', 'between polls after a fire'],
			['SIGKILL', 'between polls after a fire'],
			['SIGTERM', 'right after an execution was stored'],
			['SIGKILL', 'right after an execution was stored'],
		];
		for (const [index, [signal, moment]] of moments.entries()) {
			const size = 1 + (index % 2);
			if (moment === 'during a poll') await stopDuringPoll(signal, size);
			else await stopAfterFire(signal, moment, size);
			const down = addEvent();
			await restart();
			await untilFired([down]);
		}
		const after = addEvent();
		await untilFired([after]);
		log(`durable cursors: ${Math.round((Date.now() - started) / 1000)} s`);

		// two more polls: nothing else fires
		const polledAtEnd = eventRequests().length;
		await waitFor('two more polls', async () => (eventRequests().length >= polledAtEnd + 2 ? true : undefined), { timeoutMs: 30_000 });
		await pause(1_000);
		const all = await firings();
		log(`executions: ${JSON.stringify(all.map((execution) => ({ id: execution.id, status: execution.status, fired: execution.events.map((event) => `${event.event_id as string}${event.redelivered ? '(redelivered)' : ''}`) })))}`);

		const occurrences = new Map<string, IDataObject[]>(added.map((id) => [id, []]));
		for (const execution of all) for (const event of execution.events) occurrences.get(event.event_id as string)?.push(event);
		// no event lost, in either phase: each is in an execution
		expect(added.filter((id) => occurrences.get(id)!.length === 0)).toEqual([]);
		// Every execution ran to the end, but n8n 2.41.1 may leave one crashed under durable cursors
		// where a stop met an execution that had not: a SIGTERM during a poll (n8n's scheduler still
		// hands the poll's batch off while n8n shuts down; the state and the execution are stored
		// together, then the execution cannot start: "Failed to start the execution committed for a
		// poll") or a stop right after an execution was stored, while it still runs. n8n marks it
		// crashed when it starts again. The batch is in that execution (Retry in the executions list
		// runs it) and not fired again: n8n stored the state with it, as it does for any node.
		const mayCrash = stops.filter(
			(stop) => stop.settings === 'durable cursors' && ((stop.signal === 'SIGTERM' && stop.moment === 'during a poll') || stop.moment === 'right after an execution was stored'),
		);
		const unfinished = all.filter((execution) => execution.status !== 'success');
		log(`executions not run to the end: ${JSON.stringify(unfinished.map((execution) => ({ id: execution.id, status: execution.status, fired: execution.events.map((event) => event.event_id) })))}`);
		for (const execution of unfinished) {
			expect(execution.status).toBe('crashed');
			expect(mayCrash.map((stop) => [...stop.batch].sort())).toContainEqual(execution.events.map((event) => event.event_id as string).sort());
		}

		// default settings: exactly what each stop left to fire again fired again, marked; everything
		// else once. The last of them fires again under durable cursors, as turning them on does.
		const defaultStops = stops.filter((stop) => stop.settings === 'default');
		for (const id of added.filter((event) => !addedDurable.includes(event))) {
			const savedAndStored = defaultStops.filter((stop) => stop.unconfirmed.includes(id) && stop.inExecutions.includes(id)).length;
			const savedNotStored = defaultStops.some((stop) => stop.unconfirmed.includes(id) && !stop.inExecutions.includes(id));
			const marks = occurrences.get(id)!.map((event) => event.redelivered === true);
			expect({ id, marks }).toEqual({ id, marks: [savedNotStored, ...Array.from({ length: savedAndStored }, () => true)] });
		}
		// durable cursors: every event fired exactly once, unmarked, whatever the stop and its moment
		// (after a restart n8n starts the overdue polls of all twelve Poll Times entries at once:
		// one fires, the others skip)
		const durableFirings = addedDurable.map((id) => ({ id, marks: occurrences.get(id)!.map((event) => event.redelivered === true) }));
		expect(durableFirings.filter((firing) => firing.marks.length !== 1 || firing.marks[0])).toEqual([]);
		// in numbers: 9 events before the switch (2 before, 2 + 1, 2 + 1, 1), 17 after it (1 down, 6 batches of 1 or 2, 6 down, 1)
		expect([added.length - addedDurable.length, addedDurable.length]).toEqual([9, 17]);
		expect(stops.filter((stop) => stop.settings === 'durable cursors').map((stop) => `${stop.signal} ${stop.moment}`)).toEqual(
			moments.map(([signal, moment]) => `${signal} ${moment}`),
		);
	});
});
