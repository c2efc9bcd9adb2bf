import type { INodeProperties } from 'n8n-workflow';

import * as checkConnectivity from './checkConnectivity.operation';
import * as create from './create.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as rotateSecret from './rotateSecret.operation';
import * as update from './update.operation';

export { checkConnectivity, create, del as delete, get, getAll, rotateSecret, update };

/** Version 2's operations: API v2's webhooks of the API key's tenant, each by its webhook_id. */
export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Check Connectivity',
				value: 'checkConnectivity',
				description: 'Ask the service to push a test event, or simulated events, to a webhook',
				action: 'Check webhook connectivity',
			},
			{ name: 'Create', value: 'create', description: 'Create a webhook for a URL', action: 'Create a webhook' },
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a webhook; with Force even while enrollments use it (they are paused)',
				action: 'Delete a webhook',
			},
			{ name: 'Get', value: 'get', description: 'Get a webhook: URL, name, status and dates, never the secret', action: 'Get a webhook' },
			{ name: 'Get Many', value: 'getAll', description: 'List the webhooks of your account', action: 'Get many webhooks' },
			{
				name: 'Rotate Secret',
				value: 'rotateSecret',
				description: 'Issue a new secret for a webhook; the old one stops verifying at once',
				action: 'Rotate a webhook secret',
			},
			{
				name: 'Update',
				value: 'update',
				description: "Change a webhook's name, URL, headers or format, or disable it",
				action: 'Update a webhook',
			},
		],
		default: 'getAll',
	},
	...get.description,
	...getAll.description,
	...create.description,
	...update.description,
	...del.description,
	...rotateSecret.description,
	...checkConnectivity.description,
];
