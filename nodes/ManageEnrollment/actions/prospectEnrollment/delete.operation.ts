import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { errorItem, pairedTo, prepareItems, runEach, toItemError } from '../../../shared/batching/items';
import { validateItem } from '../../../shared/batching/validate';
import { ENDPOINTS } from '../../../shared/catalog';
import { ApiClient } from '../../../shared/transport/apiClient';
import { enrollmentIdField, readEnrollmentId } from './enrollmentId';

export const description: INodeProperties[] = [enrollmentIdField('delete')];

/**
 * A 404 after an earlier attempt that may have reached the service (it timed out, or answered
 * 5xx): that attempt may well have deleted the enrollment, and deleting is idempotent, so it is
 * gone either way. An earlier 429 or refused connection does not count: the service did nothing.
 * The client records such attempts in `context.earlierAttemptsReachedService`.
 */
const goneOnRetry = (error: unknown) =>
	error instanceof NodeApiError &&
	error.httpCode === '404' &&
	Number(error.context?.earlierAttemptsReachedService ?? 0) > 0;

/** Deletes each named enrollment once, however many items name it. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const schema = ENDPOINTS.deleteProspectEnrollment.body;
	const prepared = prepareItems(this, (itemIndex) => {
		const body = { enrollment_id: readEnrollmentId(this, itemIndex) };
		validateItem(this.getNode(), schema, body, itemIndex);
		return { itemIndex, id: body.enrollment_id };
	});

	const byId = new Map<string, number[]>();
	for (const { itemIndex, id } of prepared.requests) {
		const items = byId.get(id);
		if (items) items.push(itemIndex);
		else byId.set(id, [itemIndex]);
	}
	const deletes = [...byId].map(([id, items]) => ({ itemIndex: items[0], id, items }));
	const results = await runEach(this, deletes, async ({ id, itemIndex }): Promise<IDataObject> => {
		try {
			const client = await ApiClient.of(this);
			const response = await client.request<IDataObject>('deleteProspectEnrollment', { enrollment_id: id }, { itemIndex });
			const status = response?.status;
			return { enrollment_id: id, deleted: status === 'success', ...(status === undefined ? {} : { status }) };
		} catch (caught) {
			if (goneOnRetry(caught)) return { enrollment_id: id, deleted: true };
			throw toItemError(this, caught, itemIndex);
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
