import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { enrollmentKeyField, eventTypesField, idsField, optionsField } from '../../helpers/fields';
import { PROSPECT } from '../../helpers/kinds';
import { updateEnrollments } from '../../helpers/operations';
import { enrollmentIdField, readEnrollmentId } from './enrollmentId';

export const description: INodeProperties[] = [
	enrollmentIdField('update'),
	enrollmentKeyField(PROSPECT, 'update', { required: true, splits: false }),
	{
		...idsField(PROSPECT, 'update'),
		hint: 'IDs of all input items that update the same enrollment are combined into one update; those items must set the same key and event types',
	},
	eventTypesField(PROSPECT, 'update'),
	optionsField(PROSPECT, 'update'),
];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await updateEnrollments(this, PROSPECT, {
		enrollmentId: (itemIndex) => readEnrollmentId(this, itemIndex),
	});
}
