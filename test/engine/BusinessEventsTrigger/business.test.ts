/**
 * The Business Events Trigger watching businesses (Business IDs, Business Enrollment), polled
 * through n8n-core (PollTriggerExecutor and PollContext, with the server's per-poll staging of
 * static data) against the sandbox: first activation, events firing exactly once across polls
 * (tied times, overlapping windows), look-back, manual samples, 40 ids per request, enrollments as
 * the source, and a 429 that neither loses nor repeats events. Set-up and helpers: setup.ts.
 */
import type { IDataObject, NodeApiError } from 'n8n-workflow';

import { DEFAULT_BUSINESS_EVENT_TYPES } from '../../../nodes/shared/eventTypes';
import { v2EventType } from '../../../nodes/shared/api';
import { API_VERSIONS, pathOn, typeVersionFor } from '../harness/apiVersions';
import { runPoll } from '../harness/runPoll';
import { chronological, idsOf, poll, sandbox, setUpSandbox, triggerNode } from './setup';

const EVENTS_PATH = '/v1/businesses/events';

setUpSandbox();
beforeEach(() => sandbox.configure({ faults: {}, retryAfterSeconds: undefined }));

afterEach(() => sandbox.configure({ apiKey: undefined }));

const businessIds = (from: number, count: number) =>
	sandbox.universe.businesses.slice(from, from + count).map((business) => business.business_id);

const eventRequests = (path = EVENTS_PATH) => sandbox.requests.filter((request) => request.path === path);
const bodyOf = (index: number) => eventRequests()[index].body as IDataObject;

/** Adds an event for one business, at the sandbox's now or at a given time. */
const addEvent = (businessId: string, extra: { event_time?: string; event_name?: string } = {}) =>
	sandbox.addEvent({ business_id: businessId, event_name: 'new_funding_round', ...extra });

describe.each(API_VERSIONS)('Business Events Trigger in n8n-core, API %s', (api) => {
	it('starts from now (one poll gap back under durable cursors) on first activation, then fires each new event exactly once across polls', async () => {
		// businesses of their own per version: the other version's events are recent enough to fire
		const ids = businessIds(api === 'v1' ? 0 : 3, 3);
		const types = ['new_funding_round', 'new_product', 'employee_joined_company'];
		const node = triggerNode({ source: 'ids', businessIds: ids.join(', '), eventTypes: types }, typeVersionFor('businessEventsTrigger', api));
		const path = pathOn(api, EVENTS_PATH);
		const bodyOf = (index: number) => eventRequests(path)[index].body as IDataObject;

		// durable poll cursors: the poll at activation fires nothing, and n8n commits nothing of a poll it runs as a test
		const before = Date.now();
		const activation = await poll(node, { mode: 'trigger', cursor: 'durable', tick: 'activation' });
		expect(activation).toEqual({ events: null, staticData: {} });
		expect(eventRequests(path)).toHaveLength(1);
		// each version's event names on the wire
		const sentTypes = api === 'v1' ? types : types.map(v2EventType);
		expect(bodyOf(0)).toEqual({ event_types: sentTypes, business_ids: ids, timestamp_from: expect.any(String) });
		// with no state it asks from one poll gap (a minute here) and a minute of scheduler lateness back
		expect(Date.parse(bodyOf(0).timestamp_from as string)).toBeGreaterThanOrEqual(before - 2 * 60_000);
		expect(Date.parse(bodyOf(0).timestamp_from as string)).toBeLessThan(before);

		// the first scheduled poll is the first activation n8n keeps: it stores the cursor, as far back
		const first = await poll(node, { mode: 'trigger', cursor: 'durable' });
		expect(first.events).toBeNull();
		const cursor = (first.staticData.businessEventsTrigger as IDataObject).floor as string;
		expect(Date.parse(cursor)).toBe(Date.parse(bodyOf(1).timestamp_from as string));
		expect(Date.parse(cursor)).toBeGreaterThanOrEqual(before - 2 * 60_000);
		expect(Date.parse(cursor)).toBeLessThan(before);

		const a = addEvent(ids[0]);
		const b = addEvent(ids[1], { event_time: a.event_time, event_name: 'new_product' }); // same time
		// v2 serves it as executive_joined_company: it fires under v1's name on both versions
		const c = addEvent(ids[1], { event_time: a.event_time, event_name: 'employee_joined_company' });
		addEvent(ids[2], { event_name: 'ipo_announcement' }); // a type not watched
		const second = await poll(node, { mode: 'trigger', cursor: 'durable', staticData: first.staticData });
		expect(second.events).toEqual(chronological([a, b, c]));

		// a late event with the very same time, and a new one: only they fire, the window overlaps
		const late = addEvent(ids[2], { event_time: a.event_time });
		const third = await poll(node, { mode: 'trigger', cursor: 'durable', staticData: second.staticData });
		expect(idsOf(third.events)).toEqual([late.event_id]);
		expect(bodyOf(3).timestamp_from).toBe(bodyOf(2).timestamp_from);

		const fourth = await poll(node, { mode: 'trigger', cursor: 'durable', staticData: third.staticData });
		expect(fourth.events).toBeNull();
		expect(sandbox.requests.map((request) => request.path)).toEqual(Array(5).fill(path));
	});

	it("watches an enrollment's businesses and event types, the enrollment listed on the poll's version", async () => {
		const ids = businessIds(300, 3);
		const enrollments = pathOn(api, '/v1/businesses/events/enrollments');
		const headers = { api_key: sandbox.apiKey, 'content-type': 'application/json' };
		// v2 binds an enrollment to a webhook of the account
		const webhook =
			api === 'v2'
				? ((await fetch(`${sandbox.url}/v2/webhooks`, {
						method: 'POST',
						headers,
						body: JSON.stringify({ name: `watch-${api}`, webhook_url: 'http://127.0.0.1:9/watch' }),
					}).then(async (response) => await response.json())) as { webhook_id: string })
				: undefined;
		const created = await fetch(`${sandbox.url}${enrollments}`, {
			method: 'POST',
			headers,
			body: JSON.stringify({ enrollment_key: 'engine-watch', business_ids: ids, event_types: ['new_office'], ...(webhook && { webhook_id: webhook.webhook_id }) }),
		}).then(async (response) => (await response.json()) as { enrollment_id: string });
		const node = triggerNode(
			{ source: 'enrollment', enrollment: { __rl: true, mode: 'list', value: created.enrollment_id } },
			typeVersionFor('businessEventsTrigger', api),
		);
		sandbox.clearRequests();

		const { staticData } = await poll(node, { mode: 'trigger' });
		const path = pathOn(api, EVENTS_PATH);
		expect(eventRequests(path)[0].body).toMatchObject({ business_ids: ids, event_types: ['new_office'] });
		const office = addEvent(ids[1], { event_name: 'new_office' });
		addEvent(ids[1], { event_name: 'new_product' });
		const { events } = await poll(node, { mode: 'trigger', staticData });
		expect(idsOf(events)).toEqual([office.event_id]);
		// read again on every poll, from the poll's version only
		expect(sandbox.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
			`GET ${enrollments}`,
			`POST ${path}`,
			`GET ${enrollments}`,
			`POST ${path}`,
		]);
	});
});

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
