/**
 * What every Search Businesses engine test file shares: its own sandbox (started once per file,
 * its request log cleared before each test) and the workflow that runs the node on items. A test
 * file calls setUpSandbox() once at its top, then uses `sandbox` and the helpers.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { type RecordedRequest, type Sandbox, startSandbox } from '../../sandbox';
import { itemsNode, linearWorkflow, manualTriggerNode, runWorkflow, type WorkflowNode } from '../harness';

export const NODE = 'Search Businesses';

/** This test file's sandbox, set by the beforeAll that setUpSandbox() registers. */
export let sandbox: Sandbox;

/** Starts the file's sandbox before its tests and closes it after; clears its request log before each test. */
export function setUpSandbox(): void {
	beforeAll(async () => {
		sandbox = await startSandbox();
	});
	afterAll(async () => await sandbox.close());
	beforeEach(() => sandbox.clearRequests());
}

function searchNode(parameters: INodeParameters, settings: Partial<WorkflowNode> = {}): WorkflowNode {
	return {
		name: NODE,
		type: 'n8n-nodes-business-prospect-data.searchBusinesses',
		typeVersion: 1,
		parameters,
		...settings,
	};
}

export async function search(parameters: INodeParameters, items: IDataObject[] = [{}], settings: Partial<WorkflowNode> = {}) {
	const workflow = linearWorkflow([manualTriggerNode(), itemsNode(items), searchNode(parameters, settings)]);
	return await runWorkflow(workflow, {
		credentials: { businessProspectDataApi: { apiKey: sandbox.apiKey, baseUrl: sandbox.url } },
	});
}

export const requestsTo = (path: string): RecordedRequest[] => sandbox.requests.filter((r) => r.path === path);
