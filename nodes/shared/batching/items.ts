import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { ItemOutcome } from './engine';

export type ItemError = NodeApiError | NodeOperationError;

export interface PreparedItems<R> {
	/** valid requests, in input order */
	requests: R[];
	/** items that failed validation (only collected under Continue on Fail) */
	errors: Map<number, ItemError>;
}

function asItemError(ctx: IExecuteFunctions, error: unknown, itemIndex: number): ItemError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}

/**
 * Reads and validates every input item before anything is sent. The first invalid item fails
 * the run, unless Continue on Fail is on: then it becomes that item's error and the rest go on.
 * `read` returns undefined for an item that needs no request.
 */
export function prepareItems<R>(ctx: IExecuteFunctions, read: (itemIndex: number) => R | undefined): PreparedItems<R> {
	const count = ctx.getInputData().length;
	const requests: R[] = [];
	const errors = new Map<number, ItemError>();
	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		try {
			const request = read(itemIndex);
			if (request !== undefined) requests.push(request);
		} catch (error) {
			if (!ctx.continueOnFail()) throw asItemError(ctx, error, itemIndex);
			errors.set(itemIndex, asItemError(ctx, error, itemIndex));
		}
	}
	return { requests, errors };
}

/** The paired error item n8n expects under Continue on Fail. */
export function errorItem(error: ItemError, itemIndex: number): INodeExecutionData {
	return {
		json: { error: error.message, ...(error.description ? { errorDetails: error.description } : {}) },
		pairedItem: { item: itemIndex },
	};
}

/**
 * Builds the node output in input order: for every input item its error item (validation or
 * failed request) or the items `build` makes from its results. Nothing is dropped: an item with
 * neither a request nor an error is handed to `build` with no outcome.
 */
export function assembleOutput<E>(
	ctx: IExecuteFunctions,
	prepared: PreparedItems<unknown>,
	outcomes: Array<ItemOutcome<E>>,
	build: (itemIndex: number, outcome: Extract<ItemOutcome<E>, { ok: true }> | undefined) => INodeExecutionData[],
): INodeExecutionData[] {
	const byItem = new Map(outcomes.map((outcome) => [outcome.itemIndex, outcome]));
	const output: INodeExecutionData[] = [];
	const count = ctx.getInputData().length;
	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		const validationError = prepared.errors.get(itemIndex);
		if (validationError) {
			output.push(errorItem(validationError, itemIndex));
			continue;
		}
		const outcome = byItem.get(itemIndex);
		if (outcome && !outcome.ok) {
			if (!ctx.continueOnFail()) throw outcome.error;
			output.push(errorItem(outcome.error, itemIndex));
			continue;
		}
		output.push(...build(itemIndex, outcome));
	}
	return output;
}
