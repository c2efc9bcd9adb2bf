/**
 * The Business Events Webhook Trigger in n8n-core's own contexts, in this process (setup.ts: its
 * webhook methods run in a HookContext as n8n runs them on publish and unpublish; the sandbox's
 * signed pushes reach a local receiver that runs webhook() in a WebhookContext), on API v2: Replace
 * Existing Registration shown at the version that speaks v2 (lifecycle.cases.ts), and a test
 * webhook created with the fixed test description. Where v1 is in play (v1's partner webhook, which
 * v2's hooks also look for during a migration): lifecycle.v1.test.ts. The real n8n server (publish,
 * restart, queue mode) is in test/e2e.
 */
import type { IDataObject } from 'n8n-workflow';

import { TEST_WEBHOOK_DESCRIPTION } from '../../../nodes/shared/api';
import { typeVersionFor } from '../harness/apiVersions';
import { replaceOptionCases } from './lifecycle.cases';
import { base, hook, NAME, publish, published, receiver, sandbox, setUpSandbox, trigger, WEBHOOK_ID } from './setup';

setUpSandbox();

describe('Business Events Webhook Trigger at the typeVersion that speaks v2', () => replaceOptionCases('v2'));

describe('Business Events Webhook Trigger 2 listening for a test event on v2', () => {
	test('its test webhook is created with the fixed test description, the published one without', async () => {
		const p = published({}, {}, WEBHOOK_ID, false, { typeVersion: 2 });
		await publish(p);
		const testing = published({}, JSON.parse(JSON.stringify(p.staticData())) as IDataObject, WEBHOOK_ID, true, { typeVersion: 2 });
		await trigger.webhookMethods.default.create.call(hook(testing, 'manual'));
		expect([...sandbox.webhooks.tenant.values()].map((webhook) => [webhook.webhook_url, webhook.description])).toEqual([
			[p.url, undefined],
			[`${base}/webhook-test/${WEBHOOK_ID}/webhook`, TEST_WEBHOOK_DESCRIPTION],
		]);
	});
});

/**
 * The trigger at its first v2 version on a credential without a Partner ID (v2 needs none, and
 * then looks for no v1 partner webhook): the lifecycle lifecycle.v1.test.ts holds on v1 and, with
 * v1's webhook looked for, on v2. Every request the sandbox logged is asserted.
 */
describe('Business Events Webhook Trigger 2 on v2: registration and deliveries in n8n-core', () => {
	const onV2 = { typeVersion: typeVersionFor('businessEventsWebhookTrigger', 'v2'), partnerId: '' };
	const allCalls = () => sandbox.requests.map((request) => `${request.method} ${request.path} ${request.status}`);
	const enrollV2 = (key: string, businessIds: string[], eventTypes = ['new_product', 'new_funding_round']) => {
		const webhookId = [...sandbox.webhooks.tenant.values()].find((webhook) => webhook.description === undefined)!.webhook_id;
		sandbox.enrollments.businessesV2.set(`enr-${key}`, {
			enrollment_id: `enr-${key}`,
			enrollment_key: key,
			webhook_id: webhookId,
			event_types: eventTypes,
			business_ids: businessIds,
			status: 'active',
		});
	};

	test('publish creates its own webhook and keeps its secret only sealed; a restart reads it by id and rotates nothing; unpublish deletes it', async () => {
		const p = published({}, {}, WEBHOOK_ID, false, onV2);
		expect(await publish(p)).toBe(false);
		const [webhook] = [...sandbox.webhooks.tenant.values()];
		const id = webhook.webhook_id;
		expect(allCalls()).toEqual(['GET /v2/webhooks 200', 'GET /v2/webhooks 200', 'POST /v2/webhooks 201']);
		expect([webhook.webhook_url, webhook.name, webhook.status]).toEqual([p.url, `n8n: ${p.workflow.name ?? p.workflow.id} / ${NAME}`, 'active']);
		expect(p.staticData().registration).toMatchObject({ model: 'v2', webhookId: id, webhookUrl: p.url });
		expect(Object.keys(p.staticData().registration as IDataObject)).not.toContain('legacy');
		const stored = JSON.stringify(p.workflow.staticData);
		expect(stored).not.toContain(webhook.webhook_secret);
		expect(stored).not.toContain(webhook.webhook_secret.replace(/=+$/, ''));

		// n8n restarts: a new Workflow from the saved static data (as n8n saves it: JSON)
		const before = sandbox.requests.length;
		const restarted = published({}, JSON.parse(JSON.stringify(p.staticData())) as IDataObject, WEBHOOK_ID, false, onV2);
		expect(await publish(restarted)).toBe(true);
		expect(allCalls().slice(before)).toEqual([`GET /v2/webhooks/${id} 200`]);
		expect(sandbox.webhooks.tenant.get(id)!.webhook_secret).toBe(webhook.webhook_secret);

		// not enrolled: unpublishing deletes the webhook
		const unpublishing = sandbox.requests.length;
		await trigger.webhookMethods.default.delete.call(hook(restarted));
		expect(allCalls().slice(unpublishing)).toEqual([`GET /v2/webhooks/${id} 200`, `DELETE /v2/webhooks/${id} 200`]);
		expect([sandbox.webhooks.tenant.size, restarted.staticData().registration]).toEqual([0, undefined]);
	});

	test('pushed events: verified over the sandbox\'s bytes, each fired once in v1 names, duplicates dropped; unpublish disables the webhook while enrolled', async () => {
		const p = published({}, {}, WEBHOOK_ID, false, onV2);
		await publish(p);
		const id = [...sandbox.webhooks.tenant.keys()][0];
		const ids = sandbox.universe.businesses.slice(0, 2).map((business) => business.business_id);
		enrollV2('key-accounts', ids, ['new_product', 'new_funding_round', 'executive_joined_company']);
		sandbox.webhooks.configure({ duplicates: 1 });
		sandbox.addEvent({ business_id: ids[0], event_name: 'new_product' });
		sandbox.addEvent({ business_id: ids[1], event_name: 'employee_joined_company', data: { title: 'CTO' } });
		await sandbox.webhooks.idle();

		expect(sandbox.webhooks.deliveries.map((delivery) => [delivery.webhook_id, delivery.status])).toEqual(Array(4).fill([id, 200]));
		const fired = receiver.received.filter((entry) => entry.items);
		expect(fired.map((entry) => entry.items)).toEqual([
			[
				{
					event_name: 'new_product',
					event_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
					event_id: expect.stringMatching(/^[0-9a-f]{32}$/),
					data: expect.any(Object),
					business_id: ids[0],
					enrollment_key: 'key-accounts',
					enrollment_id: 'enr-key-accounts',
				},
			],
			[
				{
					event_name: 'employee_joined_company',
					event_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
					event_id: expect.stringMatching(/^[0-9a-f]{32}$/),
					data: { title: 'CTO' },
					business_id: ids[1],
					enrollment_key: 'key-accounts',
					enrollment_id: 'enr-key-accounts',
				},
			],
		]);
		expect(receiver.received.filter((entry) => !entry.items).map((entry) => [entry.status, entry.body])).toEqual([
			[200, { message: 'Duplicate event ignored' }],
			[200, { message: 'Duplicate event ignored' }],
		]);
		expect(p.staticData().seenEvents).toHaveLength(2);
		receiver.received = [];

		const before = sandbox.requests.length;
		await trigger.webhookMethods.default.delete.call(hook(p));
		expect(allCalls().slice(before)).toEqual([`GET /v2/webhooks/${id} 200`, `DELETE /v2/webhooks/${id} 409`, `PATCH /v2/webhooks/${id} 200`]);
		expect([sandbox.webhooks.tenant.get(id)?.status, p.staticData().registration]).toEqual(['disabled', undefined]);
	});

	test('forged, stale and unsigned deliveries: 400 and no workflow data', async () => {
		const p = published({}, {}, WEBHOOK_ID, false, onV2);
		await publish(p);
		const business = sandbox.universe.businesses[3].business_id;
		enrollV2('watch', [business]);
		for (const knobs of [{ signature: 'bad' }, { signature: 'missing-headers' }, { timestampSkewSeconds: -600 }, { timestampSkewSeconds: 600 }] as const) {
			sandbox.webhooks.configure(knobs);
			sandbox.addEvent({ business_id: business, event_name: 'new_product' });
			await sandbox.webhooks.idle();
		}
		expect(receiver.received.map((entry) => [entry.status, entry.items])).toEqual(Array(4).fill([400, undefined]));
		expect(p.staticData().seenEvents ?? []).toEqual([]);
		receiver.received = [];

		// the same push signed as it should be fires
		sandbox.webhooks.configure({});
		sandbox.addEvent({ business_id: business, event_name: 'new_product' });
		await sandbox.webhooks.idle();
		expect(receiver.received.map((entry) => [entry.status, entry.items?.length])).toEqual([[200, 1]]);
		receiver.received = [];
	});

	test('listening for a test event while published: the test webhook beside the published one, a simulated event; at its end only the test webhook goes and published deliveries still verify', async () => {
		const live = published({}, {}, WEBHOOK_ID, false, onV2);
		await publish(live);
		const [liveId] = [...sandbox.webhooks.tenant.keys()];
		const liveRegistration = JSON.stringify(live.staticData().registration);
		const t = published({ options: { simulateEvent: 'funding_round' } }, JSON.parse(JSON.stringify(live.staticData())) as IDataObject, WEBHOOK_ID, true, onV2);
		const before = sandbox.requests.length;
		await trigger.webhookMethods.default.create.call(hook(t, 'manual'));
		await sandbox.webhooks.idle();
		const testId = [...sandbox.webhooks.tenant.keys()].find((key) => key !== liveId)!;
		expect(allCalls().slice(before)).toEqual(['GET /v2/webhooks 200', 'POST /v2/webhooks 201', `POST /v2/webhooks/${testId}/check_connectivity 200`]);
		expect(sandbox.webhooks.tenant.get(testId)?.webhook_url).toBe(`${base}/webhook-test/${WEBHOOK_ID}/webhook`);
		// the published registration stays in static data, sealed as it was
		expect(JSON.stringify(t.staticData().registration)).toBe(liveRegistration);
		const simulated = receiver.received.filter((entry) => entry.items);
		expect(simulated).toHaveLength(1);
		expect(simulated[0].items![0]).toMatchObject({ event_name: 'funding_round', enrollment_key: 'webhook_simulation' });
		receiver.received = [];

		// n8n removes the test webhook when the test ends
		const ending = sandbox.requests.length;
		await trigger.webhookMethods.default.delete.call(hook(t));
		expect(allCalls().slice(ending)).toEqual([`GET /v2/webhooks/${liveId} 200`, 'GET /v2/webhooks 200', `DELETE /v2/webhooks/${testId} 200`]);
		expect([...sandbox.webhooks.tenant.keys()]).toEqual([liveId]);
		expect(sandbox.webhooks.tenant.get(liveId)?.status).toBe('active');

		// published deliveries verify with the published secret, read from the published workflow's static data
		expect(JSON.stringify(live.staticData().registration)).toBe(liveRegistration);
		const after = published({}, JSON.parse(JSON.stringify(live.staticData())) as IDataObject, WEBHOOK_ID, false, onV2);
		const business = sandbox.universe.businesses[5].business_id;
		enrollV2('restored', [business]);
		sandbox.addEvent({ business_id: business, event_name: 'new_product' });
		await sandbox.webhooks.idle();
		expect(receiver.received.map((entry) => [entry.status, entry.items?.length])).toEqual([[200, 1]]);
		expect(after.staticData().seenEvents).toHaveLength(1);
		receiver.received = [];
	});
});
