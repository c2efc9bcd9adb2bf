import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import {
	combineField,
	enrollmentKeyField,
	eventTypesField,
	idsField,
	optionsField,
	ttlDaysOption,
} from '../../helpers/fields';
import { PROSPECT } from '../../helpers/kinds';
import { createEnrollments } from '../../helpers/operations';

export const description: INodeProperties[] = [
	enrollmentKeyField(PROSPECT, 'create', { required: true, splits: true }),
	idsField(PROSPECT, 'create'),
	eventTypesField(PROSPECT, 'create'),
	combineField(PROSPECT, 'create'),
	optionsField(PROSPECT, 'create', [ttlDaysOption]),
];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await createEnrollments(this, PROSPECT);
}
