/**
 * The webhook registration strategy and the webhook trigger on API v2, against the sandbox over
 * HTTP, beside v1: exact requests and bodies; the trigger stores webhook_id and the secret once,
 * verifies deliveries of its own webhook, reads both payload generations into the same item and
 * fires each event_id once; unpublishing keeps a webhook that enrollments use (disabled).
 */
import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { BusinessEventsWebhookTrigger } from '../../nodes/BusinessEventsWebhookTrigger/BusinessEventsWebhookTrigger.node';
import { checkExists, create, remove } from '../../nodes/BusinessEventsWebhookTrigger/actions/hooks';
import { registrationJson } from '../../nodes/ManageWebhook/actions/webhookV1/common';
import { readStoredRegistration, writeStoredRegistration } from '../../nodes/BusinessEventsWebhookTrigger/helpers/state';
import { ENDPOINTS, type V2Registration } from '../../nodes/shared/api';
import { openSecret, sealSecret } from '../../nodes/shared/webhooks/secretBox';
import { webhookRegistration } from '../../nodes/shared/webhooks/registration';
import { SANDBOX_PARTNER_ID, type Sandbox, sandboxClient, startSandbox } from '../sandbox';
import { sandboxContext } from './support/sandboxContext';

let sandbox: Sandbox;
let business: string;
const URL_A = 'http://127.0.0.1:9/webhook/a/webhook';

beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false });
	business = sandbox.universe.businesses[0].business_id;
});
afterAll(async () => await sandbox.close());
beforeEach(async () => {
	await sandbox.webhooks.idle();
	// nobody listens at these URLs: each push is tried once and kept in the delivery log
	sandbox.webhooks.configure({ retries: 0 });
	sandbox.webhooks.clearDeliveries();
	sandbox.webhooks.unregister();
	sandbox.webhooks.tenant.clear();
	sandbox.enrollments.businessesV2.clear();
	sandbox.clearRequests();
});

const sent = () => sandbox.requests.map(({ method, path, body, query, status }) => ({ method, path, ...(body !== undefined && { body }), ...(query && { query }), status }));

describe('the registration strategy on both versions', () => {
	it('v2: creates (201), then for the same URL rotates the secret instead of creating a second; checks by id under v2 names', async () => {
		const { ctx } = sandboxContext(sandbox);
		const strategy = (await webhookRegistration(ctx, 0, 'v2')) as V2Registration;
		const first = await strategy.register(URL_A, { name: 'orders' });
		const again = await strategy.register(URL_A);
		await strategy.checkConnectivity({ eventName: 'employee_joined_company', count: 2 }, again);
		const id = first.webhookId as string;
		expect(sent()).toEqual([
			{ method: 'GET', path: '/v2/webhooks', status: 200 },
			{ method: 'POST', path: '/v2/webhooks', body: { name: 'orders', webhook_url: URL_A }, status: 201 },
			{ method: 'GET', path: '/v2/webhooks', status: 200 },
			{ method: 'POST', path: `/v2/webhooks/${id}/rotate_secret`, body: {}, status: 200 },
			{ method: 'POST', path: `/v2/webhooks/${id}/check_connectivity`, body: { simulation: { event_name: 'executive_joined_company', number_of_events: 2 } }, status: 200 },
		]);
		expect([again.webhookId, again.status, again.secret === first.secret]).toEqual([id, 'active', false]);
		expect(again.secret).toBe(sandbox.webhooks.tenant.get(id)?.webhook_secret);
		expect((await strategy.list()).map(({ webhookId, name, status, legacy }) => ({ webhookId, name, status, legacy }))).toEqual([
			{ webhookId: id, name: 'orders', status: 'active', legacy: false },
		]);
		// Manage Webhook's output: never the secret, v2's id, name and status beside v1's fields
		expect(registrationJson(strategy, again)).toEqual({
			model: 'v2',
			owner: "the API key's tenant",
			registered: true,
			webhook_url: URL_A,
			created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*\+00:00$/),
			last_modified_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*\+00:00$/),
			has_secret: true,
			webhook_id: id,
			name: 'orders',
			status: 'active',
			legacy: false,
		});
	});

	it('v2: without a webhook id, check connectivity names what is missing and sends nothing', async () => {
		const strategy = await webhookRegistration(sandboxContext(sandbox).ctx, 0, 'v2');
		await expect(strategy.checkConnectivity()).rejects.toThrow('API v2 keeps several webhooks: name the webhook (its webhook_id) to act on');
		expect(sent()).toEqual([]);
	});
});

/** A trigger's n8n contexts: hooks (publish, unpublish) and webhook() (one delivery), sharing its static data. */
function triggerContexts(url: string, options: { staticData?: IDataObject; mode?: 'webhook' | 'manual' } = {}) {
	const staticData: IDataObject = options.staticData ?? {};
	const { ctx } = sandboxContext(sandbox);
	const node = { id: 'node-v2', name: 'Trigger', type: 'n8n-nodes-business-prospect-data.businessEventsWebhookTrigger', typeVersion: 1, position: [0, 0], parameters: {} };
	const common = {
		getNode: () => node,
		getWorkflow: () => ({ id: 'wf-v2', name: 'Orders', active: true }),
		getWorkflowStaticData: () => staticData,
		getMode: () => options.mode ?? 'webhook',
		getCredentials: ctx.getCredentials,
	};
	const hooks = Object.assign(Object.create(null) as object, ctx, common, {
		getNodeWebhookUrl: () => url,
		getNodeParameter: (_name: string, fallback: unknown) => fallback,
	}) as unknown as IHookFunctions;
	const deliver = async (body: string, headers: Record<string, string>) => {
		const reply: { status?: number; body?: unknown } = {};
		const raw = Buffer.from(body);
		const webhook = {
			...common,
			getRequestObject: () => ({ headers: { ...lowercased(headers), 'content-length': String(raw.length) }, rawBody: raw }),
			getResponseObject: () => ({
				status(code: number) {
					reply.status = code;
					return this;
				},
				json(value: unknown) {
					reply.body = value;
					return this;
				},
			}),
			getNodeParameter: (_name: string, fallback: unknown) => fallback,
		} as unknown as IWebhookFunctions;
		const result = await new BusinessEventsWebhookTrigger().webhook.call(webhook);
		return { reply, items: result.workflowData?.[0]?.map((item) => item.json) };
	};
	return { staticData, hooks, deliver };
}

const lowercased = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

describe('the webhook trigger on v2', () => {
	it('publishes: creates its own webhook and stores webhook_id with the sealed secret; the next check reads it by id', async () => {
		const { staticData, hooks } = triggerContexts(URL_A);
		expect(await checkExists.call(hooks, 'v2')).toBe(false);
		expect(await create.call(hooks, 'v2')).toBe(true);
		const stored = readStoredRegistration(staticData);
		const webhook = [...sandbox.webhooks.tenant.values()][0];
		expect(stored).toEqual({
			model: 'v2',
			webhookUrl: URL_A,
			webhookId: webhook.webhook_id,
			owner: "the API key's tenant",
			binding: `v2|${webhook.webhook_id}|${URL_A}`,
			secret: expect.objectContaining({ v: expect.any(Number) }),
			registeredAt: expect.any(String),
		});
		expect(openSecret(stored!.secret, sandbox.apiKey, stored!.binding)).toBe(webhook.webhook_secret);
		expect(JSON.stringify(staticData)).not.toContain(webhook.webhook_secret);
		expect(await checkExists.call(hooks, 'v2')).toBe(true);
		// checkExists finds nothing at the URL, create looks once more (the state may have changed) and creates
		expect(sent()).toEqual([
			{ method: 'GET', path: '/v2/webhooks', status: 200 },
			{ method: 'GET', path: '/v2/webhooks', status: 200 },
			{ method: 'POST', path: '/v2/webhooks', body: { name: 'n8n: Orders / Trigger', webhook_url: URL_A }, status: 201 },
			{ method: 'GET', path: `/v2/webhooks/${webhook.webhook_id}`, status: 200 },
		]);
	});

	it('fires a v2 delivery once, in v1 names; the same event_id in the first generation is a duplicate', async () => {
		const { hooks, deliver } = triggerContexts(URL_A);
		await create.call(hooks, 'v2');
		const webhook = [...sandbox.webhooks.tenant.values()][0];
		await sandboxClient(sandbox, ENDPOINTS).call('createBusinessEnrollment', {
			enrollment_key: 'key-accounts',
			webhook_id: webhook.webhook_id,
			event_types: ['executive_joined_company'],
			business_ids: [business],
		});
		const event = sandbox.addEvent({ business_id: business, event_name: 'employee_joined_company', data: { founding_date: '2025-01-01' }, event_time: '2025-12-06T11:41:55.703Z' });
		await sandbox.webhooks.idle();
		const [pushed] = sandbox.webhooks.deliveries;
		expect([pushed.webhook_id, JSON.parse(pushed.body).event_name]).toEqual([webhook.webhook_id, 'executive_joined_company']);
		const first = await deliver(pushed.body, pushed.headers);
		const eventId = event.event_id.replace(/-/g, '');
		expect(first.reply).toEqual({ status: 200, body: { message: 'Workflow was started' } });
		expect(first.items).toEqual([
			{
				event_name: 'employee_joined_company',
				event_time: '2025-12-06T11:41:55.703000+00:00',
				event_id: eventId,
				data: { founding_date: '2025-01-01' },
				business_id: business,
				enrollment_key: 'key-accounts',
				enrollment_id: expect.any(String),
			},
		]);
		// the first generation of the same event (no webhook_id, v1 names), signed with this webhook's secret
		const v1Body = JSON.stringify({ ...JSON.parse(pushed.body), webhook_id: undefined, event_name: 'employee_joined_company' });
		const second = await deliver(v1Body, { 'Content-Type': 'application/json', ...sandbox.webhooks.sign(v1Body, Math.floor(Date.now() / 1000), webhook.webhook_secret) });
		expect(second).toEqual({ reply: { status: 200, body: { message: 'Duplicate event ignored' } }, items: undefined });
		const forged = await deliver(pushed.body, {
			'Content-Type': 'application/json',
			...sandbox.webhooks.sign(pushed.body, Math.floor(Date.now() / 1000) + 1, 'q83vEjRWeJq83vEjRWeJq83vEjRWeJq83vEjRWeJq8M='),
		});
		expect(forged.reply).toEqual({ status: 400, body: { message: 'Invalid signature' } });
	});

	it('unpublishes: deletes its webhook, or disables it while enrollments use it; publishing again reactivates it with a new secret', async () => {
		const { staticData, hooks } = triggerContexts(URL_A);
		await create.call(hooks, 'v2');
		const webhook = [...sandbox.webhooks.tenant.values()][0];
		const id = webhook.webhook_id;
		const firstSecret = webhook.webhook_secret;
		await sandboxClient(sandbox, ENDPOINTS).call('createBusinessEnrollment', { enrollment_key: 'key-accounts', webhook_id: id, event_types: ['new_product'], business_ids: [business] });
		sandbox.clearRequests();
		expect(await remove.call(hooks, 'v2')).toBe(true);
		expect(readStoredRegistration(staticData)).toBeUndefined();
		expect([sandbox.webhooks.tenant.get(id)?.status, [...sandbox.enrollments.businessesV2.values()][0].status]).toEqual(['disabled', 'active']);
		expect(await create.call(hooks, 'v2')).toBe(true);
		expect(sent()).toEqual([
			{ method: 'GET', path: `/v2/webhooks/${id}`, status: 200 },
			{ method: 'DELETE', path: `/v2/webhooks/${id}`, body: {}, status: 409 },
			{ method: 'PATCH', path: `/v2/webhooks/${id}`, body: { status: 'disabled' }, status: 200 },
			{ method: 'GET', path: '/v2/webhooks', status: 200 },
			{ method: 'PATCH', path: `/v2/webhooks/${id}`, body: { status: 'active' }, status: 200 },
			{ method: 'POST', path: `/v2/webhooks/${id}/rotate_secret`, body: {}, status: 200 },
		]);
		expect([readStoredRegistration(staticData)?.webhookId, sandbox.webhooks.tenant.get(id)?.status]).toEqual([id, 'active']);
		expect(sandbox.webhooks.tenant.get(id)?.webhook_secret).not.toBe(firstSecret);
		sandbox.enrollments.businessesV2.clear();
		sandbox.clearRequests();
		await remove.call(hooks, 'v2');
		expect(sent().map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([`GET /v2/webhooks/${id} 200`, `DELETE /v2/webhooks/${id} 200`]);
		expect(sandbox.webhooks.tenant.size).toBe(0);
	});

	it('listening for a test event while published: a test webhook of its own, and the published one untouched when the test ends', async () => {
		const URL_TEST = 'http://127.0.0.1:9/webhook-test/a/webhook';
		const live = triggerContexts(URL_A);
		await create.call(live.hooks, 'v2');
		const publishedId = readStoredRegistration(live.staticData)?.webhookId as string;
		const test = triggerContexts(URL_TEST, { staticData: live.staticData, mode: 'manual' });
		expect(await checkExists.call(test.hooks, 'v2')).toBe(false);
		await create.call(test.hooks, 'v2');
		const testId = [...sandbox.webhooks.tenant.keys()].find((id) => id !== publishedId) as string;
		expect(sandbox.webhooks.tenant.get(testId)?.name).toBe('n8n: Orders / Trigger (test)');
		expect(readStoredRegistration(live.staticData)?.webhookId).toBe(publishedId);
		sandbox.clearRequests();
		await remove.call(test.hooks, 'v2');
		expect(sent().map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([
			`GET /v2/webhooks/${publishedId} 200`,
			'GET /v2/webhooks 200',
			`DELETE /v2/webhooks/${testId} 200`,
		]);
		expect([...sandbox.webhooks.tenant.keys()]).toEqual([publishedId]);
		expect(readStoredRegistration(live.staticData)?.webhookId).toBe(publishedId);
		// the published trigger still verifies its webhook's deliveries
		const body = JSON.stringify({ webhook_id: publishedId, event_id: 'e-after-test', event_name: 'new_product', data: {}, business_id: business });
		const secret = sandbox.webhooks.tenant.get(publishedId)?.webhook_secret as string;
		const delivered = await live.deliver(body, { 'Content-Type': 'application/json', ...sandbox.webhooks.sign(body, Math.floor(Date.now() / 1000), secret) });
		expect(delivered.reply).toEqual({ status: 200, body: { message: 'Workflow was started' } });
	});

	it('during a migration: a delivery signed with v1\'s legacy secret verifies beside v2\'s; a malformed legacy entry verifies nothing', async () => {
		const { staticData, deliver } = triggerContexts(URL_A);
		const [v2Secret, v1Secret] = [sandbox.webhooks.newSecret(), sandbox.webhooks.newSecret()];
		const binding = `v2|w-legacy|${URL_A}`;
		const legacyBinding = `v1|${SANDBOX_PARTNER_ID}|${URL_A}`;
		const stored = {
			model: 'v2' as const,
			webhookUrl: URL_A,
			webhookId: 'w-legacy',
			owner: "the API key's tenant",
			binding,
			secret: sealSecret(v2Secret, sandbox.apiKey, binding),
			registeredAt: new Date().toISOString(),
			legacy: { binding: legacyBinding, secret: sealSecret(v1Secret, sandbox.apiKey, legacyBinding) },
		};
		writeStoredRegistration(staticData, stored);
		const signed = (body: string, secret: string, skew = 0) => ({ 'Content-Type': 'application/json', ...sandbox.webhooks.sign(body, Math.floor(Date.now() / 1000) + skew, secret) });
		const v1Body = JSON.stringify({ event_id: 'e-migration', event_name: 'new_product', data: {}, business_id: business, enrollment_key: 'key-v1' });
		const v2Body = JSON.stringify({ webhook_id: 'w-legacy', event_id: 'e-migration', event_name: 'new_product', data: {}, business_id: business, enrollment_key: 'key-v2' });
		expect((await deliver(v1Body, signed(v1Body, v1Secret))).reply.body).toEqual({ message: 'Workflow was started' });
		expect((await deliver(v2Body, signed(v2Body, v2Secret))).reply.body).toEqual({ message: 'Duplicate event ignored' });
		writeStoredRegistration(staticData, { ...stored, legacy: { binding: legacyBinding, secret: 'not sealed' as never } });
		const other = JSON.stringify({ event_id: 'e-migration-2', event_name: 'new_product', data: {}, business_id: business });
		expect((await deliver(other, signed(other, v1Secret, 1))).reply).toEqual({ status: 400, body: { message: 'Invalid signature' } });
	});
});
