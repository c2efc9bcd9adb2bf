/**
 * Get Events for businesses (Resource: Business) in n8n-core's engine against the sandbox: every
 * event paired to every item that asked for its business; timestamp_from honoured; a Since outside
 * the event window stopped before any request (and sent to the error output); items without
 * business_id, Event Data Parameters that are not JSON or on API v2; separate copies per input
 * item. v1's cases (the requests' sizes and bodies, the defaults, no events, unknown types):
 * getEvents.v1.test.ts. Expected events are computed from the sandbox's universe, not from its
 * handler. Set-up and shared helpers: ../setup.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { BUSINESS_EVENT_TYPES, catalogFor, LIMITS, v2EventType } from '../../../../nodes/shared/api';
import { DEFAULT_BUSINESS_EVENT_TYPES } from '../../../../nodes/shared/eventTypes';
import { NO_EVENTS_HINT } from '../../../../nodes/GetEvents/actions/getEvents.operation';
import type { BusinessEvent } from '../../../sandbox';
import { onItems, runWorkflow, sandboxCredentials } from '../../harness';
import { typeVersionFor } from '../../harness/apiVersions';
import { DAY_MS, forResource, isoDaysAgo, itemsOf, NODE, sandbox, setUpSandbox } from '../setup';

const { getEvents } = forResource({});

setUpSandbox();

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
	/** which input items asked for each business */
	const askers = () => {
		const map = new Map<string, number[]>();
		items().forEach((item, index) => {
			const list = Array.isArray(item.business_id) ? item.business_id : item.business_id.split(', ');
			for (const id of list) map.set(id, [...(map.get(id) ?? []), index]);
		});
		return map;
	};

	test('output one item per event, paired to every item that asked for its business', async () => {
		const run = await getEvents(items(), { since, eventTypes: [...BUSINESS_EVENT_TYPES] });
		const expected = expectedEvents(ids(), BUSINESS_EVENT_TYPES, since);
		// the check means something: there are events on both sides of `since`
		expect(expected.length).toBeGreaterThan(50);
		expect(expectedEvents(ids(), BUSINESS_EVENT_TYPES, isoDaysAgo(LIMITS.eventWindowDays)).length).toBeGreaterThan(
			expected.length,
		);

		const output = run.json(NODE);
		expect(output).toHaveLength(expected.length);
		expect(new Set(output.map((event) => event.event_id)).size).toBe(expected.length);
		expect([...output].sort(byId)).toEqual([...expected].sort(byId));

		const pairs = run.pairedItems(NODE);
		const asked = askers();
		output.forEach((event, index) => {
			expect(itemsOf(pairs[index])).toEqual(asked.get(String(event.business_id)));
		});
		// order: by the first item that asked, oldest first within it
		const firstAsker = pairs.map((pair) => itemsOf(pair)[0]);
		output.forEach((event, index) => {
			if (index === 0) return;
			expect(firstAsker[index]).toBeGreaterThanOrEqual(firstAsker[index - 1]);
			if (firstAsker[index] === firstAsker[index - 1]) {
				expect(Date.parse(String(event.event_time))).toBeGreaterThanOrEqual(
					Date.parse(String(output[index - 1].event_time)),
				);
			}
		});
		// a business asked for by 3 items: its events carry all three
		const shared = output.find((event) => (asked.get(String(event.business_id)) ?? []).length === 3);
		expect(shared).toBeDefined();
	});

	test('timestamp_from is honoured: no event at or before Since', async () => {
		const run = await getEvents(items(), { since, eventTypes: [...DEFAULT_BUSINESS_EVENT_TYPES] });
		const output = run.json(NODE);
		expect(output.length).toBeGreaterThan(0);
		for (const event of output) {
			expect(Date.parse(String(event.event_time))).toBeGreaterThan(Date.parse(since));
			expect(DEFAULT_BUSINESS_EVENT_TYPES).toContain(event.event_name);
		}
		expect(output).toHaveLength(expectedEvents(ids(), DEFAULT_BUSINESS_EVENT_TYPES, since).length);
	});
});

describe('Since outside the event window', () => {
	const business_id = () => sandbox.universe.businesses[0].business_id;

	test('a date 4 months ago is rejected before any request, naming item and field', async () => {
		const fourMonthsAgo = isoDaysAgo(122).slice(0, 10);
		const run = await getEvents([{ business_id: business_id() }, { business_id: business_id() }], {
			since: `={{ $itemIndex === 1 ? "${fourMonthsAgo}" : $now.minus({ days: 3 }).toISO() }}`,
		});
		expect(run.error?.message).toMatch(
			new RegExp(`^Item 1: Since must be within the last ${LIMITS.eventWindowDays} days \\(the service keeps events for about three months\\): the earliest allowed is \\d{4}-\\d{2}-\\d{2}, got ${fourMonthsAgo}$`),
		);
		expect(run.error?.itemIndex).toBe(1);
		expect(run.error?.description).toBe('Nothing was sent to the service for this item.');
		expect(sandbox.requests).toHaveLength(0);
	});
});

describe('defaults and edge cases', () => {
	test('a run with events, or with One Item per Input Item, has no such hint', async () => {
		const busy = sandbox.universe.events[sandbox.universe.events.length - 1].business_id;
		const withEvents = await getEvents([{ business_id: busy }], { eventTypes: [...BUSINESS_EVENT_TYPES], since: isoDaysAgo(89) });
		expect(withEvents.json(NODE).length).toBeGreaterThan(0);
		expect(withEvents.runData[NODE][0].hints ?? []).toEqual([]);
		const quiet = sandbox.universe.businesses.find(
			(business) => !sandbox.universe.events.some((event) => event.business_id === business.business_id),
		);
		const perItem = await getEvents([{ business_id: quiet?.business_id }], { since: isoDaysAgo(89), output: 'inputItem' });
		expect(perItem.json(NODE)).toHaveLength(1);
		expect(perItem.runData[NODE][0].hints ?? []).toEqual([]);
	});

	test('an item without business_id is an error naming it; nothing is sent', async () => {
		const run = await getEvents([{ business_id: sandbox.universe.businesses[0].business_id }, { name: 'Acme' }]);
		expect(run.error?.message).toBe('Item 1: Business IDs is empty: the item has no business_id. Map a field that holds the IDs, or type them.');
		expect(sandbox.requests).toHaveLength(0);
	});
});

function byId(a: { event_id?: unknown }, b: { event_id?: unknown }) {
	return String(a.event_id).localeCompare(String(b.event_id));
}

describe('fixes', () => {
	test('with the error output: the item with a bad Since reaches output 1, the events output 0', async () => {
		const since = isoDaysAgo(80);
		const ids = sandbox.universe.businesses.slice(0, 3).map((business) => business.business_id);
		const run = await getEvents(
			ids.map((business_id) => ({ business_id })),
			{ since: `={{ $itemIndex === 1 ? "2000-01-01" : "${since}" }}`, eventTypes: [...BUSINESS_EVENT_TYPES] },
			{ onError: 'continueErrorOutput' },
		);
		expect(run.error).toBeUndefined();
		const events = run.json(NODE, 0);
		expect(events).toHaveLength(expectedEvents([ids[0], ids[2]], BUSINESS_EVENT_TYPES, since).length);
		expect(events.every((event) => event.error === undefined)).toBe(true);
		const errors = run.json(NODE, 1);
		expect(errors).toEqual([
			{
				business_id: ids[1],
				error: expect.stringMatching(/^Item 1: Since must be within the last 90 days/),
				details: 'Nothing was sent to the service for this item.',
			},
		]);
		expect(run.pairedItems(NODE, 1)).toEqual([[{ item: 1 }]]);
	});

	test('Event Data Parameters that are not JSON: the item and field are named, nothing is sent', async () => {
		const business_id = sandbox.universe.businesses[0].business_id;
		const run = await getEvents([{ business_id }], { options: { eventDataParameters: '[{"min_amount": }]' } });
		expect(run.error?.message).toMatch(/^Item 0: Event Data Parameters is not valid JSON \(/);
		expect(run.error?.description).toBe(
			'Write a JSON list of objects such as [{"key": "value"}], or leave it empty. Nothing was sent to the service for this item.',
		);
		expect(sandbox.requests).toHaveLength(0);
	});

	test('Event Data Parameters on API v2 (which takes none): refused for the item that sets them, nothing is sent', async () => {
		const business_id = sandbox.universe.businesses[0].business_id;
		const run = await getEvents(
			[{ business_id }, { business_id, extra: '[{"min_amount": 1000}]' }],
			{ options: { eventDataParameters: '={{ $json.extra ?? "" }}' } },
			{ typeVersion: typeVersionFor('getEvents', 'v2') },
		);
		expect(run.error?.message).toBe(
			'Item 1: Event Data Parameters are not taken by API v2: remove the option, or set API Version to v1 in the credential',
		);
		expect(sandbox.requests).toHaveLength(0);
	});

	test('One Item per Input Item: two items asking for one business get separate copies of its events', async () => {
		const business_id = sandbox.universe.events[sandbox.universe.events.length - 1].business_id;
		const run = await getEvents([{ business_id }, { business_id }], {
			eventTypes: [...BUSINESS_EVENT_TYPES],
			since: isoDaysAgo(60),
			output: 'inputItem',
		});
		const [first, second] = run.output(NODE).map((item) => item.json.events as IDataObject[]);
		expect(first.length).toBeGreaterThan(0);
		expect(first).toEqual(second);
		expect(first[0]).not.toBe(second[0]);
	});
});

/**
 * Get Events 2 (API v2, node version 2 at Per Node Version): ids gathered across items,
 * de-duplicated and sent 40 per request to /v2/businesses/events under v2's event names; One Item
 * per Input Item; a bad Since under Continue on Fail; the defaults, no events, Other Event Types,
 * an unknown type's 422, items with different Since; a date alone read in the workflow's time zone.
 * The same on v1: getEvents.v1.test.ts.
 */
const EVENTS_PATH_V2 = catalogFor('v2').getBusinessEvents.path;
const { eventsNode: eventsNodeV2, getEvents: getEventsV2 } = forResource({}, typeVersionFor('getEvents', 'v2'));

const eventRequestsV2 = () => sandbox.requests.filter((request) => request.path === EVENTS_PATH_V2);
const bodiesV2 = () => eventRequestsV2().map((request) => request.body as IDataObject);

describe('Get Events 2 (API v2): 100 businesses across 120 input items', () => {
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
		const run = await getEventsV2(items(), { since, eventTypes: [...BUSINESS_EVENT_TYPES] });
		expect(run.error).toBeUndefined();

		expect(eventRequestsV2()).toHaveLength(3);
		expect(bodiesV2().map((body) => (body.business_ids as string[]).length)).toEqual([40, 40, 20]);
		const sent = bodiesV2().flatMap((body) => body.business_ids as string[]);
		expect(new Set(sent).size).toBe(100);
		expect([...sent].sort()).toEqual([...ids()].sort());
		for (const body of bodiesV2()) {
			expect(body.timestamp_from).toBe(since);
			// v2's names on the wire
			expect(body.event_types).toEqual(BUSINESS_EVENT_TYPES.map(v2EventType));
			expect(Object.keys(body).sort()).toEqual(['business_ids', 'event_types', 'timestamp_from']);
		}
		expect(eventRequestsV2().every((request) => request.status === 200)).toBe(true);
	});

	test('One Item per Input Item: 120 items in input order, each with its businesses\' events', async () => {
		const run = await getEventsV2(items(), { since, eventTypes: [...BUSINESS_EVENT_TYPES], output: 'inputItem' });
		expect(eventRequestsV2()).toHaveLength(3);
		const output = run.json(NODE);
		expect(output).toHaveLength(120);
		expect(run.pairedItems(NODE).map(itemsOf)).toEqual(items().map((_, index) => [index]));
		output.forEach((item, index) => {
			const input = items()[index];
			expect(item.business_id).toEqual(input.business_id);
			const list = Array.isArray(input.business_id) ? input.business_id : input.business_id.split(', ');
			const expected = expectedEvents(list, BUSINESS_EVENT_TYPES, since);
			expect([...(item.events as IDataObject[])].sort(byEventId)).toEqual([...expected].sort(byEventId));
		});
	});
});

describe('Get Events 2 (API v2): Since outside the event window', () => {
	test('under Continue on Fail the bad item becomes a paired error item and the rest are fetched', async () => {
		const since = isoDaysAgo(80);
		const ids = sandbox.universe.businesses.slice(0, 3).map((business) => business.business_id);
		const run = await getEventsV2(
			ids.map((business_id) => ({ business_id })),
			{ since: `={{ $itemIndex === 1 ? "2000-01-01" : "${since}" }}`, eventTypes: [...BUSINESS_EVENT_TYPES] },
			{ onError: 'continueRegularOutput' },
		);
		expect(eventRequestsV2()).toHaveLength(1);
		expect(bodiesV2()[0].business_ids).toEqual([ids[0], ids[2]]);
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

describe('Get Events 2 (API v2): defaults and edge cases', () => {
	test('with default parameters: the item\'s business_id, the contract\'s six types, 7 days back', async () => {
		const ids = sandbox.universe.businesses.slice(0, 300).map((business) => business.business_id);
		const before = Date.now();
		const run = await getEventsV2(ids.map((business_id) => ({ business_id })));
		expect(run.error).toBeUndefined();
		expect(eventRequestsV2()).toHaveLength(Math.ceil(300 / LIMITS.businessEventIds));
		const sentFrom = Date.parse(String(bodiesV2()[0].timestamp_from));
		expect(sentFrom).toBeGreaterThanOrEqual(before - 7 * DAY_MS - 1000);
		expect(sentFrom).toBeLessThanOrEqual(Date.now() - 7 * DAY_MS + 1000);
		expect(bodiesV2()[0].event_types).toEqual(DEFAULT_BUSINESS_EVENT_TYPES.map(v2EventType));
		const expected = expectedEvents(ids, DEFAULT_BUSINESS_EVENT_TYPES, String(bodiesV2()[0].timestamp_from));
		expect(run.json(NODE)).toHaveLength(expected.length);
	});

	test('no events: no output items, one request, and the run says so in a hint', async () => {
		const quiet = sandbox.universe.businesses.find(
			(business) => !sandbox.universe.events.some((event) => event.business_id === business.business_id),
		);
		const run = await getEventsV2([{ business_id: quiet?.business_id }], { since: isoDaysAgo(89) });
		expect(run.error).toBeUndefined();
		expect(eventRequestsV2()).toHaveLength(1);
		expect(run.json(NODE)).toEqual([]);
		expect(run.runData[NODE][0].hints).toEqual([{ message: NO_EVENTS_HINT, location: 'outputPane' }]);
		expect(NO_EVENTS_HINT).toBe(
			'No events: none of the businesses had events of the chosen types in the period, so the nodes after this one did not run',
		);
	});

	test('Other Event Types reach the body (v2 takes no Event Data Parameters)', async () => {
		const business_id = sandbox.universe.businesses[0].business_id;
		const run = await getEventsV2([{ business_id }], {
			eventTypes: ['new_product'],
			options: { otherEventTypes: 'company_award, cost_cutting, employee_joined_company' },
		});
		expect(run.error).toBeUndefined();
		expect(bodiesV2()).toEqual([
			{ business_ids: [business_id], event_types: ['new_product', 'company_award', 'cost_cutting', 'executive_joined_company'], timestamp_from: expect.any(String) },
		]);
	});

	test('an event type the service does not know: its 422, naming the type, after one request', async () => {
		const business_id = sandbox.universe.businesses[0].business_id;
		const run = await getEventsV2([{ business_id }], {
			eventTypes: ['new_product'],
			options: { otherEventTypes: 'made_up_type' },
		});
		expect(eventRequestsV2()).toHaveLength(1);
		expect(run.error?.httpCode).toBe('422');
		expect(run.error?.message).toMatch(/^The service rejected the request \(422\): event_types\[1\]: value is not a valid enumeration member/);
	});

	test('items asking with different Since are sent apart, and an event in both answers is output once', async () => {
		const business_id = sandbox.universe.events[sandbox.universe.events.length - 1].business_id;
		const run = await getEventsV2([{ business_id }, { business_id }], {
			eventTypes: [...BUSINESS_EVENT_TYPES],
			since: `={{ $itemIndex === 0 ? "${isoDaysAgo(30)}" : "${isoDaysAgo(60)}" }}`,
		});
		expect(eventRequestsV2()).toHaveLength(2);
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

function byEventId(a: { event_id?: unknown }, b: { event_id?: unknown }) {
	return String(a.event_id).localeCompare(String(b.event_id));
}

describe('Get Events 2 (API v2): fixes', () => {
	test('a date alone means midnight in the workflow time zone', async () => {
		const business_id = sandbox.universe.businesses[0].business_id;
		const day = isoDaysAgo(10).slice(0, 10);
		const workflow = onItems([{ business_id }], eventsNodeV2({ since: day }));
		const run = await runWorkflow(
			{ ...workflow, settings: { timezone: 'Asia/Tokyo' } },
			{ credentials: sandboxCredentials(sandbox) },
		);
		expect(run.error).toBeUndefined();
		// midnight in Tokyo (UTC+9) is 15:00 UTC the day before
		const expected = new Date(Date.parse(`${day}T00:00:00Z`) - 9 * 3_600_000).toISOString();
		expect(bodiesV2()[0].timestamp_from).toBe(expected);
	});
});
