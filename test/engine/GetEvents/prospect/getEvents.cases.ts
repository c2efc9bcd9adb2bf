/**
 * Get Events for prospects on one API version, at the node version that speaks it:
 * getEvents.test.ts runs these cases on v2, getEvents.v1.test.ts on v1 (retiring v1 deletes that
 * file); and the helpers the two files share. Ids gathered across items, de-duplicated and sent 40
 * per request; every event paired to every item that asked for its prospect, in order; Match
 * Prospects -> Get Events with default parameters. Expected events come from the sandbox's
 * universe, not from its handler.
 */
import type { IDataObject } from 'n8n-workflow';

import { GetEvents } from '../../../../nodes/GetEvents/GetEvents.node';
import { NO_PROSPECT_EVENTS_HINT } from '../../../../nodes/GetEvents/actions/getEvents.operation';
import { GET_PROSPECT_EVENTS_TOOL_DESCRIPTION } from '../../../../nodes/GetEvents/helpers/toolText';

import { DEFAULT_PROSPECT_EVENT_TYPES } from '../../../../nodes/shared/eventTypes';
import { type ApiVersion, LIMITS, PROSPECT_EVENT_TYPES } from '../../../../nodes/shared/api';
import { DEFAULT_API_VERSION } from '../../../../nodes/shared/transport/connection';
import type { ProspectEvent } from '../../../sandbox';
import { itemsNode, linearWorkflow, manualTriggerNode, onItems, runWorkflow, type WorkflowNode } from '../../harness';
import { pathOn, typeVersionFor } from '../../harness/apiVersions';
import { contactTable, expectedProspectId } from '../../matchEnrichContacts';
import { credentials, DAY_MS, forResource, isoDaysAgo, itemsOf, NODE, sandbox } from '../setup';

const EVENTS_PATH = '/v1/prospects/events';
const { getEvents: getEventsAt } = forResource({ resource: 'prospect' });

/**
 * The API version the running describe block speaks (onEachVersion sets it for its tests; the other
 * blocks speak the default version, v1 until it is retired): the nodes' typeVersions and the path
 * follow it.
 */
let api: ApiVersion = DEFAULT_API_VERSION;
export function onEachVersion(version: ApiVersion) {
	beforeAll(() => (api = version));
	afterAll(() => (api = DEFAULT_API_VERSION));
}
export const getEvents: typeof getEventsAt = async (items, parameters, settings) =>
	await getEventsAt(items, parameters, { typeVersion: typeVersionFor('getEvents', api), ...settings });

export const eventRequests = () => sandbox.requests.filter((request) => request.path === pathOn(api, EVENTS_PATH));
export const bodies = () => eventRequests().map((request) => request.body as IDataObject);

export const byId = (a: IDataObject, b: IDataObject) => String(a.event_id).localeCompare(String(b.event_id));
export const prospectIds = (from: number, count: number) =>
	sandbox.universe.prospects.slice(from, from + count).map((prospect) => prospect.prospect_id);

/** The events the service returns: named prospects and types, strictly after `since`. */
export function expectedEvents(ids: Iterable<string>, types: readonly string[], since: string): ProspectEvent[] {
	const wanted = new Set(ids);
	const sinceMs = Date.parse(since);
	return sandbox.universe.prospectEvents.filter(
		(event) => wanted.has(event.prospect_id) && types.includes(event.event_name) && Date.parse(event.event_time) > sinceMs,
	);
}

/** 100 prospects across 120 input items (items 100-119 repeat some, as lists and as text). */
export function hundredProspectsCases(version: ApiVersion): void {
	onEachVersion(version);
	const since = isoDaysAgo(60);
	// items 0-99 name one prospect each; items 100-109 repeat two of them as a list, items
	// 110-119 as comma-separated text
	const ids = () => prospectIds(0, 100);
	const items = () => [
		...ids().map((prospect_id) => ({ prospect_id })),
		...Array.from({ length: 10 }, (_, n) => ({ prospect_id: [ids()[n], ids()[99 - n]] })),
		...Array.from({ length: 10 }, (_, n) => ({ prospect_id: `${ids()[2 * n]}, ${ids()[3 * n + 1]}` })),
	];
	const askers = () => {
		const map = new Map<string, number[]>();
		items().forEach((item, index) => {
			const list = Array.isArray(item.prospect_id) ? item.prospect_id : item.prospect_id.split(', ');
			for (const id of list) map.set(id, [...(map.get(id) ?? []), index]);
		});
		return map;
	};

	test('cost exactly ceil(100 unique / 40) = 3 requests (40, 40, 20 ids in first-asked order)', async () => {
		const run = await getEvents(items(), { since, prospectEventTypes: [...PROSPECT_EVENT_TYPES] });
		expect(run.error).toBeUndefined();
		expect(eventRequests()).toHaveLength(Math.ceil(100 / LIMITS.prospectEventIds));
		// requests run concurrently (answer order varies): sizes and ids compared as sets, each id sent once
		expect(bodies().map((body) => (body.prospect_ids as string[]).length).sort((a, b) => b - a)).toEqual([40, 40, 20]);
		const chunks = bodies().map((body) => body.prospect_ids as string[]);
		expect(chunks.flat().sort()).toEqual([...ids()].sort());
		// each request holds a run of ids in first-asked order
		expect(chunks.sort((a, b) => ids().indexOf(a[0]) - ids().indexOf(b[0])).flat()).toEqual(ids());
		for (const body of bodies()) {
			expect(body).toEqual({ prospect_ids: expect.any(Array), event_types: [...PROSPECT_EVENT_TYPES], timestamp_from: since });
		}
		expect(eventRequests().every((request) => request.status === 200)).toBe(true);
	});

	test('one item per event, each once, paired to every item that asked for its prospect, in order', async () => {
		const run = await getEvents(items(), { since, prospectEventTypes: [...PROSPECT_EVENT_TYPES] });
		const expected = expectedEvents(ids(), PROSPECT_EVENT_TYPES, since);
		expect(expected.length).toBeGreaterThan(20);
		// the check means something: some events of these prospects are older than `since`
		expect(expectedEvents(ids(), PROSPECT_EVENT_TYPES, isoDaysAgo(LIMITS.eventWindowDays)).length).toBeGreaterThan(expected.length);

		const output = run.json(NODE);
		expect([...output].sort(byId)).toEqual([...expected].sort(byId));
		const pairs = run.pairedItems(NODE);
		const asked = askers();
		output.forEach((event, index) => expect(itemsOf(pairs[index])).toEqual(asked.get(String(event.prospect_id))));
		expect(output.some((event) => (asked.get(String(event.prospect_id)) ?? []).length === 3)).toBe(true);
		// order: by the first item that asked, oldest first within it
		const firstAsker = pairs.map((pair) => itemsOf(pair)[0]);
		output.forEach((event, index) => {
			if (index === 0) return;
			expect(firstAsker[index]).toBeGreaterThanOrEqual(firstAsker[index - 1]);
			if (firstAsker[index] === firstAsker[index - 1]) {
				expect(Date.parse(String(event.event_time))).toBeGreaterThanOrEqual(Date.parse(String(output[index - 1].event_time)));
			}
		});
	});

	test('One Item per Input Item: every item kept in order, with its prospects\' events', async () => {
		const run = await getEvents(items(), { since, prospectEventTypes: [...PROSPECT_EVENT_TYPES], output: 'inputItem' });
		expect(eventRequests()).toHaveLength(3);
		const output = run.json(NODE);
		expect(output).toHaveLength(120);
		output.forEach((item, index) => {
			expect(item.prospect_id).toEqual(items()[index].prospect_id);
			const list = Array.isArray(item.prospect_id) ? item.prospect_id : String(item.prospect_id).split(', ');
			const expected = expectedEvents(list, PROSPECT_EVENT_TYPES, since);
			expect([...(item.events as IDataObject[])].sort(byId)).toEqual([...expected].sort(byId));
		});
		expect(run.pairedItems(NODE).map((pair) => itemsOf(pair))).toEqual(output.map((_, index) => [index]));
	});
}

/** Match Prospects -> Get Events with default parameters: the contact rows' prospects, each asked for once. */
export function matchThenEventsCases(version: ApiVersion): void {
	onEachVersion(version);

	test('every matched prospect asked for once, ceil(unique ids / 40) requests, events paired back to the contact rows', async () => {
		const rows = contactTable(sandbox.universe, 120);
		const matchNode: WorkflowNode = {
			name: 'Match Prospects',
			type: 'n8n-nodes-business-prospect-data.matchProspects',
			typeVersion: typeVersionFor('matchProspects', api),
			parameters: {},
		};
		const workflow = linearWorkflow([
			manualTriggerNode(),
			itemsNode(rows),
			matchNode,
			{
				name: NODE,
				type: 'n8n-nodes-business-prospect-data.getEvents',
				typeVersion: typeVersionFor('getEvents', api),
				parameters: { resource: 'prospect', since: isoDaysAgo(89) },
			},
		]);
		const run = await runWorkflow(workflow, { credentials: credentials() });
		expect(run.error).toBeUndefined();
		const matches = sandbox.requests.filter((request) => request.path === pathOn(api, '/v1/prospects/match'));
		expect(matches.map((request) => (request.body as { prospects_to_match: unknown[] }).prospects_to_match.length)).toEqual(api !== 'v2' ? [40, 40, 40] : [50, 50, 20]);

		const matched = rows.map((row) => expectedProspectId(sandbox.universe, row));
		const unique = [...new Set(matched.filter((id): id is string => id !== undefined))];
		expect(matched.filter((id) => id === undefined).length).toBeGreaterThan(0);
		expect(eventRequests()).toHaveLength(Math.ceil(unique.length / LIMITS.prospectEventIds));
		expect(bodies().flatMap((body) => body.prospect_ids as string[]).sort()).toEqual([...unique].sort());

		const output = run.json(NODE);
		expect(new Set(bodies().map((body) => body.timestamp_from)).size).toBe(1);
		const expected = expectedEvents(unique, DEFAULT_PROSPECT_EVENT_TYPES, String(bodies()[0].timestamp_from));
		expect(expected.length).toBeGreaterThan(5);
		expect([...output].sort(byId)).toEqual([...expected].sort(byId));
		// each event is linked to the Match Prospects items (= contact rows) that found its prospect
		const pairs = run.pairedItems(NODE);
		output.forEach((event, index) => {
			const rowsOfProspect = matched.flatMap((id, row) => (id === event.prospect_id ? [row] : []));
			expect(itemsOf(pairs[index])).toEqual(rowsOfProspect);
		});
		const misses = matched.filter((id) => id === undefined).length;
		expect(run.runData[NODE][0].hints).toEqual([
			expect.objectContaining({ message: expect.stringMatching(new RegExp(`^${misses} items? had no prospect_id`)) }),
		]);
	});
}

/** The defaults (the item's prospect_id, the contract's two change types, 7 days back), no events, a type the service does not know, items without a prospect_id passed over. */
export function prospectDefaultsCases(version: ApiVersion): void {
	onEachVersion(version);

	test('defaults: the item\'s prospect_id, the contract\'s two change types, 7 days back, 200 prospects in 5 requests', async () => {
		const ids = prospectIds(100, 200);
		const before = Date.now();
		const run = await getEvents(ids.map((prospect_id) => ({ prospect_id })));
		expect(run.error).toBeUndefined();
		expect(eventRequests()).toHaveLength(5);
		expect(bodies()[0].event_types).toEqual(DEFAULT_PROSPECT_EVENT_TYPES);
		const sentFrom = Date.parse(String(bodies()[0].timestamp_from));
		expect(sentFrom).toBeGreaterThanOrEqual(before - 7 * DAY_MS - 1000);
		expect(sentFrom).toBeLessThanOrEqual(Date.now() - 7 * DAY_MS + 1000);
		const expected = expectedEvents(ids, DEFAULT_PROSPECT_EVENT_TYPES, String(bodies()[0].timestamp_from));
		expect(expected.length).toBeGreaterThan(0);
		expect([...run.json(NODE)].sort(byId)).toEqual([...expected].sort(byId));
	});

	test('no events: no items, and the same hint as for businesses, worded for prospects', async () => {
		const quiet = sandbox.universe.prospects.find(
			(prospect) => !sandbox.universe.prospectEvents.some((event) => event.prospect_id === prospect.prospect_id),
		)!;
		const run = await getEvents([{ prospect_id: quiet.prospect_id }], { since: isoDaysAgo(80) });
		expect(run.error).toBeUndefined();
		expect(eventRequests()).toHaveLength(1);
		expect(run.json(NODE)).toEqual([]);
		expect(run.runData[NODE][0].hints).toEqual([{ message: NO_PROSPECT_EVENTS_HINT, location: 'outputPane' }]);
	});

	test('a type the service does not know for prospects is its 422, reported as such', async () => {
		const run = await getEvents([{ prospect_id: prospectIds(0, 1)[0] }], { options: { otherEventTypes: 'new_funding_round' } });
		expect(eventRequests()).toHaveLength(1);
		expect(run.error?.httpCode).toBe('422');
		expect(run.error?.message).toMatch(/^The service rejected the request \(422\): event_types\[2\]: value is not a valid enumeration member/);
	});

	test('items without a prospect_id are passed over: no request for them, kept in One Item per Input Item, a hint says so', async () => {
		const [a, b] = prospectIds(0, 2);
		const run = await getEvents([{ prospect_id: a }, { prospect_id: null }, { name: 'no id' }, { prospect_id: b }], {
			since: isoDaysAgo(80),
			output: 'inputItem',
		});
		expect(run.error).toBeUndefined();
		expect(bodies().map((body) => body.prospect_ids)).toEqual([[a, b]]);
		const output = run.json(NODE);
		expect(output).toHaveLength(4);
		const since = String(bodies()[0].timestamp_from);
		expect([...(output[0].events as IDataObject[])].sort(byId)).toEqual(expectedEvents([a], DEFAULT_PROSPECT_EVENT_TYPES, since).sort(byId));
		expect([...(output[3].events as IDataObject[])].sort(byId)).toEqual(expectedEvents([b], DEFAULT_PROSPECT_EVENT_TYPES, since).sort(byId));
		expect(output[1]).toEqual({ prospect_id: null, events: [] });
		expect(output[2]).toEqual({ name: 'no id', events: [] });
		expect(run.runData[NODE][0].hints).toEqual([
			{
				message:
					'2 items had no prospect_id (for example contacts Match Prospects did not find): nothing was asked for them and they are kept with an empty events list',
				location: 'outputPane',
			},
		]);
	});
}

/** The generated Get Events Tool's request: the model's prospect_ids, 40 per request, the latest events first. */
export function prospectToolCases(version: ApiVersion): void {
	onEachVersion(version);

	const TOOL_TYPE = 'n8n-nodes-business-prospect-data.getEventsTool';
	/** What convertNodeToAiTool changes that the node reads: the type name (the `@tool` display option). */
	function toolType() {
		const type = new GetEvents();
		type.description = { ...type.description, name: 'getEventsTool' };
		return type;
	}
	/** One tool call: the model's arguments are the input item, as $fromAI reads them. */
	async function callTool(args: IDataObject) {
		const tool: WorkflowNode = { name: 'Get Events Tool', type: TOOL_TYPE, typeVersion: typeVersionFor('getEvents', api), parameters: { resource: 'prospect' } };
		const workflow = onItems([args], tool);
		return await runWorkflow(workflow, { credentials: credentials(), nodeTypes: { [TOOL_TYPE]: toolType() } });
	}

	test('the model passes prospect_ids: 40 per request, the latest events newest first', async () => {
		const ids = prospectIds(0, 45);
		const since = isoDaysAgo(80);
		const run = await callTool({ prospect_ids: ids.join(', '), since });
		expect(run.error).toBeUndefined();
		expect(bodies().map((body) => (body.prospect_ids as string[]).length).sort((a, b) => b - a)).toEqual([40, 5]);
		const expected = expectedEvents(ids, DEFAULT_PROSPECT_EVENT_TYPES, since);
		expect(expected.length).toBeGreaterThan(0);
		const [answer] = run.json('Get Events Tool');
		expect(answer.total_events).toBe(expected.length);
		const times = (answer.events as IDataObject[]).map((event) => Date.parse(String(event.event_time)));
		expect(times).toEqual([...times].sort((a, b) => b - a));
		expect([...(answer.events as IDataObject[])].sort(byId)).toEqual([...expected].sort(byId).slice(0, 50));
		expect(GET_PROSPECT_EVENTS_TOOL_DESCRIPTION).toMatch(/^Get recent events of prospects/);
	});
}
