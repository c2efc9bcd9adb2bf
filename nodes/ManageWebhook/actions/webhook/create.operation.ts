import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { validateItem } from '../../../shared/batching/validate';
import { ENDPOINTS, sameUrl } from '../../../shared/api';
import { optionsCollection } from '../../../shared/descriptions';
import { registrationJson } from '../webhookV1/common';
import { perWebhook } from './common';
import { descriptionField, headersField, payloadFormatField, webhookBody, webhookUrlField } from './fields';
import { includeSecretOption, secretJson } from './secret';

const show = { show: { operation: ['create'] } };

export const description: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. CRM receiver',
		description: 'What the webhook is called in lists, such as the Webhook pickers',
		displayOptions: show,
	},
	webhookUrlField(show, true),
	{
		...optionsCollection(),
		displayOptions: show,
		options: [descriptionField, headersField, includeSecretOption, payloadFormatField],
	},
];

/**
 * Creates a webhook (one list and one create per item). A URL that has a webhook already is
 * refused, naming it: a second webhook there would sign deliveries with a secret the receiver
 * does not know (a trigger verifies with its own webhook's only).
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const schema = ENDPOINTS.registerWebhook.body;
	return await perWebhook(
		this,
		(itemIndex) => {
			const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
			const { includeSecret, ...fields } = options;
			const body = webhookBody({
				...fields,
				name: this.getNodeParameter('name', itemIndex, ''),
				webhook_url: this.getNodeParameter('webhook_url', itemIndex, ''),
			});
			validateItem(this.getNode(), schema, body, itemIndex);
			return { itemIndex, body, includeSecret: includeSecret === true };
		},
		async (registration, { itemIndex, body, includeSecret }) => {
			const { name, webhook_url: url, ...fields } = body as IDataObject & { name: string; webhook_url: string };
			// v1's partner webhook (legacy) at that URL is no obstacle: v2 enrollments cannot bind to it, the migration needs a v2 one there
			const existing = (await registration.list()).find((webhook) => !webhook.legacy && sameUrl(webhook.webhookUrl, url));
			if (existing) {
				throw new NodeOperationError(
					this.getNode(),
					`Item ${itemIndex}: the webhook ${existing.webhookId} ("${existing.name ?? ''}") delivers to ${url} already`,
					{
						itemIndex,
						description:
							'A second webhook at the same URL would sign its deliveries with a secret the receiver does not know. Bind enrollments to that webhook, or use Update to change it. Nothing was created.',
					},
				);
			}
			const created = await registration.register(url, { name, fields, existing: null });
			return { ...registrationJson(registration, created), ...secretJson(this, created.secret, includeSecret) };
		},
	);
}
