import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as deleteOperation from './delete.operation';
import * as update from './update.operation';

export { create, deleteOperation as delete, update };

/** The contract offers no list for prospect enrollments, so neither does the node. */
export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['prospectEnrollment'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Start watching prospects for job changes',
				action: 'Create a prospect enrollment',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Stop watching the prospects of an enrollment',
				action: 'Delete a prospect enrollment',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change the prospects or event types of an enrollment',
				action: 'Update a prospect enrollment',
			},
		],
		default: 'create',
	},
	...create.description,
	...update.description,
	...deleteOperation.description,
];
