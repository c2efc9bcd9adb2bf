import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { ApiVersion } from '../../../shared/api';
import { apiVersionOf } from '../../../shared/transport/apiVersion';
import { PROSPECT } from '../../helpers/kinds';
import { deleteEnrollments } from '../../helpers/remove';
import { enrollmentIdField, readEnrollmentId } from './enrollmentId';

export const descriptionFor = (api: ApiVersion): Array<INodeProperties | undefined> => [enrollmentIdField('delete', api)];

/** Deletes each named enrollment once, however many items name it. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await deleteEnrollments(this, PROSPECT, (itemIndex) => readEnrollmentId(this, itemIndex), await apiVersionOf(this));
}
