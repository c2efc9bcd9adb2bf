/**
 * Bad input in n8n-core's engine against the sandbox: what a careless user (or a hostile
 * expression) maps into the nodes is refused before anything is sent, naming item, field and rule
 * (here Manage Enrollment's business ids and keys). The cases that send on v1 (Continue on Fail,
 * contract rules met, matching on the valid fields): badInput.v1.test.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { onItems, packageNode, runWorkflow, sandboxCredentials, useSandbox, type WorkflowNode } from './harness';

const NOTHING_SENT = 'Nothing was sent to the service for this item.';

const sandbox = useSandbox({ rateLimit: false, retryAfterSeconds: 0 }, (started) => {
	started.enrollments.businesses.clear();
	sandbox.enrollments.prospects.clear();
});

const node = (name: string, type: string, parameters: INodeParameters, settings: Partial<WorkflowNode> = {}): WorkflowNode =>
	packageNode(type, name, parameters, settings);

async function run(items: IDataObject[], target: WorkflowNode) {
	return await runWorkflow(onItems(items, target), {
		credentials: sandboxCredentials(sandbox),
	});
}

const businessIds = (count: number) => sandbox.universe.businesses.slice(0, count).map((business) => business.business_id);

describe('Manage Enrollment: types and the business id format', () => {
	const create = (parameters: INodeParameters = {}, settings: Partial<WorkflowNode> = {}) =>
		node(
			'Manage Enrollment',
			'manageEnrollment',
			{
				resource: 'businessEnrollment',
				operation: 'create',
				enrollmentKey: '={{ $json.key }}',
				eventTypes: ['new_product'],
				combine: 'each',
				...parameters,
			},
			settings,
		);

	test('"acme inc" is one bad business id (never ids "acme" and "inc"), an object key is refused: nothing sent', async () => {
		const first = await run([{ key: 'k-acme', business_id: 'acme inc' }], create());
		expect(first.error).toMatchObject({
			itemIndex: 0,
			message: 'Item 0: Business IDs "acme inc" is not a business ID: must be 32 lowercase hexadecimal characters',
			description: NOTHING_SENT,
		});
		const second = await run([{ key: { name: 'k' }, business_id: businessIds(1)[0] }], create());
		expect(second.error?.message).toBe('Item 0: Enrollment Key must be text, got an object');
		expect(sandbox.requests).toHaveLength(0);
		expect(sandbox.enrollments.businesses.size).toBe(0);
	});
});
