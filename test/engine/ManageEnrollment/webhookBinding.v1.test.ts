/**
 * Manage Enrollment's webhook where v1 is in play, in n8n-core's engine against the sandbox: node
 * version 1 (built for v1, no Webhook ID parameter) on a credential set to v2, whose advice is to
 * add the node again and whose Expire After is left out; the tool variant on v1
 * (webhookBinding.cases.ts); the pickers on a v1 credential or at node version 1. Retiring v1
 * deletes this file (docs/development.md, "Retiring API v1"). Set-up and helpers: ./setup.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { TTL_LEFT_OUT } from '../../../nodes/ManageEnrollment/helpers/operations';
import { NOTHING_SENT } from '../../../nodes/shared/batching/validate';
import { type ApiVersion, TEST_WEBHOOK_DESCRIPTION } from '../../../nodes/shared/api';
import { LISTED_ON_V2, WEBHOOKS_ON_V1_TEXT } from '../../../nodes/shared/methods';
import { NO_ENROLLMENTS_TEXT } from '../../../nodes/shared/methods/enrollments';
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
const ADD_AGAIN = 'add the Manage Enrollment node again (its new version has a Webhook ID parameter) and set Webhook ID there';

describe('node version 1 on a credential set to v2: an empty Webhook ID', () => {
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
});

describe('as a tool (manageEnrollmentTool), API v1', () => toolCases('v1'));

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
