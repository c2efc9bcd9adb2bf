import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { errorItem, type ItemResult, prepareItems, runEach, toItemError } from '../../../shared/batching/items';
import type { ApiVersion } from '../../../shared/catalog';
import type { Registration, WebhookRegistration } from '../../../shared/webhooks/registration';
import { webhookRegistration } from '../../../shared/webhooks/registration';

/**
 * A registration as the node outputs it: never the secret (it would sit in the execution data
 * in clear); `has_secret` says whether the answer held one (v1: every read; v2: create and
 * rotate only). v2 adds the webhook's id, name, status and whether it is v1's legacy webhook.
 */
export function registrationJson(owner: WebhookRegistration, found: Registration | undefined): IDataObject {
	return {
		model: owner.model,
		owner: owner.owner,
		registered: found !== undefined,
		webhook_url: found?.webhookUrl ?? null,
		created_at: found?.createdAt ?? null,
		last_modified_time: found?.lastModifiedTime ?? null,
		has_secret: found?.secret !== undefined,
		...(owner.model === 'v2' && {
			webhook_id: found?.webhookId ?? null,
			name: found?.name ?? null,
			status: found?.status ?? null,
			legacy: found?.legacy ?? false,
		}),
	};
}

/**
 * Reads and checks every item (`read` throws an item error naming index, field and rule) before
 * any request, then runs one request per item, in input order, on the API version's registration
 * model (v1 unless named); Continue on Fail makes a failure that item's error item.
 */
export async function perItem<R extends { itemIndex: number }>(
	ctx: IExecuteFunctions,
	read: (itemIndex: number) => R,
	run: (strategy: WebhookRegistration, request: R) => Promise<IDataObject>,
	version: ApiVersion = 'v1',
): Promise<INodeExecutionData[]> {
	const prepared = prepareItems(ctx, read);
	let strategy: WebhookRegistration | undefined;
	if (prepared.requests.length > 0) {
		try {
			strategy = await webhookRegistration(ctx, prepared.requests[0].itemIndex, version);
		} catch (error) {
			// the credential (no Partner ID, unreadable): every item fails the same way
			const itemError = toItemError(ctx, error, prepared.requests[0].itemIndex);
			if (!ctx.continueOnFail()) throw itemError;
			for (const { itemIndex } of prepared.requests) prepared.errors.set(itemIndex, toItemError(ctx, error, itemIndex));
		}
	}
	const results: Array<ItemResult<IDataObject>> = strategy
		? await runEach(ctx, prepared.requests, async (request) => {
				try {
					return await run(strategy, request);
				} catch (error) {
					throw toItemError(ctx, error, request.itemIndex);
				}
			})
		: [];
	const byItem = new Map<number, INodeExecutionData>();
	for (const result of results) {
		byItem.set(
			result.itemIndex,
			result.ok ? { json: result.value, pairedItem: { item: result.itemIndex } } : errorItem(result.error, result.itemIndex),
		);
	}
	for (const [itemIndex, error] of prepared.errors) byItem.set(itemIndex, errorItem(error, itemIndex));
	return [...byItem.entries()].sort(([a], [b]) => a - b).map(([, item]) => item);
}
