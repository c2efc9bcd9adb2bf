import type { INodeProperties } from 'n8n-workflow';

import * as getBalance from './getBalance.operation';
import * as getUsage from './getUsage.operation';

export { getBalance, getUsage };

const NAMES = { getBalance: 'Get Balance', getUsage: 'Get Usage' };

/** The node's subtitle: the operation's name (Get Balance, the default, when none is stored). */
export const SUBTITLE = `={{ ${JSON.stringify(NAMES)}[$parameter["operation"]] || "${NAMES.getBalance}" }}`;

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: NAMES.getBalance,
				value: 'getBalance',
				description: 'Credits allocated and remaining, and the account type (one request per run, the same for every item)',
				action: 'Get the credit balance',
			},
			{
				name: NAMES.getUsage,
				value: 'getUsage',
				description: 'Credits used in a period, by hour, day, month or endpoint',
				action: 'Get the credit usage',
			},
		],
		default: 'getBalance',
	},
	...getBalance.description,
	...getUsage.description,
];
