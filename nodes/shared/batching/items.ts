import type {
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	IPairedItemData,
	IPollFunctions,
	NodeApiError,
	NodeOperationError,
} from 'n8n-workflow';

import { asNodeError } from '../transport/nodeErrors';

export type ItemError = NodeApiError | NodeOperationError;

/** An item whose request failed: the outcome every runner (engine, `runEach`) reports. */
export interface ItemFailure {
	itemIndex: number;
	ok: false;
	error: ItemError;
}

export interface PreparedItems<R> {
	/** valid requests, in input order */
	requests: R[];
	/** items that failed validation (only collected under Continue on Fail) */
	errors: Map<number, ItemError>;
}

/**
 * A caught error as the node error n8n expects: service and parameter errors pass through,
 * anything else is wrapped (message and description kept) and tied to the item.
 */
export const toItemError = (node: INode | IExecuteFunctions, error: unknown, itemIndex: number): ItemError =>
	asNodeError(node, error, itemIndex);

/** The user's Continue On Fail setting of the node; a poll (the trigger) has none, so it fails. */
export function userContinuesOnFail(ctx: IExecuteFunctions | IPollFunctions): boolean {
	return 'continueOnFail' in ctx && ctx.continueOnFail();
}

/** `pairedItem` for an output item that answers one or several input items. */
export function pairedTo(items: number | readonly number[]): IPairedItemData | IPairedItemData[] {
	if (typeof items === 'number') return { item: items };
	return items.length === 1 ? { item: items[0] } : items.map((item) => ({ item }));
}

/**
 * The error item for Continue on Fail, paired to the input item(s) it stands for: json
 * `{ error: message, details?: description }` and nothing else. n8n's "Continue (using error
 * output)" sends an item to the error output when `item.error` is set or its json holds only
 * `error`, `message` and `details` (n8n-core 2.41 WorkflowExecute.handleNodeErrorOutput), and
 * then merges the input item's fields in. `item.error` is deliberately NOT set: n8n-core's
 * normalizeNodeErrors (run after every node, in every error mode) replaces the json of such an
 * item with `{ error: message }`, which would drop `details` and the merged input fields.
 */
export function errorItem(error: ItemError, items: number | readonly number[]): INodeExecutionData {
	return {
		json: { error: error.message, ...(error.description ? { details: error.description } : {}) },
		pairedItem: pairedTo(items),
	};
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
			if (!ctx.continueOnFail()) throw toItemError(ctx, error, itemIndex);
			errors.set(itemIndex, toItemError(ctx, error, itemIndex));
		}
	}
	return { requests, errors };
}

/** The result of `runEach` for one item. */
export type ItemResult<T> = { itemIndex: number; ok: true; value: T } | ItemFailure;

/** What a run had done when a failure stopped it: users must not send those again. */
export interface StopProgress<R, T> {
	done: Array<{ request: R; value: T }>;
	notSent: R[];
}

export interface RunEachOptions<R, T> {
	/** requests with the same key run once and share the value */
	key?: (request: R) => string;
	/** adds to the failure that stops the run (Continue on Fail off) what was done and not sent */
	onStop?: (error: ItemError, progress: StopProgress<R, T>) => void;
}

/**
 * Runs `run` for each request one after another, for requests that are not batched by the
 * engine (paginated searches, enrollments, deletes). Requests with the same `key` run once and
 * share the value (which is then the same object for each of them: copy before changing it). A
 * failure stops the run unless Continue on Fail is on: then it becomes the failure of every item
 * that shares it. After a refused API key the client sends nothing more, so the rest fail at once.
 */
export async function runEach<R extends { itemIndex: number }, T>(
	ctx: IExecuteFunctions,
	requests: readonly R[],
	run: (request: R) => Promise<T>,
	options: RunEachOptions<R, T> = {},
): Promise<Array<ItemResult<T>>> {
	const done = new Map<string, { ok: true; value: T } | { ok: false; error: ItemError }>();
	const results: Array<ItemResult<T>> = [];
	for (const [position, request] of requests.entries()) {
		const key = options.key?.(request);
		let result = key === undefined ? undefined : done.get(key);
		if (!result) {
			try {
				result = { ok: true, value: await run(request) };
			} catch (caught) {
				const error = toItemError(ctx, caught, request.itemIndex);
				if (!ctx.continueOnFail()) {
					options.onStop?.(error, {
						// without Continue on Fail every earlier request succeeded
						done: results.map((earlier, index) => ({ request: requests[index], value: (earlier as { value: T }).value })),
						notSent: requests.slice(position + 1),
					});
					throw error;
				}
				result = { ok: false, error };
			}
			if (key !== undefined) done.set(key, result);
		}
		results.push({ itemIndex: request.itemIndex, ...result });
	}
	return results;
}

/**
 * Builds the node output in input order: for every input item its error item (validation or
 * failed request) or the items `build` makes from its outcome. Nothing is dropped: an item with
 * neither a request nor an error is handed to `build` with no outcome. Works with the engine's
 * outcomes (`runBatched`) and with `runEach`'s results. A failed request fails the run unless
 * Continue on Fail is on.
 */
export function assembleOutput<S extends { itemIndex: number; ok: true }>(
	ctx: IExecuteFunctions,
	prepared: PreparedItems<unknown>,
	outcomes: ReadonlyArray<S | ItemFailure>,
	build: (itemIndex: number, outcome: S | undefined) => INodeExecutionData[],
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
		// one push per item: a spread of a large list (e.g. a search of 10,000) can overflow the stack
		for (const item of build(itemIndex, outcome as S | undefined)) output.push(item);
	}
	return output;
}
