/**
 * Manage Webhook's version 2 in n8n-core's engine against the sandbox's v2 webhooks: every
 * operation by webhook_id with its exact requests, checks before any request, and the secret only
 * when asked (never to a model). The Webhook picker and each node version on the other API version:
 * manageWebhookV2.v1.test.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ManageWebhook } from '../../../nodes/ManageWebhook/ManageWebhook.node';
import { SANDBOX_PARTNER_ID } from '../../sandbox/options';
import { onItems, packageNode, runListSearch, runWorkflow, sandboxCredentials, useSandbox } from '../harness';
import { typeVersionFor } from '../harness/apiVersions';

const NODE = 'Manage Webhook';
const V2 = typeVersionFor('manageWebhook', 'v2');
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

const secretOf = (id: string) => sandbox.webhooks.tenant.get(id)?.webhook_secret ?? 'none';

describe('Manage Webhook 2 (API v2, webhooks by ID)', () => {
	test('Create: one list, one create with the fields set; the secret only when asked', async () => {
		const result = await run({
			operation: 'create',
			name: 'CRM receiver',
			webhook_url: URL_A,
			options: { description: 'to the CRM', headers: { header: [{ name: 'X-Token', value: 'abc' }] }, payload_format: 'stringified_json' },
		});
		expect(result.error).toBeUndefined();
		expect(calls()).toEqual(['GET /v2/webhooks 200', 'POST /v2/webhooks 201']);
		expect(sandbox.requests[1].body).toEqual({
			description: 'to the CRM',
			headers: ['X-Token: abc'],
			payload_format: 'stringified_json',
			name: 'CRM receiver',
			webhook_url: URL_A,
		});
		const [webhook] = [...sandbox.webhooks.tenant.values()];
		expect(result.json(NODE)).toEqual([
			{
				model: 'v2',
				owner: "the API key's tenant",
				registered: true,
				webhook_url: URL_A,
				created_at: webhook.created_at,
				last_modified_time: webhook.last_modified_time,
				has_secret: true,
				webhook_id: webhook.webhook_id,
				name: 'CRM receiver',
				status: 'active',
				legacy: false,
			},
		]);
		expect(JSON.stringify(result.raw)).not.toContain(webhook.webhook_secret);

		const shown = await run({ operation: 'create', name: 'Other', webhook_url: URL_B, options: { includeSecret: true } });
		const other = [...sandbox.webhooks.tenant.values()][1];
		expect(shown.json(NODE)[0]).toMatchObject({ webhook_id: other.webhook_id, webhook_secret: other.webhook_secret });
	});

	test('Create: a URL that has a webhook is refused, naming it (one list, nothing created); bad fields before any request', async () => {
		const id = await created('First', URL_A);
		const twice = await run({ operation: 'create', name: 'Second', webhook_url: `${URL_A}/` });
		expect(twice.error?.message).toBe(`Item 0: the webhook ${id} ("First") delivers to ${URL_A}/ already`);
		expect(calls()).toEqual(['GET /v2/webhooks 200']);
		expect(sandbox.webhooks.tenant.size).toBe(1);

		sandbox.requests.length = 0;
		const bad = await run(
			{
				operation: 'create',
				name: '={{ $json.name }}',
				webhook_url: URL_B,
				options: { headers: { header: [{ name: 'Bad Name', value: 'x' }] } },
			},
			{ items: [{ name: 'ok' }, { name: '' }], continueOnFail: true },
		);
		expect(bad.json(NODE).map((item) => item.error)).toEqual([
			'Item 0: headers[0] must be "Header-Name: value" (a name of letters, digits and -, then printable text)',
			'Item 1: name is required; headers[0] must be "Header-Name: value" (a name of letters, digits and -, then printable text)',
		]);
		expect(sandbox.requests).toHaveLength(0);
	});

	test("Create: a URL only v1's partner webhook (legacy) uses is created, as the migration to v2 needs", async () => {
		sandbox.webhooks.register(SANDBOX_PARTNER_ID, URL_A);
		const result = await run({ operation: 'create', name: 'Migrated', webhook_url: URL_A });
		expect(result.error).toBeUndefined();
		expect(calls()).toEqual(['GET /v2/webhooks 200', 'POST /v2/webhooks 201']);
		expect([...sandbox.webhooks.tenant.values()].map((webhook) => [webhook.name, webhook.webhook_url])).toEqual([['Migrated', URL_A]]);
	});

	test("Get and Get Many: by ID, and every webhook with v1's partner webhook as legacy; a status filter in the query", async () => {
		const id = await created('Mine', URL_A);
		sandbox.webhooks.register(SANDBOX_PARTNER_ID, URL_B);
		const legacyId = sandbox.webhooks.legacyId;

		const one = await run({ operation: 'get', webhookId: byId(id) });
		expect(one.json(NODE)).toEqual([expect.objectContaining({ webhook_id: id, name: 'Mine', webhook_url: URL_A, has_secret: false })]);
		const many = await run({ operation: 'getAll' }, { items: [{}, {}] });
		expect(many.json(NODE).map((item) => [item.webhook_id, item.legacy])).toEqual([
			[legacyId, true],
			[id, false],
			[legacyId, true],
			[id, false],
		]);
		expect(many.pairedItems(NODE)).toEqual([[{ item: 0 }], [{ item: 0 }], [{ item: 1 }], [{ item: 1 }]]);
		const disabled = await run({ operation: 'getAll', status: 'disabled' });
		expect(disabled.json(NODE)).toEqual([]);
		expect(calls()).toEqual([
			`GET /v2/webhooks/${id} 200`,
			'GET /v2/webhooks 200',
			'GET /v2/webhooks 200',
			'GET /v2/webhooks?status=disabled 200',
		]);

		const missing = await run({ operation: 'get', webhookId: byId('no-such-webhook') });
		expect(missing.error?.message).toBe('Item 0: the service has no webhook no-such-webhook');
		const empty = await run({ operation: 'get', webhookId: byId(' ') });
		expect(empty.error?.message).toBe('Item 0: Webhook is required');
	});

	test('Update: only the fields set (disable), as one PATCH; none set is an error before any request', async () => {
		const id = await created('Mine', URL_A);
		const disabled = await run({ operation: 'update', webhookId: byId(id), updateFields: { status: 'disabled', name: 'Paused receiver' } });
		expect(calls()).toEqual([`PATCH /v2/webhooks/${id} 200`]);
		expect(sandbox.requests[0].body).toEqual({ status: 'disabled', name: 'Paused receiver' });
		expect(disabled.json(NODE)).toEqual([expect.objectContaining({ webhook_id: id, status: 'disabled', name: 'Paused receiver' })]);

		sandbox.requests.length = 0;
		const nothing = await run({ operation: 'update', webhookId: byId(id), updateFields: {} });
		expect(nothing.error?.message).toBe('Item 0: Update Fields must set at least one field');
		expect(sandbox.requests).toHaveLength(0);
	});

	test('Delete: kept while an active enrollment uses it (the error says Force); with Force deleted and the enrollment paused; gone is no error', async () => {
		const id = await created('Mine', URL_A);
		sandbox.enrollments.businessesV2.set('enr-1', {
			enrollment_id: 'enr-1',
			enrollment_key: 'key-1',
			webhook_id: id,
			event_types: ['new_product'],
			business_ids: [sandbox.universe.businesses[0].business_id],
			status: 'active',
		});
		const refused = await run({ operation: 'delete', webhookId: byId(id) });
		expect(refused.error?.message).toBe(`Item 0: the webhook ${id} is used by active enrollments, so it was kept`);
		expect(refused.error?.description).toMatch(/Turn on Force to delete it anyway/);
		const forced = await run({ operation: 'delete', webhookId: byId(id), force: true });
		expect(forced.json(NODE)).toEqual([{ model: 'v2', webhook_id: id, deleted: true, paused_enrollment_ids: ['enr-1'] }]);
		expect(sandbox.enrollments.businessesV2.get('enr-1')?.status).toBe('paused');
		const gone = await run({ operation: 'delete', webhookId: byId(id) });
		expect(gone.json(NODE)).toEqual([{ model: 'v2', webhook_id: id, deleted: false, paused_enrollment_ids: [] }]);
		expect(calls()).toEqual([`DELETE /v2/webhooks/${id} 409`, `DELETE /v2/webhooks/${id}?force=true 200`, `DELETE /v2/webhooks/${id} 404`]);
	});

	test('Rotate Secret: one request; the new secret only when asked, and never to a model', async () => {
		const id = await created('Mine', URL_A);
		const before = secretOf(id);
		const hidden = await run({ operation: 'rotateSecret', webhookId: byId(id) });
		expect(hidden.json(NODE)).toEqual([{ model: 'v2', webhook_id: id, secret_rotated: true }]);
		expect(secretOf(id)).not.toBe(before);
		expect(JSON.stringify(hidden.raw)).not.toContain(secretOf(id));
		const shown = await run({ operation: 'rotateSecret', webhookId: byId(id), options: { includeSecret: true } });
		expect(shown.json(NODE)).toEqual([{ model: 'v2', webhook_id: id, secret_rotated: true, webhook_secret: secretOf(id) }]);
		const tool = await run({ operation: 'rotateSecret', webhookId: byId(id), options: { includeSecret: true } }, { tool: true });
		expect(tool.json(NODE)).toEqual([{ model: 'v2', webhook_id: id, secret_rotated: true }]);
		expect(JSON.stringify(tool.raw)).not.toContain(secretOf(id));
		expect(calls()).toEqual([0, 1, 2].map(() => `POST /v2/webhooks/${id}/rotate_secret 200`));
	});

	test("Check Connectivity: the simulation checked before sending, then sent to that webhook under v2's event names", async () => {
		const id = await created('Mine', 'http://127.0.0.1:9/unreachable');
		const invalid = await run({
			operation: 'checkConnectivity',
			webhookId: byId(id),
			simulate: true,
			simulatedEventType: 'new_product',
			numberOfEvents: 11,
		});
		expect(invalid.error?.message).toBe('Item 0: simulation.number_of_events must be at most 10');
		expect(sandbox.requests).toHaveLength(0);
		const sent = await run({
			operation: 'checkConnectivity',
			webhookId: byId(id),
			simulate: true,
			simulatedEventType: 'employee_joined_company',
			numberOfEvents: 2,
		});
		expect(sent.error).toBeUndefined();
		expect(calls()).toEqual([`POST /v2/webhooks/${id}/check_connectivity 200`]);
		expect(sandbox.requests[0].body).toEqual({ simulation: { event_name: 'executive_joined_company', number_of_events: 2 } });
		expect(sent.json(NODE)).toEqual([
			expect.objectContaining({
				model: 'v2',
				webhook_id: id,
				requested: 'simulation',
				event_name: 'employee_joined_company',
				number_of_events: 2,
				request_status: 'success',
			}),
		]);
		await sandbox.webhooks.idle();
	});
});

describe('Manage Webhook 2: the Webhook picker', () => {
	test('every webhook by name and status, filtered by name, id or URL; one list per search', async () => {
		const id = await created('n8n: Orders / Webhook Trigger', URL_A);
		const other = await created('CRM receiver', URL_B);
		await run({ operation: 'update', webhookId: byId(other), updateFields: { status: 'disabled' } });
		sandbox.requests.length = 0;
		const node = packageNode('manageWebhook', NODE, { operation: 'get' }, { typeVersion: V2 });
		const credentials = sandboxCredentials(sandbox);
		expect((await runListSearch(node, 'searchWebhooks', undefined, { credentials })).results).toEqual([
			{ name: 'n8n: Orders / Webhook Trigger', value: id },
			{ name: 'CRM receiver (disabled)', value: other },
		]);
		expect((await runListSearch(node, 'searchWebhooks', 'ORDERS', { credentials })).results.map((result) => result.value)).toEqual([id]);
		expect((await runListSearch(node, 'searchWebhooks', other.slice(0, 8), { credentials })).results.map((result) => result.value)).toEqual([other]);
		expect((await runListSearch(node, 'searchWebhooks', 'receiver-b.example', { credentials })).results.map((result) => result.value)).toEqual([other]);
		expect(calls()).toEqual(Array(4).fill('GET /v2/webhooks 200'));
	});
});
