/**
 * Runs workflow JSON in this process through n8n-core's `WorkflowExecute`, the engine the n8n
 * server uses, with this package's nodes loaded from source.
 */
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type { IDataObject, INodeExecutionData, IWorkflowBase, IWorkflowExecuteAdditionalData, Workflow } from 'n8n-workflow';
import { createRunExecutionData, NodeHelpers, UnexpectedError } from 'n8n-workflow';

import { createAdditionalData } from './additionalData';
import { buildWorkflow, type EngineOptions, type WorkflowJson } from './buildWorkflow';
import { EngineRun } from './engineRun';

export interface RunOptions extends EngineOptions {
	/**
	 * Items the workflow starts with. A trigger start node emits them (n8n's pinned data, as when
	 * testing in the editor); any other start node receives them as its input.
	 */
	inputItems?: IDataObject[];
	/** receives what the nodes send to the editor (`sendMessageToUI` of a manual run: 'sendConsoleMessage') */
	sendDataToUI?: IWorkflowExecuteAdditionalData['sendDataToUI'];
	/**
	 * When the execution started (ms since the epoch; now by default): an execution that earlier
	 * nodes have already spent time in. n8n's execution context then says so (`establishedAt`),
	 * and its timeout deadline counts from then.
	 */
	startedAt?: number;
}

let executionCount = 0;

export async function runWorkflow(json: WorkflowJson, options: RunOptions = {}): Promise<EngineRun> {
	const mode = options.mode ?? 'manual';
	const { workflow, credentialsHelper } = buildWorkflow(json, options);
	const startNode = workflow.getStartNode();
	if (!startNode) throw new UnexpectedError('The workflow has no node to start from');

	const executionId = `engine-${++executionCount}`;
	const hooks = new ExecutionLifecycleHooks(mode, executionId, workflowData(workflow));
	const executedNodes: string[] = [];
	hooks.addHandler('nodeExecuteAfter', (nodeName) => {
		executedNodes.push(nodeName);
	});

	const items: INodeExecutionData[] | undefined = options.inputItems?.map((item) => ({ json: item }));
	const pinData = { ...json.pinData };
	const startsWithTrigger = NodeHelpers.isTriggerNode(
		workflow.nodeTypes.getByNameAndVersion(startNode.type, startNode.typeVersion).description,
	);
	if (items && startsWithTrigger) pinData[startNode.name] = items;

	// What `WorkflowExecute.run()` sets up for a start node, except that the start node's input
	// can be chosen.
	const startedAt = options.startedAt ?? Date.now();
	const runExecutionData = createRunExecutionData({
		executionData: {
			// n8n-core keeps an execution context it is given (as for a resumed execution)
			...(options.startedAt !== undefined && { runtimeData: { version: 1 as const, establishedAt: startedAt, source: mode } }),
			nodeExecutionStack: [
				{
					node: startNode,
					data: { main: [items && !startsWithTrigger ? items : [{ json: {} }]] },
					source: null,
				},
			],
		},
		resultData: { pinData },
	});
	// as n8n's WorkflowRunner (and a queue-mode worker) sets it: the deadline of the workflow's timeout
	const timeoutSeconds = Number(workflow.settings.executionTimeout ?? -1);
	const executionTimeoutTimestamp = timeoutSeconds > 0 ? startedAt + timeoutSeconds * 1000 : undefined;
	const additionalData = createAdditionalData({ credentialsHelper, hooks, executionId, executionTimeoutTimestamp });
	if (options.sendDataToUI) additionalData.sendDataToUI = options.sendDataToUI;
	const run = await new WorkflowExecute(additionalData, mode, runExecutionData).processRunExecutionData(workflow);
	return new EngineRun(run, workflow.staticData, executedNodes, credentialsHelper.decryptions);
}

/** The stored form of the workflow, which the lifecycle hooks carry. */
function workflowData(workflow: Workflow): IWorkflowBase {
	const now = new Date();
	return {
		id: workflow.id,
		name: workflow.name ?? '',
		active: workflow.active,
		isArchived: false,
		activeVersionId: null,
		createdAt: now,
		updatedAt: now,
		nodes: Object.values(workflow.nodes),
		connections: workflow.connectionsBySourceNode,
		settings: workflow.settings,
		staticData: workflow.staticData,
	};
}
