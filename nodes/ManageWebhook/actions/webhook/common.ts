import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { itemValidationError } from '../../../shared/batching/validate';
import { type ApiVersion, dialectFor, type Registration, type V2Registration } from '../../../shared/api';
import { perItem } from '../webhookV1/common';

/** The Webhook ID of the operations that act on one webhook: picked from the tenant's list, or typed. */
export function webhookIdLocator(operations: string[]): INodeProperties {
	return {
		displayName: 'Webhook',
		name: 'webhookId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description:
			'The webhook to act on. A Business Events Webhook Trigger\'s own is named after its workflow and node, "n8n: workflow / node".',
		displayOptions: { show: { operation: operations } },
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a webhook...',
				typeOptions: { searchListMethod: 'searchWebhooks', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 5f0c1a52-7f6e-4a57-9a42-0123456789ab',
			},
		],
	};
}

/**
 * Version 2 manages webhooks by webhook_id, which API v1 does not have: on a credential set to v1
 * every item fails in words before any request (nothing is done to v1's partner webhook instead).
 */
function requireV2(ctx: IExecuteFunctions, version: ApiVersion, itemIndex: number): void {
	if (dialectFor(version).webhooks.byId) return;
	throw itemValidationError(
		ctx.getNode(),
		itemIndex,
		"This version of Manage Webhook manages webhooks by ID, which API v1 does not have, and the credential's API Version is v1",
		'Set API Version to Per Node Version or v2 in the Business Prospect Data API credential.',
	);
}

/** The item's webhook_id, or an item error before any request. */
export function readWebhookId(ctx: IExecuteFunctions, itemIndex: number): string {
	const value = ctx.getNodeParameter('webhookId', itemIndex, '', { extractValue: true });
	if (typeof value !== 'string' || value.trim() === '') {
		throw itemValidationError(ctx.getNode(), itemIndex, 'Webhook is required', 'Pick a webhook from the list or enter its ID.');
	}
	return value.trim();
}

/**
 * perItem on API v2: every item is read and checked (`read`) before any request, then run on the
 * tenant's webhooks (V2Registration) one item after another.
 */
export async function perWebhook<R extends { itemIndex: number }>(
	ctx: IExecuteFunctions,
	read: (itemIndex: number) => R,
	run: (registration: V2Registration, request: R) => Promise<IDataObject | IDataObject[]>,
): Promise<INodeExecutionData[]> {
	return await perItem(ctx, read, async (strategy, request) => await run(strategy as V2Registration, request), {
		fallback: 'v2',
		refuse: (version, itemIndex) => requireV2(ctx, version, itemIndex),
	});
}

/** The webhook of that id (one GET), or an error naming it when the service has none. */
export async function webhookOf(
	registration: V2Registration,
	ctx: IExecuteFunctions,
	itemIndex: number,
	webhookId: string,
): Promise<Registration> {
	const found = await registration.find({ webhookId });
	if (found) return found;
	throw new NodeOperationError(ctx.getNode(), `Item ${itemIndex}: the service has no webhook ${webhookId}`, {
		itemIndex,
		description: 'Pick the webhook from the list, or get them all with Get Many.',
	});
}
