import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { PROSPECT } from '../../helpers/kinds';
import { deleteEnrollments } from '../../helpers/remove';
import { enrollmentIdField, readEnrollmentId } from './enrollmentId';

export const description: INodeProperties[] = [enrollmentIdField('delete')];

/** Deletes each named enrollment once, however many items name it. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await deleteEnrollments(this, PROSPECT, (itemIndex) => readEnrollmentId(this, itemIndex));
}
