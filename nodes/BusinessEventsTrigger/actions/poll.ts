import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { type ApiVersion, LIMITS } from '../../shared/api';
import { ApiClient } from '../../shared/transport/apiClient';
import { apiVersionOf } from '../../shared/transport/apiVersion';
import { DEFAULT_OVERLAP_MINUTES, SAMPLE_DAYS, SAMPLE_SIZE } from './description';
import { fetchEvents, idChunks } from '../helpers/fetchEvents';
import {
	advanceState,
	eventTime,
	initialState,
	queryFrom,
	readState,
	selectNewEvents,
	settleUnconfirmed,
	writeState,
} from '../helpers/pollState';
import { longestPollGapMs } from '../helpers/pollGap';
import { resolveWatchedSource, type WatchedSource, watchKey } from '../helpers/watchedSource';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** keep timestamp_from this far inside the service's event window */
const WINDOW_MARGIN_MS = 10 * MINUTE_MS;
/** share of the poll budget in which new requests start (the rest is for the last one and the hand-off) */
const START_SHARE = 0.5;
/**
 * share of the poll budget retry waits may use: a longer Retry-After fails the poll at once as
 * rate limited (n8n then backs off), rather than n8n abandoning a poll that outlives its time
 */
const WAIT_SHARE = 0.9;
const DEFAULT_BUDGET_MS = 5 * MINUTE_MS;

/** Everything one poll works with, read once. */
interface PollRun {
	source: WatchedSource;
	startedAt: number;
	now: () => number;
	/** no request starts after this */
	deadline: number;
	/** no retry wait runs past this */
	waitDeadline: number;
	lookBackDays: number;
	overlapMs: number;
	/** the oldest timestamp_from the service serves */
	oldestServed: number;
	/** the API version of this poll, read afresh each poll like the credential */
	version: ApiVersion;
}

/**
 * This process, for the two-phase memory of fired events (pollState.ts): a poll that finds its
 * own token on the last emitted events knows n8n created their execution. Only needs to differ
 * between processes and restarts; node code may not read `process` or `crypto`.
 */
const PROCESS_TOKEN = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * Triggers whose poll is still running, by workflow and node id. n8n may start the next poll
 * before the previous one has finished (a poll that waits out rate limits), and each poll reads
 * its own copy of the static data, so the second poll would fetch and fire
 * the same events again. It skips instead: the running poll fires them.
 */
const running = new Set<string>();

/**
 * Whether n8n stores this poll's state with the execution its items start, or neither (durable
 * poll cursors, n8n 2.41: `commitWithExecution`). Told from what n8n hands the poll, not from a
 * version: under durable cursors the node's static data is a per-poll copy of the stored cursor,
 * a plain object; otherwise it is part of the workflow's static data, which n8n watches for
 * changes (an ObservableObject: a `__dataChanged` flag that is not enumerable, so never stored).
 * n8n hands a poll nothing that says more: 2.41.1 hands the same plain copy when durable cursors
 * were turned off after a cursor was stored (it then stores cursor and execution one after the
 * other) and to workflows on engine v2 (execution first, cursor after), where a crash in between
 * loses or repeats a batch (docs/operations.md). Checked on n8n 2.41.1 (n8n-workflow 2.41.0) and
 * 1.123.81 (1.120.31); the unit test pins the flag.
 */
export const stateStoredWithExecution = (staticData: IDataObject): boolean => !('__dataChanged' in staticData);

/**
 * How long a poll waits for the hand-off of this process's last fire to land in the state it
 * reads. n8n hands the items of a poll to an execution without waiting, and its durable scheduler
 * builds each poll from the stored state: a poll that starts before the last fire's state is
 * stored (several overdue polls run back to back after a restart) reads the state from before it
 * and would fire the same events again. It fires nothing and changes nothing instead. Past this
 * time (or if the clock went back since the fire) it assumes the hand-off failed (n8n stored
 * neither state nor execution) and the events fire again. Not a bound n8n keeps: n8n 2.41 reports
 * the poll's task done before the hand-off commits, and still accepts that commit later, so a
 * hand-off slower than this repeats its batch (and its late commit may replace a newer state);
 * and it is memory of this process only, so with several mains (each runs the scheduler) a poll
 * on another main does not wait. docs/operations.md names both limits.
 */
const HANDOFF_WAIT_MS = 60_000;

/** Elapsed time since the fire below the wait; a clock that went back counts as past it (no stall). */
const handOffPending = (elapsedMs: number) => elapsedMs >= 0 && elapsedMs < HANDOFF_WAIT_MS;

/** The mark of the last fire of each trigger in this process (workflow and node id), and when. */
const lastFires = new Map<string, { mark: string; at: number }>();
let fires = 0;

/**
 * How far before its start a poll without stored state begins. Where n8n stores the state with
 * the execution, the poll at publishing runs as a test whose state n8n keeps only if it fires:
 * one that finds nothing leaves no state, and the first scheduled poll, up to one poll gap later,
 * would start from its own time and lose the events in between. So it starts one poll gap (and a
 * minute for a scheduler running late) back, which can fire events from shortly before publishing.
 * Elsewhere n8n keeps the state of the poll at publishing: it starts from now.
 */
function firstState(ctx: IPollFunctions, run: PollRun, deliveredOnReturn: boolean) {
	const state = initialState(run.startedAt, run.lookBackDays);
	if (!deliveredOnReturn) return state;
	const gap = longestPollGapMs(ctx.getNodeParameter('pollTimes', {}), LIMITS.eventWindowDays * DAY_MS);
	return { ...state, floor: Math.min(state.floor, run.startedAt - gap - MINUTE_MS) };
}

const toItems = (events: IDataObject[]): INodeExecutionData[][] => [events.map((event) => ({ json: event }))];

function numberOption(ctx: IPollFunctions, name: string, fallback: number, min: number, max: number): number {
	const value = Number(ctx.getNodeParameter(`options.${name}`, fallback));
	return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
}

function budgetMs(ctx: IPollFunctions): number {
	const budget = typeof ctx.getPollBudgetMs === 'function' ? ctx.getPollBudgetMs() : DEFAULT_BUDGET_MS;
	return Number.isFinite(budget) && budget > 0 ? budget : DEFAULT_BUDGET_MS;
}

/**
 * The poll: a manual test run returns a sample and keeps no state; a poll of a published
 * workflow fires once for every event after its floor that it has not fired before.
 */
export async function pollBusinessEvents(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	// n8n calls every poll of a published trigger on the same context: the client (and the
	// credential it read) of a poll that ran must not carry over to the next poll
	if (this.getMode() === 'manual') {
		try {
			return await sampleEvents(this, await pollRun(this));
		} finally {
			ApiClient.forget(this);
		}
	}
	// marked running before the first await: after a restart n8n starts several overdue polls at
	// once, and one that only got here after another had fired would read the state from before
	// it. A poll that skips leaves the running poll's client alone.
	const node = this.getNode();
	const pollKey = `${this.getWorkflow().id ?? ''}:${node.id ?? node.name}`;
	if (running.has(pollKey)) return null;
	running.add(pollKey);
	try {
		return await newEvents(this, await pollRun(this), this.getWorkflowStaticData('node'), pollKey);
	} finally {
		running.delete(pollKey);
		ApiClient.forget(this);
	}
}

async function pollRun(ctx: IPollFunctions): Promise<PollRun> {
	const now = () => Date.now();
	const startedAt = now();
	const budget = budgetMs(ctx);
	const version = await apiVersionOf(ctx);
	return {
		source: await resolveWatchedSource(ctx, version),
		startedAt,
		now,
		deadline: startedAt + budget * START_SHARE,
		waitDeadline: startedAt + budget * WAIT_SHARE,
		lookBackDays: numberOption(ctx, 'lookBackDays', 0, 0, LIMITS.eventWindowDays),
		overlapMs: numberOption(ctx, 'overlapMinutes', DEFAULT_OVERLAP_MINUTES, 1, 1440) * MINUTE_MS,
		oldestServed: startedAt - LIMITS.eventWindowDays * DAY_MS + WINDOW_MARGIN_MS,
		version,
	};
}

/** A manual test run: the most recent events of the last days, so the user sees their shape. */
async function sampleEvents(ctx: IPollFunctions, run: PollRun): Promise<INodeExecutionData[][]> {
	const days = Math.max(SAMPLE_DAYS, run.lookBackDays);
	const { events } = await fetchEvents(ctx, {
		...run.source,
		from: Math.max(run.startedAt - days * DAY_MS, run.oldestServed),
		startChunk: 0,
		deadline: run.deadline,
		waitDeadline: run.waitDeadline,
		enough: SAMPLE_SIZE,
		now: run.now,
		version: run.version,
	});
	const sample = selectNewEvents(events, { floor: -Infinity, seen: {} }, run.startedAt)
		.sort((a, b) => eventTime(b, run.startedAt) - eventTime(a, run.startedAt))
		.slice(0, SAMPLE_SIZE);
	if (sample.length === 0) {
		throw new NodeOperationError(
			ctx.getNode(),
			`No events in the last ${days} days for ${run.source.label} and the chosen event types`,
			{
				description: `Nothing is wrong with the setup: once the workflow is published, the trigger fires for every new event. To see sample data now, watch more ${run.source.entity === 'prospect' ? 'prospects' : 'businesses'} or more event types.`,
			},
		);
	}
	return toItems(sample);
}

/**
 * A poll of a published workflow: settles what the last emitting poll fired (confirmed, or to
 * fire again after a restart; nothing to settle where n8n stores the state with the execution),
 * fetches everything after the floor (on first activation: from
 * now, or the look-back window; further back for events to fire again), fires the events not
 * fired before, and writes the new state only after every request succeeded. A failed poll (429,
 * 401, ...) fires nothing and changes nothing, so the next poll repeats the same window. When the
 * poll budget runs out, it fires what it fetched and the next poll goes on with the remaining
 * chunks of ids.
 */
async function newEvents(ctx: IPollFunctions, run: PollRun, staticData: IDataObject, pollKey: string) {
	const read = readState(staticData);
	const lastFire = lastFires.get(pollKey);
	// measured from the poll's start (when n8n handed it its state), not after its first requests:
	// a slow credential or enrollment read does not make an old state look settled
	if (lastFire && read?.lastFire !== lastFire.mark && handOffPending(run.startedAt - lastFire.at)) return null;
	const deliveredOnReturn = stateStoredWithExecution(staticData);
	const stored = read ?? firstState(ctx, run, deliveredOnReturn);
	const state = settleUnconfirmed(stored, PROCESS_TOKEN);
	const key = watchKey(run.source);
	const chunkCount = idChunks(run.source.entity, run.source.ids, run.version).length;
	const resume = state.pending?.watchKey === key && state.pending.nextChunk < chunkCount ? state.pending : undefined;
	const cycleStartedAt = resume?.startedAt ?? run.startedAt;

	const from = queryFrom(state, run.oldestServed);
	const fetched = await fetchEvents(ctx, {
		...run.source,
		from,
		startChunk: resume?.nextChunk ?? 0,
		deadline: run.deadline,
		waitDeadline: run.waitDeadline,
		now: run.now,
		version: run.version,
	});

	const fetchedAt = run.now();
	const fresh = selectNewEvents(fetched.events, state, fetchedAt);
	const next = advanceState(state, fresh, {
		fetchedAt,
		completedCycleStartedAt: fetched.nextChunk === undefined ? cycleStartedAt : undefined,
		overlapMs: run.overlapMs,
		oldestServed: run.oldestServed,
		token: PROCESS_TOKEN,
		queriedFrom: from,
		deliveredOnReturn: stateStoredWithExecution(staticData),
	});
	next.pending =
		fetched.nextChunk === undefined ? undefined : { startedAt: cycleStartedAt, nextChunk: fetched.nextChunk, watchKey: key };
	if (fresh.length > 0) {
		next.lastFire = `${PROCESS_TOKEN}:${++fires}`;
		lastFires.set(pollKey, { mark: next.lastFire, at: fetchedAt });
	}
	writeState(staticData, next);

	return fresh.length > 0 ? toItems(fresh) : null;
}
