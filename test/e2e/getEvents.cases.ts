/**
 * What getEvents.test.ts and getEvents.v1.test.ts share: the shipped example
 * (examples/events-on-schedule.json) and variants of it with other Get Events parameters.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { REPO_ROOT } from './harness/n8nInstall';
import type { WorkflowJson } from './harness/n8nInstance';

export const NODE = 'Get Events';
export const DAY_MS = 86_400_000;
export const EXAMPLE = JSON.parse(
	readFileSync(path.join(REPO_ROOT, 'examples', 'events-on-schedule.json'), 'utf8'),
) as WorkflowJson;
export const CREDENTIAL = { id: 'sandbox-credential', name: 'Business Prospect Data (sandbox)' };
type NodeJson = { name: string; type: string; parameters: Record<string, unknown> };

export const nodes = (workflow: WorkflowJson) => workflow.nodes as NodeJson[];
export const exampleIds = () =>
	String(
		(nodes(EXAMPLE).find((node) => node.name === 'Businesses to Watch')?.parameters.assignments as {
			assignments: Array<{ value: string }>;
		}).assignments[0].value,
	).split(', ');

/** The example with other Get Events parameters, as a second workflow. */
export function variant(id: string, parameters: Record<string, unknown>): WorkflowJson {
	const workflow = structuredClone(EXAMPLE);
	workflow.id = id;
	workflow.name = `${EXAMPLE.name} (${id})`;
	const node = nodes(workflow).find((entry) => entry.name === NODE)!;
	node.parameters = { ...node.parameters, ...parameters };
	return workflow;
}
