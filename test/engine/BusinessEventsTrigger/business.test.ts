/**
 * The Business Events Trigger watching businesses (Business IDs, Business Enrollment), polled
 * through n8n-core (PollTriggerExecutor and PollContext, with the server's per-poll staging of
 * static data) against the sandbox: on API v2 (business.cases.ts; on v1: business.v1.test.ts) first
 * activation, events firing exactly once across polls (tied times, overlapping windows) and
 * enrollments as the source; restarts (redelivered, nothing lost), durable and workflow-kept state,
 * and a wrong API key. Set-up and helpers: setup.ts.
 */
import type { IDataObject, NodeApiError } from 'n8n-workflow';

import { catalogFor, v2EventType } from '../../../nodes/shared/api';
import { DEFAULT_BUSINESS_EVENT_TYPES } from '../../../nodes/shared/eventTypes';
import { typeVersionFor } from '../harness/apiVersions';
import { runPoll } from '../harness/runPoll';
import { addEvent, businessIds, businessTriggerCases, eventRequests } from './business.cases';
import { chronological, idsOf, poll, sandbox, setUpSandbox, triggerNode } from './setup';

setUpSandbox();
beforeEach(() => sandbox.configure({ faults: {}, retryAfterSeconds: undefined }));

afterEach(() => sandbox.configure({ apiKey: undefined }));

describe('Business Events Trigger in n8n-core, API v2', () => businessTriggerCases('v2'));

describe('Business Events Trigger in n8n-core', () => {
	it('after a restart of n8n, fires the last emitted events again, marked redelivered; nothing is lost', async () => {
		const ids = businessIds(400, 2);
		const node = triggerNode({ source: 'ids', businessIds: ids.join(', ') });
		const { staticData } = await poll(node, { mode: 'trigger' });
		const a = addEvent(ids[0]);
		const b = addEvent(ids[1], { event_name: 'new_product' });
		const fired = await poll(node, { mode: 'trigger', staticData });
		expect(fired.events).toEqual(chronological([a, b]));
		// without a restart, the next poll of the emitting process confirms them and fires nothing
		expect(await poll(node, { mode: 'trigger', staticData: fired.staticData })).toMatchObject({ events: null });

		// n8n saved that memory with the execution's start and was killed: the restarted process
		// (another token) cannot tell whether the execution exists, so it fires both again, marked
		const saved = structuredClone(fired.staticData);
		((saved.businessEventsTrigger as IDataObject).unconfirmed as IDataObject).token = 'a-process-before-the-restart';
		const c = addEvent(ids[0], { event_name: 'new_office' });
		const afterRestart = await poll(node, { mode: 'trigger', staticData: saved });
		expect(afterRestart.events).toEqual(chronological([{ ...a, redelivered: true }, { ...b, redelivered: true }, c]));

		// the restarted process polls on: confirmed, nothing repeats
		expect(await poll(node, { mode: 'trigger', staticData: afterRestart.staticData })).toMatchObject({ events: null });
	});

	it('under durable poll cursors, a batch counts as delivered once returned: after a restart nothing repeats and nothing is lost', async () => {
		const ids = businessIds(410, 2);
		const node = triggerNode({ source: 'ids', businessIds: ids.join(', ') });
		const durable = { mode: 'trigger', cursor: 'durable' } as const;
		const { staticData } = await poll(node, durable);
		const a = addEvent(ids[0]);
		const b = addEvent(ids[1], { event_name: 'new_product' });
		const fired = await poll(node, { ...durable, staticData });
		expect(fired.events).toEqual(chronological([a, b]));
		// the cursor n8n stored with their execution holds them as delivered, whichever process reads it next
		expect(fired.staticData.businessEventsTrigger).toMatchObject({ seen: { [`id:${a.event_id}`]: expect.any(Number), [`id:${b.event_id}`]: expect.any(Number) } });
		expect(fired.staticData.businessEventsTrigger).not.toHaveProperty('unconfirmed');

		// n8n stopped (SIGTERM or SIGKILL) after that; an event came meanwhile: only it fires, unmarked
		const c = addEvent(ids[0], { event_name: 'new_office' });
		const afterRestart = await poll(node, { ...durable, staticData: structuredClone(fired.staticData) });
		expect(afterRestart.events).toEqual([c]);
		expect(await poll(node, { ...durable, staticData: afterRestart.staticData })).toMatchObject({ events: null });
	});

	it('without durable poll cursors, a poll keeps its state in the workflow static data, in memory between polls and saved with each execution it starts', async () => {
		const ids = businessIds(420, 1);
		const node = triggerNode({ source: 'ids', businessIds: ids[0] });
		// the poll at activation keeps its floor in memory: n8n polls on with the same workflow
		const activation = await poll(node, { mode: 'trigger', tick: 'activation' });
		expect(activation.events).toBeNull();
		expect(activation.staticData.businessEventsTrigger).toMatchObject({ floor: expect.any(String) });
		const a = addEvent(ids[0]);
		const fired = await poll(node, { mode: 'trigger', staticData: activation.staticData });
		expect(fired.events).toEqual([a]);
		// unconfirmed until the next poll of this process: n8n saves the static data before it creates the execution
		expect(Object.keys((fired.staticData.businessEventsTrigger as { unconfirmed: { keys: IDataObject } }).unconfirmed.keys)).toEqual([`id:${a.event_id}`]);
	});

	it('a wrong API key fails the poll as an invalid credential', async () => {
		const node = triggerNode({ source: 'ids', businessIds: businessIds(0, 1)[0] });
		const error = (await runPoll(node, {
			mode: 'trigger',
			credentials: { businessProspectDataApi: { apiKey: 'wrong-key', baseUrl: sandbox.url } },
		}).catch((e: unknown) => e)) as NodeApiError;
		expect(error.failure).toEqual({ cause: 'credential-invalid' });
		expect(error.message).toBe('The service rejected the API key or partner ID (401): Invalid or missing API key');
		expect(JSON.stringify(error)).not.toContain('wrong-key');
	});
});

/**
 * Look-back, manual samples, a 429 and the first scheduled poll under durable cursors on API v2
 * (the trigger at its first v2 version): the same behaviour business.v1.test.ts holds on v1.
 */
describe('Business Events Trigger in n8n-core at the version that speaks v2', () => {
	const V2_EVENTS = catalogFor('v2').getBusinessEvents;
	const v2Requests = () => eventRequests(V2_EVENTS.path);
	const bodyOf = (index: number) => v2Requests()[index].body as IDataObject;
	const v2Trigger = (parameters: IDataObject) => triggerNode(parameters, typeVersionFor('businessEventsTrigger', 'v2'));
	const limit = V2_EVENTS.batch!.limit!;

	it('with Look Back (Days) fires the events of that window at activation, 40 ids a request to /v2/businesses/events', async () => {
		const ids = businessIds(10, 60);
		const node = v2Trigger({ source: 'ids', businessIds: ids.join('\n'), options: { lookBackDays: 30 } });
		const { events, staticData } = await poll(node, { mode: 'trigger', tick: 'activation' });

		expect(limit).toBe(40);
		expect(sandbox.requests.map((request) => `${request.method} ${request.path}`)).toEqual(Array(2).fill('POST /v2/businesses/events'));
		expect(v2Requests().map((request) => (request.body as IDataObject).business_ids)).toEqual([ids.slice(0, limit), ids.slice(limit)]);
		const from = Date.parse(bodyOf(0).timestamp_from as string);
		expect(Math.abs(from - (Date.now() - 30 * 86_400_000))).toBeLessThan(60_000);
		// Event Types left at its default: the 6 standard types, in v2's names on the wire
		expect(bodyOf(0).event_types).toEqual(DEFAULT_BUSINESS_EVENT_TYPES.map(v2EventType));
		expect(bodyOf(1).event_types).toEqual(bodyOf(0).event_types);
		const watched = new Set(ids);
		const expected = sandbox.universe.events.filter(
			(e) => watched.has(e.business_id) && DEFAULT_BUSINESS_EVENT_TYPES.includes(e.event_name) && Date.parse(e.event_time) > from,
		);
		expect(expected.length).toBeGreaterThan(5);
		// fired in v1's names (employee_joined_company, not executive_joined_company)
		expect(events).toEqual(chronological(expected as unknown as IDataObject[]));
		expect(await poll(node, { mode: 'trigger', staticData })).toMatchObject({ events: null });
		expect(v2Requests()).toHaveLength(4);
	});

	it('a manual test run returns the 5 most recent events of the last 7 days and keeps no state', async () => {
		const ids = businessIds(100, 80);
		const { events, staticData } = await poll(v2Trigger({ source: 'ids', businessIds: ids.join(',') }), { mode: 'manual' });
		expect(events?.length).toBe(5);
		expect(staticData).toEqual({});
		const cutoff = Date.now() - 7 * 86_400_000 - 60_000;
		for (const event of events!) expect(Date.parse(event.event_time as string)).toBeGreaterThan(cutoff);
		const times = events!.map((event) => Date.parse(event.event_time as string));
		expect(times).toEqual([...times].sort((a, b) => b - a));
		// the first chunk of 40 holds 5 events of the window: the sample stops there
		expect(v2Requests().map((request) => (request.body as IDataObject).business_ids)).toEqual([ids.slice(0, limit)]);
		expect(sandbox.requests).toHaveLength(1);
	});

	it('a 429 fires nothing and moves nothing; the next poll fires the events once', async () => {
		// keys of its own: a 429 pauses every run of its key in this process
		sandbox.configure({ apiKey: 'engine-key-throttled-v2' });
		const ids = businessIds(200, 45);
		const node = v2Trigger({ source: 'ids', businessIds: ids.join(', ') });
		const { staticData } = await poll(node, { mode: 'trigger' });
		const e1 = addEvent(ids[0]);
		const e2 = addEvent(ids[44]);

		// the second chunk is rate limited for longer than the transport waits
		sandbox.configure({ faults: { sequence: ['ok', '429'] }, retryAfterSeconds: 120 });
		const error = (await poll(node, { mode: 'trigger', staticData }).catch((e: unknown) => e)) as NodeApiError;
		expect(error.message).toBe('The service is rate limiting requests (429): Rate limit exceeded (simulated)');
		expect(error.failure).toEqual({ cause: 'rate-limited', retryAfterMs: 120_000 });
		expect(v2Requests().map((request) => request.status)).toEqual([200, 200, 200, 429]);

		sandbox.configure({ apiKey: 'engine-key-after-backoff-v2' });
		// a short 429 is waited out inside the poll; the failed poll moved nothing, so both events fire
		sandbox.configure({ faults: { sequence: ['429'] }, retryAfterSeconds: 1 });
		const caughtUp = await poll(node, { mode: 'trigger', staticData });
		expect(caughtUp.events).toEqual(chronological([e1, e2]));
		expect(v2Requests().slice(4).map((request) => [request.status, (request.body as IDataObject).business_ids])).toEqual([
			[429, ids.slice(0, limit)],
			[200, ids.slice(0, limit)],
			[200, ids.slice(limit)],
		]);
		expect(await poll(node, { mode: 'trigger', staticData: caughtUp.staticData })).toMatchObject({ events: null });
		expect(sandbox.requests.every((request) => request.path === V2_EVENTS.path)).toBe(true);
	});

	it('under durable poll cursors, an event between publishing and the first scheduled poll fires, though n8n keeps no state of the poll at publishing', async () => {
		const ids = businessIds(430, 1);
		const node = v2Trigger({ source: 'ids', businessIds: ids[0], pollTimes: { item: [{ mode: 'everyHour', minute: 0 }] } });
		const durable = { mode: 'trigger', cursor: 'durable' } as const;
		const hour = 3_600_000;
		const old = addEvent(ids[0], { event_time: new Date(Date.now() - hour - 5 * 60_000).toISOString() });
		const published = Date.now();
		expect(await poll(node, { ...durable, tick: 'activation' })).toEqual({ events: null, staticData: {} });
		const a = addEvent(ids[0]);
		const first = await poll(node, durable);
		expect(first.events).toEqual([a]);
		expect(idsOf(first.events)).not.toContain(old.event_id);
		const from = Date.parse(bodyOf(1).timestamp_from as string);
		expect(from).toBeGreaterThanOrEqual(published - hour - 60_000);
		expect(from).toBeLessThan(published - hour);
		expect(await poll(node, { ...durable, staticData: first.staticData })).toMatchObject({ events: null });
		expect(v2Requests()).toHaveLength(3);
		expect(sandbox.requests).toHaveLength(3);
	});
});
