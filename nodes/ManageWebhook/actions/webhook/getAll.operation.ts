import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { itemValidationError } from '../../../shared/batching/validate';
import { WEBHOOK_STATUSES } from '../../../shared/api';
import { registrationJson } from '../webhookV1/common';
import { perWebhook } from './common';

export const description: INodeProperties[] = [
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		options: [
			{ name: 'Any', value: '' },
			{ name: 'Active', value: WEBHOOK_STATUSES[0], description: 'Webhooks that deliver' },
			{ name: 'Disabled', value: WEBHOOK_STATUSES[1], description: 'Webhooks kept but not delivering' },
		],
		default: '',
		description: 'Which webhooks to get',
		displayOptions: { show: { operation: ['getAll'] } },
	},
];

/**
 * Every webhook of the API key's tenant (one request per input item), one output item each,
 * paired to the input item; v1's partner webhook among them with `legacy: true`.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await perWebhook(
		this,
		(itemIndex) => {
			const status = this.getNodeParameter('status', itemIndex, '');
			if (status !== '' && !(WEBHOOK_STATUSES as readonly unknown[]).includes(status)) {
				throw itemValidationError(
					this.getNode(),
					itemIndex,
					`Status must be empty, ${WEBHOOK_STATUSES.join(' or ')}, got "${String(status)}"`,
				);
			}
			return { itemIndex, status: status === '' ? undefined : (status as (typeof WEBHOOK_STATUSES)[number]) };
		},
		async (registration, { status }) => (await registration.list(status)).map((found) => registrationJson(registration, found)),
	);
}
