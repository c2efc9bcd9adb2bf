/**
 * The Business Events Trigger watching businesses on API v1 (trigger version 1 at Per Node
 * Version), polled through n8n-core (PollTriggerExecutor and PollContext, with the server's
 * per-poll staging of static data) against the sandbox: business.cases.ts on v1 (first activation,
 * events firing exactly once across polls, an enrollment as the source), look-back with 40 ids per
 * request, manual samples, a 429 that neither loses nor repeats events, and an event between
 * publishing and the first scheduled poll under durable cursors. Retiring v1 deletes this file
 * (docs/development.md, "Retiring API v1"). Set-up and helpers: setup.ts.
 */
import type { IDataObject, NodeApiError } from 'n8n-workflow';

import { DEFAULT_BUSINESS_EVENT_TYPES } from '../../../nodes/shared/eventTypes';
import { typeVersionFor } from '../harness/apiVersions';
import { addEvent, businessIds, businessTriggerCases, eventRequests } from './business.cases';
import { chronological, idsOf, poll, sandbox, setUpSandbox, triggerNode as triggerNodeAt } from './setup';

setUpSandbox();
beforeEach(() => sandbox.configure({ faults: {}, retryAfterSeconds: undefined }));

afterEach(() => sandbox.configure({ apiKey: undefined }));

/** the trigger at version 1, the newest that speaks v1 at Per Node Version: these are v1's cases */
const triggerNode = (parameters: IDataObject, typeVersion = typeVersionFor('businessEventsTrigger', 'v1')) => triggerNodeAt(parameters, typeVersion);

const bodyOf = (index: number) => eventRequests()[index].body as IDataObject;

describe('Business Events Trigger in n8n-core, API v1', () => businessTriggerCases('v1'));

describe('Business Events Trigger in n8n-core', () => {
	it('with Look Back (Days) fires the events of that window at activation', async () => {
		const ids = businessIds(10, 60);
		const node = triggerNode({ source: 'ids', businessIds: ids.join('\n'), options: { lookBackDays: 30 } });
		const { events, staticData } = await poll(node, { mode: 'trigger', tick: 'activation' });

		expect(eventRequests().map((request) => (request.body as IDataObject).business_ids)).toEqual([ids.slice(0, 40), ids.slice(40)]);
		const from = Date.parse(bodyOf(0).timestamp_from as string);
		expect(Math.abs(from - (Date.now() - 30 * 86_400_000))).toBeLessThan(60_000);
		// Event Types left at its default: the 6 standard types
		expect(bodyOf(0).event_types).toEqual(DEFAULT_BUSINESS_EVENT_TYPES);
		const watched = new Set(ids);
		const expected = sandbox.universe.events.filter(
			(e) => watched.has(e.business_id) && DEFAULT_BUSINESS_EVENT_TYPES.includes(e.event_name) && Date.parse(e.event_time) > from,
		);
		expect(expected.length).toBeGreaterThan(5);
		expect(events).toEqual(chronological(expected as unknown as IDataObject[]));
		// emitted at activation: n8n keeps the state with the execution, and the next poll repeats nothing
		expect(await poll(node, { mode: 'trigger', staticData })).toMatchObject({ events: null });
	});

	it('a manual test run returns up to 5 recent events and keeps no state', async () => {
		const ids = businessIds(100, 80);
		const { events, staticData } = await poll(triggerNode({ source: 'ids', businessIds: ids.join(',') }), { mode: 'manual' });
		expect(events?.length).toBe(5);
		expect(staticData).toEqual({});
		const cutoff = Date.now() - 7 * 86_400_000 - 60_000;
		for (const event of events!) expect(Date.parse(event.event_time as string)).toBeGreaterThan(cutoff);
		expect(eventRequests().length).toBeLessThanOrEqual(2);
	});
	it('a 429 fires nothing and moves nothing; the next poll fires the events once', async () => {
		// keys of its own: a 429 pauses every run of its key in this process
		sandbox.configure({ apiKey: 'engine-key-throttled' });
		const ids = businessIds(200, 45);
		const node = triggerNode({ source: 'ids', businessIds: ids.join(', ') });
		const { staticData } = await poll(node, { mode: 'trigger' });
		const e1 = addEvent(ids[0]);
		const e2 = addEvent(ids[44]);

		// the second chunk is rate limited for longer than the transport waits
		sandbox.configure({ faults: { sequence: ['ok', '429'] }, retryAfterSeconds: 120 });
		const error = (await poll(node, { mode: 'trigger', staticData }).catch((e: unknown) => e)) as NodeApiError;
		expect(error.message).toBe('The service is rate limiting requests (429): Rate limit exceeded (simulated)');
		expect(error.failure).toEqual({ cause: 'rate-limited', retryAfterMs: 120_000 });
		expect(eventRequests().slice(-2).map((request) => request.status)).toEqual([200, 429]);

		// The service asked for 2 minutes: the key's budget in this process now waits them out for
		// every run, as n8n's back-off does for the poll. The next poll here uses a fresh key.
		sandbox.configure({ apiKey: 'engine-key-after-backoff' });

		// a short 429 is waited out inside the poll
		sandbox.configure({ faults: { sequence: ['429'] }, retryAfterSeconds: 1 });
		const caughtUp = await poll(node, { mode: 'trigger', staticData });
		expect(caughtUp.events).toEqual(chronological([e1, e2]));
		expect(eventRequests().slice(-3).map((request) => request.status)).toEqual([429, 200, 200]);
		expect(await poll(node, { mode: 'trigger', staticData: caughtUp.staticData })).toMatchObject({ events: null });
	});

	it('under durable poll cursors, an event between publishing and the first scheduled poll fires, though n8n keeps no state of the poll at publishing', async () => {
		const ids = businessIds(430, 1);
		const node = triggerNode({ source: 'ids', businessIds: ids[0], pollTimes: { item: [{ mode: 'everyHour', minute: 0 }] } });
		const durable = { mode: 'trigger', cursor: 'durable' } as const;
		const hour = 3_600_000;
		const old = addEvent(ids[0], { event_time: new Date(Date.now() - hour - 5 * 60_000).toISOString() });
		const published = Date.now();
		// the poll at publishing finds nothing: n8n runs it as a test and stores nothing of it
		expect(await poll(node, { ...durable, tick: 'activation' })).toEqual({ events: null, staticData: {} });
		const a = addEvent(ids[0]);
		// the first scheduled poll (up to an hour later) starts an hour and a minute back: the event
		// since publishing fires, the one from over an hour before publishing does not
		const first = await poll(node, durable);
		expect(first.events).toEqual([a]);
		expect(idsOf(first.events)).not.toContain(old.event_id);
		const from = Date.parse(bodyOf(1).timestamp_from as string);
		expect(from).toBeGreaterThanOrEqual(published - hour - 60_000);
		expect(from).toBeLessThan(published - hour);
		expect(await poll(node, { ...durable, staticData: first.staticData })).toMatchObject({ events: null });
		expect(eventRequests()).toHaveLength(3);
	});
});
