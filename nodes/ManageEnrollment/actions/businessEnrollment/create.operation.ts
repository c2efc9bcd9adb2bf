import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { combineField, enrollmentKeyField, eventTypesField, idsField, optionsField } from '../../helpers/fields';
import { BUSINESS } from '../../helpers/kinds';
import { createEnrollments } from '../../helpers/operations';

export const description: INodeProperties[] = [
	enrollmentKeyField(BUSINESS, 'create', { required: true, splits: true }),
	idsField(BUSINESS, 'create'),
	eventTypesField(BUSINESS, 'create'),
	combineField(BUSINESS, 'create'),
	optionsField(BUSINESS, 'create'),
];

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await createEnrollments(this, BUSINESS);
}
