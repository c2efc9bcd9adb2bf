/**
 * Get Events for prospects on API v1 (node version 1) in n8n-core's engine against the sandbox:
 * getEvents.cases.ts on v1; the defaults (the item's prospect_id, the contract's two change types,
 * 7 days back), no events, a type the service does not know, items without a prospect_id passed
 * over; the generated tool's request. Retiring v1 deletes this file (docs/development.md, "Retiring
 * API v1"). Set-up and shared helpers: ../setup.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { GetEvents } from '../../../../nodes/GetEvents/GetEvents.node';
import { NO_PROSPECT_EVENTS_HINT } from '../../../../nodes/GetEvents/actions/getEvents.operation';
import { GET_PROSPECT_EVENTS_TOOL_DESCRIPTION } from '../../../../nodes/GetEvents/toolText';
import { DEFAULT_PROSPECT_EVENT_TYPES } from '../../../../nodes/shared/eventTypes';
import { onItems, runWorkflow, type WorkflowNode } from '../../harness';
import { credentials, DAY_MS, isoDaysAgo, NODE, sandbox, setUpSandbox } from '../setup';
import { bodies, byId, eventRequests, expectedEvents, getEvents, hundredProspectsCases, matchThenEventsCases, onEachVersion, prospectIds } from './getEvents.cases';

setUpSandbox();
// every test here speaks v1: the node versions and the paths follow it (the default version today)
onEachVersion('v1');

describe('100 prospects across 120 input items, API v1', () => hundredProspectsCases('v1'));

describe('defaults and validation', () => {
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
});

describe('Match Prospects -> Get Events with default parameters, API v1', () => matchThenEventsCases('v1'));

describe('as a tool (n8n\'s generated Get Events Tool)', () => {
	const TOOL_TYPE = 'n8n-nodes-business-prospect-data.getEventsTool';
	/** What convertNodeToAiTool changes that the node reads: the type name (the `@tool` display option). */
	function toolType() {
		const type = new GetEvents();
		type.description = { ...type.description, name: 'getEventsTool' };
		return type;
	}
	/** One tool call: the model's arguments are the input item, as $fromAI reads them. */
	async function callTool(args: IDataObject) {
		const tool: WorkflowNode = { name: 'Get Events Tool', type: TOOL_TYPE, typeVersion: 1, parameters: { resource: 'prospect' } };
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
});
