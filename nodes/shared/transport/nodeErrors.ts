import type { NodeApiError, NodeOperationError } from 'n8n-workflow';

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

export const isNodeApiError = (value: unknown): value is NodeApiError => hasClassNamed(value, 'NodeApiError');

export const isNodeOperationError = (value: unknown): value is NodeOperationError => hasClassNamed(value, 'NodeOperationError');

/** A NodeApiError or a NodeOperationError: what n8n shows as a node's own error. */
export const isNodeError = (value: unknown): value is NodeApiError | NodeOperationError =>
	isNodeApiError(value) || isNodeOperationError(value);
