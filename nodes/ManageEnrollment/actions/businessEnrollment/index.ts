import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as list from './list.operation';
import * as update from './update.operation';

export { create, list, update };

/** The contract offers no delete for business enrollments, so neither does the node. */
export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['businessEnrollment'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Start watching businesses for events',
				action: 'Create a business enrollment',
			},
			{
				name: 'Get Many',
				value: 'list',
				description: 'Get the active business enrollments',
				action: 'Get many business enrollments',
			},
			{
				name: 'Update',
				value: 'update',
				description: 'Change the businesses or event types of an enrollment',
				action: 'Update a business enrollment',
			},
		],
		default: 'create',
	},
	...create.description,
	...update.description,
	...list.description,
];
