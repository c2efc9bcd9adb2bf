import type { IDataObject } from 'n8n-workflow';

import { eventKey } from '../../nodes/shared/eventTypes';
import {
	advanceState,
	initialState,
	MAX_REMEMBERED_EVENTS,
	queryFrom,
	readState,
	selectNewEvents,
	settleUnconfirmed,
	writeState,
	type WatchState,
} from '../../nodes/BusinessEventsTrigger/helpers/pollState';

const T0 = Date.parse('2026-05-01T12:00:00.000Z');
const MIN = 60_000;
const at = (offsetMs: number) => new Date(T0 + offsetMs).toISOString();
const ev = (id: string, offsetMs: number, extra: IDataObject = {}): IDataObject => ({
	event_id: id,
	event_time: at(offsetMs),
	event_name: 'new_product',
	business_id: 'a'.repeat(32),
	data: {},
	...extra,
});
const OLDEST_SERVED = T0 - 90 * 86_400_000;
/** this process's token, and one of a process before a restart */
const TOKEN = 'process-now';
const OTHER_TOKEN = 'process-before-restart';
/** The state after a poll of this process emitted `emitted` (unconfirmed). */
const emit = (state: WatchState, emitted: IDataObject[], cycleStart?: number, max?: number) =>
	advanceState(state, emitted, {
		fetchedAt: T0,
		completedCycleStartedAt: cycleStart,
		overlapMs: 10 * MIN,
		oldestServed: OLDEST_SERVED,
		token: TOKEN,
		queriedFrom: state.floor,
		maxRemembered: max,
	});
/** The same, as the next poll of this process sees it: the emitted events confirmed. */
const advance = (state: WatchState, emitted: IDataObject[], cycleStart?: number, max?: number) =>
	settleUnconfirmed(emit(state, emitted, cycleStart, max), TOKEN, max);

describe('trigger state: which events are new', () => {
	it('starts from now on first activation, or from the look-back window', () => {
		expect(initialState(T0, 0)).toEqual({ floor: T0, seen: {} });
		expect(initialState(T0, 3)).toEqual({ floor: T0 - 3 * 86_400_000, seen: {} });
	});

	it('keeps events after the floor only, skips remembered ids, oldest first, each once', () => {
		const state: WatchState = { floor: T0, seen: { 'id:b': T0 + 5 * MIN } };
		const fresh = selectNewEvents(
			[ev('c', 7 * MIN), ev('a', -1), ev('b', 5 * MIN), ev('d', 6 * MIN), ev('c', 7 * MIN), ev('z', 0)],
			state,
			T0,
		);
		// a is before the floor, z is exactly at it (exclusive), b was seen, c came twice
		expect(fresh.map((e) => e.event_id)).toEqual(['d', 'c']);
	});

	it('de-duplicates by event_id even when event times tie', () => {
		const state: WatchState = { floor: T0, seen: { 'id:x1': T0 + MIN } };
		const fresh = selectNewEvents([ev('x2', MIN), ev('x1', MIN), ev('x0', MIN)], state, T0);
		expect(fresh.map((e) => e.event_id)).toEqual(['x0', 'x2']);
	});

	it('identifies an event without event_id by business, type and time', () => {
		expect(eventKey({ business_id: 'b1', event_name: 'ipo_announcement', event_time: 't' })).toBe('x:b1|ipo_announcement|t');
		expect(eventKey({ event_id: 42 })).toBe('id:42');
	});

	it('identifies a prospect event without event_id by its prospect: two prospects\' events never merge', () => {
		const a = { prospect_id: 'p1', event_name: 'prospect_changed_role', event_time: 't' };
		const b = { prospect_id: 'p2', event_name: 'prospect_changed_role', event_time: 't' };
		expect(eventKey(a)).toBe('x:p1|prospect_changed_role|t');
		expect(selectNewEvents([a, b], { floor: -Infinity, seen: {} }, T0)).toHaveLength(2);
	});
});

describe('trigger state: moving on', () => {
	it('remembers emitted ids and moves the floor only when a whole cycle completed', () => {
		const state = initialState(T0, 0);
		const emitted = [ev('a', 2 * MIN), ev('b', 3 * MIN)];
		const partial = advance(state, emitted, undefined);
		expect(partial.floor).toBe(T0);
		expect(partial.seen).toEqual({ 'id:a': T0 + 2 * MIN, 'id:b': T0 + 3 * MIN });

		// a cycle that started 12 minutes after T0 moves the floor to 2 minutes after T0 (10 min overlap)
		const done = advance(partial, [], T0 + 12 * MIN);
		expect(done.floor).toBe(T0 + 2 * MIN);
		// a (at the floor) is forgotten: the floor alone keeps it from firing again; b stays remembered
		expect(done.seen).toEqual({ 'id:b': T0 + 3 * MIN });
		expect(selectNewEvents([ev('a', 2 * MIN), ev('b', 3 * MIN)], done, T0)).toEqual([]);
	});

	it('never moves the floor back', () => {
		const state: WatchState = { floor: T0 + 30 * MIN, seen: {} };
		expect(advance(state, [], T0).floor).toBe(T0 + 30 * MIN);
	});

	it('keeps the floor inside the window the service serves', () => {
		const old: WatchState = { floor: T0 - 200 * 86_400_000, seen: {} };
		expect(advance(old, []).floor).toBe(T0 - 90 * 86_400_000);
	});

	it('never raises the floor to bound its memory: a late event that has not fired still fires', () => {
		const state = initialState(T0 - 20 * MIN, 0);
		const emitted = Array.from({ length: 8 }, (_, i) => ev(`e${i}`, (i + 1) * MIN));
		// the cycle started at T0 + 5 min: its floor is T0 - 5 min (10 min overlap)
		const next = advance(state, emitted, T0 + 5 * MIN, 4);
		expect(next.floor).toBe(T0 - 5 * MIN);
		// memory keeps the newest 4; the older ones may repeat, but nothing is lost
		expect(Object.keys(next.seen).sort()).toEqual(['id:e4', 'id:e5', 'id:e6', 'id:e7']);
		// an event at T0 - 1 min that reaches the service late, after this poll, still fires
		expect(selectNewEvents([ev('late', -MIN)], next, T0).map((e) => e.event_id)).toEqual(['late']);
		expect(selectNewEvents(emitted.slice(4), next, T0)).toEqual([]);
		expect(MAX_REMEMBERED_EVENTS).toBe(50_000);
	});

	it('while a cycle is unfinished, never raises the floor: forgetting may repeat an event, never lose one', () => {
		const state = initialState(T0, 0);
		const emitted = Array.from({ length: 8 }, (_, i) => ev(`e${i}`, (i + 1) * MIN));
		const next = advance(state, emitted, undefined, 4);
		// the remaining chunks are fetched from the cycle's floor: it stays at T0
		expect(next.floor).toBe(T0);
		expect(Object.keys(next.seen).sort()).toEqual(['id:e4', 'id:e5', 'id:e6', 'id:e7']);
		// an event of another chunk 1 minute after the floor still fires
		expect(selectNewEvents([ev('other-chunk', MIN / 2)], next, T0).map((e) => e.event_id)).toEqual(['other-chunk']);
	});
});

describe('trigger state in static data', () => {
	it('round-trips through the node static data and ignores unreadable data', () => {
		const staticData: IDataObject = {};
		expect(readState(staticData)).toBeUndefined();
		const state: WatchState = {
			floor: T0,
			seen: { 'id:a': T0 + 1 },
			pending: { startedAt: T0, nextChunk: 2, watchKey: '80:abc' },
		};
		writeState(staticData, state);
		expect(JSON.parse(JSON.stringify(staticData))).toEqual({
			businessEventsTrigger: {
				version: 1,
				floor: '2026-05-01T12:00:00.000Z',
				seen: { 'id:a': T0 + 1 },
				pending: { startedAt: T0, nextChunk: 2, watchKey: '80:abc' },
			},
		});
		expect(readState(JSON.parse(JSON.stringify(staticData)))).toEqual(state);
		expect(readState({ businessEventsTrigger: { version: 1, floor: 'garbage' } })).toBeUndefined();
		expect(readState({ businessEventsTrigger: { version: 99, floor: at(0) } })).toBeUndefined();
	});

	it('reads the state the release before the two-phase memory stored, and writes that shape while nothing is unconfirmed', () => {
		const old = { businessEventsTrigger: { version: 1, floor: at(0), seen: { 'id:a': T0 + 1 } } };
		const state = readState(structuredClone(old))!;
		expect(state).toEqual({ floor: T0, seen: { 'id:a': T0 + 1 }, pending: undefined });
		// its remembered events stay remembered: nothing fires again after the upgrade
		expect(selectNewEvents([ev('a', 1), ev('b', 2)], settleUnconfirmed(state, TOKEN), T0).map((e) => e.event_id)).toEqual(['b']);
		const written: IDataObject = {};
		writeState(written, state);
		expect(JSON.parse(JSON.stringify(written))).toEqual(old);
	});

	it('round-trips the unconfirmed events, the events to fire again and the mark of the last fire; drops unreadable entries', () => {
		const state: WatchState = {
			floor: T0,
			seen: {},
			unconfirmed: { token: TOKEN, keys: { 'id:u': T0 + 5 } },
			redeliver: { 'id:r': T0 + 3 },
			lastFire: `${TOKEN}:3`,
		};
		const staticData: IDataObject = {};
		writeState(staticData, state);
		expect(readState(JSON.parse(JSON.stringify(staticData)))).toEqual({ ...state, pending: undefined });
		// the mark survives a poll that fires nothing
		expect(emit(settleUnconfirmed(state, TOKEN), []).lastFire).toBe(`${TOKEN}:3`);
		const damaged = { version: 1, floor: at(0), seen: {}, unconfirmed: { token: 7, keys: {} }, redeliver: { 'id:r': 'x' }, lastFire: 4 };
		expect(readState({ businessEventsTrigger: damaged })).toEqual({ floor: T0, seen: {}, pending: undefined });
	});
});

describe('trigger state: confirmed by the process that emitted, or fired again after a restart', () => {
	const emitted = [ev('a', 2 * MIN), ev('b', 3 * MIN)];

	it('an emitting poll keeps its events unconfirmed under its token, not in seen', () => {
		const next = emit(initialState(T0, 0), emitted);
		expect(next.unconfirmed).toEqual({ token: TOKEN, keys: { 'id:a': T0 + 2 * MIN, 'id:b': T0 + 3 * MIN } });
		expect(next.seen).toEqual({});
	});

	it('where n8n stores the state with the execution (deliveredOnReturn), emitted events go to seen at once and never hold the floor back', () => {
		const options = { fetchedAt: T0, completedCycleStartedAt: T0 + 20 * MIN, overlapMs: 10 * MIN, oldestServed: OLDEST_SERVED, token: TOKEN, queriedFrom: T0, deliveredOnReturn: true };
		const next = advanceState(initialState(T0, 0), emitted, options);
		expect(next).toEqual({ floor: T0 + 10 * MIN, seen: {}, pending: undefined });
		// within the floor's reach they are remembered, and a poll of any process fires nothing again
		const kept = advanceState(initialState(T0, 0), emitted, { ...options, completedCycleStartedAt: undefined });
		expect(kept).toEqual({ floor: T0, seen: { 'id:a': T0 + 2 * MIN, 'id:b': T0 + 3 * MIN }, pending: undefined });
		expect(selectNewEvents(emitted, settleUnconfirmed(kept, OTHER_TOKEN), T0)).toEqual([]);
	});

	it('the next poll of the same process confirms them: into seen, never fired again', () => {
		const settled = settleUnconfirmed(emit(initialState(T0, 0), emitted), TOKEN);
		expect(settled).toEqual({ floor: T0, seen: { 'id:a': T0 + 2 * MIN, 'id:b': T0 + 3 * MIN }, pending: undefined });
		expect(selectNewEvents(emitted, settled, T0)).toEqual([]);
	});

	it('a poll of another process (a restart) fires them again, marked, and starts a new fetch cycle', () => {
		const stored: WatchState = { ...emit(initialState(T0, 0), emitted), pending: { startedAt: T0, nextChunk: 2, watchKey: 'k' } };
		const settled = settleUnconfirmed(stored, OTHER_TOKEN);
		expect(settled).toEqual({ floor: T0, seen: {}, pending: undefined, redeliver: { 'id:a': T0 + 2 * MIN, 'id:b': T0 + 3 * MIN } });
		const fresh = selectNewEvents([ev('b', 3 * MIN), ev('c', 4 * MIN), ev('a', 2 * MIN)], settled, T0);
		expect(fresh).toEqual([{ ...ev('a', 2 * MIN), redelivered: true }, { ...ev('b', 3 * MIN), redelivered: true }, ev('c', 4 * MIN)]);
		// found: out of `redeliver`, unconfirmed again under the new process's token
		const next = advanceState(settled, fresh, { fetchedAt: T0, overlapMs: 10 * MIN, oldestServed: OLDEST_SERVED, token: OTHER_TOKEN, queriedFrom: queryFrom(settled, OLDEST_SERVED) });
		expect(next.redeliver).toBeUndefined();
		expect(next.unconfirmed).toEqual({ token: OTHER_TOKEN, keys: { 'id:a': T0 + 2 * MIN, 'id:b': T0 + 3 * MIN, 'id:c': T0 + 4 * MIN } });
	});

	it('an event to fire again is selected even at or below the floor, and the query reaches back for it', () => {
		const state: WatchState = { floor: T0 + 10 * MIN, seen: {}, redeliver: { 'id:old': T0 + 2 * MIN } };
		expect(queryFrom(state, OLDEST_SERVED)).toBe(T0 + 2 * MIN - 1);
		expect(queryFrom({ ...state, redeliver: undefined }, OLDEST_SERVED)).toBe(T0 + 10 * MIN);
		// never before the oldest time the service serves
		expect(queryFrom({ ...state, redeliver: { 'id:x': OLDEST_SERVED - MIN } }, OLDEST_SERVED)).toBe(OLDEST_SERVED);
		expect(selectNewEvents([ev('old', 2 * MIN), ev('below', 5 * MIN)], state, T0)).toEqual([{ ...ev('old', 2 * MIN), redelivered: true }]);
	});

	it('a poll that emits nothing keeps what it confirmed, and emits no unconfirmed events of its own', () => {
		const settled = settleUnconfirmed(emit(initialState(T0, 0), emitted), TOKEN);
		const next = emit(settled, []);
		expect(next.unconfirmed).toBeUndefined();
		expect(next.seen).toEqual({ 'id:a': T0 + 2 * MIN, 'id:b': T0 + 3 * MIN });
	});

	it('the floor and the pruning of seen never pass an unconfirmed event or one to fire again', () => {
		// a completed cycle that started 20 minutes after T0 would move the floor to T0 + 10 min
		const unconfirmed = emit(initialState(T0, 0), emitted, T0 + 20 * MIN);
		expect(unconfirmed.floor).toBe(T0 + 2 * MIN - 1);
		const settled = settleUnconfirmed(unconfirmed, OTHER_TOKEN);
		const waiting = emit({ ...settled, seen: { 'id:s': T0 + 3 * MIN } }, [], undefined);
		expect(waiting.floor).toBe(T0 + 2 * MIN - 1);
		expect(waiting.seen).toEqual({ 'id:s': T0 + 3 * MIN });
		// once confirmed (and nothing is left to fire again), the next completed cycle moves it on
		const confirmed = settleUnconfirmed(unconfirmed, TOKEN);
		expect(emit(confirmed, [], T0 + 20 * MIN).floor).toBe(T0 + 10 * MIN);
		// the floor still never moves back
		expect(emit({ floor: T0 + 5 * MIN, seen: {} }, [ev('x', MIN)]).floor).toBe(T0 + 5 * MIN);
	});

	it('an event to fire again that a poll did not return stays until a completed cycle did not return it either', () => {
		const state: WatchState = { floor: T0, seen: {}, redeliver: { 'id:gone': T0 + 2 * MIN, 'id:found': T0 + 3 * MIN } };
		const found = selectNewEvents([ev('found', 3 * MIN)], state, T0);
		const partial = emit(state, found, undefined);
		expect(partial.redeliver).toEqual({ 'id:gone': T0 + 2 * MIN });
		expect(emit(partial, [], T0 + 30 * MIN).redeliver).toBeUndefined();
		// and one that fell out of the service's event window is dropped at once
		expect(emit({ floor: OLDEST_SERVED, seen: {}, redeliver: { 'id:too-old': OLDEST_SERVED - 1 } }, []).redeliver).toBeUndefined();
	});

	it('marks only redelivered events: the output of every other event is the event as the service sent it', () => {
		const fresh = selectNewEvents([ev('n', MIN)], { floor: T0, seen: {}, redeliver: {} }, T0);
		expect(fresh).toEqual([ev('n', MIN)]);
		expect('redelivered' in fresh[0]).toBe(false);
	});

	it('an event without a readable time is refetched after a restart from where the poll that fired it asked', () => {
		// fired by a poll that asked from 6 minutes back; its real time (unknown here) is after that
		const asked = T0 - 6 * MIN;
		const { event_time: _none, ...timeless } = ev('x', -5.5 * MIN);
		const fired = advanceState({ floor: asked, seen: {} }, [timeless], {
			fetchedAt: T0,
			completedCycleStartedAt: T0,
			overlapMs: 5 * MIN,
			oldestServed: OLDEST_SERVED,
			token: OTHER_TOKEN,
			queriedFrom: asked,
		});
		// its stored time is the fetch's: the floor still stays where the poll asked
		expect(fired.unconfirmed).toEqual({ token: OTHER_TOKEN, keys: { 'id:x': T0 }, unreadableFrom: asked });
		expect(fired.floor).toBe(asked);
		const restarted = settleUnconfirmed(fired, TOKEN);
		expect(restarted.redeliverFrom).toBe(asked);
		expect(queryFrom(restarted, OLDEST_SERVED)).toBe(asked);
		expect(selectNewEvents([timeless], restarted, T0 + MIN)).toEqual([{ ...timeless, redelivered: true }]);
		// saved and read back as is
		const staticData: IDataObject = {};
		writeState(staticData, restarted);
		expect(readState(staticData)).toEqual(restarted);
	});
});
