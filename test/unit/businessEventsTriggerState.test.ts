import type { IDataObject } from 'n8n-workflow';

import { eventKey } from '../../nodes/shared/eventTypes';
import {
	advanceState,
	initialState,
	MAX_REMEMBERED_EVENTS,
	readState,
	selectNewEvents,
	writeState,
	type WatchState,
} from '../../nodes/BusinessEventsTrigger/pollState';

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
const advance = (state: WatchState, emitted: IDataObject[], cycleStart?: number, max?: number) =>
	advanceState(state, emitted, {
		fetchedAt: T0,
		completedCycleStartedAt: cycleStart,
		overlapMs: 10 * MIN,
		oldestServed: T0 - 90 * 86_400_000,
		maxRemembered: max,
	});

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
});
