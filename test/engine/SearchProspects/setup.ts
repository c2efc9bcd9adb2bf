/**
 * What every Search Prospects engine test file shares: its own sandbox (started once per file,
 * its request log cleared before each test), the workflow that runs the node on items, and
 * helpers that read the request log and the universe's prospects. A test file calls
 * setUpSandbox() once at its top, then uses `sandbox` and the helpers.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { ApiVersion } from '../../../nodes/shared/api';
import type { RecordedRequest, Sandbox, SearchableProspect } from '../../sandbox';
import { onItems, packageNode, runWorkflow, sandboxCredentials, useSandbox, type WorkflowNode } from '../harness';
import { typeVersionFor } from '../harness/apiVersions';

export const NODE = 'Search Prospects';
export const SEARCH_PATH = '/v1/prospects';

/** This test file's sandbox, set by setUpSandbox() (started by the beforeAll it registers). */
export let sandbox: Sandbox;

/** Starts the file's sandbox before its tests and closes it after; clears its request log before each test. */
export function setUpSandbox(): void {
	sandbox = useSandbox();
}

function node(parameters: INodeParameters, settings: Partial<WorkflowNode> = {}): WorkflowNode {
	// version 2, what a node added today is; largeSearch.v1.test.ts holds version 1's cap
	return packageNode('searchProspects', NODE, parameters, { typeVersion: 2, ...settings });
}

export async function run(parameters: INodeParameters, items: IDataObject[] = [{}], settings: Partial<WorkflowNode> = {}) {
	const workflow = onItems(items, node(parameters, settings));
	return await runWorkflow(workflow, {
		credentials: sandboxCredentials(sandbox),
	});
}

/** run() on the node version that speaks `api` at Per Node Version; a test's own settings still win. */
export const runOn =
	(api: ApiVersion): typeof run =>
	async (parameters, items, settings = {}) =>
		await run(parameters, items, { typeVersion: typeVersionFor('searchProspects', api), ...settings });

export const requestsTo = (path: string): RecordedRequest[] => sandbox.requests.filter((r) => r.path === path);
export const bodies = (path = SEARCH_PATH) => requestsTo(path).map((r) => r.body as IDataObject);
export const idsOf = (records: Array<{ prospect_id?: unknown }>) => records.map((r) => r.prospect_id);
export const prospects = () => sandbox.universe.searchableProspects;
export const where = (test: (entry: SearchableProspect) => boolean) => prospects().filter(test);
export const idsWhere = (test: (entry: SearchableProspect) => boolean) => where(test).map((entry) => entry.prospect.prospect_id);
