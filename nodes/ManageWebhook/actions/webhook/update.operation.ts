import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { validateItem } from '../../../shared/batching/validate';
import { ENDPOINTS, WEBHOOK_STATUSES } from '../../../shared/api';
import { registrationJson } from '../webhookV1/common';
import { perWebhook, readWebhookId, webhookIdLocator } from './common';
import { descriptionField, headersField, payloadFormatField, webhookBody, webhookUrlField } from './fields';

export const description: INodeProperties[] = [
	webhookIdLocator(['update']),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Only the fields added here change',
		displayOptions: { show: { operation: ['update'] } },
		options: [
			descriptionField,
			headersField,
			{ displayName: 'Name', name: 'name', type: 'string', default: '' },
			payloadFormatField,
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: [
					{ name: 'Active', value: WEBHOOK_STATUSES[0], description: 'Deliver events' },
					{ name: 'Disabled', value: WEBHOOK_STATUSES[1], description: 'Keep the webhook and its enrollments, deliver nothing' },
				],
				// disabling is why one sets it (the lint rule needs a literal here)
				default: 'disabled',
			},
			webhookUrlField(undefined, false),
		],
	},
];

/** Changes the fields the item sets, and no other (one PATCH per item); the output is the webhook as it is now. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const schema = ENDPOINTS.updateWebhook.body;
	return await perWebhook(
		this,
		(itemIndex) => {
			const body = webhookBody(this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject);
			validateItem(this.getNode(), schema, body, itemIndex, 'Update Fields');
			return { itemIndex, webhookId: readWebhookId(this, itemIndex), body };
		},
		async (registration, { webhookId, body }) =>
			registrationJson(registration, await registration.update({ webhookUrl: '', webhookId }, body)),
	);
}
