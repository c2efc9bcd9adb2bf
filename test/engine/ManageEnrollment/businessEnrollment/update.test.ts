/**
 * Manage Enrollment, Business Enrollment > Update, in n8n-core's engine against the sandbox: more
 * ids than one enrollment holds refused before sending, the service's 404 explained; on API v2
 * (node version 2) the enrollment picked from the list, the key and types kept when left empty (v2
 * updates in part: they are not sent), the items of one enrollment combined into one update. The
 * same on v1 (the whole enrollment sent, after reading it): update.v1.test.ts. Set-up and helpers:
 * ../setup.ts.
 */
import type { INodeParameters } from 'n8n-workflow';

import { ENDPOINTS } from '../../../../nodes/shared/api';
import { businessIds, byId, createBusiness, itemsOf, NODE, registerV2Webhook, run, runOn, sandbox, setUpSandbox } from '../setup';

setUpSandbox();

describe('business enrollment: update', () => {

	test('more ids than one enrollment holds: rejected before sending', async () => {
		const updated = await run(
			businessIds(21).map((business_id) => ({ business_id })),
			{
				resource: 'businessEnrollment',
				operation: 'update',
				enrollment: { __rl: true, mode: 'id', value: 'e-1' },
				enrollmentKey: 'k-watch',
				eventTypes: ['new_product'],
			},
		);
		expect(updated.error?.message).toMatch(/^Item 0: Business IDs hold 21 IDs for enrollment e-1/);
		expect(sandbox.requests).toHaveLength(0);
	});

	test('an unknown enrollment: the service\'s 404, explained', async () => {
		const updated = await run([{ business_id: businessIds(1)[0] }], {
			resource: 'businessEnrollment',
			operation: 'update',
			enrollment: { __rl: true, mode: 'id', value: 'no-such-enrollment' },
			enrollmentKey: 'k-watch',
			eventTypes: ['new_product'],
		});
		expect(updated.error?.httpCode).toBe('404');
		expect(updated.error?.message).toContain('Enrollment no-such-enrollment was not found');
		expect(sandbox.requests).toHaveLength(1);
	});
});

/** node version 2 at Per Node Version, its enrollments bound to the test's webhook by id (no webhook list) */
const runV2 = runOn('v2');
const V2_BUSINESS_PATH = ENDPOINTS.createBusinessEnrollment.path;

describe('business enrollment: update on v2', () => {
	test('picked from the list with the key left empty: keeps the current key (not sent), replaces ids and types', async () => {
		await runV2([{ business_id: businessIds(1)[0] }], createBusiness({ webhookId: byId(await registerV2Webhook('receiver')), enrollmentKey: 'keep-this-key' }));
		const [enrollment] = sandbox.enrollments.businessesV2.values();
		sandbox.clearRequests();

		const ids = businessIds(2, 10);
		const updated = await runV2(
			ids.map((business_id) => ({ business_id })),
			{
				resource: 'businessEnrollment',
				operation: 'update',
				enrollment: { __rl: true, mode: 'list', value: enrollment.enrollment_id },
				enrollmentKey: '',
				eventTypes: ['ipo_announcement'],
			},
		);
		expect(updated.error).toBeUndefined();
		// v2 updates in part: the key left empty is not sent, and the service keeps it
		expect(sandbox.requests.map((request) => [request.method, request.path, request.body])).toEqual([
			['PATCH', `${V2_BUSINESS_PATH}/${enrollment.enrollment_id}`, { event_types: ['ipo_announcement'], business_ids: ids }],
		]);
		expect(updated.json(NODE)).toEqual([
			{
				enrollment_id: enrollment.enrollment_id,
				enrollment_key: 'keep-this-key',
				webhook_id: enrollment.webhook_id,
				business_ids: ids,
				event_types: ['ipo_announcement'],
				status: 'active',
			},
		]);
		expect(sandbox.enrollments.businessesV2.get(enrollment.enrollment_id)?.enrollment_key).toBe('keep-this-key');
		expect(sandbox.enrollments.businessesV2.get(enrollment.enrollment_id)?.business_ids).toEqual(ids);
	});
});

describe('update on v2: the items of one enrollment make one update', () => {
	async function existing(ids: string[], eventTypes = ['new_funding_round', 'new_product']) {
		await runV2(
			ids.map((business_id) => ({ business_id })),
			createBusiness({ webhookId: byId(await registerV2Webhook('receiver')), enrollmentKey: 'one-update', eventTypes }),
		);
		const [enrollment] = sandbox.enrollments.businessesV2.values();
		sandbox.clearRequests();
		return enrollment;
	}
	const update = (enrollmentId: string, parameters: INodeParameters = {}): INodeParameters => ({
		resource: 'businessEnrollment',
		operation: 'update',
		enrollment: { __rl: true, mode: 'id', value: enrollmentId },
		enrollmentKey: 'one-update',
		...parameters,
	});

	test('two items with different event types: an error naming both, no PATCH sent', async () => {
		const enrollment = await existing(businessIds(1));
		const ids = businessIds(2, 30);
		const updated = await runV2(
			ids.map((business_id, n) => ({ business_id, type: n === 0 ? 'new_product' : 'ipo_announcement' })),
			update(enrollment.enrollment_id, { eventTypes: '={{ [$json.type] }}' }),
		);
		expect(updated.error?.message).toBe(
			`Item 0: items 0, 1 update enrollment ${enrollment.enrollment_id} but disagree on what to set. ` +
				'Event Types: item 0 sets new_product; item 1 sets ipo_announcement.',
		);
		expect(updated.error?.description).toBe(
			'Items that update the same enrollment are combined into one update, so they must set the same Enrollment Key and Event Types. Nothing was sent to the service for this item.',
		);
		// refused before sending: nothing at all
		expect(sandbox.requests).toEqual([]);
		expect(sandbox.enrollments.businessesV2.get(enrollment.enrollment_id)?.business_ids).toEqual(businessIds(1));
	});

	test('two items that agree: one PATCH with both items\' ids, paired to both', async () => {
		const enrollment = await existing(businessIds(1));
		const ids = businessIds(2, 30);
		const updated = await runV2(
			ids.map((business_id) => ({ business_id })),
			update(enrollment.enrollment_id, { eventTypes: ['ipo_announcement', 'new_product'] }),
		);
		expect(updated.error).toBeUndefined();
		expect(sandbox.requests.map((request) => [request.method, request.path, request.body])).toEqual([
			[
				'PATCH',
				`${V2_BUSINESS_PATH}/${enrollment.enrollment_id}`,
				{ enrollment_key: 'one-update', event_types: ['ipo_announcement', 'new_product'], business_ids: ids },
			],
		]);
		expect(updated.pairedItems(NODE).map(itemsOf)).toEqual([[0, 1]]);
	});

	test('Event Types left empty keeps the enrollment\'s current types (not sent), not the standard six', async () => {
		const enrollment = await existing(businessIds(1), ['company_award', 'cost_cutting']);
		const ids = businessIds(2, 40);
		const updated = await runV2(
			ids.map((business_id) => ({ business_id })),
			{ resource: 'businessEnrollment', operation: 'update', enrollment: { __rl: true, mode: 'id', value: enrollment.enrollment_id } },
		);
		expect(updated.error).toBeUndefined();
		// v2 updates in part: no list to read the current types from, and none sent
		expect(sandbox.requests.map((request) => [request.method, request.path, request.body])).toEqual([
			['PATCH', `${V2_BUSINESS_PATH}/${enrollment.enrollment_id}`, { business_ids: ids }],
		]);
		expect(sandbox.enrollments.businessesV2.get(enrollment.enrollment_id)?.event_types).toEqual(['company_award', 'cost_cutting']);
	});
});
