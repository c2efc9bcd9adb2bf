/** Shorthands for the usual test workflow: Manual Trigger -> Items -> node(s) under test. */
import type { IConnections, IDataObject, INodeParameters } from 'n8n-workflow';

import { ITEMS_TYPE, MANUAL_TRIGGER_TYPE } from '../fixtures';
import type { WorkflowJson, WorkflowNode } from './buildWorkflow';

export function manualTriggerNode(name = 'When clicking ‘Execute workflow’'): WorkflowNode {
	return { name, type: MANUAL_TRIGGER_TYPE, typeVersion: 1, parameters: {} };
}

/** A node emitting `items`, each paired with the trigger's item. */
export function itemsNode(items: IDataObject[], name = 'Items'): WorkflowNode {
	return { name, type: ITEMS_TYPE, typeVersion: 1, parameters: { items: JSON.stringify(items) } };
}

/** Connects each node's main output 0 to the next node's input 0. */
export function linearWorkflow(nodes: WorkflowNode[]): WorkflowJson {
	const connections: IConnections = {};
	for (let i = 0; i + 1 < nodes.length; i++) {
		connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	}
	return { nodes, connections };
}

/** The usual test workflow: Manual Trigger -> Items (emitting `items`) -> `nodes`, in a line. */
export function onItems(items: IDataObject[], ...nodes: WorkflowNode[]): WorkflowJson {
	return linearWorkflow([manualTriggerNode(), itemsNode(items), ...nodes]);
}

/** A node of this package: `type` without the package's prefix, e.g. packageNode('enrich', 'Enrich', { resource: 'business' }). */
export function packageNode(type: string, name: string, parameters: INodeParameters = {}, settings: Partial<WorkflowNode> = {}): WorkflowNode {
	return { name, type: `n8n-nodes-business-prospect-data.${type}`, typeVersion: 1, parameters, ...settings };
}
