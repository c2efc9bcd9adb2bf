import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { asNodeError } from '../../../shared/api';
import { perWebhook, readWebhookId, webhookIdLocator } from './common';
import { isNodeApiError } from '../../../shared/transport/nodeErrors';

export const description: INodeProperties[] = [
	webhookIdLocator(['delete']),
	{
		displayName: 'Force',
		name: 'force',
		type: 'boolean',
		default: false,
		description:
			'Whether to delete the webhook even while active enrollments use it: they are then paused until they are given another webhook. Off: such a webhook is kept and the item fails, naming them.',
		displayOptions: { show: { operation: ['delete'] } },
	},
];

/** Deletes one webhook by ID (one request per item); gone already is no error (deleted: false). */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await perWebhook(
		this,
		(itemIndex) => ({
			itemIndex,
			webhookId: readWebhookId(this, itemIndex),
			force: this.getNodeParameter('force', itemIndex, false) === true,
		}),
		async (registration, { itemIndex, webhookId, force }) => {
			try {
				const { deleted, affectedEnrollmentIds } = await registration.delete({ webhookUrl: '', webhookId }, force);
				return { model: registration.model, webhook_id: webhookId, deleted, paused_enrollment_ids: affectedEnrollmentIds };
			} catch (error) {
				if (!isNodeApiError(error) || error.httpCode !== '409') throw asNodeError(this.getNode(), error, itemIndex);
				throw new NodeOperationError(
					this.getNode(),
					`Item ${itemIndex}: the webhook ${webhookId} is used by active enrollments, so it was kept`,
					{
						itemIndex,
						description: `${error.description ?? error.message} Turn on Force to delete it anyway (those enrollments are paused), or bind them to another webhook first.`,
					},
				);
			}
		},
	);
}
