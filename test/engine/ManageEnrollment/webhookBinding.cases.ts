/**
 * Manage Enrollment as a tool (manageEnrollmentTool) on one API version, at the node version that
 * speaks it: webhookBinding.test.ts runs it on v2, webhookBinding.v1.test.ts on v1 (retiring v1
 * deletes that file).
 */
import type { INodeParameters } from 'n8n-workflow';

import { ManageEnrollment } from '../../../nodes/ManageEnrollment/ManageEnrollment.node';
import type { ApiVersion } from '../../../nodes/shared/api';
import { DEFAULT_BUSINESS_EVENT_TYPES } from '../../../nodes/shared/eventTypes';
import { onItems, runWorkflow, sandboxCredentials } from '../harness';
import { pathOn, typeVersionFor } from '../harness/apiVersions';
import { BUSINESS_PATH, businessIds, registerV2Webhook, sandbox } from './setup';

export const sent = () => sandbox.requests.map((request) => `${request.method} ${request.path}`);

export function toolCases(api: ApiVersion): void {
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
}
