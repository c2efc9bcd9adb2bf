import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { type ApiVersion, dialectFor } from '../../../shared/api';
import { apiVersionOf } from '../../../shared/transport/apiVersion';
import { listFiltersField } from '../../helpers/fields';
import { PROSPECT } from '../../helpers/kinds';
import { listEnrollments } from '../../helpers/list';

/** The contract lists prospect enrollments on API v2 only: the operation exists at the v2 node version. */
export const descriptionFor = (api: ApiVersion): Array<INodeProperties | undefined> => [
	dialectFor(api).enrollments.listsProspectEnrollments ? listFiltersField(PROSPECT) : undefined,
];

/** All prospect enrollments with their status (active or paused), one item each. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const filters = this.getNodeParameter('filters', 0, {}) as IDataObject;
	return await listEnrollments(this, PROSPECT, String(filters.enrollmentKey ?? '').trim(), await apiVersionOf(this));
}
