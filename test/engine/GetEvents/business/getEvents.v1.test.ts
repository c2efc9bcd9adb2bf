/**
 * Get Events for businesses on API v1 (node version 1 at Per Node Version) in n8n-core's engine
 * against the sandbox: ids gathered across items, de-duplicated and sent 40 per request; One Item
 * per Input Item; a bad Since under Continue on Fail; the defaults, no events, Other Event Types
 * and Event Data Parameters, an unknown type's 422, items with different Since; a date alone read
 * in the workflow's time zone. Expected events are computed from the sandbox's universe, not from
 * its handler. Retiring v1 deletes this file (docs/development.md, "Retiring API v1"). Set-up and
 * shared helpers: ../setup.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { BUSINESS_EVENT_TYPES, LIMITS } from '../../../../nodes/shared/api';
import { DEFAULT_BUSINESS_EVENT_TYPES } from '../../../../nodes/shared/eventTypes';
import { NO_EVENTS_HINT } from '../../../../nodes/GetEvents/actions/getEvents.operation';
import type { BusinessEvent } from '../../../sandbox';
import { onItems, runWorkflow, sandboxCredentials } from '../../harness';
import { typeVersionFor } from '../../harness/apiVersions';
import { DAY_MS, forResource, isoDaysAgo, itemsOf, NODE, sandbox, setUpSandbox } from '../setup';

const EVENTS_PATH = '/v1/businesses/events';
// node version 1, the newest that speaks v1 at Per Node Version: these are v1's cases
const { eventsNode, getEvents } = forResource({}, typeVersionFor('getEvents', 'v1'));

setUpSandbox();

const eventRequests = () => sandbox.requests.filter((request) => request.path === EVENTS_PATH);
const bodies = () => eventRequests().map((request) => request.body as IDataObject);

/** The events the contract says the service returns: named ids and types, strictly after `since`. */
function expectedEvents(ids: Iterable<string>, types: readonly string[], since: string): BusinessEvent[] {
	const wanted = new Set(ids);
	const sinceMs = Date.parse(since);
	return sandbox.universe.events.filter(
		(event) => wanted.has(event.business_id) && types.includes(event.event_name) && Date.parse(event.event_time) > sinceMs,
	);
}

describe('100 businesses across 120 input items', () => {
	const since = isoDaysAgo(45);
	// items 0-99 name one business each; items 100-109 repeat two of them as a list, items
	// 110-119 as comma-separated text
	const ids = () => sandbox.universe.businesses.slice(0, 100).map((business) => business.business_id);
	const items = () => [
		...ids().map((business_id) => ({ business_id })),
		...Array.from({ length: 10 }, (_, n) => ({ business_id: [ids()[n], ids()[99 - n]] })),
		...Array.from({ length: 10 }, (_, n) => ({ business_id: `${ids()[2 * n]}, ${ids()[3 * n + 1]}` })),
	];

	test('cost exactly 3 requests (40, 40, 20 unique ids), each with the same types and timestamp_from', async () => {
		const run = await getEvents(items(), { since, eventTypes: [...BUSINESS_EVENT_TYPES] });
		expect(run.error).toBeUndefined();

		expect(eventRequests()).toHaveLength(3);
		expect(bodies().map((body) => (body.business_ids as string[]).length)).toEqual([40, 40, 20]);
		const sent = bodies().flatMap((body) => body.business_ids as string[]);
		expect(new Set(sent).size).toBe(100);
		expect([...sent].sort()).toEqual([...ids()].sort());
		for (const body of bodies()) {
			expect(body.timestamp_from).toBe(since);
			expect(body.event_types).toEqual([...BUSINESS_EVENT_TYPES]);
			expect(Object.keys(body).sort()).toEqual(['business_ids', 'event_types', 'timestamp_from']);
		}
		expect(eventRequests().every((request) => request.status === 200)).toBe(true);
	});

	test('One Item per Input Item: 120 items in input order, each with its businesses\' events', async () => {
		const run = await getEvents(items(), { since, eventTypes: [...BUSINESS_EVENT_TYPES], output: 'inputItem' });
		expect(eventRequests()).toHaveLength(3);
		const output = run.json(NODE);
		expect(output).toHaveLength(120);
		expect(run.pairedItems(NODE).map(itemsOf)).toEqual(items().map((_, index) => [index]));
		output.forEach((item, index) => {
			const input = items()[index];
			expect(item.business_id).toEqual(input.business_id);
			const list = Array.isArray(input.business_id) ? input.business_id : input.business_id.split(', ');
			const expected = expectedEvents(list, BUSINESS_EVENT_TYPES, since);
			expect([...(item.events as IDataObject[])].sort(byId)).toEqual([...expected].sort(byId));
		});
	});
});

describe('Since outside the event window', () => {
	test('under Continue on Fail the bad item becomes a paired error item and the rest are fetched', async () => {
		const since = isoDaysAgo(80);
		const ids = sandbox.universe.businesses.slice(0, 3).map((business) => business.business_id);
		const run = await getEvents(
			ids.map((business_id) => ({ business_id })),
			{ since: `={{ $itemIndex === 1 ? "2000-01-01" : "${since}" }}`, eventTypes: [...BUSINESS_EVENT_TYPES] },
			{ onError: 'continueRegularOutput' },
		);
		expect(eventRequests()).toHaveLength(1);
		expect(bodies()[0].business_ids).toEqual([ids[0], ids[2]]);
		const output = run.json(NODE);
		const errors = output.filter((item) => item.error);
		expect(errors).toHaveLength(1);
		expect(errors[0].error).toMatch(/^Item 1: Since must be within the last 90 days/);
		const expected = expectedEvents([ids[0], ids[2]], BUSINESS_EVENT_TYPES, since);
		expect(output).toHaveLength(expected.length + 1);
		const errorIndex = output.indexOf(errors[0]);
		expect(itemsOf(run.pairedItems(NODE)[errorIndex])).toEqual([1]);
	});
});

describe('defaults and edge cases', () => {
	test('with default parameters: the item\'s business_id, the contract\'s six types, 7 days back', async () => {
		const ids = sandbox.universe.businesses.slice(0, 300).map((business) => business.business_id);
		const before = Date.now();
		const run = await getEvents(ids.map((business_id) => ({ business_id })));
		expect(run.error).toBeUndefined();
		expect(eventRequests()).toHaveLength(Math.ceil(300 / LIMITS.businessEventIds));
		const sentFrom = Date.parse(String(bodies()[0].timestamp_from));
		expect(sentFrom).toBeGreaterThanOrEqual(before - 7 * DAY_MS - 1000);
		expect(sentFrom).toBeLessThanOrEqual(Date.now() - 7 * DAY_MS + 1000);
		expect(bodies()[0].event_types).toEqual(DEFAULT_BUSINESS_EVENT_TYPES);
		const expected = expectedEvents(ids, DEFAULT_BUSINESS_EVENT_TYPES, String(bodies()[0].timestamp_from));
		expect(run.json(NODE)).toHaveLength(expected.length);
	});

	test('no events: no output items, one request, and the run says so in a hint', async () => {
		const quiet = sandbox.universe.businesses.find(
			(business) => !sandbox.universe.events.some((event) => event.business_id === business.business_id),
		);
		const run = await getEvents([{ business_id: quiet?.business_id }], { since: isoDaysAgo(89) });
		expect(run.error).toBeUndefined();
		expect(eventRequests()).toHaveLength(1);
		expect(run.json(NODE)).toEqual([]);
		expect(run.runData[NODE][0].hints).toEqual([{ message: NO_EVENTS_HINT, location: 'outputPane' }]);
		expect(NO_EVENTS_HINT).toBe(
			'No events: none of the businesses had events of the chosen types in the period, so the nodes after this one did not run',
		);
	});

	test('Other Event Types and Event Data Parameters reach the body', async () => {
		const business_id = sandbox.universe.businesses[0].business_id;
		const run = await getEvents([{ business_id }], {
			eventTypes: ['new_product'],
			options: { otherEventTypes: 'company_award, cost_cutting', eventDataParameters: '[{"min_amount": 1000}]' },
		});
		expect(run.error).toBeUndefined();
		expect(bodies()[0].event_types).toEqual(['new_product', 'company_award', 'cost_cutting']);
		expect(bodies()[0].event_data_parameters).toEqual([{ min_amount: 1000 }]);
	});

	test('an event type the service does not know: its 422, naming the type, after one request', async () => {
		const business_id = sandbox.universe.businesses[0].business_id;
		const run = await getEvents([{ business_id }], {
			eventTypes: ['new_product'],
			options: { otherEventTypes: 'made_up_type' },
		});
		expect(eventRequests()).toHaveLength(1);
		expect(run.error?.httpCode).toBe('422');
		expect(run.error?.message).toMatch(/^The service rejected the request \(422\): event_types\[1\]: value is not a valid enumeration member/);
	});

	test('items asking with different Since are sent apart, and an event in both answers is output once', async () => {
		const business_id = sandbox.universe.events[sandbox.universe.events.length - 1].business_id;
		const run = await getEvents([{ business_id }, { business_id }], {
			eventTypes: [...BUSINESS_EVENT_TYPES],
			since: `={{ $itemIndex === 0 ? "${isoDaysAgo(30)}" : "${isoDaysAgo(60)}" }}`,
		});
		expect(eventRequests()).toHaveLength(2);
		const output = run.json(NODE);
		const recent = expectedEvents([business_id], BUSINESS_EVENT_TYPES, isoDaysAgo(30));
		const older = expectedEvents([business_id], BUSINESS_EVENT_TYPES, isoDaysAgo(60));
		expect(recent.length).toBeGreaterThan(0);
		expect(output).toHaveLength(older.length);
		const pairs = run.pairedItems(NODE);
		output.forEach((event, index) => {
			const inRecent = recent.some((e) => e.event_id === event.event_id);
			expect(itemsOf(pairs[index])).toEqual(inRecent ? [0, 1] : [1]);
		});
	});
});

function byId(a: { event_id?: unknown }, b: { event_id?: unknown }) {
	return String(a.event_id).localeCompare(String(b.event_id));
}

describe('fixes', () => {
	test('a date alone means midnight in the workflow time zone', async () => {
		const business_id = sandbox.universe.businesses[0].business_id;
		const day = isoDaysAgo(10).slice(0, 10);
		const workflow = onItems([{ business_id }], eventsNode({ since: day }));
		const run = await runWorkflow(
			{ ...workflow, settings: { timezone: 'Asia/Tokyo' } },
			{ credentials: sandboxCredentials(sandbox) },
		);
		expect(run.error).toBeUndefined();
		// midnight in Tokyo (UTC+9) is 15:00 UTC the day before
		const expected = new Date(Date.parse(`${day}T00:00:00Z`) - 9 * 3_600_000).toISOString();
		expect(bodies()[0].timestamp_from).toBe(expected);
	});
});
