import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { type ApiVersion, dialectFor } from '../../../shared/api';
import * as create from './create.operation';
import * as deleteOperation from './delete.operation';
import * as list from './list.operation';
import * as update from './update.operation';

export { create, deleteOperation as delete, list, update };

const OPERATIONS: Record<string, INodePropertyOptions> = {
	create: {
		name: 'Create',
		value: 'create',
		description: 'Start watching businesses for events',
		action: 'Create a business enrollment',
	},
	delete: {
		name: 'Delete',
		value: 'delete',
		description: 'Stop watching the businesses of an enrollment',
		action: 'Delete a business enrollment',
	},
	list: {
		name: 'Get Many',
		value: 'list',
		description: 'Get the business enrollments',
		action: 'Get many business enrollments',
	},
	update: {
		name: 'Update',
		value: 'update',
		description: 'Change the businesses or event types of an enrollment',
		action: 'Update a business enrollment',
	},
};

/** What each API version offers: v1 has no delete for business enrollments, so neither has the node there. */
export const descriptionFor = (api: ApiVersion): Array<INodeProperties | undefined> => [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['businessEnrollment'] } },
		options:
			dialectFor(api).enrollments.deletesBusinessEnrollments
				? [OPERATIONS.create, OPERATIONS.delete, OPERATIONS.list, OPERATIONS.update]
				: [OPERATIONS.create, { ...OPERATIONS.list, description: 'Get the active business enrollments' }, OPERATIONS.update],
		default: 'create',
	},
	...create.descriptionFor(api),
	...update.descriptionFor(api),
	...list.description,
	...deleteOperation.descriptionFor(api),
];
