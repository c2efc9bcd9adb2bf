/** Create and update, the same for business and prospect enrollments apart from their kind. */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { type ItemError, prepareItems } from '../../shared/batching/items';
import { skipExistingBusinessEnrollments } from './existing';
import { COMBINE } from './fields';
import { BUSINESS, type EnrollmentKind } from './kinds';
import { type ItemRead, planEnrollments, readItem, withItemErrors } from './plan';
import { sendEnrollments } from './send';

/**
 * Creates: items combined (or kept apart) and split at the limit. Business enrollments are
 * checked against the existing ones first, so a re-run does not create the same key twice.
 */
export async function createEnrollments(ctx: IExecuteFunctions, kind: EnrollmentKind): Promise<INodeExecutionData[]> {
	const prepared = prepareItems(ctx, (itemIndex) => readItem(ctx, kind, 'create', itemIndex));
	const combine = ctx.getInputData().length ? (ctx.getNodeParameter('combine', 0, COMBINE.all) as string) : COMBINE.all;
	let planned = planEnrollments(ctx, kind, 'create', prepared.requests, combine);
	const business = kind === BUSINESS;
	if (business) planned = await skipExistingBusinessEnrollments(ctx, planned);
	return await sendEnrollments(ctx, kind.create, withItemErrors(planned, prepared.errors), {
		verb: 'created',
		markExisting: business,
	});
}

export interface UpdateOptions {
	/** the enrollment id of one item, as set in the node */
	enrollmentId: (itemIndex: number) => string;
	/**
	 * Key and event types may be left empty to keep the current ones (only where the service can
	 * list enrollments); `fillCurrent` then fills them in.
	 */
	keepCurrent?: boolean;
	/**
	 * Fills missing keys and event types; runs after every item has been validated, before any
	 * update. Returns the items it could not fill (under Continue on Fail; otherwise it throws).
	 */
	fillCurrent?: (reads: ItemRead[]) => Promise<Map<number, ItemError>>;
}

/**
 * Updates: all items naming the same enrollment are combined into one update of it; they must
 * agree on its key and event types.
 */
export async function updateEnrollments(
	ctx: IExecuteFunctions,
	kind: EnrollmentKind,
	options: UpdateOptions,
): Promise<INodeExecutionData[]> {
	const prepared = prepareItems(ctx, (itemIndex) =>
		readItem(ctx, kind, 'update', itemIndex, {
			enrollmentId: options.enrollmentId,
			keyOptional: options.keepCurrent,
			eventTypesOptional: options.keepCurrent,
		}),
	);
	let reads = prepared.requests;
	if (options.fillCurrent) {
		const unfilled = await options.fillCurrent(reads);
		reads = reads.filter((read) => !unfilled.has(read.itemIndex));
		for (const [itemIndex, error] of unfilled) prepared.errors.set(itemIndex, error);
	}
	const planned = planEnrollments(ctx, kind, 'update', reads, COMBINE.all);
	return await sendEnrollments(ctx, kind.update, withItemErrors(planned, prepared.errors), { verb: 'updated' });
}
