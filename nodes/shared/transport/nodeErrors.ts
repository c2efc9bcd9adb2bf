import type { IExecuteFunctions, INode, NodeApiError } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * Whether a caught value is one of n8n-workflow's node errors, read from the class names along its
 * prototype chain instead of `instanceof`. n8n-workflow is a peer resolved at run time from the
 * tree of the n8n that loads the package: an error made by another copy of it (n8n's own helpers,
 * or a copy npm installed beside the package) fails a class check, yet it is the same error to n8n.
 */
function hasClassNamed(value: unknown, name: string): boolean {
	let prototype: unknown = value !== null && typeof value === 'object' ? Object.getPrototypeOf(value) : null;
	while (prototype) {
		if ((prototype as { constructor?: { name?: string } }).constructor?.name === name) return true;
		prototype = Object.getPrototypeOf(prototype);
	}
	return false;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object';

/**
 * The fallback when the class names are not the expected ones (a bundled copy with minified names,
 * a renamed class): what n8n reads from a node error, a message, the node and a context object.
 */
function hasNodeErrorFields(value: unknown): value is Record<string, unknown> & { context: Record<string, unknown> } {
	return isObject(value) && typeof value.message === 'string' && isObject(value.node) && isObject(value.context);
}

const namedApiError = (value: unknown) => hasClassNamed(value, 'NodeApiError');
const namedOperationError = (value: unknown) => hasClassNamed(value, 'NodeOperationError');

/** A NodeApiError by its class name or, failing that, a node error with an `httpCode` field. */
export const isNodeApiError = (value: unknown): value is NodeApiError =>
	namedApiError(value) || (!namedOperationError(value) && hasNodeErrorFields(value) && 'httpCode' in value);

/** A NodeOperationError by its class name or, failing that, a node error without `httpCode`. */
export const isNodeOperationError = (value: unknown): value is NodeOperationError =>
	namedOperationError(value) || (!namedApiError(value) && hasNodeErrorFields(value) && !('httpCode' in value));

/** A NodeApiError or a NodeOperationError: what n8n shows as a node's own error. */
export const isNodeError = (value: unknown): value is NodeApiError | NodeOperationError =>
	isNodeApiError(value) || isNodeOperationError(value);

/** The text of a thrown value: its message, or what it is when it has none. */
function messageOf(value: unknown): string {
	if (isObject(value)) return typeof value.message === 'string' && value.message !== '' ? value.message : 'Unknown error';
	return String(value);
}

/**
 * A caught value as the node error n8n expects for an item: node errors pass through, the rest is
 * wrapped with the item index. An error recognised by its fields alone is tied to the item when it
 * names none. Only this realm's Errors are handed to NodeOperationError as they are: it reads the
 * message of nothing else (an Error of another realm or a thrown object would show an empty
 * message) and fails on a thrown number; those go in as their message and description.
 */
export function asNodeError(node: INode | IExecuteFunctions, error: unknown, itemIndex?: number): NodeApiError | NodeOperationError {
	if (isNodeError(error)) {
		const named = namedApiError(error) || namedOperationError(error);
		if (!named && itemIndex !== undefined && error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	const owner = 'getNode' in node ? node.getNode() : node;
	if (error instanceof Error) return new NodeOperationError(owner, error, { itemIndex });
	const description = isObject(error) && typeof error.description === 'string' ? error.description : undefined;
	return new NodeOperationError(owner, messageOf(error), { itemIndex, ...(description ? { description } : {}) });
}
