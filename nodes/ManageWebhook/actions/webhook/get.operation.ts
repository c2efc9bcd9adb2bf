import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { registrationJson } from '../webhookV1/common';
import { perWebhook, readWebhookId, webhookIdLocator, webhookOf } from './common';

export const description: INodeProperties[] = [webhookIdLocator(['get'])];

/** One webhook by its ID (one request per item): URL, name, status, dates, never a secret (v2 reads have none). */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await perWebhook(
		this,
		(itemIndex) => ({ itemIndex, webhookId: readWebhookId(this, itemIndex) }),
		async (registration, { itemIndex, webhookId }) =>
			registrationJson(registration, await webhookOf(registration, this, itemIndex, webhookId)),
	);
}
