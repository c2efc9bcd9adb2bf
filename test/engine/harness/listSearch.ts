/**
 * Calls a node's list search (the "From List" of a resource locator) as the n8n server does for
 * the editor (`POST /rest/dynamic-node-parameters/resource-locator-results`): n8n-core's own
 * `LoadOptionsContext` with the node's current parameters, the credential and n8n's HTTP stack.
 */
import { LoadOptionsContext } from 'n8n-core';
import type { INodeListSearchResult } from 'n8n-workflow';
import { UnexpectedError } from 'n8n-workflow';

import { createAdditionalData } from './additionalData';
import { buildWorkflow, type EngineOptions, type WorkflowNode } from './buildWorkflow';

export async function runListSearch(
	node: WorkflowNode,
	method: string,
	filter?: string,
	options: EngineOptions & { path?: string } = {},
): Promise<INodeListSearchResult> {
	const { workflow, credentialsHelper } = buildWorkflow({ nodes: [node], connections: {} }, options);
	const workflowNode = workflow.getNode(node.name);
	if (!workflowNode) throw new UnexpectedError(`No node named ${node.name}`);
	const additionalData = createAdditionalData({ credentialsHelper });
	additionalData.currentNodeParameters = workflowNode.parameters;
	const nodeType = workflow.nodeTypes.getByNameAndVersion(workflowNode.type, workflowNode.typeVersion);
	const search = nodeType.methods?.listSearch?.[method];
	if (!search) throw new UnexpectedError(`${node.type} has no list search ${method}`);
	const ctx = new LoadOptionsContext(workflow, workflowNode, additionalData, options.path ?? `parameters.${method}`);
	return await search.call(ctx, filter);
}
