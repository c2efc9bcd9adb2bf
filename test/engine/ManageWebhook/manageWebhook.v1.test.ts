/**
 * Manage Webhook 1 on API v1 (node version 1 at Per Node Version) in n8n-core's engine against the
 * sandbox's v1 webhook endpoints: the partner id comes from the credential (none: an error in
 * words, nothing sent), a foreign registration is replaced only when asked, a registered URL is not
 * registered again unless Rotate Secret is on, delete keeps a registration that points elsewhere,
 * connectivity checks are checked before sending, and no output or error ever holds the webhook
 * secret. Retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 */
import type { INodeParameters } from 'n8n-workflow';

import { SANDBOX_PARTNER_ID } from '../../sandbox/options';
import { onItems, packageNode, runWorkflow, sandboxCredentials, useSandbox } from '../harness';
import { typeVersionFor } from '../harness/apiVersions';

const NODE = 'Manage Webhook';
const sandbox = useSandbox({ retryAfterSeconds: 0 }, (started) => {
	started.configure({ faults: {}, partnerId: undefined });
	started.webhooks.unregister();
	started.webhooks.configure({});
});

const URL_A = 'https://n8n-a.example.com/webhook/aaa/webhook';
const URL_B = 'https://n8n-b.example.com/webhook/bbb/webhook';

async function run(parameters: INodeParameters, options: { items?: number; partnerId?: string; continueOnFail?: boolean } = {}) {
	const items = Array.from({ length: options.items ?? 1 }, (_, i) => ({ i }));
	// node version 1, the newest that speaks v1 at Per Node Version: these are v1's cases
	const node = {
		...packageNode('manageWebhook', NODE, parameters, { typeVersion: typeVersionFor('manageWebhook', 'v1') }),
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
	};
	return await runWorkflow(onItems(items, node), {
		credentials: sandboxCredentials(sandbox, { partnerId: options.partnerId ?? SANDBOX_PARTNER_ID }),
	});
}

const webhookRequests = () => sandbox.requests.filter((request) => request.path.startsWith('/v1/webhooks'));
const secretOf = () => sandbox.webhooks.registration?.webhook_secret ?? 'none';

describe('Manage Webhook', () => {
	test('Get Registration: none, then the registration without its secret', async () => {
		const none = await run({ operation: 'get' });
		expect(none.error).toBeUndefined();
		expect(none.json(NODE)).toEqual([expect.objectContaining({ registered: false, webhook_url: null, model: 'v1' })]);

		sandbox.webhooks.register(SANDBOX_PARTNER_ID, URL_A);
		const found = await run({ operation: 'get' });
		expect(found.json(NODE)).toEqual([
			expect.objectContaining({ registered: true, webhook_url: URL_A, has_secret: true, owner: `partner ${SANDBOX_PARTNER_ID}` }),
		]);
		expect(JSON.stringify(found.raw)).not.toContain(secretOf());
		expect(webhookRequests().map((request) => `${request.method} ${request.path}`)).toEqual([
			`GET /v1/webhooks/${SANDBOX_PARTNER_ID}`,
			`GET /v1/webhooks/${SANDBOX_PARTNER_ID}`,
		]);
	});

	test('without a Partner ID on the credential: an error in words, nothing sent', async () => {
		const result = await run({ operation: 'get' }, { partnerId: '' });
		expect(result.error?.message).toMatch(/^The credential has no Partner ID/);
		expect(sandbox.requests).toHaveLength(0);
	});

	test('without a Partner ID, under Continue on Fail: one paired error item per input item, nothing sent', async () => {
		const result = await run({ operation: 'get' }, { partnerId: '', items: 3, continueOnFail: true });
		expect(result.error).toBeUndefined();
		const items = result.json(NODE);
		expect(items).toHaveLength(3);
		for (const item of items) expect(item.error).toMatch(/^The credential has no Partner ID/);
		expect(result.pairedItems(NODE)).toEqual([[{ item: 0 }], [{ item: 1 }], [{ item: 2 }]]);
		expect(sandbox.requests).toHaveLength(0);
	});

	test('Register: refuses to replace a foreign registration (naming it) unless asked', async () => {
		sandbox.webhooks.register(SANDBOX_PARTNER_ID, URL_A);
		const refused = await run({ operation: 'register', webhookUrl: URL_B });
		expect(refused.error?.message).toContain(URL_A);
		expect(sandbox.webhooks.registration?.webhook_url).toBe(URL_A);

		const replaced = await run({ operation: 'register', webhookUrl: URL_B, replaceExisting: true });
		expect(replaced.error).toBeUndefined();
		expect(replaced.json(NODE)).toEqual([expect.objectContaining({ webhook_url: URL_B, replaced_url: URL_A, has_secret: true })]);
		expect(sandbox.webhooks.registration?.webhook_url).toBe(URL_B);
		expect(JSON.stringify(replaced.raw)).not.toContain(secretOf());
	});

	test('Register: a URL registered already is not registered again (that would rotate its secret) unless Rotate Secret is on', async () => {
		sandbox.webhooks.register(SANDBOX_PARTNER_ID, URL_A);
		const secret = secretOf();
		const kept = await run({ operation: 'register', webhookUrl: URL_A });
		expect(kept.error).toBeUndefined();
		expect(kept.json(NODE)).toEqual([expect.objectContaining({ webhook_url: URL_A, already_registered: true, secret_rotated: false })]);
		expect(webhookRequests().map((request) => request.method)).toEqual(['GET']);
		expect(secretOf()).toBe(secret);

		const rotated = await run({ operation: 'register', webhookUrl: URL_A, rotateSecret: true });
		expect(rotated.json(NODE)).toEqual([expect.objectContaining({ webhook_url: URL_A, already_registered: true, secret_rotated: true })]);
		expect(secretOf()).not.toBe(secret);
		expect(JSON.stringify(rotated.raw)).not.toContain(secretOf());
	});

	test('Delete Registration: keeps a registration that points elsewhere, deletes its own', async () => {
		sandbox.webhooks.register(SANDBOX_PARTNER_ID, URL_A);
		const kept = await run({ operation: 'delete', onlyIfUrl: URL_B });
		expect(kept.json(NODE)).toEqual([expect.objectContaining({ deleted: false, webhook_url: URL_A })]);
		expect(sandbox.webhooks.registration?.webhook_url).toBe(URL_A);

		const deleted = await run({ operation: 'delete', onlyIfUrl: URL_A });
		expect(deleted.json(NODE)).toEqual([expect.objectContaining({ deleted: true, webhook_url: URL_A })]);
		expect(sandbox.webhooks.registration).toBeUndefined();

		const nothing = await run({ operation: 'delete' });
		expect(nothing.json(NODE)).toEqual([expect.objectContaining({ deleted: false, webhook_url: null })]);
	});

	test('Check Connectivity: simulation checked before sending, then sent as the catalog states', async () => {
		sandbox.webhooks.register(SANDBOX_PARTNER_ID, 'http://127.0.0.1:9/unreachable');
		const invalid = await run({ operation: 'checkConnectivity', simulate: true, simulatedEventType: 'funding_round', numberOfEvents: 11 });
		expect(invalid.error?.message).toBe('Item 0: simulation.number_of_events must be at most 10');
		expect(sandbox.requests).toHaveLength(0);

		const sent = await run({ operation: 'checkConnectivity', simulate: true, simulatedEventType: 'funding_round', numberOfEvents: 3 });
		expect(sent.error).toBeUndefined();
		expect(sent.json(NODE)).toEqual([
			expect.objectContaining({ requested: 'simulation', event_name: 'funding_round', number_of_events: 3, request_status: 'success' }),
		]);
		const request = webhookRequests().find((entry) => entry.path === '/v1/webhooks/check_connectivity');
		expect(request?.body).toEqual({ partner_id: SANDBOX_PARTNER_ID, simulation: { event_name: 'funding_round', number_of_events: 3 } });
		await sandbox.webhooks.idle();
	});
});
