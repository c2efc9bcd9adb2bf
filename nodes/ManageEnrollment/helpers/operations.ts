/** Create and update, the same for business and prospect enrollments apart from their kind. */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { type ItemError, prepareItems } from '../../shared/batching/items';
import { COMBINE } from './fields';
import type { EnrollmentKind } from './kinds';
import { type ItemRead, planEnrollments, readItem, withItemErrors } from './plan';
import { sendEnrollments } from './send';

export async function createEnrollments(ctx: IExecuteFunctions, kind: EnrollmentKind): Promise<INodeExecutionData[]> {
	const prepared = prepareItems(ctx, (itemIndex) => readItem(ctx, kind, 'create', itemIndex));
	const combine = ctx.getInputData().length ? (ctx.getNodeParameter('combine', 0, COMBINE.all) as string) : COMBINE.all;
	const planned = planEnrollments(ctx, kind, 'create', prepared.requests, combine);
	return await sendEnrollments(ctx, kind.create, withItemErrors(planned, prepared.errors), 'created');
}

export interface UpdateOptions {
	/** the enrollment id of one item, as set in the node */
	enrollmentId: (itemIndex: number) => string;
	/** the key may be left empty and is then looked up (only where the service can list) */
	keyOptional?: boolean;
	/**
	 * Fills missing keys; runs after every item has been validated, before any update. Returns
	 * the items it could not fill (under Continue on Fail; otherwise it throws).
	 */
	fillKeys?: (reads: ItemRead[]) => Promise<Map<number, ItemError>>;
}

/**
 * Updates: items naming the same enrollment (with the same key and event types) are combined
 * into one update of that enrollment.
 */
export async function updateEnrollments(
	ctx: IExecuteFunctions,
	kind: EnrollmentKind,
	options: UpdateOptions,
): Promise<INodeExecutionData[]> {
	const prepared = prepareItems(ctx, (itemIndex) =>
		readItem(ctx, kind, 'update', itemIndex, { enrollmentId: options.enrollmentId, keyOptional: options.keyOptional }),
	);
	let reads = prepared.requests;
	if (options.fillKeys) {
		const unfilled = await options.fillKeys(reads);
		reads = reads.filter((read) => !unfilled.has(read.itemIndex));
		for (const [itemIndex, error] of unfilled) prepared.errors.set(itemIndex, error);
	}
	const planned = planEnrollments(ctx, kind, 'update', reads, COMBINE.all);
	return await sendEnrollments(ctx, kind.update, withItemErrors(planned, prepared.errors), 'updated');
}
