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

/** A tool, what is wrong with its arguments, the arguments, and the error text expected. */
export type BadArguments = [string, string, IDataObject, RegExp];

/** A bad call's answer: a short error text, without the key or anything about items or the editor. */
export function expectShortErrorText(answer: ToolAnswer, pattern: RegExp, apiKey: string): void {
	expect(answer.isError).toBe(true);
	expect(answer.text).toMatch(pattern);
	expect(answer.text.length).toBeLessThan(600);
	expect(answer.text).not.toContain(apiKey);
	// nothing about items or the editor: the model cannot act on those
	expect(answer.text).not.toMatch(/Item \d|Nothing was sent|"[A-Z][a-z]+ [A-Z]/);
}

export function sandboxBusinessId(): string {
	// evaluated when the table is built, before the sandbox starts: the universe is seed-only
	return '0123456789abcdef0123456789abcdef';
}
