/**
 * API v1's cases of sandbox.v2webhooks.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * The sandbox's v2 webhooks and enrollments over HTTP, beside v1 and from the same state: up to
 * ten webhooks per tenant (v1's legacy one counted and listed), the secret shown only at creation
 * and rotation, enrollments bound to an active webhook (201, 404, 409, 422), paused by a forced
 * delete and reactivated by re-pointing, and deliveries in both payload generations, each signed
 * with its own webhook's secret. Also: v1 answers carry the deprecation headers when told to.
 */
import { ENDPOINTS } from '../../nodes/shared/api';
import { SANDBOX_PARTNER_ID, SANDBOX_TENANT_ID, type Sandbox, sandboxClient, startSandbox } from '../sandbox';
import { type Receiver, startReceiver, verifies } from './support/receiver';

const NOW = new Date('2025-12-06T11:41:55.703Z');
const NOW_ISO = '2025-12-06T11:41:55.703000+00:00';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const CONTEXT_V2 = { correlation_id: expect.stringMatching(/^[0-9a-f-]{36}$/), request_status: 'success', time_taken_in_seconds: expect.any(Number) };

let sandbox: Sandbox;
let v1: ReturnType<typeof sandboxClient>;
let v2: ReturnType<typeof sandboxClient<keyof typeof ENDPOINTS>>;
let receiver: Receiver;
let business: string;
let prospect: string;

beforeAll(async () => {
	sandbox = await startSandbox({ now: () => NOW, rateLimit: false });
	v1 = sandboxClient(sandbox);
	v2 = sandboxClient(sandbox, ENDPOINTS);
	receiver = await startReceiver();
	business = sandbox.universe.businesses[0].business_id;
	prospect = sandbox.universe.prospects[0].prospect_id;
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
	it('lists v1\'s partner webhook as legacy, counts it among the ten, and leaves its changes to v1 (422)', async () => {
		await v1.call('registerWebhook', { partner_id: SANDBOX_PARTNER_ID, webhook_url: 'http://127.0.0.1:9/legacy' });
		const { webhooks } = (await v2.call('listWebhooks')).body;
		expect(webhooks).toEqual([
			{
				webhook_id: expect.stringMatching(UUID),
				name: 'legacy',
				webhook_url: 'http://127.0.0.1:9/legacy',
				headers: [],
				payload_format: 'json',
				status: 'active',
				scope: { type: 'partner', id: SANDBOX_PARTNER_ID },
				created_at: NOW_ISO,
				last_modified_time: NOW_ISO,
				legacy: true,
			},
		]);
		const legacyId = webhooks[0].webhook_id;
		expect((await v2.call('getWebhook', undefined, hook(legacyId))).body.legacy).toBe(true);
		for (let n = 1; n <= 9; n++) expect((await create(`hook-${n}`)).status).toBe(201);
		const eleventh = await create('one-too-many');
		expect([eleventh.status, eleventh.body]).toEqual([422, { detail: [{ loc: ['body'], msg: 'the tenant holds 10 webhooks already, the most it may', type: 'value_error' }] }]);
		const rotate = await v2.call('rotateWebhookSecret', {}, hook(legacyId));
		expect([rotate.status, rotate.body]).toEqual([422, { detail: [{ loc: ['body', 'webhook_id'], msg: 'the legacy webhook is managed with /v1/webhooks', type: 'value_error' }] }]);
		expect((await v2.raw('GET', '/v2/webhooks?status=disabled')).body.webhooks).toEqual([]);
		expect((await v2.raw('GET', '/v2/webhooks?status=active')).body.webhooks).toHaveLength(10);
	});
});

describe('v2 enrollments bound to a webhook', () => {
	it('updates partially and deletes with the id in the path; lists only v2 enrollments; 404 for an unknown id', async () => {
		const webhook = (await create()).body;
		const prospects = await v2.call('createProspectEnrollment', {
			enrollment_key: 'key-people',
			webhook_id: webhook.webhook_id,
			event_types: ['prospect_changed_role'],
			prospect_ids: [prospect],
		});
		expect(prospects.status).toBe(201);
		const id = prospects.body.enrollment_id;
		const patched = await v2.call('updateProspectEnrollment', { enrollment_key: 'key-people-2' }, { params: { enrollment_id: id } });
		expect(patched.body).toEqual({ ...prospects.body, enrollment_key: 'key-people-2', response_context: CONTEXT_V2 });
		expect((await v2.call('listProspectEnrollments')).body.enrollments).toEqual([{ ...prospects.body, enrollment_key: 'key-people-2', response_context: undefined }].map(({ response_context: _c, ...rest }) => rest));
		await v1.call('createBusinessEnrollment', { enrollment_key: 'v1-only', event_types: ['new_product'], business_ids: [business] });
		expect((await v2.call('listBusinessEnrollments')).body.enrollments).toEqual([]);
		const deleted = await v2.call('deleteProspectEnrollment', undefined, { params: { enrollment_id: id } });
		expect(deleted.body).toEqual({ response_context: CONTEXT_V2, status: 'success' });
		const again = await v2.call('deleteProspectEnrollment', undefined, { params: { enrollment_id: id } });
		expect([again.status, again.body.details]).toEqual([404, `Enrollment ${id} was not found`]);
		sandbox.enrollments.businesses.clear();
	});
});

describe('deliveries: both generations, each signed by its own webhook', () => {
	it('pushes one event to v1\'s registration (v1 payload) and to the v2 webhook (webhook_id, v2 names), with the same event_id', async () => {
		const legacy = (await v1.call('registerWebhook', { partner_id: SANDBOX_PARTNER_ID, webhook_url: receiver.url })).body;
		await v1.call('createBusinessEnrollment', { enrollment_key: 'v1-accounts', event_types: ['employee_joined_company'], business_ids: [business] });
		const webhook = (await create()).body;
		const enrollment = (await enroll(webhook.webhook_id)).body;
		const event = sandbox.addEvent({ business_id: business, event_name: 'employee_joined_company', data: { founding_date: '2025-01-01', name: 'Ada' } });
		await receiver.waitFor(2);
		await sandbox.webhooks.idle();
		const eventId = event.event_id.replace(/-/g, '');
		const bodies = receiver.received.map(({ raw }) => JSON.parse(raw.toString('utf8')));
		const v1Enrollment = [...sandbox.enrollments.businesses.values()][0];
		expect(bodies).toEqual([
			{
				tenant_id: SANDBOX_TENANT_ID,
				partner_id: SANDBOX_PARTNER_ID,
				event_id: eventId,
				event_name: 'employee_joined_company',
				data: { founding_date: '2025-01-01', name: 'Ada' },
				enrollment_key: 'v1-accounts',
				enrollment_id: v1Enrollment.enrollment_id,
				event_time: '2025-12-06 11:41:55.703000+00:00',
				business_id: business,
			},
			{
				tenant_id: SANDBOX_TENANT_ID,
				partner_id: SANDBOX_PARTNER_ID,
				webhook_id: webhook.webhook_id,
				event_id: eventId,
				event_name: 'executive_joined_company',
				data: { funding_date: '2025-01-01', name: 'Ada' },
				enrollment_key: 'key-accounts',
				enrollment_id: enrollment.enrollment_id,
				event_time: '2025-12-06 11:41:55.703000+00:00',
				business_id: business,
			},
		]);
		expect(receiver.received.map(({ headers, raw }) => [verifies(legacy.webhook_secret, headers, raw), verifies(webhook.webhook_secret, headers, raw)])).toEqual([
			[true, false],
			[false, true],
		]);
		expect(sandbox.webhooks.deliveries.map((delivery) => [delivery.kind, delivery.webhook_id, delivery.status])).toEqual([
			['event', undefined, 200],
			['event', webhook.webhook_id, 200],
		]);
		sandbox.enrollments.businesses.clear();
	});
});

describe('deprecation signals on v1', () => {
	afterEach(() => sandbox.configure({ deprecationHeaders: undefined }));

	it('adds the configured headers to v1 answers only, and none by default', async () => {
		expect((await v1.call('listBusinessEnrollments')).headers.get('deprecation')).toBeNull();
		sandbox.configure({ deprecationHeaders: { Deprecation: '@1788307200', Sunset: 'Thu, 02 Sep 2027 00:00:00 GMT' } });
		const old = await v1.call('listBusinessEnrollments');
		expect([old.headers.get('deprecation'), old.headers.get('sunset')]).toEqual(['@1788307200', 'Thu, 02 Sep 2027 00:00:00 GMT']);
		const current = await v2.call('listBusinessEnrollments');
		expect([current.headers.get('deprecation'), current.headers.get('sunset')]).toEqual([null, null]);
	});
});
