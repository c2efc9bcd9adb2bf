/**
 * Deletes enrollments, each named one once, however many items name it: v1 names the prospect
 * enrollment in the body (v1 cannot delete business enrollments: the client refuses that name on
 * v1, sending nothing), v2 names either kind in the path, without a body.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { errorItem, pairedTo, prepareItems, runEach, toItemError } from '../../shared/batching/items';
import { validateItem } from '../../shared/batching/validate';
import { type ApiVersion, dialectFor, idSchema } from '../../shared/api';
import { ApiClient } from '../../shared/transport/apiClient';
import type { EnrollmentKind } from './kinds';
import { isNodeApiError } from '../../shared/transport/nodeErrors';
import { DEFAULT_API_VERSION } from '../../shared/transport/connection';

/**
 * A 404 after an earlier attempt that may have reached the service (it timed out, or answered
 * 5xx): that attempt may well have deleted the enrollment, and deleting is idempotent, so it is
 * gone either way. An earlier 429 or refused connection does not count: the service did nothing.
 * The client records such attempts in `context.earlierAttemptsReachedService`.
 */
const goneOnRetry = (error: unknown) =>
	isNodeApiError(error) &&
	error.httpCode === '404' &&
	Number(error.context?.earlierAttemptsReachedService ?? 0) > 0;

export async function deleteEnrollments(
	ctx: IExecuteFunctions,
	kind: EnrollmentKind,
	enrollmentId: (itemIndex: number) => string,
	version: ApiVersion = DEFAULT_API_VERSION,
): Promise<INodeExecutionData[]> {
	const prepared = prepareItems(ctx, (itemIndex) => {
		const id = enrollmentId(itemIndex);
		validateItem(ctx.getNode(), idSchema, id, itemIndex, 'enrollment_id');
		return { itemIndex, id };
	});

	const byId = new Map<string, number[]>();
	for (const { itemIndex, id } of prepared.requests) {
		const items = byId.get(id);
		if (items) items.push(itemIndex);
		else byId.set(id, [itemIndex]);
	}
	const deletes = [...byId].map(([id, items]) => ({ itemIndex: items[0], id, items }));
	const inPath = dialectFor(version).enrollments.idInPath;
	const results = await runEach(ctx, deletes, async ({ id, itemIndex }): Promise<IDataObject> => {
		try {
			const client = await ApiClient.of(ctx, version);
			const response = await client.request<IDataObject>(
				kind.delete,
				inPath ? undefined : { enrollment_id: id },
				{ itemIndex, ...(inPath && { pathParams: { enrollment_id: id } }) },
			);
			const status = response?.status;
			return { enrollment_id: id, deleted: status === 'success', ...(status === undefined ? {} : { status }) };
		} catch (caught) {
			if (goneOnRetry(caught)) return { enrollment_id: id, deleted: true };
			throw toItemError(ctx, caught, itemIndex);
		}
	});

	// in input order: each delete at its first item, and the items that failed validation
	const output: Array<{ first: number; item: INodeExecutionData }> = deletes.map(({ items }, position) => {
		const result = results[position];
		return {
			first: items[0],
			item: result.ok ? { json: result.value, pairedItem: pairedTo(items) } : errorItem(result.error, items),
		};
	});
	for (const [itemIndex, error] of prepared.errors) output.push({ first: itemIndex, item: errorItem(error, itemIndex) });
	return output.sort((a, b) => a.first - b.first).map(({ item }) => item);
}
