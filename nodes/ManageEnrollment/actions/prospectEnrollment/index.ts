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
		description: 'Start watching prospects for job changes',
		action: 'Create a prospect enrollment',
	},
	delete: {
		name: 'Delete',
		value: 'delete',
		description: 'Stop watching the prospects of an enrollment',
		action: 'Delete a prospect enrollment',
	},
	list: {
		name: 'Get Many',
		value: 'list',
		description: 'Get the prospect enrollments',
		action: 'Get many prospect enrollments',
	},
	update: {
		name: 'Update',
		value: 'update',
		description: 'Change the prospects or event types of an enrollment',
		action: 'Update a prospect enrollment',
	},
};

/** What each API version offers: v1 cannot list prospect enrollments, so the node offers no Get Many there. */
export const descriptionFor = (api: ApiVersion): Array<INodeProperties | undefined> => [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['prospectEnrollment'] } },
		options:
			dialectFor(api).enrollments.listsProspectEnrollments
				? [OPERATIONS.create, OPERATIONS.delete, OPERATIONS.list, OPERATIONS.update]
				: [OPERATIONS.create, OPERATIONS.delete, OPERATIONS.update],
		default: 'create',
	},
	...create.descriptionFor(api),
	...update.descriptionFor(api),
	...deleteOperation.descriptionFor(api),
	...list.descriptionFor(api),
];
