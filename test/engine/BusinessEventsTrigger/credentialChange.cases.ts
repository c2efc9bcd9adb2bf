/**
 * A published trigger runs every poll of its activation in ONE PollContext: n8n-core's
 * ActiveWorkflowTriggers.activatePollTrigger builds `pollFunctions` once and its
 * PollTriggerExecutor calls `poll` on that same object at every tick (n8n-core 2.41,
 * active-workflow-triggers.js and poll-trigger-executor.js). The harness's `runPoll` builds a new
 * context per poll, so these cases drive one context through several polls, as n8n does, at the
 * trigger version that speaks one API version: credentialChange.test.ts runs them on v2,
 * credentialChange.v1.test.ts on v1 (retiring v1 deletes that file).
 *
 * What the API client learns from the credential must not outlive the poll: a user who fixes or
 * rotates the API key in the credential expects the next poll to use it, without republishing.
 */
import { PollContext, PollTriggerExecutor } from 'n8n-core';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { ApiVersion } from '../../../nodes/shared/api';
import type { WorkflowNode } from '../harness';
import { createAdditionalData } from '../harness/additionalData';
import { pathOn, typeVersionFor } from '../harness/apiVersions';
import { buildWorkflow } from '../harness/buildWorkflow';
import { Container } from '../harness/n8nInternals';
import { sandbox, TYPE } from './setup';

/** One activation: one PollContext for every poll, as n8n's active-workflow machinery keeps it. */
function activate(node: WorkflowNode, store: { businessProspectDataApi: IDataObject }) {
	const { workflow, credentialsHelper } = buildWorkflow({ nodes: [node], connections: {} }, {
		credentials: store as never,
		mode: 'trigger',
	});
	const workflowNode = workflow.getNode(node.name)!;
	let committed: IDataObject = {};
	let staged: IDataObject | undefined;
	let emitted: INodeExecutionData[][] | undefined;
	let pollError: Error | undefined;
	const context = new PollContext(
		workflow,
		workflowNode,
		createAdditionalData({ credentialsHelper }),
		'trigger',
		'activate',
		(data) => {
			emitted = data;
			if (staged) committed = structuredClone(staged);
		},
		(error) => {
			pollError = error;
		},
		async () => {
			if (staged) committed = structuredClone(staged);
		},
		async (poll) => {
			staged = structuredClone(committed);
			try {
				return await poll();
			} finally {
				staged = undefined;
			}
		},
		() => staged!,
	);
	const executePoll = Container.get(PollTriggerExecutor).create(workflow, workflowNode, context, () => true);
	return async () => {
		emitted = undefined;
		pollError = undefined;
		await executePoll(false);
		return { items: emitted as INodeExecutionData[][] | undefined, error: pollError as Error | undefined };
	};
}

export function credentialChangeCases(api: ApiVersion): void {
	const eventsPath = pathOn(api, '/v1/businesses/events');

	test('a published trigger uses the credential as it is at each poll: a fixed API key applies at the next poll', async () => {
		const ids = sandbox.universe.businesses.slice(0, 3).map((business) => business.business_id);
		const node: WorkflowNode = {
			name: 'Business Events Trigger',
			type: TYPE,
			typeVersion: typeVersionFor('businessEventsTrigger', api),
			parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, source: 'ids', businessIds: ids.join(',') },
		};
		const store = { businessProspectDataApi: { apiKey: 'an-old-revoked-key-0000', baseUrl: sandbox.url } as IDataObject };
		const poll = activate(node, store);

		// the credential holds a key the service refuses: the poll fails with a 401
		sandbox.clearRequests();
		const refused = await poll();
		expect(refused.error?.message).toMatch(/401|API key/i);
		expect(sandbox.requests.filter((request) => request.path === eventsPath)).toHaveLength(1);

		// the user fixes the key in the credential; the workflow stays published
		store.businessProspectDataApi.apiKey = sandbox.apiKey;
		sandbox.clearRequests();
		const fixed = await poll();
		expect(fixed.error).toBeUndefined();
		const sent = sandbox.requests.filter((request) => request.path === eventsPath);
		expect(sent).toHaveLength(1);
		expect(sent[0].status).toBe(200);
	});
}
