import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { ApiVersion } from '../../../shared/catalog';
import { apiVersionOf } from '../../../shared/transport/apiVersion';
import { BUSINESS } from '../../helpers/kinds';
import { deleteEnrollments } from '../../helpers/remove';
import { enrollmentField, readEnrollment } from './enrollment';

/** API v1 cannot delete business enrollments: the operation exists at the v2 node version only. */
export const descriptionFor = (api: ApiVersion): Array<INodeProperties | undefined> => [
	api === 'v2' ? enrollmentField('delete', 'The business enrollment to delete: its businesses are no longer watched') : undefined,
];

/** Deletes each named enrollment once, however many items name it. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const version = await apiVersionOf(this);
	return await deleteEnrollments(this, BUSINESS, (itemIndex) => readEnrollment(this, itemIndex), version);
}
