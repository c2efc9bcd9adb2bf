/**
 * Manage Enrollment on API v1 (node version 1 at Per Node Version) in n8n-core's engine against the
 * sandbox: validation before sending (the enrollment key, event types, items without ids), and an
 * invalid item under Continue on Fail. Checks that belong to one operation only are in its file
 * (e.g. ttl_days in prospectEnrollment/create.v1.test.ts). Retiring v1 deletes this file
 * (docs/development.md, "Retiring API v1"). Set-up and helpers: ./setup.ts.
 */
import { BUSINESS_PATH, businessIds, createBusiness, itemsOf, NODE, requestsTo, runOn, sandbox, setUpSandbox } from './setup';

setUpSandbox();

/** the node at version 1, the newest that speaks v1 at Per Node Version: these are v1's cases */
const run = runOn('v1');

describe('validation before sending', () => {
	test.each([
		['abc', 'Item 0: enrollment_key must be at least 4 characters long'],
		[' ab ', 'Item 0: enrollment_key must be at least 4 characters long'],
	])('enrollment key %p is rejected and nothing is sent', async (enrollmentKey, message) => {
		const created = await run([{ business_id: businessIds(1)[0] }], createBusiness({ enrollmentKey }));
		expect(created.error?.message).toBe(message);
		expect(created.error?.itemIndex).toBe(0);
		expect(sandbox.requests).toHaveLength(0);
	});

	test('no event type', async () => {
		const created = await run([{ business_id: businessIds(1)[0] }], createBusiness({ eventTypes: [] }));
		expect(created.error?.message).toBe('Item 0: event_types must hold at least 1 event type');
		expect(sandbox.requests).toHaveLength(0);
	});

	test('an item without ids names the item, even when other items are fine', async () => {
		const created = await run([{ business_id: businessIds(1)[0] }, { name: 'no id' }], createBusiness());
		expect(created.error?.message).toBe(
			'Item 1: Business IDs is empty: the item has no business_id. Map a field that holds the IDs, or type them.',
		);
		expect(sandbox.requests).toHaveLength(0);
	});

	test('under Continue on Fail an invalid item becomes a paired error item and the others are enrolled', async () => {
		const ids = businessIds(2);
		const created = await run(
			[{ business_id: ids[0], key: 'good-key' }, { business_id: ids[1], key: 'bad' }],
			createBusiness({ combine: 'each', enrollmentKey: '={{ $json.key }}' }),
			{ settings: { onError: 'continueRegularOutput' } },
		);
		expect(requestsTo(BUSINESS_PATH, 'POST')).toHaveLength(1);
		expect(created.json(NODE)).toEqual([
			expect.objectContaining({ enrollment_key: 'good-key', business_ids: [ids[0]] }),
			{ error: 'Item 1: enrollment_key must be at least 4 characters long', details: 'Nothing was sent to the service for this item.' },
		]);
		expect(created.pairedItems(NODE).map(itemsOf)).toEqual([[0], [1]]);
	});
});
