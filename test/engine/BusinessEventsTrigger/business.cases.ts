/**
 * The Business Events Trigger watching businesses on one API version, at the node version that
 * speaks it: business.test.ts runs these cases on v2, business.v1.test.ts on v1 (retiring v1
 * deletes that file). First activation and events firing exactly once across polls (tied times,
 * overlapping windows, each version's event names on the wire), and an enrollment as the source,
 * listed on the poll's version.
 */
import type { IDataObject } from 'n8n-workflow';

import { type ApiVersion, v2EventType } from '../../../nodes/shared/api';
import { pathOn, typeVersionFor } from '../harness/apiVersions';
import { chronological, idsOf, poll, sandbox, triggerNode } from './setup';

const EVENTS_PATH = '/v1/businesses/events';

export const businessIds = (from: number, count: number) =>
	sandbox.universe.businesses.slice(from, from + count).map((business) => business.business_id);

export const eventRequests = (path = EVENTS_PATH) => sandbox.requests.filter((request) => request.path === path);

/** Adds an event for one business, at the sandbox's now or at a given time. */
export const addEvent = (businessId: string, extra: { event_time?: string; event_name?: string } = {}) =>
	sandbox.addEvent({ business_id: businessId, event_name: 'new_funding_round', ...extra });

export function businessTriggerCases(api: ApiVersion): void {
	it('starts from now (one poll gap back under durable cursors) on first activation, then fires each new event exactly once across polls', async () => {
		// businesses of their own per version: the other version's events are recent enough to fire
		const ids = businessIds(api !== 'v2' ? 0 : 3, 3);
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
		const sentTypes = api !== 'v2' ? types : types.map(v2EventType);
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
}
