/**
 * Manage Enrollment in n8n-core's engine against the sandbox, on API v2 (roundTrip.v1.test.ts: on
 * v1): roundTrip.cases.ts's round trips at node version 2, with the same parameters as on v1
 * (Webhook ID left empty: the account's only webhook is used); business delete by id and prospect
 * Get Many with status. Set-up and helpers: ./setup.ts.
 */
import { pathOn } from '../harness/apiVersions';
import { roundTripCases, sent } from './roundTrip.cases';
import {
	BUSINESS_PATH,
	businessIds,
	byId,
	createBusiness,
	itemsOf,
	NODE,
	PROSPECT_PATH,
	prospectIds,
	registerV2Webhook,
	run,
	sandbox,
	setUpSandbox,
} from './setup';

setUpSandbox();

describe('API v2', () => roundTripCases('v2'));

describe('API v2 only', () => {
	test('business delete by id in the path, each enrollment once; prospect Get Many with status', async () => {
		const webhookId = await registerV2Webhook('orders');
		const ids = businessIds(2);
		const create = await run([{ business_id: ids[0] }, { business_id: ids[1] }], createBusiness({ combine: 'each', enrollmentKey: '={{ "k-" + $json.business_id.slice(0, 6) }}' }), { api: 'v2' });
		const [first, second] = create.json(NODE).map((json) => String(json.enrollment_id));

		sandbox.clearRequests();
		const deleted = await run(
			[{ enrollment_id: first }, { enrollment_id: second }, { enrollment_id: first }],
			{ resource: 'businessEnrollment', operation: 'delete', enrollment: byId('={{ $json.enrollment_id }}') },
			{ api: 'v2' },
		);
		expect(deleted.error).toBeUndefined();
		expect(sent()).toEqual([`DELETE ${pathOn('v2', BUSINESS_PATH)}/${first} 200`, `DELETE ${pathOn('v2', BUSINESS_PATH)}/${second} 200`]);
		expect(deleted.json(NODE)).toEqual([
			{ enrollment_id: first, deleted: true, status: 'success' },
			{ enrollment_id: second, deleted: true, status: 'success' },
		]);
		expect(deleted.pairedItems(NODE).map(itemsOf)).toEqual([[0, 2], [1]]);
		expect(sandbox.enrollments.businessesV2.size).toBe(0);

		await run([{ prospect_id: prospectIds(1)[0] }], { resource: 'prospectEnrollment', operation: 'create', enrollmentKey: 'people' }, { api: 'v2' });
		sandbox.clearRequests();
		const listed = await run([{}, {}], { resource: 'prospectEnrollment', operation: 'list' }, { api: 'v2' });
		expect(sent()).toEqual([`GET ${pathOn('v2', PROSPECT_PATH)} 200`]);
		expect(listed.json(NODE)).toEqual([
			{
				enrollment_id: expect.any(String),
				enrollment_key: 'people',
				webhook_id: webhookId,
				event_types: ['prospect_changed_company', 'prospect_changed_role'],
				prospect_ids: prospectIds(1),
				status: 'active',
			},
		]);
		expect(listed.pairedItems(NODE)).toEqual([[{ item: 0 }]]);
	});
});
