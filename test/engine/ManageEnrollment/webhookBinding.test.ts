/**
 * Manage Enrollment's webhook on API v2, in n8n-core's engine against the sandbox: an empty Webhook
 * ID (always so at node version 1, whose credential is switched to v2) binds to the account's only
 * active v2 webhook, v1's legacy one never counted; none, or only a test webhook, fails the item
 * naming the rule and the webhooks, with nothing created; an update keeps the current webhook; a
 * set Webhook ID needs no list, and the empty ones fail with one webhook list per run; a forced
 * webhook delete pauses an enrollment and a new webhook resumes it; the tool variant on v2
 * (webhookBinding.cases.ts); the pickers at node version 2 (webhooks, enrollments). Where v1 is in
 * play (node version 1's advice and Expire After, the tool on v1, the pickers on a v1 credential):
 * webhookBinding.v1.test.ts. Set-up and helpers: ./setup.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { NOTHING_SENT } from '../../../nodes/shared/batching/validate';
import { ENDPOINTS, TEST_WEBHOOK_DESCRIPTION } from '../../../nodes/shared/api';
import { LISTED_ON_V2 } from '../../../nodes/shared/methods';
import { NO_ENROLLMENTS_TEXT } from '../../../nodes/shared/methods/enrollments';
import { sandboxClient } from '../../sandbox';
import { runListSearch, sandboxCredentials } from '../harness';
import { pathOn, typeVersionFor } from '../harness/apiVersions';
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
import { sent, toolCases } from './webhookBinding.cases';

setUpSandbox();

const V2_BUSINESS = pathOn('v2', BUSINESS_PATH);
/** Node version 1 (built for v1, no Webhook ID) with its credential set to API Version v2. */
const onOldNode = { settings: { typeVersion: 1 }, credentials: { apiVersion: 'v2' } };
const RULE =
	"On API v2 every enrollment delivers to a webhook. With Webhook ID empty, the node uses the account's active webhook only if there is exactly one (test webhooks aside)";

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

describe('node version 2: an empty Webhook ID and only a disabled webhook', () => {
	test('the item fails, saying how to make it active or to set Webhook ID; one list, nothing created', async () => {
		const webhookId = await registerV2Webhook('paused-trigger', 'disabled');
		const created = await run([{ prospect_id: prospectIds(1)[0] }], { resource: 'prospectEnrollment', operation: 'create', enrollmentKey: 'people' }, { api: 'v2' });
		expect(created.error?.message).toBe(`Item 0: Webhook ID is empty and the account has no active API v2 webhook. ${RULE}`);
		expect(created.error?.description).toBe(
			`Publish the workflow of the disabled webhook's Business Events Webhook Trigger again (that makes it active), or set Webhook ID to the webhook that should receive the events. The account's webhooks: ${webhookId} "paused-trigger" (disabled). ${NOTHING_SENT}`,
		);
		expect(sent()).toEqual(['GET /v2/webhooks']);
		expect(sandbox.enrollments.prospectsV2.size).toBe(0);
	});
});

describe('as a tool (manageEnrollmentTool), API v2', () => toolCases('v2'));

describe('the pickers at node version 2 (API v2)', () => {
	const search = async (method: string, filter?: string) =>
		await runListSearch(
			{ name: NODE, type: 'n8n-nodes-business-prospect-data.manageEnrollment', typeVersion: typeVersionFor('manageEnrollment', 'v2'), parameters: {} },
			method,
			filter,
			{ credentials: sandboxCredentials(sandbox) },
		);

	test('Webhook ID: the v2 webhooks by name, with a status other than active, without test ones; one list', async () => {
		await registerV2Webhook('n8n: wf / Trigger (test)', 'active', TEST_WEBHOOK_DESCRIPTION);
		const active = await registerV2Webhook('alpha');
		const disabled = await registerV2Webhook('beta', 'disabled');
		expect(await search('searchEnrollmentWebhooks')).toEqual({
			results: [
				{ name: 'alpha', value: active },
				{ name: 'beta (disabled)', value: disabled },
			],
		});
		expect(sent()).toEqual(['GET /v2/webhooks']);
	});

	test('Enrollment: the enrollments made on v2, by key with their counts, filtered by key; none yet says how to make one and that v2 lists only its own', async () => {
		const webhookId = await registerV2Webhook('alpha');
		const ids = businessIds(3);
		await run([{ business_id: ids[0] }], createBusiness({ webhookId: byId(webhookId) }), { api: 'v2' });
		await run(
			ids.slice(1).map((business_id) => ({ business_id })),
			createBusiness({ enrollmentKey: 'acme-watch', eventTypes: ['new_office'], webhookId: byId(webhookId) }),
			{ api: 'v2' },
		);
		const [watch, acme] = [...sandbox.enrollments.businessesV2.values()].map((enrollment) => enrollment.enrollment_id);
		sandbox.clearRequests();
		expect(await search('searchBusinessEnrollments')).toEqual({
			results: [
				{ name: 'acme-watch (2 businesses, 1 event type)', value: acme },
				{ name: 'k-watch (1 business, 2 event types)', value: watch },
			],
		});
		expect(await search('searchBusinessEnrollments', 'ACME')).toEqual({ results: [{ name: 'acme-watch (2 businesses, 1 event type)', value: acme }] });
		expect(sent()).toEqual(Array(2).fill(`GET ${V2_BUSINESS}`));
		sandbox.enrollments.businessesV2.clear();
		expect(await search('searchBusinessEnrollments')).toEqual({ results: [{ name: `${NO_ENROLLMENTS_TEXT} (${LISTED_ON_V2})`, value: '' }] });
		// a filter that finds nothing is an empty list, as usual
		expect(await search('searchBusinessEnrollments', 'zeta')).toEqual({ results: [] });
	});

	test("the Business Events Trigger's Prospect Enrollment picker at its version 2: the prospect enrollments made here on v2; none yet says how to make one", async () => {
		const webhookId = await registerV2Webhook('alpha');
		const searchTrigger = async () =>
			await runListSearch(
				{ name: 'Trigger', type: 'n8n-nodes-business-prospect-data.businessEventsTrigger', typeVersion: typeVersionFor('businessEventsTrigger', 'v2'), parameters: {} },
				'searchProspectEnrollments',
				undefined,
				{ credentials: sandboxCredentials(sandbox) },
			);
		expect(await searchTrigger()).toEqual({
			results: [{ name: 'No prospect enrollments yet: create one with the Manage Enrollment node (Prospect Enrollment › Create) (API v2 lists only enrollments made on API v2)', value: '' }],
		});
		await run(
			prospectIds(2).map((prospect_id) => ({ prospect_id })),
			{ resource: 'prospectEnrollment', operation: 'create', enrollmentKey: 'movers', eventTypes: ['prospect_changed_role'], webhookId: byId(webhookId) },
			{ api: 'v2' },
		);
		const [movers] = [...sandbox.enrollments.prospectsV2.values()].map((enrollment) => enrollment.enrollment_id);
		sandbox.clearRequests();
		expect(await searchTrigger()).toEqual({ results: [{ name: 'movers (2 prospects, 1 event type)', value: movers }] });
		expect(sent()).toEqual([`GET ${pathOn('v2', '/v1/prospects/events/enrollments')}`]);
	});
});
