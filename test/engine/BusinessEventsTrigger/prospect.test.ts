/**
 * The Business Events Trigger watching prospects (Prospect IDs, Prospect Enrollment), polled
 * through n8n-core against the sandbox: a manual test run's recent events, an unusable prospect id
 * refused before any request, and on API v2 (prospect.cases.ts; on v1: prospect.v1.test.ts) a
 * prospect enrollment created by the Manage Enrollment node as the source (the trigger lists
 * enrollments on its own version). Set-up and helpers: setup.ts.
 */
import type { IDataObject, NodeOperationError } from 'n8n-workflow';

import { catalogFor } from '../../../nodes/shared/api';
import { DEFAULT_PROSPECT_EVENT_TYPES } from '../../../nodes/shared/eventTypes';
import { typeVersionFor } from '../harness/apiVersions';
import { prospectEnrollmentCases, prospectIds } from './prospect.cases';
import { chronological, idsOf, poll, sandbox, setUpSandbox, triggerNode } from './setup';

setUpSandbox();

describe('Business Events Trigger watching prospects', () => {
	it('a manual test run shows recent prospect events of the chosen types', async () => {
		const ids = prospectIds(0, 400);
		// anniversaries fall on the start dates' days (the 1st in the sandbox): look back 60 days
		const node = triggerNode({
			source: 'prospectIds',
			prospectIds: ids,
			prospectEventTypes: ['prospect_job_start_anniversary'],
			options: { lookBackDays: 60 },
		});
		const { events, staticData } = await poll(node, { mode: 'manual' });
		expect(staticData).toEqual({});
		expect(events?.length).toBe(5);
		const cutoff = Date.now() - 60 * 86_400_000 - 60_000;
		for (const event of events!) {
			expect(event.event_name).toBe('prospect_job_start_anniversary');
			expect(ids).toContain(event.prospect_id);
			expect(Date.parse(event.event_time as string)).toBeGreaterThan(cutoff);
		}
		// the most recent ones first
		const times = events!.map((event) => Date.parse(event.event_time as string));
		expect(times).toEqual([...times].sort((a, b) => b - a));
	});

	it('refuses an unusable prospect id before any request, naming it', async () => {
		const node = triggerNode({ source: 'prospectIds', prospectIds: `${prospectIds(0, 1)[0]}, jane doe` });
		const error = (await poll(node, { mode: 'trigger' }).catch((e: unknown) => e)) as NodeOperationError;
		expect(error.message).toBe(
			'Prospect ID number 2 in Prospect IDs: "jane doe" is not an ID: must not contain spaces or control characters (separate IDs with commas, semicolons or line breaks)',
		);
		expect(sandbox.requests).toHaveLength(0);
	});
});

describe('Business Events Trigger watching a prospect enrollment, API v2', () => prospectEnrollmentCases('v2'));

describe('Business Events Trigger watching prospects at the version that speaks v2', () => {
	const V2_EVENTS = catalogFor('v2').getProspectEvents;
	const eventRequests = () => sandbox.requests.filter((request) => request.path === V2_EVENTS.path);
	const bodyOf = (index: number) => eventRequests()[index].body as IDataObject;

	it('watches 50 prospect ids in 2 requests per poll to /v2/prospects/events and fires each new event exactly once', async () => {
		const limit = V2_EVENTS.batch!.limit!;
		expect(limit).toBe(40);
		const ids = prospectIds(0, 50);
		const node = triggerNode({ source: 'prospectIds', prospectIds: ids.join(', ') }, typeVersionFor('businessEventsTrigger', 'v2'));

		const before = Date.now();
		const first = await poll(node, { mode: 'trigger' });
		expect(first.events).toBeNull();
		expect(eventRequests().map((request) => (request.body as IDataObject).prospect_ids)).toEqual([ids.slice(0, limit), ids.slice(limit)]);
		// Event Types left at its default: the two change types (their names are the same on v2)
		expect(bodyOf(0)).toEqual({ event_types: DEFAULT_PROSPECT_EVENT_TYPES, prospect_ids: ids.slice(0, limit), timestamp_from: expect.any(String) });
		expect(Date.parse(bodyOf(0).timestamp_from as string)).toBeGreaterThanOrEqual(before);
		expect(Date.parse((first.staticData.businessEventsTrigger as IDataObject).floor as string)).toBeGreaterThanOrEqual(before);

		const moved = sandbox.addProspectEvent({ prospect_id: ids[45], event_name: 'prospect_changed_company' });
		const promoted = sandbox.addProspectEvent({ prospect_id: ids[3], event_name: 'prospect_changed_role', event_time: moved.event_time });
		sandbox.addProspectEvent({ prospect_id: ids[4], event_name: 'prospect_job_start_anniversary' }); // a type not watched
		sandbox.addProspectEvent({ prospect_id: prospectIds(60, 1)[0], event_name: 'prospect_changed_role' }); // not watched
		const second = await poll(node, { mode: 'trigger', staticData: first.staticData });
		expect(second.events).toEqual(chronological([moved, promoted]));
		const prospect = sandbox.universe.prospect(ids[45])!;
		expect(second.events?.find((event) => event.event_id === moved.event_id)?.data).toMatchObject({
			current_company_id: prospect.business_id,
			current_company_name: prospect.company_name,
		});

		const late = sandbox.addProspectEvent({ prospect_id: ids[10], event_name: 'prospect_changed_role', event_time: moved.event_time });
		const third = await poll(node, { mode: 'trigger', staticData: second.staticData });
		expect(idsOf(third.events)).toEqual([late.event_id]);
		const fourth = await poll(node, { mode: 'trigger', staticData: third.staticData });
		expect(fourth.events).toBeNull();
		expect(eventRequests()).toHaveLength(8);
		expect(sandbox.requests).toHaveLength(8);
	});
});
