/**
 * Manage Enrollment on API v2 (node version 2 at Per Node Version, Webhook ID set) in n8n-core's
 * engine against the sandbox: validation before sending (the enrollment key, event types, items
 * without ids), and an invalid item under Continue on Fail. The same on v1: validation.v1.test.ts.
 * Set-up and helpers: ./setup.ts.
 */
import type { INodeParameters } from 'n8n-workflow';

import { ENDPOINTS } from '../../../nodes/shared/api';
import { businessIds, byId, createBusiness as createOn, itemsOf, NODE, registerV2Webhook, requestsTo, runOn, sandbox, setUpSandbox } from './setup';

setUpSandbox();

const run = runOn('v2');
const BUSINESS_PATH = ENDPOINTS.createBusinessEnrollment.path;
let webhookId: string;
beforeEach(async () => {
	webhookId = await registerV2Webhook('receiver');
});
const createBusiness = (parameters: INodeParameters = {}) => createOn({ webhookId: byId(webhookId), ...parameters });

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
		expect(sandbox.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`GET ${BUSINESS_PATH}`, `POST ${BUSINESS_PATH}`]);
		expect(requestsTo(BUSINESS_PATH, 'POST')[0].body).toMatchObject({ enrollment_key: 'good-key', business_ids: [ids[0]], webhook_id: webhookId });
		expect(created.json(NODE)).toEqual([
			expect.objectContaining({ enrollment_key: 'good-key', business_ids: [ids[0]] }),
			{ error: 'Item 1: enrollment_key must be at least 4 characters long', details: 'Nothing was sent to the service for this item.' },
		]);
		expect(created.pairedItems(NODE).map(itemsOf)).toEqual([[0], [1]]);
	});
});
