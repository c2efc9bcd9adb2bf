/**
 * Sends planned enrollments one after another (so split parts are created in key order and a
 * failure leaves a clear picture of what exists) and turns each into one output item, linked
 * to the input items whose ids it holds.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { errorItem, type ItemError, pairedTo, toItemError } from '../../shared/batching/items';
import type { EndpointName } from '../../shared/catalog';
import { ApiClient } from '../../shared/transport/apiClient';
import type { PlannedEnrollment } from './plan';

/** What was already done when a later request fails: users must not create those again. */
function addProgress(error: ItemError, done: string[], notSent: string[], verb: string) {
	const parts = [
		done.length ? `Already ${verb} before this failure: ${done.join(', ')}.` : '',
		notSent.length ? `Not sent: ${notSent.join(', ')}.` : '',
	].filter(Boolean);
	if (parts.length) error.description = [error.description, ...parts].filter(Boolean).join(' ');
}

/** Output fields of one enrollment: what the service answered and what was sent. */
function enrollmentJson(body: IDataObject, response: IDataObject): IDataObject {
	const sent = Object.entries(body).filter(
		([field]) => field !== 'request_context' && field !== 'enrollment_id' && field !== 'enrollment_key',
	);
	return {
		enrollment_id: response?.enrollment_id ?? body.enrollment_id,
		enrollment_key: response?.enrollment_key ?? body.enrollment_key,
		...Object.fromEntries(sent),
	};
}

export interface SendOptions {
	verb: 'created' | 'updated';
	/** output `already_existed` on every enrollment (creates that checked existing keys) */
	markExisting?: boolean;
}

/**
 * Sends the planned enrollments and outputs one item per enrollment: the service's answer, an
 * enrollment that already existed (not sent again), or the error item of the items it holds.
 */
export async function sendEnrollments(
	ctx: IExecuteFunctions,
	endpoint: EndpointName,
	planned: PlannedEnrollment[],
	options: SendOptions,
): Promise<INodeExecutionData[]> {
	const { verb, markExisting = false } = options;
	const marked = (json: IDataObject, existed: boolean) => (markExisting ? { ...json, already_existed: existed } : json);
	const output: INodeExecutionData[] = [];
	const toSend = planned.filter((entry) => entry.body && !entry.existing);
	const done: string[] = [];
	let sent = 0;
	for (const entry of planned) {
		if (!entry.body) {
			output.push(errorItem(entry.error as ItemError, entry.items));
			continue;
		}
		if (entry.existing) {
			output.push({ json: marked(enrollmentJson(entry.body, entry.existing), true), pairedItem: pairedTo(entry.items) });
			continue;
		}
		sent++;
		try {
			const client = await ApiClient.of(ctx);
			const response = await client.request<IDataObject>(endpoint, entry.body, { itemIndex: entry.items[0] });
			output.push({ json: marked(enrollmentJson(entry.body, response), false), pairedItem: pairedTo(entry.items) });
			done.push(`${String(entry.body.enrollment_key)} (${String(response?.enrollment_id ?? entry.body.enrollment_id)})`);
		} catch (caught) {
			const error = toItemError(ctx, caught, entry.items[0]);
			if (!ctx.continueOnFail()) {
				addProgress(
					error,
					done,
					toSend.slice(sent).map((next) => String(next.body?.enrollment_key)),
					verb,
				);
				throw error;
			}
			output.push(errorItem(error, entry.items));
		}
	}
	return output;
}
