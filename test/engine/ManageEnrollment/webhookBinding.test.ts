/**
 * Manage Enrollment's webhook on API v2, in n8n-core's engine against the sandbox: an empty
 * Webhook ID (always so at node version 1, whose credential is switched to v2) binds to the
 * account's only active v2 webhook, v1's legacy one never counted; none, several or the only
 * one disabled fail every such item naming the rule and the webhooks, with nothing created and
 * one webhook list per run; a set Webhook ID needs no list. Also: Expire After at node version 1
 * on v2, a forced webhook delete pausing an enrollment and a new webhook resuming it, the tool
 * variant on both versions, and the pickers (webhooks, enrollments) on the node's version.
 * Set-up and helpers: ./setup.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ManageEnrollment } from '../../../nodes/ManageEnrollment/ManageEnrollment.node';
import { TTL_LEFT_OUT } from '../../../nodes/ManageEnrollment/helpers/operations';
import { NOTHING_SENT } from '../../../nodes/shared/batching/validate';
import { type ApiVersion, ENDPOINTS, TEST_WEBHOOK_DESCRIPTION } from '../../../nodes/shared/api';
import { DEFAULT_BUSINESS_EVENT_TYPES } from '../../../nodes/shared/eventTypes';
import { LISTED_ON_V2, WEBHOOKS_ON_V1_TEXT } from '../../../nodes/shared/methods';
import { NO_ENROLLMENTS_TEXT } from '../../../nodes/shared/methods/enrollments';
import { sandboxClient } from '../../sandbox';
import { onItems, runListSearch, runWorkflow, sandboxCredentials } from '../harness';
import { API_VERSIONS, pathOn, typeVersionFor } from '../harness/apiVersions';
import {
	BUSINESS_PATH,
	businessIds,
	byId,
	createBusiness,
	NODE,
	prospectIds,
	registerV2Webhook,
	run,
	sandbox,
	setUpSandbox,
} from './setup';

setUpSandbox();

const V2_BUSINESS = pathOn('v2', BUSINESS_PATH);
const sent = () => sandbox.requests.map((request) => `${request.method} ${request.path}`);
/** Node version 1 (built for v1, no Webhook ID) with its credential set to API Version v2. */
const onOldNode = { settings: { typeVersion: 1 }, credentials: { apiVersion: 'v2' } };
const RULE =
	"On API v2 every enrollment delivers to a webhook. With Webhook ID empty, the node uses the account's active webhook only if there is exactly one (test webhooks aside)";
const ADD_AGAIN = 'add the Manage Enrollment node again (its new version has a Webhook ID parameter) and set Webhook ID there';

describe('node version 1 on a credential set to v2: an empty Webhook ID', () => {
	test("binds to the account's only v2 webhook; v1's (legacy) is listed but not counted", async () => {
		sandbox.webhooks.register('partner-1', 'http://127.0.0.1:9/v1-receiver');
		const webhookId = await registerV2Webhook('trigger');
		const ids = businessIds(2);
		const created = await run(ids.map((business_id) => ({ business_id })), createBusiness(), onOldNode);
		expect(created.error).toBeUndefined();
		expect(sent()).toEqual([`GET /v2/webhooks`, `GET ${V2_BUSINESS}`, `POST ${V2_BUSINESS}`]);
		expect(sandbox.requests[2].body).toEqual({ enrollment_key: 'k-watch', event_types: ['new_funding_round', 'new_product'], webhook_id: webhookId, business_ids: ids });
		expect(created.json(NODE)).toEqual([
			{
				enrollment_id: expect.any(String),
				enrollment_key: 'k-watch',
				event_types: ['new_funding_round', 'new_product'],
				webhook_id: webhookId,
				business_ids: ids,
				status: 'active',
				already_existed: false,
			},
		]);
	});

	test('no v2 webhook (only the legacy one): the item fails naming the rule, nothing is created', async () => {
		sandbox.webhooks.register('partner-1', 'http://127.0.0.1:9/v1-receiver');
		const created = await run([{ business_id: businessIds(1)[0] }], createBusiness(), onOldNode);
		expect(created.error?.message).toBe(`Item 0: Webhook ID is empty and the account has no active API v2 webhook. ${RULE}`);
		expect(created.error?.description).toBe(
			'Publish a workflow with the Business Events Webhook Trigger on API v2 (it registers a webhook of its own), or create a webhook with the Manage Webhook node, then run again.' +
				` v1's webhook (listed as legacy) receives only enrollments made on API v1. ${NOTHING_SENT}`,
		);
		expect(sent()).toEqual(['GET /v2/webhooks']);
	});

	test('two v2 webhooks, Continue on Fail: every item an error naming both, one list for the run', async () => {
		const first = await registerV2Webhook('alpha');
		const second = await registerV2Webhook('beta');
		const created = await run(
			businessIds(3).map((business_id) => ({ business_id })),
			createBusiness(),
			{ ...onOldNode, settings: { ...onOldNode.settings, onError: 'continueRegularOutput' } },
		);
		expect(created.error).toBeUndefined();
		expect(sent()).toEqual(['GET /v2/webhooks']);
		const message = `Item %d: Webhook ID is empty and the account has 2 active API v2 webhooks. ${RULE}`;
		const details = `To choose one, ${ADD_AGAIN}. The account's webhooks: ${first} "alpha" (active), ${second} "beta" (active). ${NOTHING_SENT}`;
		expect(created.json(NODE)).toEqual([0, 1, 2].map((item) => ({ error: message.replace('%d', String(item)), details })));
		expect(created.pairedItems(NODE)).toEqual([[{ item: 0 }], [{ item: 1 }], [{ item: 2 }]]);
	});

	test('the only v2 webhook disabled: the item fails, saying how to make it active', async () => {
		const webhookId = await registerV2Webhook('paused-trigger', 'disabled');
		const created = await run([{ prospect_id: prospectIds(1)[0] }], { resource: 'prospectEnrollment', operation: 'create', enrollmentKey: 'people' }, onOldNode);
		expect(created.error?.message).toBe(`Item 0: Webhook ID is empty and the account has no active API v2 webhook. ${RULE}`);
		expect(created.error?.description).toBe(
			`Publish the workflow of the disabled webhook's Business Events Webhook Trigger again (that makes it active), or ${ADD_AGAIN}. The account's webhooks: ${webhookId} "paused-trigger" (disabled). ${NOTHING_SENT}`,
		);
		expect(sent()).toEqual(['GET /v2/webhooks']);
	});

	test('one active webhook beside a disabled one: binds to the active one', async () => {
		await registerV2Webhook('left-over', 'disabled');
		const active = await registerV2Webhook('trigger');
		const created = await run([{ business_id: businessIds(1)[0] }], createBusiness(), onOldNode);
		expect(created.error).toBeUndefined();
		expect(sent()).toEqual([`GET /v2/webhooks`, `GET ${V2_BUSINESS}`, `POST ${V2_BUSINESS}`]);
		expect((sandbox.requests[2].body as IDataObject).webhook_id).toBe(active);
	});

	test("only the trigger's test webhook: not used, the item fails listing it as a test webhook", async () => {
		const test = await registerV2Webhook('n8n: wf / Trigger (test)', 'active', TEST_WEBHOOK_DESCRIPTION);
		const created = await run([{ business_id: businessIds(1)[0] }], createBusiness(), onOldNode);
		expect(created.error?.message).toBe(`Item 0: Webhook ID is empty and the account has no active API v2 webhook. ${RULE}`);
		expect(created.error?.description).toBe(
			'Publish a workflow with the Business Events Webhook Trigger on API v2 (it registers a webhook of its own), or create a webhook with the Manage Webhook node, then run again.' +
				` The account's webhooks: ${test} "n8n: wf / Trigger (test)" (active, test). ${NOTHING_SENT}`,
		);
		expect(sent()).toEqual(['GET /v2/webhooks']);
	});

	test("a test webhook beside the published trigger's: binds to the published one", async () => {
		await registerV2Webhook('n8n: wf / Trigger (test)', 'active', TEST_WEBHOOK_DESCRIPTION);
		const published = await registerV2Webhook('n8n: wf / Trigger');
		const created = await run([{ business_id: businessIds(1)[0] }], createBusiness(), onOldNode);
		expect(created.error).toBeUndefined();
		expect((sandbox.requests[2].body as IDataObject).webhook_id).toBe(published);
	});

	test('Expire After is left out (v2 enrollments have no expiry), said once in the output pane', async () => {
		const webhookId = await registerV2Webhook('trigger');
		const ids = prospectIds(2);
		const created = await run(
			ids.map((prospect_id) => ({ prospect_id })),
			{ resource: 'prospectEnrollment', operation: 'create', enrollmentKey: '={{ "p-" + $json.prospect_id.slice(0, 6) }}', combine: 'each', options: { ttlDays: 30 } },
			onOldNode,
		);
		expect(created.error).toBeUndefined();
		expect(sandbox.requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual(
			ids.map((id) => ({ enrollment_key: `p-${id.slice(0, 6)}`, event_types: ['prospect_changed_company', 'prospect_changed_role'], webhook_id: webhookId, prospect_ids: [id] })),
		);
		expect(created.runData[NODE][0].hints).toEqual([{ message: TTL_LEFT_OUT, type: 'warning', location: 'outputPane' }]);
	});

	test('an update keeps the current webhook: no list, no webhook_id sent', async () => {
		const webhookId = await registerV2Webhook('trigger');
		const [id] = businessIds(1);
		const created = await run([{ business_id: id }], createBusiness(), onOldNode);
		const enrollmentId = String(created.json(NODE)[0].enrollment_id);
		sandbox.clearRequests();
		const updated = await run([{ business_id: id }], { resource: 'businessEnrollment', operation: 'update', enrollment: byId(enrollmentId), enrollmentKey: 'k-renamed' }, onOldNode);
		expect(sandbox.requests.map((request) => [request.method, request.path, request.body])).toEqual([
			['PATCH', `${V2_BUSINESS}/${enrollmentId}`, { enrollment_key: 'k-renamed', business_ids: [id] }],
		]);
		expect(updated.json(NODE)).toEqual([
			{ enrollment_id: enrollmentId, enrollment_key: 'k-renamed', event_types: ['new_funding_round', 'new_product'], webhook_id: webhookId, business_ids: [id], status: 'active' },
		]);
	});
});

describe('node version 2: Webhook ID', () => {
	test('set on some items: those bind to it; the empty ones fail (two webhooks), one list for the run', async () => {
		const first = await registerV2Webhook('alpha');
		await registerV2Webhook('beta');
		const ids = businessIds(3);
		const created = await run(
			ids.map((business_id, n) => ({ business_id, hook: n === 1 ? first : '' })),
			createBusiness({ combine: 'each', enrollmentKey: '={{ "k-" + $json.business_id.slice(0, 6) }}', webhookId: byId('={{ $json.hook }}') }),
			{ api: 'v2', settings: { onError: 'continueRegularOutput' } },
		);
		expect(created.error).toBeUndefined();
		expect(sent()).toEqual(['GET /v2/webhooks', `GET ${V2_BUSINESS}`, `POST ${V2_BUSINESS}`]);
		expect((sandbox.requests[2].body as IDataObject).webhook_id).toBe(first);
		const output = created.json(NODE);
		const refused = (item: number) => `Item ${item}: Webhook ID is empty and the account has 2 active API v2 webhooks. ${RULE}`;
		expect(output.map((json) => json.webhook_id ?? json.error)).toEqual([refused(0), first, refused(2)]);
		expect(created.pairedItems(NODE)).toEqual([[{ item: 0 }], [{ item: 1 }], [{ item: 2 }]]);
		expect(String(output[0].details)).toContain('To choose one, set Webhook ID to the webhook that should receive the events.');
	});

	test('every item invalid otherwise: no webhook list, nothing sent', async () => {
		await registerV2Webhook('alpha');
		const created = await run([{ business_id: '' }, { business_id: 'not a business id' }], createBusiness(), {
			api: 'v2',
			settings: { onError: 'continueRegularOutput' },
		});
		expect(created.error).toBeUndefined();
		expect(sent()).toEqual([]);
		expect(created.json(NODE).map((json) => String(json.error).slice(0, 8))).toEqual(['Item 0: ', 'Item 1: ']);
	});

	test('set on every item: no webhook list', async () => {
		const webhookId = await registerV2Webhook('alpha');
		await registerV2Webhook('beta');
		await run([{ business_id: businessIds(1)[0] }], createBusiness({ webhookId: byId(webhookId) }), { api: 'v2' });
		expect(sent()).toEqual([`GET ${V2_BUSINESS}`, `POST ${V2_BUSINESS}`]);
	});

	test('a forced delete of the webhook pauses the enrollment (Get Many shows it); a new Webhook ID resumes it', async () => {
		const gone = await registerV2Webhook('gone');
		const next = await registerV2Webhook('next');
		const [id] = businessIds(1);
		const created = await run([{ business_id: id }], createBusiness({ webhookId: byId(gone) }), { api: 'v2' });
		const enrollmentId = String(created.json(NODE)[0].enrollment_id);
		const forced = await sandboxClient(sandbox, ENDPOINTS).raw('DELETE', `/v2/webhooks/${gone}?force=true`);
		expect(forced.body).toMatchObject({ affected_enrollment_ids: [enrollmentId] });

		sandbox.clearRequests();
		const listed = await run([{}], { resource: 'businessEnrollment', operation: 'list' }, { api: 'v2' });
		expect(listed.json(NODE)).toEqual([expect.objectContaining({ enrollment_id: enrollmentId, webhook_id: gone, status: 'paused' })]);

		sandbox.clearRequests();
		const resumed = await run(
			[{ business_id: id }],
			{ resource: 'businessEnrollment', operation: 'update', enrollment: byId(enrollmentId), webhookId: byId(next) },
			{ api: 'v2' },
		);
		expect(sandbox.requests.map((request) => [request.method, request.path, request.body])).toEqual([
			['PATCH', `${V2_BUSINESS}/${enrollmentId}`, { webhook_id: next, business_ids: [id] }],
		]);
		expect(resumed.json(NODE)).toEqual([
			{ enrollment_id: enrollmentId, enrollment_key: 'k-watch', event_types: ['new_funding_round', 'new_product'], webhook_id: next, business_ids: [id], status: 'active' },
		]);
	});
});

describe.each(API_VERSIONS)('as a tool (manageEnrollmentTool), API %s', (api) => {
	/** What n8n's convertNodeToAiTool changes that the node reads: the type name ends with Tool. */
	class ManageEnrollmentTool extends ManageEnrollment {
		constructor() {
			super();
			this.description = { ...this.description, name: 'manageEnrollmentTool' };
		}
	}
	const TOOL_TYPE = 'n8n-nodes-business-prospect-data.manageEnrollmentTool';
	const runTool = async (parameters: INodeParameters) =>
		await runWorkflow(onItems([{}], { name: 'Tool', type: TOOL_TYPE, typeVersion: typeVersionFor('manageEnrollment', api), parameters }), {
			credentials: sandboxCredentials(sandbox),
			nodeTypes: { [TOOL_TYPE]: new ManageEnrollmentTool() },
		});

	test('create with the model\'s ids and key, then list: the version\'s requests, one answer each', async () => {
		const webhookId = api === 'v2' ? await registerV2Webhook('trigger') : undefined;
		const ids = businessIds(2);
		const created = await runTool({ resource: 'businessEnrollment', operation: 'create', enrollmentKey: 'tool-watch', businessIds: ids.join(', ') });
		expect(created.error).toBeUndefined();
		const path = pathOn(api, BUSINESS_PATH);
		expect(sent()).toEqual([...(api === 'v2' ? ['GET /v2/webhooks'] : []), `GET ${path}`, `POST ${path}`]);
		expect(created.json('Tool')).toEqual([
			{
				enrollment_id: expect.any(String),
				enrollment_key: 'tool-watch',
				event_types: DEFAULT_BUSINESS_EVENT_TYPES,
				business_ids: ids,
				...(api === 'v2' && { webhook_id: webhookId, status: 'active' }),
				already_existed: false,
			},
		]);

		sandbox.clearRequests();
		const listed = await runTool({ resource: 'businessEnrollment', operation: 'list' });
		expect(sent()).toEqual([`GET ${path}`]);
		expect(listed.json('Tool')).toEqual([{ total_enrollments: 1, returned: 1, enrollments: [expect.objectContaining({ enrollment_key: 'tool-watch', business_ids: ids })] }]);
	});
});

describe('the pickers follow the node\'s API version', () => {
	const search = async (method: string, api: ApiVersion, credentials: IDataObject = {}) =>
		await runListSearch({ name: NODE, type: 'n8n-nodes-business-prospect-data.manageEnrollment', typeVersion: typeVersionFor('manageEnrollment', api), parameters: {} }, method, undefined, {
			credentials: sandboxCredentials(sandbox, credentials),
		});

	test('Webhook ID: the v2 webhooks, by name, with a status other than active, without the legacy one or test ones; a v1 credential says it is not used', async () => {
		sandbox.webhooks.register('partner-1', 'http://127.0.0.1:9/v1-receiver');
		await registerV2Webhook('n8n: wf / Trigger (test)', 'active', TEST_WEBHOOK_DESCRIPTION);
		const active = await registerV2Webhook('alpha');
		const disabled = await registerV2Webhook('beta', 'disabled');
		expect(await search('searchEnrollmentWebhooks', 'v2')).toEqual({
			results: [
				{ name: 'alpha', value: active },
				{ name: 'beta (disabled)', value: disabled },
			],
		});
		expect(sent()).toEqual(['GET /v2/webhooks']);
		sandbox.clearRequests();
		expect(await search('searchEnrollmentWebhooks', 'v2', { apiVersion: 'v1' })).toEqual({ results: [{ name: WEBHOOKS_ON_V1_TEXT, value: '' }] });
		expect(sent()).toEqual([]);
	});

	test('Enrollment: v2 lists its own enrollments with their status; none yet says how to make one', async () => {
		const webhookId = await registerV2Webhook('alpha');
		const created = await run([{ business_id: businessIds(1)[0] }], createBusiness({ webhookId: byId(webhookId) }), { api: 'v2' });
		const enrollmentId = String(created.json(NODE)[0].enrollment_id);
		sandbox.clearRequests();
		expect(await search('searchBusinessEnrollments', 'v2')).toEqual({ results: [{ name: 'k-watch (1 business, 2 event types)', value: enrollmentId }] });
		expect(await search('searchBusinessEnrollments', 'v1')).toEqual({ results: [{ name: NO_ENROLLMENTS_TEXT, value: '' }] });
		expect(sent()).toEqual([`GET ${V2_BUSINESS}`, `GET ${BUSINESS_PATH}`]);
		sandbox.enrollments.businessesV2.clear();
		expect(await search('searchBusinessEnrollments', 'v2')).toEqual({ results: [{ name: `${NO_ENROLLMENTS_TEXT} (${LISTED_ON_V2})`, value: '' }] });
	});
});
