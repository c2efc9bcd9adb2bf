/**
 * What toolMode.test.ts and toolMode.v1.test.ts share: how n8n resolves a node's parameters in tool
 * mode, the arguments it collects from them, and the check of a Manage Enrollment operation's tool
 * text and arguments.
 */
import type { IDataObject, INode, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers, traverseNodeParameters } from 'n8n-workflow';

import { ManageEnrollment } from '../../nodes/ManageEnrollment/ManageEnrollment.node';
import { ENROLLMENT_TOOL_DESCRIPTIONS } from '../../nodes/ManageEnrollment/helpers/toolMode';

/** What n8n's convertNodeToAiTool changes that the `@tool` display option reads: the name. */
export const asTool = (description: INodeTypeDescription): INodeTypeDescription => ({ ...description, name: `${description.name}Tool` });

/** The parameters n8n resolves for a node with these values (defaults filled in, hidden ones left out). */
export function resolve(nodeType: INodeType, values: IDataObject, tool: boolean): IDataObject {
	const description = tool ? asTool(nodeType.description) : nodeType.description;
	const node = { name: 'N', type: description.name, typeVersion: 1, parameters: values } as unknown as INode;
	return NodeHelpers.getNodeParameters(description.properties, values as never, true, false, node, description) as IDataObject;
}

/** The tool's arguments as n8n collects them for the input schema: key -> [type, has default]. */
export function argumentsOf(parameters: IDataObject): Record<string, [string, boolean]> {
	const collected: Array<{ key: string; type?: string; defaultValue?: unknown }> = [];
	traverseNodeParameters(parameters as never, collected as never);
	return Object.fromEntries(collected.map((argument) => [argument.key, [argument.type ?? 'string', argument.defaultValue !== undefined]]));
}

/** A Manage Enrollment operation in tool mode: its own description, and these arguments. */
export function hasItsOwnToolText(
	resource: keyof typeof ENROLLMENT_TOOL_DESCRIPTIONS,
	operation: string,
	expected: Readonly<Record<string, readonly [string, boolean]>>,
): void {
	const parameters = resolve(new ManageEnrollment(), { resource, operation }, true);
	expect(parameters.toolDescription).toBe(ENROLLMENT_TOOL_DESCRIPTIONS[resource][operation as 'create']);
	expect(String(parameters.toolDescription)).not.toMatch(/ in Manage Enrollment$/);
	expect(argumentsOf(parameters)).toEqual(expected);
	expect(parameters).not.toHaveProperty('combine');
}
