import type { INodeProperties } from 'n8n-workflow';

import * as checkConnectivity from './checkConnectivity.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as register from './register.operation';

export { checkConnectivity, del as delete, get, register };

/** Version 1's operations on the partner's one webhook (Check Connectivity's simulation fields serve both versions). */
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
				description: 'Ask the service to push a test event, or simulated events, to the registered URL',
				action: 'Check webhook connectivity',
			},
			{
				name: 'Delete Registration',
				value: 'delete',
				description: "Stop the pushes: delete the partner's webhook",
				action: 'Delete the webhook registration',
			},
			{
				name: 'Get Registration',
				value: 'get',
				description: 'Where the service pushes events now (URL and dates, never the secret)',
				action: 'Get the webhook registration',
			},
			{
				name: 'Register',
				value: 'register',
				description: "Point the partner's webhook at a URL",
				action: 'Register a webhook URL',
			},
		],
		default: 'get',
	},
	...get.description,
	...register.description,
	...del.description,
];
