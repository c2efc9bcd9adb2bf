/**
 * The workflows of queryMetering.test.ts and queryMetering.v1.test.ts: Match Prospects -> Enrich of
 * the contact table, all defaults, and the same behind a 25 s Wait in a workflow that times out.
 */
import type { IDataObject } from 'n8n-workflow';

import type { WorkflowJson } from './harness/n8nInstance';

export const CONTACTS = 300;
export const LATENCY_MS = 50;
export const CREDENTIAL = { id: 'query-metering-credential', name: 'Business Prospect Data (query metering)' };
export const WORKFLOW_ID = 'e2eQueryMetering300';

/** Manual Trigger -> Code (the contact table) -> Match Prospects -> Enrich, all defaults. */
export function chainWorkflow(contacts: IDataObject[]): WorkflowJson {
	const credentials = { businessProspectDataApi: CREDENTIAL };
	const node = (name: string, type: string, typeVersion: number, x: number, parameters: IDataObject, extra = {}) => ({
		id: `e2e-query-metering-${x}`,
		name,
		type,
		typeVersion,
		position: [x, 0],
		parameters,
		...extra,
	});
	const link = (to: string) => ({ main: [[{ node: to, type: 'main', index: 0 }]] });
	return {
		id: WORKFLOW_ID,
		name: '300 contacts -> Match Prospects -> Enrich under query metering',
		nodes: [
			node('Start', 'n8n-nodes-base.manualTrigger', 1, 0, {}),
			node('Contacts', 'n8n-nodes-base.code', 2, 200, { jsCode: `return ${JSON.stringify(contacts)}.map((json) => ({ json }));` }),
			node('Match Prospects', 'n8n-nodes-business-prospect-data.matchProspects', 1, 400, {}, { credentials }),
			node('Enrich', 'n8n-nodes-business-prospect-data.enrich', 1, 600, {}, { credentials }),
		],
		connections: { Start: link('Contacts'), Contacts: link('Match Prospects'), 'Match Prospects': link('Enrich') },
		settings: { executionOrder: 'v1' },
	};
}

export const TIMEOUT_WORKFLOW_ID = 'e2eQueryMeterTime';
export const WAIT_SECONDS = 25;

/**
 * Manual Trigger -> Code (250 contacts) -> Wait 25 s -> Match Prospects, in a workflow whose
 * timeout is 80 s: the match needs at least a minute of the key's 200 queries, which the timeout
 * alone would hold, but not the time left once the wait has spent its share.
 */
export function timeoutWorkflow(contacts: IDataObject[]): WorkflowJson {
	const workflow = chainWorkflow(contacts);
	const [start, code, match] = workflow.nodes as Array<{ name: string; position: number[] }>;
	const wait = {
		id: 'e2e-query-metering-wait',
		name: 'Wait',
		type: 'n8n-nodes-base.wait',
		typeVersion: 1.1,
		position: [300, 0],
		parameters: { resume: 'timeInterval', amount: WAIT_SECONDS, unit: 'seconds' },
	};
	const link = (to: string) => ({ main: [[{ node: to, type: 'main', index: 0 }]] });
	return {
		...workflow,
		id: TIMEOUT_WORKFLOW_ID,
		name: '250 contacts -> Wait -> Match Prospects, timeout 80 s',
		nodes: [start, code, wait, match],
		connections: { [start.name]: link(code.name), [code.name]: link('Wait'), Wait: link(match.name) },
		settings: { executionOrder: 'v1', executionTimeout: 80 },
	};
}
