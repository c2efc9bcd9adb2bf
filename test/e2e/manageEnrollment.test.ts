/**
 * Manage Enrollment in a real n8n 2.41 process with the packed package installed: a prospect
 * enrollment goes through create, update and delete in one workflow on node version 2 (API v2:
 * bound to the account's only webhook, 201, the id in the path). Node version 1 on API v1:
 * manageEnrollment.v1.test.ts.
 */
import { ENDPOINTS } from '../../nodes/shared/api';
import { sandboxClient, startSandbox, type Sandbox } from '../sandbox';
import { useN8n } from './harness/jest';
import { CREDENTIAL, step, workflow } from './manageEnrollment.cases';

describe('Manage Enrollment in real n8n', () => {
	let sandbox: Sandbox;
	let prospectIds: string[];
	let webhookId: string;
	beforeAll(async () => {
		sandbox = await startSandbox();
		prospectIds = sandbox.universe.prospects.slice(0, 4).map((prospect) => prospect.prospect_id);
		// the account's one v2 webhook: node version 2 binds its enrollments to it
		const registered = await sandboxClient(sandbox, ENDPOINTS).call('registerWebhook', { name: 'e2e', webhook_url: 'http://127.0.0.1:9/e2e' });
		webhookId = String(registered.body.webhook_id);
	});
	afterAll(async () => {
		await sandbox?.close();
	});
	beforeEach(() => sandbox.clearRequests());

	const n8n = useN8n({
		shared: true,
		prepare: async (instance) => {
			await instance.importCredential({ ...CREDENTIAL, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url } });
			await instance.importWorkflows([
				workflow('exEnrollProspectV2', 'prospect_id', prospectIds, [
					step('Create', { resource: 'prospectEnrollment', operation: 'create', enrollmentKey: 'job-watch-v2' }, 2),
					step(
						'Update',
						{
							resource: 'prospectEnrollment',
							operation: 'update',
							prospectIds: `={{ ${JSON.stringify(prospectIds.slice(0, 2))} }}`,
						},
						2,
					),
					step('Delete', { resource: 'prospectEnrollment', operation: 'delete' }, 2),
				]),
			]);
		},
	});

	test('node version 2 (API v2): create bound to the only webhook (201), a partial update and a delete by id in the path', async () => {
		const result = await n8n().execute('exEnrollProspectV2');
		expect({ status: result.status, error: result.describeError() }).toEqual({ status: 'success', error: '' });
		const [created] = result.items('Create');
		const v2 = '/v2/prospects/events/enrollments';
		expect(sandbox.requests.map((request) => [request.method, request.path, request.status])).toEqual([
			['GET', '/v2/webhooks', 200],
			['GET', v2, 200],
			['POST', v2, 201],
			['PATCH', `${v2}/${String(created.enrollment_id)}`, 200],
			['DELETE', `${v2}/${String(created.enrollment_id)}`, 200],
		]);
		expect(created).toEqual({
			enrollment_id: expect.any(String),
			enrollment_key: 'job-watch-v2',
			event_types: ['prospect_changed_company', 'prospect_changed_role'],
			webhook_id: webhookId,
			prospect_ids: prospectIds,
			status: 'active',
			already_existed: false,
		});
		expect(sandbox.requests[3].body).toEqual({ prospect_ids: prospectIds.slice(0, 2) });
		expect(result.items('Delete')).toEqual([{ enrollment_id: created.enrollment_id, deleted: true, status: 'success' }]);
		expect(sandbox.enrollments.prospectsV2.size).toBe(0);
	});
});
