/**
 * Manage Enrollment's helpers on both API versions, over HTTP against the sandbox: the same items
 * give v1's requests on v1 and v2's on v2 (webhook_id bound, event types under v2's names, the
 * enrollment id in the path, a partial update, 201), with outputs in v1's names and v2's status.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { BUSINESS, PROSPECT } from '../../nodes/ManageEnrollment/helpers/kinds';
import { createEnrollments, TTL_LEFT_OUT, updateEnrollments } from '../../nodes/ManageEnrollment/helpers/operations';
import { ENDPOINTS } from '../../nodes/shared/api';
import { type Sandbox, sandboxClient, startSandbox } from '../sandbox';
import { sandboxContext } from './support/sandboxContext';

let sandbox: Sandbox;
let webhookId: string;
let otherWebhookId: string;
let b1: string;
let b2: string;
let p1: string;

beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false });
	[b1, b2] = sandbox.universe.businesses.slice(0, 2).map((business) => business.business_id);
	p1 = sandbox.universe.prospects[0].prospect_id;
	const v2 = sandboxClient(sandbox, ENDPOINTS);
	webhookId = (await v2.call('registerWebhook', { name: 'orders', webhook_url: 'http://127.0.0.1:9/orders' })).body.webhook_id;
	otherWebhookId = (await v2.call('registerWebhook', { name: 'other', webhook_url: 'http://127.0.0.1:9/other' })).body.webhook_id;
});
afterAll(async () => await sandbox.close());
beforeEach(() => {
	sandbox.clearRequests();
	sandbox.enrollments.businesses.clear();
	sandbox.enrollments.businessesV2.clear();
	sandbox.enrollments.prospects.clear();
	sandbox.enrollments.prospectsV2.clear();
});

/** A node run: its items and parameters (the same for every item), speaking to the sandbox. */
function run(parameters: IDataObject, items = 1, continueOnFail = false): IExecuteFunctions {
	const { ctx } = sandboxContext(sandbox, { continueOnFail });
	return Object.assign(Object.create(null) as object, ctx, {
		getInputData: () => Array.from({ length: items }, () => ({ json: {} })),
		getNodeParameter: (name: string, _itemIndex: number, fallback?: unknown) => parameters[name] ?? fallback,
	}) as unknown as IExecuteFunctions;
}

const sent = () => sandbox.requests.map(({ method, path, body, status }) => ({ method, path, body, status }));
const UUID = expect.stringMatching(/^[0-9a-f-]{36}$/);

describe('create, on both versions', () => {
	const parameters = { enrollmentKey: 'k-watch', businessIds: '', eventTypes: ['employee_joined_company', 'new_product'], combine: 'all' };

	it('v2: binds to the webhook, sends v2 names, is answered 201; the output keeps v1 names and shows the status', async () => {
		const output = await createEnrollments(run({ ...parameters, businessIds: `${b1},${b2}` }), BUSINESS, { version: 'v2', webhookId: () => webhookId });
		expect(sent()).toEqual([
			{ method: 'GET', path: '/v2/businesses/events/enrollments', body: undefined, status: 200 },
			{
				method: 'POST',
				path: '/v2/businesses/events/enrollments',
				body: { event_types: ['executive_joined_company', 'new_product'], enrollment_key: 'k-watch', webhook_id: webhookId, business_ids: [b1, b2] },
				status: 201,
			},
		]);
		expect(output).toEqual([
			{
				json: {
					enrollment_id: UUID,
					enrollment_key: 'k-watch',
					event_types: ['employee_joined_company', 'new_product'],
					webhook_id: webhookId,
					business_ids: [b1, b2],
					status: 'active',
					already_existed: false,
				},
				pairedItem: { item: 0 },
			},
		]);
		// run again: the same key, ids, types and webhook exist, so nothing is created
		sandbox.clearRequests();
		const again = await createEnrollments(run({ ...parameters, businessIds: `${b1},${b2}` }), BUSINESS, { version: 'v2', webhookId: () => webhookId });
		expect(sent().map(({ method, path }) => `${method} ${path}`)).toEqual(['GET /v2/businesses/events/enrollments']);
		expect(again[0].json).toMatchObject({ enrollment_id: output[0].json.enrollment_id, status: 'active', already_existed: true });
	});

	it('v2: refuses an item without a webhook id before sending anything', async () => {
		await expect(createEnrollments(run({ ...parameters, businessIds: b1 }), BUSINESS, { version: 'v2' })).rejects.toThrow(
			'Item 0: Webhook ID is empty: on API v2 every enrollment delivers to one webhook of the account',
		);
		expect(sent()).toEqual([]);
	});

	it('v2: leaves v1\'s Expire After out and says so once per run (v2 enrollments have no expiry)', async () => {
		const ctx = run({ enrollmentKey: 'people-ttl', prospectIds: p1, eventTypes: ['prospect_changed_role'], combine: 'each', options: { ttlDays: 30 } }, 2);
		const hints: unknown[] = [];
		Object.assign(ctx, { addExecutionHints: (...added: unknown[]) => hints.push(...added) });
		await createEnrollments(ctx, PROSPECT, { version: 'v2', webhookId: () => webhookId });
		expect(sent().filter(({ method }) => method === 'POST').map(({ body }) => body)).toEqual([
			{ event_types: ['prospect_changed_role'], enrollment_key: 'people-ttl', webhook_id: webhookId, prospect_ids: [p1] },
			{ event_types: ['prospect_changed_role'], enrollment_key: 'people-ttl', webhook_id: webhookId, prospect_ids: [p1] },
		]);
		expect(hints).toEqual([{ message: TTL_LEFT_OUT, type: 'warning', location: 'outputPane' }]);
	});
});

describe('update, delete and list on v2', () => {
	it('updates partially with the id in the path: only what the item sets; a new webhook reactivates a paused enrollment', async () => {
		const created = await createEnrollments(run({ enrollmentKey: 'k-watch', businessIds: b1, eventTypes: ['new_product'], combine: 'all' }), BUSINESS, {
			version: 'v2',
			webhookId: () => webhookId,
		});
		const id = String(created[0].json.enrollment_id);
		await sandboxClient(sandbox, ENDPOINTS).raw('DELETE', `/v2/webhooks/${webhookId}?force=true`, '{}');
		expect(sandbox.enrollments.businessesV2.get(id)?.status).toBe('paused');
		sandbox.clearRequests();
		const updated = await updateEnrollments(run({ businessIds: `${b1},${b2}`, eventTypes: [] }), BUSINESS, {
			version: 'v2',
			enrollmentId: () => id,
			webhookId: () => otherWebhookId,
			keepCurrent: true,
		});
		expect(sent()).toEqual([
			{ method: 'PATCH', path: `/v2/businesses/events/enrollments/${id}`, body: { webhook_id: otherWebhookId, business_ids: [b1, b2] }, status: 200 },
		]);
		expect(updated).toEqual([
			// what the update did not send (its event types) from the answer, so the output has v1's fields
			{ json: { enrollment_id: id, enrollment_key: 'k-watch', event_types: ['new_product'], webhook_id: otherWebhookId, business_ids: [b1, b2], status: 'active' }, pairedItem: { item: 0 } },
		]);
	});
});
