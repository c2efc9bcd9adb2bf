/**
 * The workflows of manageEnrollment.test.ts and manageEnrollment.v1.test.ts: Manual Trigger -> a
 * comma list split into one item per id -> Manage Enrollment steps, in a line.
 */
import type { IDataObject } from 'n8n-workflow';

import type { WorkflowJson } from './harness/n8nInstance';

export const CREDENTIAL = { id: 'sandbox-credential', name: 'Business Prospect Data (sandbox)' };
const TYPE = 'n8n-nodes-business-prospect-data.manageEnrollment';
const MANUAL = 'When clicking ‘Execute workflow’';

type Step = { name: string; type: string; typeVersion: number; parameters: IDataObject };

/** Manual Trigger -> "Ids" (a comma list split into one item per id) -> steps, in a line. */
export function workflow(id: string, field: string, ids: string[], steps: Step[]): WorkflowJson {
	const nodes = [
		{ name: MANUAL, type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} },
		{
			name: 'Ids',
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			parameters: {
				assignments: {
					assignments: [{ id: 'a1', name: 'ids', value: `={{ "${ids.join(',')}".split(",") }}`, type: 'array' }],
				},
				options: {},
			},
		},
		{
			name: 'One Item per Id',
			type: 'n8n-nodes-base.splitOut',
			typeVersion: 1,
			parameters: { fieldToSplitOut: 'ids', options: { destinationFieldName: field } },
		},
		...steps.map((step) => ({ ...step, credentials: { businessProspectDataApi: CREDENTIAL } })),
	].map((node, index) => ({ id: `${id}-${index}`, position: [index * 220, 0], ...node }));
	const connections = Object.fromEntries(
		nodes.slice(0, -1).map((node, index) => [node.name, { main: [[{ node: nodes[index + 1].name, type: 'main', index: 0 }]] }]),
	);
	return { id, name: id, nodes, connections, settings: { executionOrder: 'v1' }, active: false };
}

export const step = (name: string, parameters: IDataObject, typeVersion = 1): Step => ({ name, type: TYPE, typeVersion, parameters });
