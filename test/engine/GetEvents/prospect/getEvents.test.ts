/**
 * Get Events for prospects (Resource: Prospect) in n8n-core's engine against the sandbox, on API v2
 * (getEvents.cases.ts; on v1: getEvents.v1.test.ts): ids gathered across items, de-duplicated and
 * sent 40 per request; every event paired to every item that asked for its prospect; Match
 * Prospects -> Get Events with default parameters; a bad id or type refused before any request; the
 * generated tool's error for empty ids. Also the sandbox data the tests rely on. Expected events
 * come from the sandbox's universe, not from its handler. Set-up and shared helpers: ../setup.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { GetEvents } from '../../../../nodes/GetEvents/GetEvents.node';
import { LIMITS, PROSPECT_EVENT_TYPES } from '../../../../nodes/shared/api';
import { onItems, runWorkflow, type WorkflowNode } from '../../harness';
import { credentials, DAY_MS, sandbox, setUpSandbox } from '../setup';
import { eventRequests, getEvents, hundredProspectsCases, matchThenEventsCases, prospectDefaultsCases, prospectIds, prospectToolCases } from './getEvents.cases';

setUpSandbox();

describe('the sandbox data the tests rely on', () => {
	test('prospect events are consistent with the universe: companies are its businesses, anniversaries follow the career', () => {
		const events = sandbox.universe.prospectEvents;
		for (const type of PROSPECT_EVENT_TYPES) expect(events.filter((event) => event.event_name === type).length).toBeGreaterThan(50);
		for (const event of events) {
			const prospect = sandbox.universe.prospect(event.prospect_id);
			expect(prospect).toBeDefined();
			expect(Date.parse(event.event_time)).toBeGreaterThan(Date.now() - LIMITS.eventWindowDays * DAY_MS);
			if (event.event_name === 'prospect_job_start_anniversary') {
				const start = prospect!.profile.experience[0].start_date;
				expect(event.data).toEqual({
					full_name: prospect!.full_name,
					company_name: prospect!.company_name,
					years_at_company: Number(event.event_time.slice(0, 4)) - Number(start.slice(0, 4)),
					job_title: prospect!.profile.job_title,
					job_anniversary_date: event.event_time.slice(0, 10),
					profnet_url: prospect!.profnet,
				});
				expect(event.event_time.slice(5, 10)).toBe(start.slice(5, 10));
			} else {
				expect(event.data.current_company_id).toBe(prospect!.business_id);
				expect(event.data.current_job_title).toBe(prospect!.profile.job_title);
				const previous = sandbox.universe.business(String(event.data.previous_company_id));
				expect(previous?.name).toBe(event.data.previous_company_name);
				if (event.event_name === 'prospect_changed_company') {
					expect(event.data.previous_company_name).toBe(prospect!.profile.experience[1].company_name);
					expect(event.data.previous_job_title).toBe(prospect!.profile.experience[1].title);
				} else {
					expect(previous?.business_id).toBe(prospect!.business_id);
					expect(event.data.previous_job_title).not.toBe(event.data.current_job_title);
				}
			}
		}
	});
});

describe('100 prospects across 120 input items, API v2', () => hundredProspectsCases('v2'));

describe('defaults and validation', () => {
	test('a bad id or type is refused before any request, naming the item and the field', async () => {
		const [a] = prospectIds(0, 1);
		const spaced = await getEvents([{ prospect_id: a }, { prospect_id: 'jane doe' }]);
		expect(spaced.error?.message).toBe(
			'Item 1: Prospect IDs "jane doe" is not an ID: must not contain spaces or control characters (separate IDs with commas, semicolons or line breaks)',
		);
		expect(spaced.error?.description).toBe('Nothing was sent to the service for this item.');
		const object = await getEvents([{ prospect_id: { id: a } }]);
		expect(object.error?.message).toBe('Item 0: Prospect IDs must be an ID, a list of IDs or comma-separated IDs, got an object');
		const noTypes = await getEvents([{ prospect_id: a }], { prospectEventTypes: [] });
		expect(noTypes.error?.message).toBe('Item 0: event_types must hold at least 1 event type');
		const tooOld = await getEvents([{ prospect_id: a }], { since: '2000-01-01' });
		expect(tooOld.error?.message).toMatch(/^Item 0: Since must be within the last 90 days/);
		expect(eventRequests()).toHaveLength(0);
	});
});

describe('Match Prospects -> Get Events with default parameters, API v2', () => matchThenEventsCases('v2'));

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

	test('an empty prospect_ids is an error the model can act on, nothing sent', async () => {
		const run = await callTool({ prospect_ids: ' ' });
		expect(run.error?.message).toMatch(/^prospect_ids is empty: pass one or more prospect IDs, e\.g\. [0-9a-f]{40}\.$/);
		expect(eventRequests()).toHaveLength(0);
	});
});

describe('defaults and validation, API v2', () => prospectDefaultsCases('v2'));

describe('as a tool (n8n\'s generated Get Events Tool), API v2', () => prospectToolCases('v2'));
