/**
 * Manage Enrollment, Business Enrollment > Update, on API v1 (node version 1 at Per Node Version),
 * in n8n-core's engine against the sandbox: picked from the list with the key left empty, the items
 * of one enrollment making one update (agreeing or not), Event Types left empty keeping the current
 * types. Retiring v1 deletes this file (docs/development.md, "Retiring API v1"). Set-up and
 * helpers: ../setup.ts.
 */
import type { INodeParameters } from 'n8n-workflow';

import { BUSINESS_PATH, businessIds, createBusiness, itemsOf, NODE, requestsTo, runOn, sandbox, setUpSandbox } from '../setup';

setUpSandbox();

/** the node at version 1, the newest that speaks v1 at Per Node Version: these are v1's cases */
const run = runOn('v1');

describe('business enrollment: update', () => {
	test('picked from the list with the key left empty: keeps the current key, replaces ids and types', async () => {
		await run([{ business_id: businessIds(1)[0] }], createBusiness({ enrollmentKey: 'keep-this-key' }));
		const [enrollment] = sandbox.enrollments.businesses.values();
		sandbox.clearRequests();

		const ids = businessIds(2, 10);
		const updated = await run(
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
		expect(sandbox.requests.map((request) => request.method)).toEqual(['GET', 'PATCH']);
		expect(sandbox.requests[1].body).toEqual({
			event_types: ['ipo_announcement'],
			enrollment_key: 'keep-this-key',
			enrollment_id: enrollment.enrollment_id,
			business_ids: ids,
		});
		expect(updated.json(NODE)).toEqual([
			{
				enrollment_id: enrollment.enrollment_id,
				enrollment_key: 'keep-this-key',
				business_ids: ids,
				event_types: ['ipo_announcement'],
			},
		]);
		expect(sandbox.enrollments.businesses.get(enrollment.enrollment_id)?.business_ids).toEqual(ids);
	});
});

describe('update: the items of one enrollment make one update', () => {
	async function existing(ids: string[], eventTypes = ['new_funding_round', 'new_product']) {
		await run(
			ids.map((business_id) => ({ business_id })),
			createBusiness({ enrollmentKey: 'one-update', eventTypes }),
		);
		const [enrollment] = sandbox.enrollments.businesses.values();
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
		const updated = await run(
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
		expect(requestsTo(BUSINESS_PATH, 'PATCH')).toHaveLength(0);
		expect(sandbox.enrollments.businesses.get(enrollment.enrollment_id)?.business_ids).toEqual(businessIds(1));
	});

	test('two items that agree: one PATCH with both items\' ids, paired to both', async () => {
		const enrollment = await existing(businessIds(1));
		const ids = businessIds(2, 30);
		const updated = await run(
			ids.map((business_id) => ({ business_id })),
			update(enrollment.enrollment_id, { eventTypes: ['ipo_announcement', 'new_product'] }),
		);
		expect(updated.error).toBeUndefined();
		const patches = requestsTo(BUSINESS_PATH, 'PATCH');
		expect(patches).toHaveLength(1);
		expect(patches[0].body).toEqual({
			enrollment_id: enrollment.enrollment_id,
			enrollment_key: 'one-update',
			event_types: ['ipo_announcement', 'new_product'],
			business_ids: ids,
		});
		expect(updated.pairedItems(NODE).map(itemsOf)).toEqual([[0, 1]]);
	});

	test('Event Types left empty keeps the enrollment\'s current types (read from the list), not the standard six', async () => {
		const enrollment = await existing(businessIds(1), ['company_award', 'cost_cutting']);
		const ids = businessIds(2, 40);
		const updated = await run(
			ids.map((business_id) => ({ business_id })),
			{ resource: 'businessEnrollment', operation: 'update', enrollment: { __rl: true, mode: 'id', value: enrollment.enrollment_id } },
		);
		expect(updated.error).toBeUndefined();
		expect(sandbox.requests.map((request) => request.method)).toEqual(['GET', 'PATCH']);
		expect(sandbox.requests[1].body).toEqual({
			enrollment_id: enrollment.enrollment_id,
			enrollment_key: 'one-update',
			event_types: ['company_award', 'cost_cutting'],
			business_ids: ids,
		});
		expect(sandbox.enrollments.businesses.get(enrollment.enrollment_id)?.event_types).toEqual(['company_award', 'cost_cutting']);
	});
});
