/**
 * The trigger's memory between polls, kept in the node's static data, and the pure rules that
 * decide which fetched events are new and how far the memory may move on. No clock and no I/O
 * here: the poll passes the time in, so every rule is tested directly.
 *
 * The guarantee: every event the service returns with a time after the floor fires, and fires
 * once, except after a crash or restart of n8n, when the last emitted batch may fire again,
 * marked `redelivered: true` (see `unconfirmed`). The floor is an exclusive lower bound on event
 * times; `seen` holds the ids of every confirmed event whose time is above the floor. Queries
 * start at the floor, so the window overlaps earlier polls on purpose (late arrivals are caught)
 * and `seen` filters what was already emitted, whatever the event times (ties included).
 *
 * Two ways n8n keeps this memory, and what a returned batch is in each:
 *
 * - Durable poll cursors (n8n 2.41 with N8N_POLLER_DURABLE_CURSORS_ENABLED and the durable
 *   scheduler): n8n stores the memory in one transaction with the execution the batch starts
 *   (`commitWithExecution`), and the memory of a poll that returned nothing on its own. Memory and
 *   execution exist together or not at all, so a returned batch goes straight to `seen`
 *   (`deliveredOnReturn`): no stop, clean or not, loses or repeats an event.
 * - Workflow static data (every other setting): when a poll returns items, n8n starts saving the
 *   static data without waiting and only then creates the execution (trigger-execution-context.
 *   factory.js). A crash between the two keeps this memory and loses the execution. So an emitted
 *   event is only `unconfirmed` at first, with the token of the process that emitted it. The next
 *   poll in the same process knows the process lived on, so n8n created the execution: the events
 *   move to `seen`. A poll in another process (n8n restarted, another main took over) cannot
 *   tell: the events move to `redeliver` and fire again, marked. n8n gives a poll no way to tell
 *   a clean stop from a crash (docs/operations.md), so a clean stop repeats the batch too.
 */
import type { IDataObject } from 'n8n-workflow';

import { eventKey } from '../../shared/eventTypes';

/**
 * Ids remembered at most (about 60 bytes each in static data). Memory never moves the floor: the
 * floor only follows completed fetch cycles (minus the overlap for late events), so an event that
 * has not fired is never skipped. Beyond this many ids in the overlap window the oldest are
 * forgotten, and such an event may fire a second time: a duplicate rather than a loss.
 */
export const MAX_REMEMBERED_EVENTS = 50_000;

/** Where a poll that ran out of time stopped; the next poll goes on from there. */
export interface PendingCycle {
	/** when the first poll of this cycle started (ms since epoch) */
	startedAt: number;
	/** index of the next chunk of business ids to fetch */
	nextChunk: number;
	/** fingerprint of the watched ids and event types; a change starts a new cycle */
	watchKey: string;
}

/** event key -> event time (ms since epoch) */
export type EventTimes = Record<string, number>;

/** The events the last emitting poll fired, and the process that fired them. */
export interface Unconfirmed {
	/** the emitting process's token (PROCESS_TOKEN in poll.ts) */
	token: string;
	keys: EventTimes;
	/**
	 * The emitting poll's timestamp_from, when some of the events had no readable time: their time
	 * in `keys` is the fetch's, later than their real one, so a refetch must start here.
	 */
	unreadableFrom?: number;
}

export interface WatchState {
	/** events at or before this time (ms since epoch) never fire, unless they are in `redeliver` */
	floor: number;
	/** confirmed emitted events above the floor: n8n created their execution */
	seen: EventTimes;
	pending?: PendingCycle;
	/** fired by the last emitting poll; not known yet whether n8n created their execution */
	unconfirmed?: Unconfirmed;
	/** fired before a restart without knowing whether their execution exists: fire again, marked */
	redeliver?: EventTimes;
	/** where the refetch of `redeliver` starts at the latest (events without a readable time: Unconfirmed) */
	redeliverFrom?: number;
	/** the mark of the last poll that fired (poll.ts: a poll that reads an older state waits for its hand-off) */
	lastFire?: string;
}

const STATE_KEY = 'businessEventsTrigger';
/**
 * Still 1: `unconfirmed` and `redeliver` are optional, so a state saved before them reads as is,
 * and an older release reading a newer state ignores them instead of starting from now again.
 */
const STATE_VERSION = 1;

/** The finite numbers of a stored event-time map; {} for anything else. */
function readEventTimes(value: unknown): EventTimes {
	const times: EventTimes = {};
	if (!value || typeof value !== 'object') return times;
	for (const [key, time] of Object.entries(value as IDataObject)) {
		if (typeof time === 'number' && Number.isFinite(time)) times[key] = time;
	}
	return times;
}

const isEmpty = (times: EventTimes | undefined) => times === undefined || Object.keys(times).length === 0;

/** The oldest time of the map (a loop: a spread of 50,000 arguments can overflow the stack). */
function oldestTime(times: EventTimes | undefined): number {
	let oldest = Infinity;
	for (const time of Object.values(times ?? {})) if (time < oldest) oldest = time;
	return oldest;
}

/** Reads the state from the node's static data; undefined on first activation (or if unreadable). */
export function readState(staticData: IDataObject): WatchState | undefined {
	const stored = staticData[STATE_KEY] as IDataObject | undefined;
	if (!stored || typeof stored !== 'object' || stored.version !== STATE_VERSION) return undefined;
	const floor = Date.parse(String(stored.floor));
	if (Number.isNaN(floor)) return undefined;
	const pending = stored.pending as IDataObject | undefined;
	const unconfirmed = stored.unconfirmed as IDataObject | undefined;
	const redeliver = readEventTimes(stored.redeliver);
	const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
	const unreadableFrom = finite(unconfirmed?.unreadableFrom);
	const redeliverFrom = finite(stored.redeliverFrom);
	return {
		...(typeof stored.lastFire === 'string' && { lastFire: stored.lastFire }),
		floor,
		seen: readEventTimes(stored.seen),
		...(unconfirmed &&
			typeof unconfirmed.token === 'string' && {
				unconfirmed: {
					token: unconfirmed.token,
					keys: readEventTimes(unconfirmed.keys),
					...(unreadableFrom !== undefined && { unreadableFrom }),
				},
			}),
		...(!isEmpty(redeliver) && { redeliver, ...(redeliverFrom !== undefined && { redeliverFrom }) }),
		pending:
			pending &&
			typeof pending.startedAt === 'number' &&
			typeof pending.nextChunk === 'number' &&
			typeof pending.watchKey === 'string'
				? { startedAt: pending.startedAt, nextChunk: pending.nextChunk, watchKey: pending.watchKey }
				: undefined,
	};
}

/** Writes the state into the node's static data (the floor as an ISO time, readable in the UI). */
export function writeState(staticData: IDataObject, state: WatchState): void {
	const stored: IDataObject = {
		version: STATE_VERSION,
		floor: new Date(state.floor).toISOString(),
		seen: { ...state.seen },
	};
	if (state.pending) stored.pending = { ...state.pending };
	if (state.lastFire !== undefined) stored.lastFire = state.lastFire;
	if (state.unconfirmed) stored.unconfirmed = { ...state.unconfirmed, keys: { ...state.unconfirmed.keys } };
	if (!isEmpty(state.redeliver)) {
		stored.redeliver = { ...state.redeliver };
		if (state.redeliverFrom !== undefined) stored.redeliverFrom = state.redeliverFrom;
	}
	staticData[STATE_KEY] = stored;
}

/** First activation: fire only events after `now`, or after `now - lookBackDays`. */
export function initialState(now: number, lookBackDays: number): WatchState {
	return { floor: now - Math.max(0, lookBackDays) * 86_400_000, seen: {} };
}

/** The event's time in ms; `fallback` when the service sent none or an unreadable one. */
export function eventTime(event: IDataObject, fallback: number): number {
	const time = Date.parse(String(event.event_time ?? ''));
	return Number.isNaN(time) ? fallback : time;
}

/**
 * Start of a published poll: settles what the last emitting poll fired. Fired by this process
 * (`token`), which lived on after emitting, so n8n created the execution: confirmed, into
 * `seen`. Fired by another process: nobody can tell whether the execution exists, so the events
 * go to `redeliver`, and a new fetch cycle starts, so that "a completed cycle did not return it"
 * is measured over chunks all fetched since (advanceState).
 */
export function settleUnconfirmed(state: WatchState, token: string, maxRemembered = MAX_REMEMBERED_EVENTS): WatchState {
	const { unconfirmed, ...rest } = state;
	if (!unconfirmed) return state;
	if (unconfirmed.token === token) {
		return { ...rest, seen: remembered({ ...state.seen, ...unconfirmed.keys }, state.floor, maxRemembered) };
	}
	if (isEmpty(unconfirmed.keys)) return rest;
	const redeliverFrom = Math.min(state.redeliverFrom ?? Infinity, unconfirmed.unreadableFrom ?? Infinity);
	return {
		...rest,
		redeliver: { ...state.redeliver, ...unconfirmed.keys },
		...(Number.isFinite(redeliverFrom) && { redeliverFrom }),
		pending: undefined,
	};
}

/**
 * The time to ask from (timestamp_from): the floor, or further back to refetch every event to
 * redeliver (1 ms before the oldest: the service returns events after the time), never before
 * the oldest time the service serves.
 */
export function queryFrom(state: WatchState, oldestServed: number): number {
	return Math.max(Math.min(state.floor, oldestTime(state.redeliver) - 1, state.redeliverFrom ?? Infinity), oldestServed);
}

/**
 * The events to fire: those above the floor not in `seen`, and those in `redeliver` wherever
 * they are (these as copies with `redelivered: true`; no other event gets the field), each once,
 * oldest first (ties in a stable order by id).
 */
export function selectNewEvents(events: IDataObject[], state: WatchState, fetchedAt: number): IDataObject[] {
	const fresh = new Map<string, { event: IDataObject; time: number }>();
	for (const event of events) {
		if (!event || typeof event !== 'object') continue;
		const key = eventKey(event);
		if (fresh.has(key)) continue;
		const time = eventTime(event, fetchedAt);
		if (state.redeliver && key in state.redeliver) fresh.set(key, { event: { ...event, redelivered: true }, time });
		else if (time > state.floor && !(key in state.seen)) fresh.set(key, { event, time });
	}
	return [...fresh.entries()]
		.sort(([keyA, a], [keyB, b]) => a.time - b.time || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0))
		.map(([, { event }]) => event);
}

/** The events above the floor; past `max` of them, the newest `max` (see MAX_REMEMBERED_EVENTS). */
function remembered(seen: EventTimes, floor: number, max: number): EventTimes {
	let entries = Object.entries(seen).filter(([, time]) => time > floor);
	if (entries.length > max) entries = entries.sort(([, a], [, b]) => b - a).slice(0, max);
	return Object.fromEntries(entries);
}

export interface AdvanceOptions {
	/** when the fetch ran, for events without a readable time */
	fetchedAt: number;
	/**
	 * Start of the completed fetch cycle (every chunk fetched since then), or undefined when the
	 * poll stopped early. Only a completed cycle moves the floor, to `startedAt - overlapMs`.
	 */
	completedCycleStartedAt?: number;
	/** how far behind the cycle start the floor stays, to catch events that reach the service late */
	overlapMs: number;
	/** oldest floor the service can serve (its event window) */
	oldestServed: number;
	/** this process's token: `emitted` become `unconfirmed` under it */
	token: string;
	/** the poll's timestamp_from (queryFrom): where a refetch of events without a readable time starts */
	queriedFrom: number;
	/**
	 * n8n stores this state with the execution `emitted` start, or neither (durable poll cursors):
	 * `emitted` go straight to `seen` instead of `unconfirmed`
	 */
	deliveredOnReturn?: boolean;
	maxRemembered?: number;
}

/**
 * The state after `emitted` fired (on a state already settled by settleUnconfirmed):
 *
 * - `emitted` become `unconfirmed` under this process's token, or `seen` at once when n8n stores
 *   the state with their execution (`deliveredOnReturn`); a poll that emitted nothing keeps what
 *   it had.
 * - Redelivered events leave `redeliver`. One the service did not return stays until a completed
 *   fetch cycle did not return it either, or until it is out of the service's event window.
 * - The floor moves on when a whole cycle completed (to its start minus the overlap, so late
 *   events are still caught), but never to or past an unconfirmed or redeliver event; memory is
 *   pruned to what lies above the floor. The floor never moves for any other reason: while a
 *   cycle is unfinished the next poll fetches the remaining chunks from it, and a floor raised to
 *   bound memory would skip late events that have not fired. Past `maxRemembered` ids the oldest
 *   are forgotten instead (see MAX_REMEMBERED_EVENTS).
 */
export function advanceState(state: WatchState, emitted: IDataObject[], options: AdvanceOptions): WatchState {
	const max = options.maxRemembered ?? MAX_REMEMBERED_EVENTS;
	const keys: EventTimes = {};
	let unreadable = false;
	for (const event of emitted) {
		const time = eventTime(event, Number.NaN);
		unreadable ||= Number.isNaN(time);
		keys[eventKey(event)] = Number.isNaN(time) ? options.fetchedAt : time;
	}
	const delivered = options.deliveredOnReturn === true && emitted.length > 0;
	const unconfirmed: Unconfirmed | undefined =
		emitted.length > 0 && !delivered
			? { token: options.token, keys, ...(unreadable && { unreadableFrom: options.queriedFrom }) }
			: state.unconfirmed;

	const cycleCompleted = options.completedCycleStartedAt !== undefined;
	const redeliver: EventTimes = {};
	for (const [key, time] of Object.entries(state.redeliver ?? {})) {
		if (!(key in keys) && !cycleCompleted && time > options.oldestServed) redeliver[key] = time;
	}

	let floor = options.oldestServed;
	if (options.completedCycleStartedAt !== undefined) {
		floor = Math.max(floor, options.completedCycleStartedAt - options.overlapMs);
	}
	// an event still to be confirmed or fired again must stay above the floor
	const redeliverFrom = isEmpty(redeliver) ? undefined : state.redeliverFrom;
	const protectedFrom = Math.min(
		oldestTime(unconfirmed?.keys) - 1,
		unconfirmed?.unreadableFrom ?? Infinity,
		oldestTime(redeliver) - 1,
		redeliverFrom ?? Infinity,
	);
	floor = Math.max(state.floor, Math.min(floor, protectedFrom));

	return {
		...(state.lastFire !== undefined && { lastFire: state.lastFire }),
		floor,
		seen: remembered(delivered ? { ...state.seen, ...keys } : state.seen, floor, max),
		pending: state.pending,
		...(unconfirmed && { unconfirmed }),
		...(!isEmpty(redeliver) && { redeliver, ...(redeliverFrom !== undefined && { redeliverFrom }) }),
	};
}
