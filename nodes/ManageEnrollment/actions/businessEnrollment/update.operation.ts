import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { ItemError } from '../../../shared/batching/items';
import { itemValidationError } from '../../../shared/batching/validate';
import { readText } from '../../../shared/inputRules';
import { LIMITS } from '../../../shared/limits';
import { fetchBusinessEnrollments } from '../../../shared/methods';
import { enrollmentKeyField, eventTypesField, idsField, optionsField, showFor } from '../../helpers/fields';
import { BUSINESS } from '../../helpers/kinds';
import { updateEnrollments } from '../../helpers/operations';
import type { ItemRead } from '../../helpers/plan';

export const description: INodeProperties[] = [
	{
		displayName: 'Enrollment',
		name: 'enrollment',
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		description: 'The business enrollment to change',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchBusinessEnrollments', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 7d0c2a4e-1b2f-4c3d-9e8f-0a1b2c3d4e5f',
			},
		],
		displayOptions: showFor(BUSINESS, 'update'),
	},
	enrollmentKeyField(BUSINESS, 'update', { required: false, splits: false }),
	{
		...idsField(BUSINESS, 'update'),
		hint: 'IDs of all input items that update the same enrollment are combined into one update; those items must set the same key and event types',
	},
	eventTypesField(BUSINESS, 'update'),
	optionsField(BUSINESS, 'update'),
];

/**
 * Keeps the current key and event types of enrollments where they were left empty (one list
 * request per run, only when needed).
 */
async function fillCurrent(ctx: IExecuteFunctions, reads: ItemRead[]): Promise<Map<number, ItemError>> {
	const unfilled = new Map<number, ItemError>();
	const missing = reads.filter((read) => read.shared.enrollment_key === undefined || read.shared.event_types === undefined);
	if (missing.length === 0) return unfilled;
	const enrollments = new Map((await fetchBusinessEnrollments(ctx)).map((entry) => [entry.enrollment_id, entry]));
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
	return await updateEnrollments(this, BUSINESS, {
		enrollmentId: (itemIndex) => {
			const text = readText(this.getNodeParameter('enrollment', itemIndex, '', { extractValue: true }));
			if (!text.ok) throw itemValidationError(this.getNode(), itemIndex, `Enrollment ${text.problem}`);
			return text.value;
		},
		keepCurrent: true,
		fillCurrent: async (reads) => await fillCurrent(this, reads),
	});
}
