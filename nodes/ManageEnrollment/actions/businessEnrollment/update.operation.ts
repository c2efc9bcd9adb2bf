import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { ItemError } from '../../../shared/batching/items';
import { itemValidationError } from '../../../shared/batching/validate';
import { type ApiVersion, dialectFor, LIMITS } from '../../../shared/api';
import { fetchBusinessEnrollments } from '../../../shared/methods';
import { apiVersionOf } from '../../../shared/transport/apiVersion';
import { enrollmentKeyField, eventTypesField, idsField, optionsField, webhookIdField } from '../../helpers/fields';
import { BUSINESS } from '../../helpers/kinds';
import { updateEnrollments } from '../../helpers/operations';
import type { ItemRead } from '../../helpers/plan';
import { readWebhookId } from '../../helpers/webhookBinding';
import { enrollmentField, readEnrollment } from './enrollment';

export const descriptionFor = (api: ApiVersion): Array<INodeProperties | undefined> => [
	enrollmentField('update', 'The business enrollment to change'),
	enrollmentKeyField(BUSINESS, 'update', { required: false, splits: false }),
	{
		...idsField(BUSINESS, 'update'),
		hint: 'IDs of all input items that update the same enrollment are combined into one update; those items must set the same key and event types',
	},
	eventTypesField(BUSINESS, 'update'),
	dialectFor(api).enrollments.bindsWebhook ? webhookIdField(BUSINESS, 'update') : undefined,
	optionsField(BUSINESS, 'update'),
];

/**
 * v1: keeps the current key and event types of enrollments where they were left empty (one list
 * request per run, only when needed). v2's update is partial, so it needs no list.
 */
async function fillCurrent(ctx: IExecuteFunctions, reads: ItemRead[], version: ApiVersion): Promise<Map<number, ItemError>> {
	const unfilled = new Map<number, ItemError>();
	const missing = reads.filter((read) => read.shared.enrollment_key === undefined || read.shared.event_types === undefined);
	if (missing.length === 0) return unfilled;
	const enrollments = new Map((await fetchBusinessEnrollments(ctx, version)).map((entry) => [entry.enrollment_id, entry]));
	for (const read of missing) {
		const id = String(read.shared.enrollment_id);
		const current = enrollments.get(id);
		let problem: string | undefined;
		if (!current) {
			problem = `enrollment ${id} is not among your business enrollments, so its current ${read.shared.enrollment_key === undefined ? 'key' : 'event types'} cannot be kept`;
		} else if (read.shared.enrollment_key === undefined && current.enrollment_key.length < LIMITS.enrollmentKeyMinLength) {
			problem = `the current key of enrollment ${id} is shorter than ${LIMITS.enrollmentKeyMinLength} characters: set Enrollment Key`;
		} else if (read.shared.event_types === undefined && current.event_types.length === 0) {
			problem = `enrollment ${id} has no event types to keep: select Event Types`;
		}
		if (problem === undefined && current) {
			read.shared.enrollment_key ??= current.enrollment_key;
			read.shared.event_types ??= [...current.event_types];
			continue;
		}
		const error = itemValidationError(
			ctx.getNode(),
			read.itemIndex,
			problem ?? `enrollment ${id} cannot be updated`,
			'Check the enrollment, or set Enrollment Key and Event Types.',
		);
		if (!ctx.continueOnFail()) throw error;
		unfilled.set(read.itemIndex, error);
	}
	return unfilled;
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const version = await apiVersionOf(this);
	return await updateEnrollments(this, BUSINESS, {
		enrollmentId: (itemIndex) => readEnrollment(this, itemIndex),
		version,
		webhookId: (itemIndex) => readWebhookId(this, itemIndex),
		keepCurrent: true,
		fillCurrent: async (reads, version) => await fillCurrent(this, reads, version),
	});
}
