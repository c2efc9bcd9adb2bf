/**
 * The Business Events Webhook Trigger where v1 is in play, in n8n-core's own contexts, in this
 * process (setup.ts: HookContext for publish and unpublish, WebhookContext behind a local receiver,
 * the sandbox's signed pushes): trigger version 1 on v1's partner webhook (registration,
 * deliveries, forged and stale ones, foreign registrations, secrets read back or rotated, test
 * events); the hooks on API v2 that still look for v1's partner webhook at their URL (a migration)
 * and verify both generations; publishCases on both versions (v2's looks for v1's webhook too);
 * trigger version 1 switched to v2, and version 2 switched to v1. Retiring v1 deletes this file
 * (docs/development.md, "Retiring API v1"); v2's behaviour here without v1's partner webhook is for
 * lifecycle.test.ts to hold then. The real n8n server (publish, restart, queue mode) is in
 * test/e2e.
 */
import type { IDataObject } from 'n8n-workflow';

import { checkExists, create, remove } from '../../../nodes/BusinessEventsWebhookTrigger/actions/hooks';
import type { ApiVersion } from '../../../nodes/shared/api';
import { SANDBOX_PARTNER_ID } from '../../sandbox/options';
import { typeVersionFor } from '../harness/apiVersions';
import { replaceOptionCases } from './lifecycle.cases';
import {
	base,
	enroll,
	hook,
	NAME,
	publish,
	published as publishedAt,
	receiver,
	sandbox,
	setUpSandbox,
	trigger,
	WEBHOOK_ID,
	webhookCalls,
} from './setup';

setUpSandbox();

/** the trigger at version 1, the newest that speaks v1 at Per Node Version, unless a test says otherwise: these are v1's cases */
const published: typeof publishedAt = (parameters, staticData, webhookId, isTest, options = {}) =>
	publishedAt(parameters, staticData, webhookId, isTest, { typeVersion: typeVersionFor('businessEventsWebhookTrigger', 'v1'), ...options });

describe('Business Events Webhook Trigger: registration and deliveries in n8n-core', () => {
	test('publish registers the production URL and keeps the secret only sealed; a restart does not rotate it', async () => {
		const p = published();
		expect(await publish(p)).toBe(false);
		expect(webhookCalls()).toEqual([
			`GET /v1/webhooks/${SANDBOX_PARTNER_ID}`,
			`GET /v1/webhooks/${SANDBOX_PARTNER_ID}`,
			'POST /v1/webhooks',
		]);
		const registration = sandbox.webhooks.registration!;
		expect(registration.webhook_url).toBe(p.url);
		const stored = JSON.stringify(p.workflow.staticData);
		expect(stored).toContain('"registration"');
		expect(stored).not.toContain(registration.webhook_secret);
		expect(stored).not.toContain(registration.webhook_secret.replace(/=+$/, ''));

		// n8n restarts: a new Workflow from the saved static data; the registration is still ours
		const before = sandbox.requests.length;
		// as n8n saves it: JSON in its database
		const restarted = published({}, JSON.parse(JSON.stringify(p.staticData())) as IDataObject);
		expect(await publish(restarted)).toBe(true);
		expect(webhookCalls().slice(before)).not.toContain('POST /v1/webhooks');
		expect(sandbox.webhooks.registration!.webhook_secret).toBe(registration.webhook_secret);
	});

	test('pushed events: verified over the sandbox\'s bytes, each fired once, duplicates dropped', async () => {
		const p = published();
		await publish(p);
		const ids = sandbox.universe.businesses.slice(0, 2).map((business) => business.business_id);
		enroll('key-accounts', ids);
		sandbox.webhooks.configure({ duplicates: 1 });
		sandbox.addEvent({ business_id: ids[0], event_name: 'new_product' });
		sandbox.addEvent({ business_id: ids[1], event_name: 'new_funding_round' });
		await sandbox.webhooks.idle();

		const fired = receiver.received.filter((entry) => entry.items);
		expect(fired.map((entry) => entry.items![0].business_id)).toEqual(ids);
		expect(fired[0].items![0]).toEqual({
			event_name: 'new_product',
			event_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
			event_id: expect.stringMatching(/^[0-9a-f]{32}$/),
			data: expect.any(Object),
			business_id: ids[0],
			enrollment_key: 'key-accounts',
			enrollment_id: 'enr-key-accounts',
		});
		const duplicates = receiver.received.filter((entry) => !entry.items);
		expect(duplicates).toHaveLength(2);
		expect(duplicates.every((entry) => entry.status === 200)).toBe(true);
		expect(sandbox.webhooks.deliveries.every((delivery) => delivery.status === 200)).toBe(true);
		expect(p.staticData().seenEvents).toHaveLength(2);
		receiver.received = [];
	});

	test('forged, stale and unsigned deliveries: 4xx and no workflow data', async () => {
		const p = published();
		await publish(p);
		const id = sandbox.universe.businesses[3].business_id;
		enroll('watch', [id]);
		for (const knobs of [{ signature: 'bad' }, { signature: 'missing-headers' }, { timestampSkewSeconds: -600 }, { timestampSkewSeconds: 600 }] as const) {
			sandbox.webhooks.configure(knobs);
			sandbox.addEvent({ business_id: id, event_name: 'new_product' });
			await sandbox.webhooks.idle();
		}
		expect(receiver.received).toHaveLength(4);
		expect(receiver.received.every((entry) => entry.status === 400 && !entry.items)).toBe(true);
		receiver.received = [];
	});

	test('a foreign registration is kept, and the error names it; unpublish deletes only its own', async () => {
		sandbox.webhooks.register(SANDBOX_PARTNER_ID, 'https://other-n8n.example.com/webhook/x/webhook');
		const p = published();
		await expect(publish(p)).rejects.toThrow('pointing at https://other-n8n.example.com/webhook/x/webhook');
		expect(webhookCalls()).not.toContain('POST /v1/webhooks');

		// unpublishing this workflow leaves the other one's registration alone
		await trigger.webhookMethods.default.delete.call(hook(p));
		expect(sandbox.webhooks.registration?.webhook_url).toBe('https://other-n8n.example.com/webhook/x/webhook');
		expect(webhookCalls()).not.toContain(`DELETE /v1/webhooks/${SANDBOX_PARTNER_ID}`);

		const replacing = published({ options: { replaceExisting: true } });
		await publish(replacing);
		expect(sandbox.webhooks.registration?.webhook_url).toBe(replacing.url);
		await trigger.webhookMethods.default.delete.call(hook(replacing));
		expect(sandbox.webhooks.registration).toBeUndefined();
		expect(replacing.staticData().registration).toBeUndefined();
	});

	test('a malformed secret read back from the service is refused in words, never sealed or remembered', async () => {
		const p = published();
		await publish(p);
		// the service answers GET with a secret that base64 would decode to an empty key
		(sandbox.webhooks as unknown as { current: { webhook_secret: string } }).current.webhook_secret = '!!!!';
		const restarted = published({}, {});
		await expect(trigger.webhookMethods.default.checkExists.call(hook(restarted))).rejects.toThrow(
			/gave the partner .* a webhook secret that cannot verify deliveries: it is not URL-safe base64$/,
		);
		expect(restarted.staticData().registration).toBeUndefined();
		const again = published({}, JSON.parse(JSON.stringify(p.staticData())) as IDataObject);
		await expect(trigger.webhookMethods.default.checkExists.call(hook(again))).rejects.toThrow(/cannot verify deliveries/);
	});

	test('after n8n\'s public URL (WEBHOOK_URL) changes, publishing replaces its own earlier registration without the option; unpublishing deletes it', async () => {
		const a = published();
		await publish(a);
		expect(sandbox.webhooks.registration?.webhook_url).toBe(a.url);
		const otherBase = base.replace('127.0.0.1', 'localhost');
		const movedUrl = `${otherBase}/webhook/${WEBHOOK_ID}/webhook`;

		// restarted with another WEBHOOK_URL: same workflow, same static data
		const b = published({}, JSON.parse(JSON.stringify(a.staticData())) as IDataObject);
		b.additionalData.webhookBaseUrl = `${otherBase}/webhook`;
		expect(await publish(b)).toBe(false);
		expect(sandbox.webhooks.registration?.webhook_url).toBe(movedUrl);
		expect(b.staticData().registration).toMatchObject({ webhookUrl: movedUrl });

		// and unpublished after another change of WEBHOOK_URL: the registration it made is still its own
		const c = published({}, JSON.parse(JSON.stringify(b.staticData())) as IDataObject);
		await trigger.webhookMethods.default.delete.call(hook(c));
		expect(webhookCalls()).toContain(`DELETE /v1/webhooks/${SANDBOX_PARTNER_ID}`);
		expect(sandbox.webhooks.registration).toBeUndefined();
	});

	test('the end of a test that replaced this workflow\'s published registration registers the published URL again and seals its secret', async () => {
		const live = published();
		await publish(live);
		const publishedSecret = sandbox.webhooks.registration!.webhook_secret;
		const t = published({ options: { replaceExisting: true } }, JSON.parse(JSON.stringify(live.staticData())) as IDataObject, WEBHOOK_ID, true);
		await trigger.webhookMethods.default.create.call(hook(t, 'manual'));
		expect(sandbox.webhooks.registration?.webhook_url).toBe(`${base}/webhook-test/${WEBHOOK_ID}/webhook`);
		// n8n removes the test webhook when the test ends
		await trigger.webhookMethods.default.delete.call(hook(t));
		expect(sandbox.webhooks.registration?.webhook_url).toBe(live.url);
		expect(sandbox.webhooks.registration?.webhook_secret).not.toBe(publishedSecret);
		const restored = t.staticData().registration as IDataObject;
		expect(restored).toMatchObject({ webhookUrl: live.url });
		expect(restored.test).toBeUndefined();

		// published deliveries verify with the new secret
		const after = published({}, JSON.parse(JSON.stringify(t.staticData())) as IDataObject);
		const id = sandbox.universe.businesses[5].business_id;
		enroll('restored', [id]);
		sandbox.addEvent({ business_id: id, event_name: 'new_product' });
		await sandbox.webhooks.idle();
		expect(receiver.received.map((entry) => entry.status)).toEqual([200]);
		expect(receiver.received[0].items).toHaveLength(1);
		expect(after.staticData().seenEvents).toHaveLength(1);
		receiver.received = [];
	});

	test('a test that could not register (foreign registration, no Replace) does not delete the published registration at its end', async () => {
		const live = published();
		await publish(live);
		const t = published({}, JSON.parse(JSON.stringify(live.staticData())) as IDataObject, WEBHOOK_ID, true);
		await expect(trigger.webhookMethods.default.create.call(hook(t, 'manual'))).rejects.toThrow(/registering this test URL would replace it/);
		await trigger.webhookMethods.default.delete.call(hook(t));
		expect(sandbox.webhooks.registration?.webhook_url).toBe(live.url);
		expect(webhookCalls()).not.toContain(`DELETE /v1/webhooks/${SANDBOX_PARTNER_ID}`);
	});

	test('a secret rotated behind the trigger (the same URL registered again): read again once a minute at most, re-sealed, the delivery verified', async () => {
		const p = published();
		await publish(p);
		const sealedBefore = JSON.stringify((p.staticData().registration as IDataObject).secret);
		const id = sandbox.universe.businesses[6].business_id;
		enroll('rotated', [id]);
		// the last read of this process may be less than a minute ago (another test's forged delivery)
		const realNow = Date.now.bind(Date);
		const later = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 70_000);
		try {
			sandbox.webhooks.register(SANDBOX_PARTNER_ID, p.url);
			const gets = webhookCalls().length;
			sandbox.addEvent({ business_id: id, event_name: 'new_product' });
			await sandbox.webhooks.idle();
			expect(receiver.received.map((entry) => entry.status)).toEqual([200]);
			expect(receiver.received[0].items).toHaveLength(1);
			expect(webhookCalls().slice(gets)).toEqual([`GET /v1/webhooks/${SANDBOX_PARTNER_ID}`]);
			expect(JSON.stringify((p.staticData().registration as IDataObject).secret)).not.toBe(sealedBefore);
			expect(JSON.stringify(p.workflow.staticData)).not.toContain(sandbox.webhooks.registration!.webhook_secret);

			// rotated again within the minute: no second read, refused
			receiver.received = [];
			sandbox.webhooks.register(SANDBOX_PARTNER_ID, p.url);
			const before = webhookCalls().length;
			sandbox.addEvent({ business_id: id, event_name: 'new_funding_round' });
			await sandbox.webhooks.idle();
			expect(receiver.received[0].status).toBe(400);
			expect(webhookCalls().slice(before)).toEqual([]);
		} finally {
			later.mockRestore();
			receiver.received = [];
		}
	});

	test('listening for a test event registers the test URL and asks for a simulated event', async () => {
		// n8n's test webhooks: the hooks see the test URL (isTest), deliveries run in 'manual' mode
		const p = published({ options: { simulateEvent: 'funding_round' } }, {}, WEBHOOK_ID, true);
		await trigger.webhookMethods.default.create.call(hook(p, 'manual'));
		expect(sandbox.webhooks.registration?.webhook_url).toBe(`${base}/webhook-test/${WEBHOOK_ID}/webhook`);
		await sandbox.webhooks.idle();
		const simulated = receiver.received.filter((entry) => entry.items);
		expect(simulated).toHaveLength(1);
		expect(simulated[0].items![0]).toMatchObject({ event_name: 'funding_round', enrollment_key: 'webhook_simulation' });
		receiver.received = [];
	});
});

/**
 * API v2, with the hooks called with the version as the node will once it chooses one: the same
 * n8n-core contexts, the trigger's own webhook, deliveries of a v2 enrollment.
 */
describe('Business Events Webhook Trigger on API v2 in n8n-core', () => {
	const v2Calls = () => sandbox.requests.filter((request) => request.path.startsWith('/v2/webhooks')).map((request) => `${request.method} ${request.path} ${request.status}`);

	test('publish creates its own webhook and seals its secret; a v2 enrollment\'s events fire once in v1 names; a restart keeps the secret; unpublish disables it while enrolled', async () => {
		const p = published();
		expect(await checkExists.call(hook(p), 'v2')).toBe(false);
		await create.call(hook(p), 'v2');
		const [webhook] = [...sandbox.webhooks.tenant.values()];
		const id = webhook.webhook_id;
		expect([webhook.webhook_url, webhook.name]).toEqual([p.url, `n8n: ${p.workflow.name ?? p.workflow.id} / ${NAME}`]);
		expect(v2Calls()).toEqual(['GET /v2/webhooks 200', 'GET /v2/webhooks 200', 'POST /v2/webhooks 201']);
		// the credential has a Partner ID: v1's webhook is looked for at this URL (a migration), and none is there
		expect(webhookCalls()).toEqual([`GET /v1/webhooks/${SANDBOX_PARTNER_ID}`]);
		expect(Object.keys(p.staticData().registration as IDataObject)).not.toContain('legacy');
		expect(p.staticData().registration).toMatchObject({ model: 'v2', webhookId: id, webhookUrl: p.url });
		expect(JSON.stringify(p.workflow.staticData)).not.toContain(webhook.webhook_secret);

		const business = sandbox.universe.businesses[0].business_id;
		sandbox.enrollments.businessesV2.set('enr-v2', {
			enrollment_id: 'enr-v2',
			enrollment_key: 'key-v2',
			webhook_id: id,
			event_types: ['executive_joined_company'],
			business_ids: [business],
			status: 'active',
		});
		sandbox.webhooks.configure({ duplicates: 1 });
		sandbox.addEvent({ business_id: business, event_name: 'employee_joined_company', data: { title: 'CTO' } });
		await sandbox.webhooks.idle();
		expect(sandbox.webhooks.deliveries.map((delivery) => [delivery.webhook_id, delivery.status])).toEqual([
			[id, 200],
			[id, 200],
		]);
		const fired = receiver.received.filter((entry) => entry.items);
		expect(fired.map((entry) => entry.items)).toEqual([
			[
				{
					event_name: 'employee_joined_company',
					event_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
					event_id: expect.stringMatching(/^[0-9a-f]{32}$/),
					data: { title: 'CTO' },
					business_id: business,
					enrollment_key: 'key-v2',
					enrollment_id: 'enr-v2',
				},
			],
		]);
		expect(receiver.received.filter((entry) => !entry.items).map((entry) => entry.body)).toEqual([{ message: 'Duplicate event ignored' }]);
		receiver.received = [];

		// n8n restarts: the stored webhook_id is read by id, the sealed secret opens, nothing is rotated
		const before = v2Calls().length;
		const restarted = published({}, JSON.parse(JSON.stringify(p.staticData())) as IDataObject);
		expect(await checkExists.call(hook(restarted), 'v2')).toBe(true);
		expect(v2Calls().slice(before)).toEqual([`GET /v2/webhooks/${id} 200`]);

		await remove.call(hook(restarted), 'v2');
		expect(v2Calls().slice(before + 1)).toEqual([`GET /v2/webhooks/${id} 200`, `DELETE /v2/webhooks/${id} 409`, `PATCH /v2/webhooks/${id} 200`]);
		expect([sandbox.webhooks.tenant.get(id)?.status, restarted.staticData().registration]).toEqual(['disabled', undefined]);
	});

	test('during a migration (v1\'s partner webhook at the same URL): both generations verify, each event_id fires once', async () => {
		const p = published();
		const legacy = sandbox.webhooks.register(SANDBOX_PARTNER_ID, p.url);
		await create.call(hook(p), 'v2');
		const id = [...sandbox.webhooks.tenant.keys()][0];
		expect(Object.keys(p.staticData().registration as IDataObject)).toContain('legacy');
		expect(JSON.stringify(p.workflow.staticData)).not.toContain(legacy.webhook_secret);
		const business = sandbox.universe.businesses[1].business_id;
		enroll('key-v1', [business]);
		sandbox.enrollments.businessesV2.set('enr-v2', {
			enrollment_id: 'enr-v2',
			enrollment_key: 'key-v2',
			webhook_id: id,
			event_types: ['new_product'],
			business_ids: [business],
			status: 'active',
		});
		sandbox.addEvent({ business_id: business, event_name: 'new_product' });
		sandbox.addEvent({ business_id: business, event_name: 'new_funding_round' });
		await sandbox.webhooks.idle();
		// new_product: v1's push (legacy secret) fires, v2's (its own secret) is the same event_id;
		// new_funding_round: only the v1 enrollment has it
		expect(sandbox.webhooks.deliveries.map((delivery) => [delivery.event_name, delivery.webhook_id, delivery.status])).toEqual([
			['new_product', undefined, 200],
			['new_product', id, 200],
			['new_funding_round', undefined, 200],
		]);
		expect(receiver.received.map((entry) => [entry.status, entry.items?.[0]?.enrollment_key ?? entry.body])).toEqual([
			[200, 'key-v1'],
			[200, { message: 'Duplicate event ignored' }],
			[200, 'key-v1'],
		]);
		receiver.received = [];

		// restarted from saved static data: both keys open again
		const restarted = published({}, JSON.parse(JSON.stringify(p.staticData())) as IDataObject);
		expect(await checkExists.call(hook(restarted), 'v2')).toBe(true);
		sandbox.addEvent({ business_id: business, event_name: 'new_product' });
		await sandbox.webhooks.idle();
		expect(receiver.received.map((entry) => [entry.status, entry.items?.[0]?.enrollment_key ?? entry.body])).toEqual([
			[200, 'key-v1'],
			[200, { message: 'Duplicate event ignored' }],
		]);
		receiver.received = [];
	});
});

/**
 * The node as n8n runs it: its webhookMethods choose the API version (apiVersionOf), so the node
 * at the typeVersion that speaks each version publishes, fires and unpublishes with the same items
 * (on v2 it also looks for v1's partner webhook at its URL, a migration: both rows are v1's cases).
 */
function publishCases(api: ApiVersion): void {
	const allCalls = () =>
		sandbox.requests.map(
			(request) => `${request.method} ${request.path}${request.query ? `?${new URLSearchParams(request.query)}` : ''} ${request.status}`,
		);
	const PUBLISH: Record<ApiVersion, (id: string) => string[]> = {
		v1: () => [`GET /v1/webhooks/${SANDBOX_PARTNER_ID} 404`, `GET /v1/webhooks/${SANDBOX_PARTNER_ID} 404`, 'POST /v1/webhooks 200'],
		// checkExists finds nothing at its URL; create looks again, creates, and looks for v1's webhook at the URL (a migration)
		v2: () => ['GET /v2/webhooks 200', 'GET /v2/webhooks 200', 'POST /v2/webhooks 201', `GET /v1/webhooks/${SANDBOX_PARTNER_ID} 404`],
	};
	const UNPUBLISH: Record<ApiVersion, (id: string) => string[]> = {
		v1: () => [`GET /v1/webhooks/${SANDBOX_PARTNER_ID} 200`, `DELETE /v1/webhooks/${SANDBOX_PARTNER_ID} 200`],
		v2: (id) => [`GET /v2/webhooks/${id} 200`, `DELETE /v2/webhooks/${id} 200`],
	};

	/** The one enrollment of the version, delivering to the trigger's webhook. */
	function enrollOn(businessId: string) {
		if (api === 'v1') {
			sandbox.enrollments.businesses.set('enr-key-both', {
				enrollment_id: 'enr-key-both',
				enrollment_key: 'key-both',
				business_ids: [businessId],
				event_types: ['new_product', 'employee_joined_company'],
			});
			return;
		}
		sandbox.enrollments.businessesV2.set('enr-key-both', {
			enrollment_id: 'enr-key-both',
			enrollment_key: 'key-both',
			webhook_id: [...sandbox.webhooks.tenant.keys()][0],
			event_types: ['new_product', 'executive_joined_company'],
			business_ids: [businessId],
			status: 'active',
		});
	}

	test('publish, an event, unpublish: exact requests, and the same item on both versions', async () => {
		const p = published({}, {}, WEBHOOK_ID, false, { typeVersion: typeVersionFor('businessEventsWebhookTrigger', api) });
		expect(await publish(p)).toBe(false);
		const id = api === 'v2' ? [...sandbox.webhooks.tenant.keys()][0] : '';
		expect(allCalls()).toEqual(PUBLISH[api](id));
		expect(p.staticData().registration).toMatchObject({ model: api, webhookUrl: p.url });

		const business = sandbox.universe.businesses[2].business_id;
		enrollOn(business);
		sandbox.addEvent({ business_id: business, event_name: 'employee_joined_company', data: { title: 'CFO' } });
		await sandbox.webhooks.idle();
		expect(receiver.received.map((entry) => entry.items)).toEqual([
			[
				{
					event_name: 'employee_joined_company',
					event_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
					event_id: expect.stringMatching(/^[0-9a-f]{32}$/),
					data: { title: 'CFO' },
					business_id: business,
					enrollment_key: 'key-both',
					enrollment_id: 'enr-key-both',
				},
			],
		]);
		receiver.received = [];

		sandbox.enrollments.businessesV2.clear();
		const before = sandbox.requests.length;
		await trigger.webhookMethods.default.delete.call(hook(p));
		expect(allCalls().slice(before)).toEqual(UNPUBLISH[api](id));
		expect([sandbox.webhooks.registration, sandbox.webhooks.tenant.size, p.staticData().registration]).toEqual([undefined, 0, undefined]);
	});
}

describe('Business Events Webhook Trigger at the typeVersion that speaks v1', () => publishCases('v1'));
describe('Business Events Webhook Trigger at the typeVersion that speaks v1', () => replaceOptionCases('v1'));

describe('Business Events Webhook Trigger at the typeVersion that speaks v2', () => publishCases('v2'));

describe('Business Events Webhook Trigger 1 with its credential switched to API v2', () => {
	test("its v1 enrollments' events fire as before (the partner webhook's secret sealed beside its own webhook's); unpublishing leaves v1's webhook, so publishing again keeps them firing", async () => {
		const p = published();
		await publish(p);
		const business = sandbox.universe.businesses[4].business_id;
		enroll('key-v1', [business]);
		sandbox.addEvent({ business_id: business, event_name: 'new_product' });
		await sandbox.webhooks.idle();

		// the credential is set to v2 and n8n restarts: the same node, the same static data
		const before = sandbox.requests.length;
		const switched = published({}, JSON.parse(JSON.stringify(p.staticData())) as IDataObject, WEBHOOK_ID, false, { apiVersion: 'v2' });
		expect(await publish(switched)).toBe(false);
		const id = [...sandbox.webhooks.tenant.keys()][0];
		expect(sandbox.requests.slice(before).map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([
			'GET /v2/webhooks 200',
			'GET /v2/webhooks 200',
			'POST /v2/webhooks 201',
			`GET /v1/webhooks/${SANDBOX_PARTNER_ID} 200`,
		]);
		expect(switched.staticData().registration).toMatchObject({ model: 'v2', webhookId: id, legacy: expect.any(Object) });
		sandbox.addEvent({ business_id: business, event_name: 'new_product' });
		await sandbox.webhooks.idle();
		const [first, second] = receiver.received.map((entry) => entry.items?.[0]);
		const comparable = (item: IDataObject | undefined) => ({ ...item, event_id: undefined, event_time: undefined, data: undefined });
		expect(receiver.received.map((entry) => entry.status)).toEqual([200, 200]);
		expect(comparable(second)).toEqual(comparable(first));
		expect(Object.keys(second ?? {})).toEqual(Object.keys(first ?? {}));
		receiver.received = [];

		// n8n republishes an edited workflow: delete, then checkExists and create
		await trigger.webhookMethods.default.delete.call(hook(switched));
		expect([sandbox.webhooks.registration?.webhook_url, sandbox.webhooks.tenant.size, switched.staticData().registration]).toEqual([
			switched.url,
			0,
			undefined,
		]);
		expect(await publish(switched)).toBe(false);
		expect(switched.staticData().registration).toMatchObject({ model: 'v2', legacy: expect.any(Object) });
		sandbox.addEvent({ business_id: business, event_name: 'new_product' });
		await sandbox.webhooks.idle();
		expect(receiver.received.map((entry) => [entry.status, entry.items?.[0]?.enrollment_key])).toEqual([[200, 'key-v1']]);
	});
});

describe('Business Events Webhook Trigger 2 published on v2, its credential then set to v1', () => {
	test('unpublishing removes its v2 webhook by the stored id (the way it was registered), not v1\'s partner webhook', async () => {
		const p = published({}, {}, WEBHOOK_ID, false, { typeVersion: 2 });
		await publish(p);
		const [id] = [...sandbox.webhooks.tenant.keys()];
		const switched = published({}, JSON.parse(JSON.stringify(p.staticData())) as IDataObject, WEBHOOK_ID, false, { typeVersion: 2, apiVersion: 'v1' });
		const before = sandbox.requests.length;
		await trigger.webhookMethods.default.delete.call(hook(switched));
		expect(sandbox.requests.slice(before).map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([
			`GET /v2/webhooks/${id} 200`,
			`DELETE /v2/webhooks/${id} 200`,
		]);
		expect([sandbox.webhooks.tenant.size, switched.staticData().registration]).toEqual([0, undefined]);
	});
});
