import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { showFor } from '../../helpers/fields';
import { BUSINESS } from '../../helpers/kinds';
import { listEnrollments } from '../../helpers/list';

export const description: INodeProperties[] = [
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Enrollment Key',
				name: 'enrollmentKey',
				type: 'string',
				default: '',
				placeholder: 'e.g. q3-target-accounts',
				description:
					'Only enrollments with this key, together with the parts a large create split off (key-2, key-3, ...)',
			},
		],
		displayOptions: showFor(BUSINESS, 'list'),
	},
];

/** All active business enrollments, one item each. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const filters = this.getNodeParameter('filters', 0, {}) as IDataObject;
	return await listEnrollments(this, BUSINESS, String(filters.enrollmentKey ?? '').trim());
}
