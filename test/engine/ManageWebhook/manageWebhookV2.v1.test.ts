/**
 * Manage Webhook where v1 is in play, in n8n-core's engine against the sandbox: the Webhook picker,
 * which lists v1's partner webhook as legacy and refuses on a credential set to v1; version 2 on a
 * credential set to v1 refusing in words; version 1 (built for v1) on a credential set to v2
 * reading v1's partner webhook as v2 lists it, or refusing in words with the legacy webhook
 * untouched. Retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ManageWebhook } from '../../../nodes/ManageWebhook/ManageWebhook.node';
import { SANDBOX_PARTNER_ID } from '../../sandbox/options';
import { onItems, packageNode, runListSearch, runWorkflow, sandboxCredentials, useSandbox } from '../harness';
import { typeVersionFor } from '../harness/apiVersions';

const NODE = 'Manage Webhook';
const V2 = typeVersionFor('manageWebhook', 'v2');
const V1 = typeVersionFor('manageWebhook', 'v1');
const sandbox = useSandbox({ retryAfterSeconds: 0 }, (started) => {
	started.configure({ faults: {}, partnerId: undefined });
	started.webhooks.unregister();
	started.webhooks.configure({});
	started.webhooks.clearDeliveries();
	started.webhooks.tenant.clear();
	started.enrollments.businessesV2.clear();
});

const URL_A = 'https://receiver-a.example.com/hook';
const URL_B = 'https://receiver-b.example.com/hook';

interface RunOptions {
	items?: IDataObject[];
	typeVersion?: number;
	apiVersion?: string;
	continueOnFail?: boolean;
	tool?: boolean;
}

class ManageWebhookTool extends ManageWebhook {
	constructor() {
		super();
		this.description = { ...this.description, name: 'manageWebhookTool' };
	}
}

async function run(parameters: INodeParameters, options: RunOptions = {}) {
	const type = options.tool ? 'manageWebhookTool' : 'manageWebhook';
	const node = {
		...packageNode(type, NODE, parameters, { typeVersion: options.typeVersion ?? V2 }),
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
	};
	return await runWorkflow(onItems(options.items ?? [{}], node), {
		credentials: sandboxCredentials(sandbox, {
			partnerId: SANDBOX_PARTNER_ID,
			...(options.apiVersion ? { apiVersion: options.apiVersion } : {}),
		}),
		...(options.tool ? { nodeTypes: { 'n8n-nodes-business-prospect-data.manageWebhookTool': new ManageWebhookTool() } } : {}),
	});
}

const calls = () =>
	sandbox.requests.map(
		(request) => `${request.method} ${request.path}${request.query ? `?${new URLSearchParams(request.query)}` : ''} ${request.status}`,
	);
const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });

/** A webhook made in the sandbox as POST /v2/webhooks makes it, then the request log cleared. */
async function created(name: string, url: string): Promise<string> {
	const result = await run({ operation: 'create', name, webhook_url: url });
	expect(result.error).toBeUndefined();
	sandbox.requests.length = 0;
	return String(result.json(NODE)[0].webhook_id);
}

describe('Manage Webhook 2 (API v2, webhooks by ID)', () => {
	test('the Webhook picker: every webhook by name and status, the legacy one said so, filtered by name, id or URL', async () => {
		const id = await created('n8n: Orders / Webhook Trigger', URL_A);
		const other = await created('CRM receiver', URL_B);
		await run({ operation: 'update', webhookId: byId(other), updateFields: { status: 'disabled' } });
		sandbox.webhooks.register(SANDBOX_PARTNER_ID, 'https://legacy.example.com/hook');
		const node = packageNode('manageWebhook', NODE, { operation: 'get' }, { typeVersion: V2 });
		const credentials = sandboxCredentials(sandbox, { partnerId: SANDBOX_PARTNER_ID });
		const all = await runListSearch(node, 'searchWebhooks', undefined, { credentials });
		expect(all.results).toEqual([
			{ name: 'legacy (v1 partner webhook)', value: sandbox.webhooks.legacyId },
			{ name: 'n8n: Orders / Webhook Trigger', value: id },
			{ name: 'CRM receiver (disabled)', value: other },
		]);
		expect((await runListSearch(node, 'searchWebhooks', 'ORDERS', { credentials })).results.map((result) => result.value)).toEqual([id]);
		await expect(
			runListSearch(node, 'searchWebhooks', undefined, {
				credentials: sandboxCredentials(sandbox, { partnerId: SANDBOX_PARTNER_ID, apiVersion: 'v1' }),
			}),
		).rejects.toThrow("Listing webhooks needs API v2, and the credential's API Version is v1");
	});
});

describe('Manage Webhook on the other API version', () => {
	test('version 2 on a credential set to v1: every item fails in words (Continue on Fail: paired), nothing sent', async () => {
		const result = await run({ operation: 'getAll' }, { apiVersion: 'v1', items: [{}, {}], continueOnFail: true });
		expect(result.json(NODE).map((item) => item.error)).toEqual(
			[0, 1].map(
				(i) =>
					`Item ${i}: This version of Manage Webhook manages webhooks by ID, which API v1 does not have, and the credential's API Version is v1`,
			),
		);
		expect(result.pairedItems(NODE)).toEqual([[{ item: 0 }], [{ item: 1 }]]);
		expect(sandbox.requests).toHaveLength(0);
	});

	test('version 1 on a credential set to v2: Get Registration reads the partner webhook as v2 lists it', async () => {
		const none = await run({ operation: 'get' }, { typeVersion: V1, apiVersion: 'v2' });
		expect(none.json(NODE)).toEqual([expect.objectContaining({ model: 'v2', registered: false, webhook_url: null, webhook_id: null })]);
		sandbox.webhooks.register(SANDBOX_PARTNER_ID, URL_A);
		const found = await run({ operation: 'get' }, { typeVersion: V1, apiVersion: 'v2' });
		expect(found.json(NODE)).toEqual([
			expect.objectContaining({
				model: 'v2',
				registered: true,
				webhook_url: URL_A,
				webhook_id: sandbox.webhooks.legacyId,
				legacy: true,
				has_secret: false,
			}),
		]);
		expect(calls()).toEqual(['GET /v2/webhooks 200', 'GET /v2/webhooks 200']);
	});

	test.each([
		['register', 'Register', { webhookUrl: URL_A }],
		['delete', 'Delete Registration', { onlyIfUrl: URL_A }],
		['checkConnectivity', 'Check Connectivity', {}],
	])(
		'version 1 on a credential set to v2: %s refuses in words, nothing sent, the legacy webhook untouched',
		async (operation, label, parameters) => {
			sandbox.webhooks.register(SANDBOX_PARTNER_ID, URL_A);
			const secret = sandbox.webhooks.registration?.webhook_secret;
			const result = await run({ operation, ...parameters }, { typeVersion: V1, apiVersion: 'v2' });
			expect(result.error?.message).toBe(
				`Item 0: ${label} acts on your partner's one webhook, which API v2 does not manage, and the credential's API Version is v2`,
			);
			expect(result.error?.description).toMatch(/^Add Manage Webhook again/);
			expect(sandbox.requests).toHaveLength(0);
			expect(sandbox.webhooks.registration?.webhook_secret).toBe(secret);
		},
	);
});
