/**
 * The example workflows shipped in `examples/*.json`, with every reference to this package's
 * credential pointed at a given credential (the demo's or a test's), ready to import.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { REPO_ROOT } from './n8nInstall';
import { CREDENTIAL_TYPE, type WorkflowJson } from './n8nInstance';

export const EXAMPLES_DIR = path.join(REPO_ROOT, 'examples');

export interface ExampleWorkflow {
	file: string;
	workflow: WorkflowJson;
	/** Starts with a Manual Trigger, so `n8n execute` can run it. */
	manual: boolean;
}

interface NodeJson {
	type: string;
	credentials?: Record<string, { id: string; name: string }>;
}

export function loadExampleWorkflows(credential: { id: string; name: string }): ExampleWorkflow[] {
	return readdirSync(EXAMPLES_DIR)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => {
			const workflow = JSON.parse(readFileSync(path.join(EXAMPLES_DIR, file), 'utf8')) as WorkflowJson;
			if (typeof workflow.id !== 'string') throw new Error(`examples/${file} needs a fixed "id" to be imported`);
			const nodes = workflow.nodes as NodeJson[];
			for (const node of nodes) {
				if (node.credentials?.[CREDENTIAL_TYPE]) node.credentials[CREDENTIAL_TYPE] = { ...credential };
			}
			return { file, workflow, manual: nodes.some((node) => node.type === 'n8n-nodes-base.manualTrigger') };
		});
}
