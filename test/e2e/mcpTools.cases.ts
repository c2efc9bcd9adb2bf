/**
 * What mcpTools.test.ts and mcpTools.v1.test.ts share: the shipped example examples/mcp-server.json
 * on a credential of the file's, and the shape of a tool's answer.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { CREDENTIAL_TYPE, type WorkflowJson } from './harness/n8nInstance';

const EXAMPLE = path.resolve(__dirname, '../../examples/mcp-server.json');

export interface NodeJson {
	name: string;
	type: string;
	parameters: IDataObject;
	credentials?: Record<string, { id: string; name: string }>;
}

export type ToolAnswer = { isError: boolean; text: string; json: () => IDataObject };

export function loadExample(credential: { id: string; name: string }): WorkflowJson {
	const workflow = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as WorkflowJson;
	for (const node of workflow.nodes as NodeJson[]) if (node.credentials?.[CREDENTIAL_TYPE]) node.credentials[CREDENTIAL_TYPE] = { ...credential };
	return workflow;
}
