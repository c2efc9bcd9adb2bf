/**
 * Tool mode: the same nodes run as tools of an AI agent or an MCP Server Trigger.
 *
 * n8n generates a `<name>Tool` variant of every node with `usableAsTool` (n8n 2.41
 * `convertNodeToAiTool`: name + "Tool", no main input, an `ai_tool` output). Parameters are shown
 * per variant with the `@tool` display option, which n8n evaluates as "the node type's name ends
 * with Tool" (n8n-workflow `getPropertyValues`), in the editor and at run time alike. So a
 * parameter a model fills in is declared twice under one name: the normal one hidden in tool
 * mode, the tool one shown only there with a `$fromAI()` default. Normal mode is unchanged.
 *
 * At run time a tool call is one input item holding the model's arguments; the node's type is
 * `<package>.<name>Tool`, which is how `isToolExecution` tells the modes apart.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { NOTHING_SENT } from './batching/validate';

/** Whether this run is a tool call (the node is n8n's generated `…Tool` variant). */
export function isToolExecution(ctx: Pick<IExecuteFunctions, 'getNode'>): boolean {
	return ctx.getNode().type.endsWith('Tool');
}

type FromAiType = 'string' | 'number' | 'boolean' | 'json';

const quoted = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * `={{ $fromAI('key', 'description', 'type') }}`: the parameter is an argument of the tool,
 * described to the model. With a default the argument is optional.
 */
export function fromAi(key: string, description: string, type: FromAiType = 'string', defaultValue?: string | number | boolean): string {
	// "{{" or "}}" would end the expression early: n8n then fails the call with "invalid syntax"
	if (/\{\{|\}\}/.test(`${description}${String(defaultValue ?? '')}`)) {
		throw new Error(`The description of the tool argument ${key} must not contain "{{" or "}}"`);
	}
	const args = [quoted(key), quoted(description), quoted(type)];
	if (defaultValue !== undefined) args.push(typeof defaultValue === 'string' ? quoted(defaultValue) : String(defaultValue));
	return `={{ $fromAI(${args.join(', ')}) }}`;
}

type DisplayOptions = NonNullable<INodeProperties['displayOptions']>;

/** The property, shown only when the node runs as a tool. */
export function forTool(property: INodeProperties): INodeProperties {
	const displayOptions: DisplayOptions = property.displayOptions ?? {};
	return { ...property, displayOptions: { ...displayOptions, show: { ...displayOptions.show, '@tool': [true] } } };
}

/** The property, hidden when the node runs as a tool (a tool variant or a fixed value replaces it). */
export function notForTool(property: INodeProperties): INodeProperties {
	const displayOptions: DisplayOptions = property.displayOptions ?? {};
	return { ...property, displayOptions: { ...displayOptions, hide: { ...displayOptions.hide, '@tool': [true] } } };
}

/** A fixed value in tool mode: not shown, not set by the model. */
export function fixedForTool(name: string, value: string | number | boolean, displayOptions?: DisplayOptions): INodeProperties {
	return forTool({ displayName: name, name, type: 'hidden', default: value, ...(displayOptions ? { displayOptions } : {}) });
}

/**
 * The tool's description, what the model reads to decide when and how to call it. n8n adds its
 * own "Description" parameter to tool variants unless the node declares `toolDescription`.
 */
export function toolDescription(text: string, displayOptions?: DisplayOptions): INodeProperties {
	return forTool({
		displayName: 'Tool Description',
		name: 'toolDescription',
		type: 'string',
		typeOptions: { rows: 3 },
		default: text,
		description: 'What the model is told about this tool: what it returns and which arguments it needs',
		...(displayOptions ? { displayOptions } : {}),
	});
}

/** How a tool's texts name its parameters: display name -> argument name. */
export type ArgumentNames = Record<string, string>;

const MAX_ERROR_LENGTH = 400;

/**
 * The short text of an error for the model: the message without the item number, the fix, and
 * the parameters named as the tool's arguments. Nothing else (the model cannot see the editor).
 */
export function toolErrorText(error: unknown, names: ArgumentNames = {}): string {
	const { message, description } = (error ?? {}) as { message?: unknown; description?: unknown };
	const parts = [String(message ?? error ?? 'The call failed').replace(/^Item \d+: /, '')];
	const fix = typeof description === 'string' ? description.replace(NOTHING_SENT, '').trim() : '';
	if (fix && !parts[0].includes(fix)) parts.push(fix);
	let text = parts
		.map((part) => part.trim())
		.filter(Boolean)
		.map((part) => (/[.!?]$/.test(part) ? part : `${part}.`))
		.join(' ');
	for (const [label, argument] of Object.entries(names).sort(([a], [b]) => b.length - a.length)) {
		text = text.split(`"${label}"`).join(argument).split(label).join(argument);
	}
	return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

/** An error the model gets back as the tool's error text (MCP: `isError: true`). */
export function toolError(ctx: Pick<IExecuteFunctions, 'getNode'>, text: string): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), text);
}

/** `{ error, details? }`: an error item of Continue on Fail (see `errorItem`). */
function isErrorItem(item: INodeExecutionData): boolean {
	const keys = Object.keys(item.json);
	return typeof item.json.error === 'string' && keys.every((key) => key === 'error' || key === 'details');
}

/** A required argument the model left empty: the error names it and shows a valid value. */
export function requireArgument(
	ctx: IExecuteFunctions,
	parameter: string,
	argument: string,
	hint: string,
	itemIndex = 0,
): void {
	const value = ctx.getNodeParameter(parameter, itemIndex, '', { extractValue: true }) as unknown;
	const empty =
		value === undefined ||
		value === null ||
		(typeof value === 'string' && value.trim() === '') ||
		(Array.isArray(value) && value.length === 0);
	if (empty) throw toolError(ctx, `${argument} is empty: ${hint}`);
}

/**
 * Runs a node as a tool: its normal run, then the answer made compact for a model. Any failure,
 * thrown or (under Continue on Fail) an error item, comes back as one short error text.
 */
export async function runAsTool(
	ctx: IExecuteFunctions,
	options: {
		names?: ArgumentNames;
		check?: (itemIndex: number) => void;
		run: () => Promise<INodeExecutionData[]>;
		compact: (output: INodeExecutionData[]) => IDataObject[];
	},
): Promise<INodeExecutionData[]> {
	let output: INodeExecutionData[];
	try {
		const count = ctx.getInputData().length;
		for (let itemIndex = 0; itemIndex < count; itemIndex++) options.check?.(itemIndex);
		output = await options.run();
	} catch (error) {
		throw toolError(ctx, toolErrorText(error, options.names));
	}
	const failed = output.find(isErrorItem);
	if (failed) throw toolError(ctx, toolErrorText({ message: failed.json.error, description: failed.json.details }, options.names));
	return options.compact(output).map((json, index) => ({ json, pairedItem: { item: index < ctx.getInputData().length ? index : 0 } }));
}
