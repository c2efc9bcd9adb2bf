/** Create and update, the same for business and prospect enrollments apart from their kind. */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { type ItemError, prepareItems } from '../../shared/batching/items';
import { type ApiVersion, dialectFor } from '../../shared/api';
import { listsEnrollments, skipExistingEnrollments } from './existing';
import { COMBINE } from './fields';
import type { EnrollmentKind } from './kinds';
import { type ItemRead, planEnrollments, readItem, withItemErrors } from './plan';
import { sendEnrollments } from './send';
import { DEFAULT_API_VERSION } from '../../shared/transport/connection';

/** The API version to speak, and (v2) the webhook each item's enrollment delivers to. */
export interface VersionOptions {
	/** v1 unless named */
	version?: ApiVersion;
	/** v2: the item's webhook_id (required to create; on update, empty keeps the current webhook) */
	webhookId?: (itemIndex: number) => string;
}

/** Said once per run where a node version 1 with Expire After runs on API v2. */
export const TTL_LEFT_OUT =
	'Expire After (Days) was not sent: enrollments on API v2 have no expiry, so they are watched until deleted (Delete operation).';

/**
 * Creates: items combined (or kept apart) and split at the limit. Where the service lists them
 * (v1: business enrollments; v2: both kinds), enrollments are checked against the existing ones
 * first, so a re-run does not create the same key twice.
 */
export async function createEnrollments(ctx: IExecuteFunctions, kind: EnrollmentKind, options: VersionOptions = {}): Promise<INodeExecutionData[]> {
	const version = options.version ?? DEFAULT_API_VERSION;
	let ttlLeftOut = false;
	const prepared = prepareItems(ctx, (itemIndex) =>
		readItem(ctx, kind, 'create', itemIndex, { version, webhookId: options.webhookId, onTtlLeftOut: () => (ttlLeftOut = true) }),
	);
	if (ttlLeftOut) ctx.addExecutionHints({ message: TTL_LEFT_OUT, type: 'warning', location: 'outputPane' });
	const combine = ctx.getInputData().length ? (ctx.getNodeParameter('combine', 0, COMBINE.all) as string) : COMBINE.all;
	let planned = planEnrollments(ctx, kind, 'create', prepared.requests, combine, version);
	const checked = listsEnrollments(kind, version);
	if (checked) planned = await skipExistingEnrollments(ctx, kind, planned, version);
	return await sendEnrollments(ctx, kind.create, withItemErrors(planned, prepared.errors), {
		verb: 'created',
		markExisting: checked,
		version,
	});
}

export interface UpdateOptions extends VersionOptions {
	/** the enrollment id of one item, as set in the node */
	enrollmentId: (itemIndex: number) => string;
	/**
	 * Key and event types may be left empty to keep the current ones (only where the service can
	 * list enrollments); `fillCurrent` then fills them in. v2 updates are partial: left empty, they
	 * are not sent, and `fillCurrent` is not needed.
	 */
	keepCurrent?: boolean;
	/**
	 * Fills missing keys and event types; runs after every item has been validated, before any
	 * update. Returns the items it could not fill (under Continue on Fail; otherwise it throws).
	 */
	fillCurrent?: (reads: ItemRead[], version: ApiVersion) => Promise<Map<number, ItemError>>;
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
	const version = options.version ?? DEFAULT_API_VERSION;
	const prepared = prepareItems(ctx, (itemIndex) =>
		readItem(ctx, kind, 'update', itemIndex, {
			enrollmentId: options.enrollmentId,
			// v2 updates are partial: what is left empty is not sent, so the current value stays
			keyOptional: options.keepCurrent === true || dialectFor(version).enrollments.partialUpdate,
			eventTypesOptional: options.keepCurrent === true || dialectFor(version).enrollments.partialUpdate,
			version,
			webhookId: options.webhookId,
		}),
	);
	let reads = prepared.requests;
	if (options.fillCurrent && !dialectFor(version).enrollments.partialUpdate) {
		const unfilled = await options.fillCurrent(reads, version);
		reads = reads.filter((read) => !unfilled.has(read.itemIndex));
		for (const [itemIndex, error] of unfilled) prepared.errors.set(itemIndex, error);
	}
	const planned = planEnrollments(ctx, kind, 'update', reads, COMBINE.all, version);
	return await sendEnrollments(ctx, kind.update, withItemErrors(planned, prepared.errors), { verb: 'updated', version });
}
