/**
 * The Business Events Trigger watching prospects on API v1 (trigger version 1 at Per Node Version),
 * polled through n8n-core against the sandbox: prospect ids 40 per request to /v1/prospects/events,
 * each new event fired exactly once across polls (the floor and memory the business source uses),
 * and prospect.cases.ts on v1. Retiring v1 deletes this file (docs/development.md, "Retiring API
 * v1"). Set-up and helpers: setup.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { DEFAULT_PROSPECT_EVENT_TYPES } from '../../../nodes/shared/eventTypes';
import { LIMITS } from '../../../nodes/shared/api';
import { typeVersionFor } from '../harness/apiVersions';
import { EVENTS_PATH, prospectEnrollmentCases, prospectIds } from './prospect.cases';
import { chronological, idsOf, poll, sandbox, setUpSandbox, triggerNode as triggerNodeAt } from './setup';

setUpSandbox();

/** the trigger at version 1, the newest that speaks v1 at Per Node Version: these are v1's cases */
const triggerNode = (parameters: IDataObject, typeVersion = typeVersionFor('businessEventsTrigger', 'v1')) => triggerNodeAt(parameters, typeVersion);

const eventRequests = () => sandbox.requests.filter((request) => request.path === EVENTS_PATH);
const bodyOf = (index: number) => eventRequests()[index].body as IDataObject;

describe('Business Events Trigger watching prospects', () => {
	it('watches 50 prospect ids in 2 requests per poll and fires each new event exactly once', async () => {
		const ids = prospectIds(0, 50);
		const node = triggerNode({ source: 'prospectIds', prospectIds: ids.join(', ') });

		const before = Date.now();
		const first = await poll(node, { mode: 'trigger' });
		expect(first.events).toBeNull();
		expect(eventRequests()).toHaveLength(Math.ceil(50 / LIMITS.prospectEventIds));
		expect(eventRequests().map((request) => (request.body as IDataObject).prospect_ids)).toEqual([ids.slice(0, 40), ids.slice(40)]);
		// Event Types left at its default: the two change types
		expect(bodyOf(0)).toEqual({ event_types: DEFAULT_PROSPECT_EVENT_TYPES, prospect_ids: ids.slice(0, 40), timestamp_from: expect.any(String) });
		expect(Date.parse(bodyOf(0).timestamp_from as string)).toBeGreaterThanOrEqual(before);
		expect(Date.parse((first.staticData.businessEventsTrigger as IDataObject).floor as string)).toBeGreaterThanOrEqual(before);

		const moved = sandbox.addProspectEvent({ prospect_id: ids[45], event_name: 'prospect_changed_company' });
		const promoted = sandbox.addProspectEvent({ prospect_id: ids[3], event_name: 'prospect_changed_role', event_time: moved.event_time });
		sandbox.addProspectEvent({ prospect_id: ids[4], event_name: 'prospect_job_start_anniversary' }); // a type not watched
		sandbox.addProspectEvent({ prospect_id: prospectIds(60, 1)[0], event_name: 'prospect_changed_role' }); // not watched
		const second = await poll(node, { mode: 'trigger', staticData: first.staticData });
		expect(second.events).toEqual(chronological([moved, promoted]));
		// the event as the service sends it, company change named by universe businesses
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
	});
});

describe('Business Events Trigger watching a prospect enrollment, API v1', () => prospectEnrollmentCases('v1'));
