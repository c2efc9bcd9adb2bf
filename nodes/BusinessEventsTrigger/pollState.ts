/**
 * The trigger's memory between polls, kept in the node's static data, and the pure rules that
 * decide which fetched events are new and how far the memory may move on. No clock and no I/O
 * here: the poll passes the time in, so every rule is tested directly.
 *
 * The guarantee: an event fires at most once, and every event the service returns with a time
 * after the floor fires. The floor is an exclusive lower bound on event times; `seen` holds the
 * ids of every emitted event whose time is above the floor. Queries start at the floor, so the
 * window overlaps earlier polls on purpose (late arrivals are caught) and `seen` filters what was
 * already emitted, whatever the event times (ties included).
 */
import type { IDataObject } from 'n8n-workflow';

import { eventKey } from '../shared/eventTypes';

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

export interface WatchState {
	/** events at or before this time (ms since epoch) never fire */
	floor: number;
	/** event key -> event time (ms) of emitted events above the floor */
	seen: Record<string, number>;
	pending?: PendingCycle;
}

const STATE_KEY = 'businessEventsTrigger';
const STATE_VERSION = 1;

/** Reads the state from the node's static data; undefined on first activation (or if unreadable). */
export function readState(staticData: IDataObject): WatchState | undefined {
	const stored = staticData[STATE_KEY] as IDataObject | undefined;
	if (!stored || typeof stored !== 'object' || stored.version !== STATE_VERSION) return undefined;
	const floor = Date.parse(String(stored.floor));
	if (Number.isNaN(floor)) return undefined;
	const seen: Record<string, number> = {};
	if (stored.seen && typeof stored.seen === 'object') {
		for (const [key, time] of Object.entries(stored.seen as IDataObject)) {
			if (typeof time === 'number' && Number.isFinite(time)) seen[key] = time;
		}
	}
	const pending = stored.pending as IDataObject | undefined;
	return {
		floor,
		seen,
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
 * The events that have not fired yet: above the floor, not in `seen`, each once, oldest first
 * (ties in a stable order by id).
 */
export function selectNewEvents(events: IDataObject[], state: WatchState, fetchedAt: number): IDataObject[] {
	const fresh = new Map<string, { event: IDataObject; time: number }>();
	for (const event of events) {
		if (!event || typeof event !== 'object') continue;
		const key = eventKey(event);
		const time = eventTime(event, fetchedAt);
		if (time <= state.floor || key in state.seen || fresh.has(key)) continue;
		fresh.set(key, { event, time });
	}
	return [...fresh.entries()]
		.sort(([keyA, a], [keyB, b]) => a.time - b.time || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0))
		.map(([, { event }]) => event);
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
	maxRemembered?: number;
}

/**
 * The state after `emitted` fired: their keys remembered, the floor moved on when a whole cycle
 * completed (to its start minus the overlap, so late events are still caught), memory pruned to
 * what lies above the floor. The floor never moves for any other reason: while a cycle is
 * unfinished the next poll fetches the remaining chunks from it, and a floor raised to bound
 * memory would skip late events that have not fired. Past `maxRemembered` ids the oldest are
 * forgotten instead (see MAX_REMEMBERED_EVENTS).
 */
export function advanceState(state: WatchState, emitted: IDataObject[], options: AdvanceOptions): WatchState {
	const max = options.maxRemembered ?? MAX_REMEMBERED_EVENTS;
	const seen: Record<string, number> = { ...state.seen };
	for (const event of emitted) seen[eventKey(event)] = eventTime(event, options.fetchedAt);

	let floor = Math.max(state.floor, options.oldestServed);
	if (options.completedCycleStartedAt !== undefined) {
		floor = Math.max(floor, options.completedCycleStartedAt - options.overlapMs);
	}

	let entries = Object.entries(seen).filter(([, time]) => time > floor);
	if (entries.length > max) entries = entries.sort(([, a], [, b]) => b - a).slice(0, max);

	return { floor, seen: Object.fromEntries(entries), pending: state.pending };
}
