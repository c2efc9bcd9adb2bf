/**
 * What every Search Businesses engine test file shares: its own sandbox (started once per file,
 * its request log cleared before each test) and the workflow that runs the node on items. A test
 * file calls setUpSandbox() once at its top, then uses `sandbox` and the helpers.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { ApiVersion } from '../../../nodes/shared/api';
import type { RecordedRequest, Sandbox } from '../../sandbox';
import { onItems, packageNode, runWorkflow, sandboxCredentials, useSandbox, type WorkflowNode } from '../harness';
import { typeVersionFor } from '../harness/apiVersions';

export const NODE = 'Search Businesses';

/** This test file's sandbox, set by setUpSandbox() (started by the beforeAll it registers). */
export let sandbox: Sandbox;

/** Starts the file's sandbox before its tests and closes it after; clears its request log before each test. */
export function setUpSandbox(): void {
	sandbox = useSandbox();
}

function searchNode(parameters: INodeParameters, settings: Partial<WorkflowNode> = {}): WorkflowNode {
	return packageNode('searchBusinesses', NODE, parameters, settings);
}

export async function search(parameters: INodeParameters, items: IDataObject[] = [{}], settings: Partial<WorkflowNode> = {}) {
	const workflow = onItems(items, searchNode(parameters, settings));
	return await runWorkflow(workflow, {
		credentials: sandboxCredentials(sandbox),
	});
}

/** search() on the node version that speaks `api` at Per Node Version; a test's own settings still win. */
export const searchOn =
	(api: ApiVersion): typeof search =>
	async (parameters, items, settings = {}) =>
		await search(parameters, items, { typeVersion: typeVersionFor('searchBusinesses', api), ...settings });

export const requestsTo = (path: string): RecordedRequest[] => sandbox.requests.filter((r) => r.path === path);
