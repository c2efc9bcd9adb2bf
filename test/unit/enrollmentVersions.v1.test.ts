/**
 * API v1's cases of enrollmentVersions.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * Manage Enrollment's helpers on both API versions, over HTTP against the sandbox: the same items
 * give v1's requests on v1 and v2's on v2 (webhook_id bound, event types under v2's names, the
 * enrollment id in the path, a partial update, 201), with outputs in v1's names and v2's status.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { BUSINESS, PROSPECT } from '../../nodes/ManageEnrollment/helpers/kinds';
import { listEnrollments } from '../../nodes/ManageEnrollment/helpers/list';
import { createEnrollments } from '../../nodes/ManageEnrollment/helpers/operations';
import { deleteEnrollments } from '../../nodes/ManageEnrollment/helpers/remove';
import { ENDPOINTS } from '../../nodes/shared/api';
import { type Sandbox, sandboxClient, startSandbox } from '../sandbox';
import { sandboxContext } from './support/sandboxContext';

let sandbox: Sandbox;
let webhookId: string;
let otherWebhookId: string;
let b1: string;
let b2: string;

beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false });
	[b1, b2] = sandbox.universe.businesses.slice(0, 2).map((business) => business.business_id);
	const v2 = sandboxClient(sandbox, ENDPOINTS);
	webhookId = (await v2.call('registerWebhook', { name: 'orders', webhook_url: 'http://127.0.0.1:9/orders' })).body.webhook_id;
	otherWebhookId = (await v2.call('registerWebhook', { name: 'other', webhook_url: 'http://127.0.0.1:9/other' })).body.webhook_id;
});
afterAll(async () => await sandbox.close());
beforeEach(() => {
	sandbox.clearRequests();
	sandbox.enrollments.businesses.clear();
	sandbox.enrollments.businessesV2.clear();
	sandbox.enrollments.prospects.clear();
	sandbox.enrollments.prospectsV2.clear();
});

/** A node run: its items and parameters (the same for every item), speaking to the sandbox. */
function run(parameters: IDataObject, items = 1, continueOnFail = false): IExecuteFunctions {
	const { ctx } = sandboxContext(sandbox, { continueOnFail });
	return Object.assign(Object.create(null) as object, ctx, {
		getInputData: () => Array.from({ length: items }, () => ({ json: {} })),
		getNodeParameter: (name: string, _itemIndex: number, fallback?: unknown) => parameters[name] ?? fallback,
	}) as unknown as IExecuteFunctions;
}

const sent = () => sandbox.requests.map(({ method, path, body, status }) => ({ method, path, body, status }));
const UUID = expect.stringMatching(/^[0-9a-f-]{36}$/);

describe('create, on both versions', () => {
	const parameters = { enrollmentKey: 'k-watch', businessIds: '', eventTypes: ['employee_joined_company', 'new_product'], combine: 'all' };

	it('v1: lists, then creates with v1 names; the output is v1\'s', async () => {
		const output = await createEnrollments(run({ ...parameters, businessIds: `${b1},${b2}` }), BUSINESS);
		expect(sent()).toEqual([
			{ method: 'GET', path: '/v1/businesses/events/enrollments', body: undefined, status: 200 },
			{
				method: 'POST',
				path: '/v1/businesses/events/enrollments',
				body: { event_types: ['employee_joined_company', 'new_product'], enrollment_key: 'k-watch', business_ids: [b1, b2] },
				status: 200,
			},
		]);
		expect(output).toEqual([
			{
				json: { enrollment_id: UUID, enrollment_key: 'k-watch', event_types: ['employee_joined_company', 'new_product'], business_ids: [b1, b2], already_existed: false },
				pairedItem: { item: 0 },
			},
		]);
	});

	it('v2: splits 25 prospects into enrollments of 20 and 5 (v1 sends them in one)', async () => {
		const ids = sandbox.universe.prospects.slice(0, 25).map((prospect) => prospect.prospect_id);
		const prospects = { enrollmentKey: 'people', prospectIds: ids.join(','), eventTypes: ['prospect_changed_role'], combine: 'all' };
		await createEnrollments(run(prospects), PROSPECT);
		await createEnrollments(run(prospects), PROSPECT, { version: 'v2', webhookId: () => webhookId });
		expect(sent().map(({ method, path, body }) => [method, path, (body as IDataObject | undefined)?.enrollment_key, ((body as IDataObject | undefined)?.prospect_ids as string[] | undefined)?.length])).toEqual([
			['POST', '/v1/prospects/events/enrollments', 'people', 25],
			['GET', '/v2/prospects/events/enrollments', undefined, undefined],
			['POST', '/v2/prospects/events/enrollments', 'people', 20],
			['POST', '/v2/prospects/events/enrollments', 'people-2', 5],
		]);
	});
});

describe('update, delete and list on v2', () => {
	it('deletes by id in the path on v2; v1 has no business delete and sends nothing', async () => {
		const created = await createEnrollments(run({ enrollmentKey: 'k-gone', businessIds: b1, eventTypes: ['new_product'], combine: 'all' }), BUSINESS, {
			version: 'v2',
			webhookId: () => otherWebhookId,
		});
		const id = String(created[0].json.enrollment_id);
		sandbox.clearRequests();
		const deleted = await deleteEnrollments(run({}, 2), BUSINESS, () => id, 'v2');
		expect(sent()).toEqual([{ method: 'DELETE', path: `/v2/businesses/events/enrollments/${id}`, body: {}, status: 200 }]);
		expect(deleted).toEqual([{ json: { enrollment_id: id, deleted: true, status: 'success' }, pairedItem: [{ item: 0 }, { item: 1 }] }]);
		await expect(deleteEnrollments(run({}), BUSINESS, () => id, 'v1')).rejects.toThrow('The operation deleteBusinessEnrollment is not available on API v1');
		expect(sent()).toHaveLength(1);
	});

	it('lists with webhook_id and status (v2), event types in v1 names; v1 lists its own', async () => {
		await createEnrollments(run({ enrollmentKey: 'k-list', businessIds: b1, eventTypes: ['employee_joined_company'], combine: 'all' }), BUSINESS, {
			version: 'v2',
			webhookId: () => otherWebhookId,
		});
		const listed = await listEnrollments(run({}), BUSINESS, 'k-list', 'v2');
		expect(listed).toEqual([
			{
				json: {
					response_context: undefined,
					enrollment_id: UUID,
					enrollment_key: 'k-list',
					webhook_id: otherWebhookId,
					event_types: ['employee_joined_company'],
					business_ids: [b1],
					status: 'active',
				},
				pairedItem: { item: 0 },
			},
		].map(({ json: { response_context: _c, ...json }, pairedItem }) => ({ json, pairedItem })));
		expect(await listEnrollments(run({}), BUSINESS, '', 'v1')).toEqual([]);
	});
});
