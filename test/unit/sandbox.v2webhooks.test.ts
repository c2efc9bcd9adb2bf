/**
 * The sandbox's v2 webhooks and enrollments over HTTP, beside v1 and from the same state: up to
 * ten webhooks per tenant (v1's legacy one counted and listed), the secret shown only at creation
 * and rotation, enrollments bound to an active webhook (201, 404, 409, 422), paused by a forced
 * delete and reactivated by re-pointing, and deliveries in both payload generations, each signed
 * with its own webhook's secret. Also: v1 answers carry the deprecation headers when told to.
 */
import { ENDPOINTS } from '../../nodes/shared/api';
import { SANDBOX_TENANT_ID, type Sandbox, sandboxClient, startSandbox } from '../sandbox';
import { type Receiver, startReceiver } from './support/receiver';

const NOW = new Date('2025-12-06T11:41:55.703Z');
const NOW_ISO = '2025-12-06T11:41:55.703000+00:00';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const SECRET_FORM = /^[A-Za-z0-9_-]{43}=$/;
const CONTEXT_V2 = { correlation_id: expect.stringMatching(/^[0-9a-f-]{36}$/), request_status: 'success', time_taken_in_seconds: expect.any(Number) };

let sandbox: Sandbox;
let v2: ReturnType<typeof sandboxClient<keyof typeof ENDPOINTS>>;
let receiver: Receiver;
let business: string;

beforeAll(async () => {
	sandbox = await startSandbox({ now: () => NOW, rateLimit: false });
	v2 = sandboxClient(sandbox, ENDPOINTS);
	receiver = await startReceiver();
	business = sandbox.universe.businesses[0].business_id;
});
afterAll(async () => {
	await sandbox.close();
	await receiver.close();
});
beforeEach(async () => {
	await sandbox.webhooks.idle();
	sandbox.webhooks.configure({ retryDelayMs: 5 });
	sandbox.webhooks.clearDeliveries();
	sandbox.webhooks.unregister();
	sandbox.webhooks.tenant.clear();
	sandbox.enrollments.businessesV2.clear();
	sandbox.enrollments.prospectsV2.clear();
	receiver.received.length = 0;
});

const create = async (name = 'orders', extra: Record<string, unknown> = {}) => await v2.call('registerWebhook', { name, webhook_url: receiver.url, ...extra });
const hook = (webhook_id: string) => ({ params: { webhook_id } });
const enroll = async (webhook_id: string, extra: Record<string, unknown> = {}) =>
	await v2.call('createBusinessEnrollment', { enrollment_key: 'key-accounts', webhook_id, event_types: ['executive_joined_company', 'new_funding_round'], business_ids: [business], ...extra });

describe('v2 webhooks', () => {
	it('creates one 201 with its secret, the only answer that shows it; reads never show it', async () => {
		const { status, body } = await create('orders', { description: 'CRM', headers: ['X-Env: test'] });
		expect(status).toBe(201);
		expect(body).toEqual({
			response_context: CONTEXT_V2,
			webhook_id: expect.stringMatching(UUID),
			name: 'orders',
			description: 'CRM',
			webhook_url: receiver.url,
			headers: ['X-Env: test'],
			payload_format: 'json',
			status: 'active',
			scope: { type: 'tenant', id: SANDBOX_TENANT_ID },
			created_at: NOW_ISO,
			last_modified_time: NOW_ISO,
			legacy: false,
			webhook_secret: expect.stringMatching(SECRET_FORM),
		});
		const { webhook_secret: _secret, response_context: _context, ...shown } = body;
		expect(await v2.call('getWebhook', undefined, hook(body.webhook_id))).toMatchObject({ status: 200, body: { response_context: CONTEXT_V2, ...shown } });
		const read = (await v2.call('getWebhook', undefined, hook(body.webhook_id))).body;
		expect(Object.keys(read)).not.toContain('webhook_secret');
		expect((await v2.call('listWebhooks')).body).toEqual({ response_context: CONTEXT_V2, webhooks: [shown] });
	});

	it('changes a webhook by PATCH, rotates only its own secret, and answers 404 for an unknown id', async () => {
		const first = (await create('first')).body;
		const second = (await create('second')).body;
		const patched = await v2.call('updateWebhook', { status: 'disabled', name: 'renamed' }, hook(first.webhook_id));
		expect(patched.status).toBe(200);
		expect(patched.body).toMatchObject({ webhook_id: first.webhook_id, name: 'renamed', status: 'disabled' });
		const rotated = await v2.call('rotateWebhookSecret', {}, hook(first.webhook_id));
		expect(rotated.body).toEqual({ response_context: CONTEXT_V2, webhook_id: first.webhook_id, webhook_secret: expect.stringMatching(SECRET_FORM) });
		expect(rotated.body.webhook_secret).not.toBe(first.webhook_secret);
		expect(sandbox.webhooks.tenant.get(second.webhook_id)?.webhook_secret).toBe(second.webhook_secret);
		const unknown = await v2.call('getWebhook', undefined, hook('nope'));
		expect([unknown.status, unknown.body.details]).toEqual([404, 'Webhook nope was not found']);
		const empty = await v2.call('updateWebhook', {}, hook(first.webhook_id));
		expect([empty.status, empty.body]).toEqual([422, { detail: [{ loc: ['body'], msg: 'must set at least one field', type: 'value_error' }] }]);
	});
});

describe('v2 enrollments bound to a webhook', () => {
	it('creates one 201 with webhook_id and status; refuses a missing (422), unknown (404) or disabled (422) webhook', async () => {
		const webhook = (await create()).body;
		const created = await enroll(webhook.webhook_id);
		expect(created.status).toBe(201);
		expect(created.body).toEqual({
			response_context: CONTEXT_V2,
			enrollment_id: expect.stringMatching(UUID),
			enrollment_key: 'key-accounts',
			webhook_id: webhook.webhook_id,
			event_types: ['executive_joined_company', 'new_funding_round'],
			business_ids: [business],
			status: 'active',
		});
		const missing = await v2.call('createBusinessEnrollment', { enrollment_key: 'key-accounts', event_types: ['new_product'], business_ids: [business] });
		expect([missing.status, missing.body]).toEqual([422, { detail: [{ loc: ['body', 'webhook_id'], msg: 'field required', type: 'value_error.missing' }] }]);
		const unknown = await enroll('no-such-webhook');
		expect([unknown.status, unknown.body.details]).toEqual([404, 'Webhook no-such-webhook was not found']);
		await v2.call('updateWebhook', { status: 'disabled' }, hook(webhook.webhook_id));
		const disabled = await enroll(webhook.webhook_id);
		expect([disabled.status, disabled.body]).toEqual([
			422,
			{ detail: [{ loc: ['body', 'webhook_id'], msg: `webhook ${webhook.webhook_id} is disabled, not active`, type: 'value_error' }] },
		]);
		const oldName = await enroll(webhook.webhook_id, { event_types: ['employee_joined_company'] });
		expect(oldName.status).toBe(422);
		expect(sandbox.enrollments.businessesV2.size).toBe(1);
		expect(sandbox.enrollments.businesses.size).toBe(0);
	});

	it('refuses to delete a webhook active enrollments use (409); force pauses them; re-pointing reactivates', async () => {
		const webhook = (await create()).body;
		const other = (await create('other')).body;
		const enrollment = (await enroll(webhook.webhook_id)).body;
		const refused = await v2.call('deleteWebhook', undefined, hook(webhook.webhook_id));
		expect([refused.status, refused.body]).toEqual([
			409,
			{
				details: `Webhook ${webhook.webhook_id} is used by 1 active enrollment: ${enrollment.enrollment_id}. Delete with force=true to pause them.`,
				correlation_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
			},
		]);
		const forced = await v2.raw('DELETE', `/v2/webhooks/${webhook.webhook_id}?force=true`, '{}');
		expect([forced.status, forced.body]).toEqual([200, { response_context: CONTEXT_V2, webhook_id: webhook.webhook_id, affected_enrollment_ids: [enrollment.enrollment_id] }]);
		expect(sandbox.enrollments.businessesV2.get(enrollment.enrollment_id)?.status).toBe('paused');
		sandbox.addEvent({ business_id: business, event_name: 'new_funding_round', data: { founding_stage: 'Seed' } });
		await sandbox.webhooks.idle();
		expect(sandbox.webhooks.deliveries).toEqual([]);
		const repointed = await v2.call('updateBusinessEnrollment', { webhook_id: other.webhook_id }, { params: { enrollment_id: enrollment.enrollment_id } });
		expect(repointed.body).toMatchObject({ webhook_id: other.webhook_id, status: 'active' });
	});
});

describe('deliveries: both generations, each signed by its own webhook', () => {
	it('delivers nothing to a disabled webhook; check_connectivity simulates under v2 names, to that webhook only', async () => {
		const webhook = (await create()).body;
		const other = (await create('other')).body;
		await enroll(webhook.webhook_id);
		await v2.call('updateWebhook', { status: 'disabled' }, hook(webhook.webhook_id));
		sandbox.addEvent({ business_id: business, event_name: 'new_funding_round', data: {} });
		const checked = await v2.call('checkWebhookConnectivity', { simulation: { event_name: 'executive_joined_company', number_of_events: 2 } }, hook(other.webhook_id));
		expect([checked.status, checked.body]).toEqual([200, { response_context: CONTEXT_V2 }]);
		await sandbox.webhooks.idle();
		expect(sandbox.webhooks.deliveries.map((delivery) => [delivery.kind, delivery.webhook_id, delivery.event_name])).toEqual([
			['simulation', other.webhook_id, 'executive_joined_company'],
			['simulation', other.webhook_id, 'executive_joined_company'],
		]);
		const pushed = receiver.received.map(({ raw }) => JSON.parse(raw.toString('utf8')) as Record<string, unknown>);
		expect(pushed.map((body) => [body.event_name, body.webhook_id, body.enrollment_key])).toEqual([
			['executive_joined_company', other.webhook_id, 'webhook_simulation'],
			['executive_joined_company', other.webhook_id, 'webhook_simulation'],
		]);
	});
});
