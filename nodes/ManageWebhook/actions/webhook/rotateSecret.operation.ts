import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { optionsCollection } from '../../../shared/descriptions';
import { perWebhook, readWebhookId, webhookIdLocator } from './common';
import { includeSecretOption, secretJson } from './secret';

const show = { show: { operation: ['rotateSecret'] } };

export const description: INodeProperties[] = [
	{
		...webhookIdLocator(['rotateSecret']),
		hint: "The old secret stops verifying at once. A Business Events Webhook Trigger's own webhook gets its new secret when the workflow is published again: until then it refuses deliveries.",
	},
	{ ...optionsCollection(), displayOptions: show, options: [includeSecretOption] },
];

/** Issues a new secret for one webhook (one request per item); the secret is output only when asked. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await perWebhook(
		this,
		(itemIndex) => ({
			itemIndex,
			webhookId: readWebhookId(this, itemIndex),
			includeSecret: (this.getNodeParameter('options', itemIndex, {}) as IDataObject).includeSecret === true,
		}),
		async (registration, { webhookId, includeSecret }) => {
			const rotated = await registration.rotate({ webhookUrl: '', webhookId });
			return { model: registration.model, webhook_id: webhookId, secret_rotated: true, ...secretJson(this, rotated.secret, includeSecret) };
		},
	);
}
