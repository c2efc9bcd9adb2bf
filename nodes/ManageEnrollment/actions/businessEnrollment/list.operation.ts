import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { apiVersionOf } from '../../../shared/transport/apiVersion';
import { listFiltersField } from '../../helpers/fields';
import { BUSINESS } from '../../helpers/kinds';
import { listEnrollments } from '../../helpers/list';

export const description: INodeProperties[] = [listFiltersField(BUSINESS)];

/** All business enrollments (v1: the active ones; v2: active and paused, with their status), one item each. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const filters = this.getNodeParameter('filters', 0, {}) as IDataObject;
	return await listEnrollments(this, BUSINESS, String(filters.enrollmentKey ?? '').trim(), await apiVersionOf(this));
}
