/**
 * Manage Enrollment's round trips on one API version, at the node version that speaks it with the
 * same parameters (Webhook ID left empty: the account's only webhook is used on v2):
 * roundTrip.test.ts runs them on v2, roundTrip.v1.test.ts on v1 (retiring v1 deletes that file).
 * Business create -> list -> update, and the prospect create -> update -> delete round trip, each
 * step's exact requests and the sandbox's stored enrollment; v2: bound to the webhook, created 201,
 * partial updates and deletes with the id in the path, status in the output.
 */
import type { IDataObject } from 'n8n-workflow';

import { type ApiVersion, LIMITS } from '../../../nodes/shared/api';
import { pathOn } from '../harness/apiVersions';
import {
	BUSINESS_PATH,
	businessIds,
	byId,
	createBusiness,
	itemsOf,
	NODE,
	PROSPECT_PATH,
	prospectIds,
	range,
	registerV2Webhook,
	run,
	sandbox,
} from './setup';

const WEBHOOKS_PATH = '/v2/webhooks';
export const sent = () => sandbox.requests.map((request) => `${request.method} ${request.path} ${request.status}`);
/** v2's fields of an enrollment: the webhook it delivers to, and active */
const bound = (api: ApiVersion, webhookId: string | undefined): IDataObject => (api === 'v2' ? { webhook_id: webhookId, status: 'active' } : {});

export function roundTripCases(api: ApiVersion): void {
	const business = pathOn(api, BUSINESS_PATH);
	const prospect = pathOn(api, PROSPECT_PATH);
	const created = api === 'v2' ? 201 : 200;
	const storedBusinesses = () => [...(api === 'v2' ? sandbox.enrollments.businessesV2 : sandbox.enrollments.businesses).values()];
	const storedProspects = () => (api === 'v2' ? sandbox.enrollments.prospectsV2 : sandbox.enrollments.prospects);
	// the account's one webhook: v2 binds every enrollment to it (v1 delivers to the partner's and sends none)
	let webhookId: string | undefined;
	beforeEach(async () => {
		webhookId = api === 'v2' ? await registerV2Webhook('orders') : undefined;
	});

	test('business: 25 ids created as k-watch and k-watch-2, listed, and one updated with only its ids', async () => {
		const ids = businessIds(25);
		const create = await run(ids.map((business_id) => ({ business_id })), createBusiness(), { api });
		expect(create.error).toBeUndefined();
		// v2: the webhooks listed once (Webhook ID is empty), then the existing keys, then the creates
		expect(sent()).toEqual([
			...(api === 'v2' ? [`GET ${WEBHOOKS_PATH} 200`] : []),
			`GET ${business} 200`,
			`POST ${business} ${created}`,
			`POST ${business} ${created}`,
		]);
		const posts = sandbox.requests.filter((request) => request.method === 'POST').map((request) => request.body);
		expect(posts).toEqual([
			{ enrollment_key: 'k-watch', event_types: ['new_funding_round', 'new_product'], business_ids: ids.slice(0, 20), ...(webhookId && { webhook_id: webhookId }) },
			{ enrollment_key: 'k-watch-2', event_types: ['new_funding_round', 'new_product'], business_ids: ids.slice(20), ...(webhookId && { webhook_id: webhookId }) },
		]);
		const stored = storedBusinesses();
		expect(create.json(NODE)).toEqual(
			stored.map((enrollment) => ({
				enrollment_id: enrollment.enrollment_id,
				enrollment_key: enrollment.enrollment_key,
				business_ids: enrollment.business_ids,
				event_types: ['new_funding_round', 'new_product'],
				...bound(api, webhookId),
				already_existed: false,
			})),
		);
		expect(create.pairedItems(NODE).map(itemsOf)).toEqual([range(0, LIMITS.businessEnrollmentIds), range(20, 25)]);

		sandbox.clearRequests();
		const listed = await run([{}], { resource: 'businessEnrollment', operation: 'list', filters: { enrollmentKey: 'k-watch' } }, { api });
		expect(sent()).toEqual([`GET ${business} 200`]);
		expect(listed.json(NODE)).toEqual(stored.map((enrollment) => ({ ...enrollment })));

		// key and event types left empty: v1 fills them in from the list (a full update), v2 sends only the ids
		sandbox.clearRequests();
		const second = stored[1].enrollment_id;
		const updated = await run(
			ids.slice(0, 3).map((business_id) => ({ business_id })),
			{ resource: 'businessEnrollment', operation: 'update', enrollment: byId(second) },
			{ api },
		);
		expect(updated.error).toBeUndefined();
		expect(sandbox.requests.map((request) => [request.method, request.path, request.body])).toEqual(
			api === 'v2'
				? [['PATCH', `${business}/${second}`, { business_ids: ids.slice(0, 3) }]]
				: [
						['GET', business, undefined],
						['PATCH', business, { enrollment_id: second, enrollment_key: 'k-watch-2', event_types: ['new_funding_round', 'new_product'], business_ids: ids.slice(0, 3) }],
					],
		);
		// the same fields on both: v2's answer gives what the partial update did not send
		expect(updated.json(NODE)).toEqual([
			{ enrollment_id: second, enrollment_key: 'k-watch-2', event_types: ['new_funding_round', 'new_product'], business_ids: ids.slice(0, 3), ...bound(api, webhookId) },
		]);
		expect(storedBusinesses()[1]).toMatchObject({ enrollment_key: 'k-watch-2', business_ids: ids.slice(0, 3) });
	});

	test('prospect: create, update and delete, the id from the created item', async () => {
		const ids = prospectIds(5);
		const create = await run(
			ids.slice(0, 3).map((prospect_id) => ({ prospect_id })),
			// Expire After exists at node version 1 only (v2 enrollments have no expiry)
			{ resource: 'prospectEnrollment', operation: 'create', enrollmentKey: 'job-changes', ...(api !== 'v2' && { options: { ttlDays: 30 } }) },
			{ api },
		);
		expect(create.error).toBeUndefined();
		// v2 lists prospect enrollments, so a re-run keeps the key as for businesses; v1 cannot
		expect(sent()).toEqual(api === 'v2' ? [`GET ${WEBHOOKS_PATH} 200`, `GET ${prospect} 200`, `POST ${prospect} 201`] : [`POST ${prospect} 200`]);
		const types = ['prospect_changed_company', 'prospect_changed_role'];
		expect(sandbox.requests.at(-1)?.body).toEqual({
			enrollment_key: 'job-changes',
			event_types: types,
			prospect_ids: ids.slice(0, 3),
			...(api === 'v2' ? { webhook_id: webhookId } : { ttl_days: 30 }),
		});
		const [output] = create.json(NODE);
		const enrollmentId = String(output.enrollment_id);
		expect(output).toEqual({
			enrollment_id: enrollmentId,
			enrollment_key: 'job-changes',
			event_types: types,
			prospect_ids: ids.slice(0, 3),
			...(api === 'v2' ? { ...bound(api, webhookId), already_existed: false } : { ttl_days: 30 }),
		});
		expect(create.pairedItems(NODE).map(itemsOf)).toEqual([[0, 1, 2]]);

		sandbox.clearRequests();
		const updated = await run(
			ids.slice(2).map((prospect_id) => ({ prospect_id, enrollment_id: enrollmentId })),
			{ resource: 'prospectEnrollment', operation: 'update', enrollmentKey: 'job-changes-v2', eventTypes: ['prospect_changed_role'] },
			{ api },
		);
		expect(updated.error).toBeUndefined();
		const change = { enrollment_key: 'job-changes-v2', event_types: ['prospect_changed_role'], prospect_ids: ids.slice(2) };
		expect(sandbox.requests.map((request) => [request.method, request.path, request.body])).toEqual([
			api === 'v2' ? ['PATCH', `${prospect}/${enrollmentId}`, change] : ['PATCH', prospect, { ...change, enrollment_id: enrollmentId }],
		]);
		expect(updated.json(NODE)).toEqual([{ enrollment_id: enrollmentId, ...change, ...bound(api, webhookId) }]);
		expect(storedProspects().get(enrollmentId)).toMatchObject(change);
		expect(updated.pairedItems(NODE).map(itemsOf)).toEqual([[0, 1, 2]]);

		sandbox.clearRequests();
		const deleted = await run([{ enrollment_id: enrollmentId }, { enrollment_id: enrollmentId }], { resource: 'prospectEnrollment', operation: 'delete' }, { api });
		expect(deleted.error).toBeUndefined();
		expect(sandbox.requests.map((request) => [request.method, request.path, request.body])).toEqual([
			api === 'v2' ? ['DELETE', `${prospect}/${enrollmentId}`, undefined] : ['DELETE', prospect, { enrollment_id: enrollmentId }],
		]);
		expect(deleted.json(NODE)).toEqual([{ enrollment_id: enrollmentId, deleted: true, status: 'success' }]);
		expect(deleted.pairedItems(NODE).map(itemsOf)).toEqual([[0, 1]]);
		expect(storedProspects().size).toBe(0);
	});
}
