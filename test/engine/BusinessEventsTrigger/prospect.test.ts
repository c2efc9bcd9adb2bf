/**
 * The Business Events Trigger watching prospects (Prospect IDs, Prospect Enrollment), polled
 * through n8n-core against the sandbox: prospect ids 40 per request to /v1/prospects/events, each
 * new event fired exactly once across polls (the floor and memory the business source uses), and
 * a prospect enrollment created by the Manage Enrollment node as the source, on both API versions
 * (the trigger lists enrollments on its own version). Set-up and helpers: setup.ts.
 */
import type { IDataObject, NodeOperationError } from 'n8n-workflow';

import { DEFAULT_PROSPECT_EVENT_TYPES } from '../../../nodes/shared/eventTypes';
import { LIMITS } from '../../../nodes/shared/api';
import { itemsNode, linearWorkflow, manualTriggerNode, runWorkflow } from '../harness';
import { API_VERSIONS, pathOn, typeVersionFor } from '../harness/apiVersions';
import { chronological, credentials, idsOf, poll, sandbox, setUpSandbox, triggerNode } from './setup';

const EVENTS_PATH = '/v1/prospects/events';
const ENROLLMENTS_PATH = '/v1/prospects/events/enrollments';

setUpSandbox();

const prospectIds = (from: number, count: number) =>
	sandbox.universe.prospects.slice(from, from + count).map((prospect) => prospect.prospect_id);

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

describe.each(API_VERSIONS)('Business Events Trigger watching a prospect enrollment, API %s', (api) => {
	const enrollments = pathOn(api, ENROLLMENTS_PATH);
	const events = pathOn(api, EVENTS_PATH);

	it('watches a prospect enrollment that the Manage Enrollment node created, listed on the same version', async () => {
		// v2 binds the enrollment to the account's only webhook (Webhook ID left empty)
		if (api === 'v2') {
			await fetch(`${sandbox.url}/v2/webhooks`, {
				method: 'POST',
				headers: { api_key: sandbox.apiKey, 'content-type': 'application/json' },
				body: JSON.stringify({ name: 'receiver', webhook_url: 'http://127.0.0.1:9/receiver' }),
			});
		}
		const ids = prospectIds(200, 3);
		const created = await runWorkflow(
			linearWorkflow([
				manualTriggerNode(),
				itemsNode(ids.map((prospect_id) => ({ prospect_id }))),
				{
					name: 'Manage Enrollment',
					type: 'n8n-nodes-business-prospect-data.manageEnrollment',
					typeVersion: typeVersionFor('manageEnrollment', api),
					parameters: {
						resource: 'prospectEnrollment',
						operation: 'create',
						enrollmentKey: `job-movers-${api}`,
						eventTypes: ['prospect_changed_company'],
					},
				},
			]),
			{ credentials: credentials() },
		);
		expect(created.error).toBeUndefined();
		const enrollmentId = String(created.json('Manage Enrollment')[0].enrollment_id);
		sandbox.clearRequests();

		const node = triggerNode(
			{ source: 'prospectEnrollment', prospectEnrollment: { __rl: true, mode: 'list', value: enrollmentId } },
			typeVersionFor('businessEventsTrigger', api),
		);
		const { staticData } = await poll(node, { mode: 'trigger' });
		const sent = sandbox.requests.filter((request) => request.path === events);
		expect(sent[0].body).toMatchObject({ prospect_ids: ids, event_types: ['prospect_changed_company'] });
		const moved = sandbox.addProspectEvent({ prospect_id: ids[2], event_name: 'prospect_changed_company' });
		sandbox.addProspectEvent({ prospect_id: ids[2], event_name: 'prospect_changed_role' });
		const second = await poll(node, { mode: 'trigger', staticData });
		expect(idsOf(second.events)).toEqual([moved.event_id]);
		// the enrollment is read again on every poll, from the poll's version only
		expect(sandbox.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
			`GET ${enrollments}`,
			`POST ${events}`,
			`GET ${enrollments}`,
			`POST ${events}`,
		]);
	});

	it('says so when the prospect enrollment does not exist (on v2: that it lists only v2 enrollments)', async () => {
		const node = triggerNode(
			{ source: 'prospectEnrollment', prospectEnrollment: { __rl: true, mode: 'id', value: 'no-such-enrollment' } },
			typeVersionFor('businessEventsTrigger', api),
		);
		const error = (await poll(node, { mode: 'trigger' }).catch((e: unknown) => e)) as NodeOperationError;
		expect(error.message).toBe('The prospect enrollment "no-such-enrollment" does not exist (or is no longer active)');
		expect(error.description).toBe(
			`Pick an existing enrollment from the list, or create one with the Manage Enrollment node.${api === 'v2' ? ' API v2 lists only enrollments made on API v2.' : ''}`,
		);
		expect(sandbox.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`GET ${enrollments}`]);
	});
});
