/**
 * The Business Events Trigger watching a prospect enrollment on one API version, at the node
 * version that speaks it (the trigger lists enrollments on its own version): prospect.test.ts runs
 * these cases on v2, prospect.v1.test.ts on v1 (retiring v1 deletes that file). An enrollment
 * created by the Manage Enrollment node as the source, and one that does not exist.
 */
import type { ApiVersion } from '../../../nodes/shared/api';
import type { NodeOperationError } from 'n8n-workflow';

import { itemsNode, linearWorkflow, manualTriggerNode, runWorkflow } from '../harness';
import { pathOn, typeVersionFor } from '../harness/apiVersions';
import { credentials, idsOf, poll, sandbox, triggerNode } from './setup';

export const EVENTS_PATH = '/v1/prospects/events';
const ENROLLMENTS_PATH = '/v1/prospects/events/enrollments';
export const prospectIds = (from: number, count: number) =>
	sandbox.universe.prospects.slice(from, from + count).map((prospect) => prospect.prospect_id);

export function prospectEnrollmentCases(api: ApiVersion): void {
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
}
