import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { errorItem, pairedTo, prepareItems, toItemError } from '../../../shared/batching/items';
import { validateItem } from '../../../shared/batching/validate';
import { ENDPOINTS } from '../../../shared/catalog';
import { getConnection } from '../../../shared/transport/connection';
import { RateLimiter } from '../../../shared/transport/rateLimiter';
import { apiRequest } from '../../../shared/transport/request';
import { enrollmentIdField, readEnrollmentId } from './enrollmentId';

export const description: INodeProperties[] = [enrollmentIdField('delete')];

/**
 * A 404 on a retry: the first attempt (timed out, or answered 5xx) may well have deleted the
 * enrollment, and deleting is idempotent, so the enrollment is gone either way. The transport
 * records the attempts it made in `context.attempts`.
 */
const goneOnRetry = (error: unknown) =>
	error instanceof NodeApiError && error.httpCode === '404' && Number(error.context?.attempts ?? 1) > 1;

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
	const entries: Array<{ items: number[]; id?: string }> = [
		...[...byId].map(([id, items]) => ({ id, items })),
		...[...prepared.errors.keys()].map((itemIndex) => ({ items: [itemIndex] })),
	].sort((a, b) => a.items[0] - b.items[0]);

	const connection = byId.size ? await getConnection(this) : undefined;
	const limiter = new RateLimiter();
	const output: INodeExecutionData[] = [];
	for (const entry of entries) {
		if (entry.id === undefined) {
			const error = prepared.errors.get(entry.items[0]);
			if (error) output.push(errorItem(error, entry.items));
			continue;
		}
		try {
			const response = await apiRequest<IDataObject>(
				this,
				'deleteProspectEnrollment',
				{ enrollment_id: entry.id },
				{ itemIndex: entry.items[0], connection, limiter },
			);
			const status = response?.status;
			output.push({
				json: { enrollment_id: entry.id, deleted: status === 'success', ...(status === undefined ? {} : { status }) },
				pairedItem: pairedTo(entry.items),
			});
		} catch (caught) {
			if (goneOnRetry(caught)) {
				output.push({
					json: { enrollment_id: entry.id, deleted: true },
					pairedItem: pairedTo(entry.items),
				});
				continue;
			}
			const error = toItemError(this, caught, entry.items[0]);
			if (!this.continueOnFail()) throw error;
			output.push(errorItem(error, entry.items));
		}
	}
	return output;
}
