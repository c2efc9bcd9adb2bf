/**
 * The workflows of searchBusinesses.test.ts and searchBusinesses.v1.test.ts: the shipped example
 * (examples/search-businesses.json) and variants of it with other Search Businesses parameters.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { REPO_ROOT } from './harness/n8nInstall';
import type { WorkflowJson } from './harness/n8nInstance';

export const NODE = 'Search Businesses';
export const EXAMPLE = JSON.parse(readFileSync(path.join(REPO_ROOT, 'examples', 'search-businesses.json'), 'utf8')) as WorkflowJson;
type NodeJson = { name: string; parameters: Record<string, unknown> };
export const CREDENTIAL = { id: 'sandbox-credential', name: 'Business Prospect Data (sandbox)' };

/** The example with other Search Businesses parameters, as a second workflow. */
export function variant(id: string, parameters: Record<string, unknown>): WorkflowJson {
	const workflow = structuredClone(EXAMPLE);
	workflow.id = id;
	workflow.name = `${EXAMPLE.name} (${id})`;
	(workflow.nodes as NodeJson[]).find((node) => node.name === NODE)!.parameters = parameters;
	return workflow;
}
