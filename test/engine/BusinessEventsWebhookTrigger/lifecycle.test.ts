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
import { replaceOptionCases } from './lifecycle.cases';
import { base, hook, publish, published, sandbox, setUpSandbox, trigger, WEBHOOK_ID } from './setup';

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
