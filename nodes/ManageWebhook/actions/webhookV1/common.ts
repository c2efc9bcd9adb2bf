import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { errorItem, type ItemResult, prepareItems, runEach, toItemError } from '../../../shared/batching/items';
import { itemValidationError } from '../../../shared/batching/validate';
import { type ApiVersion, dialectFor, type Registration, type WebhookRegistration } from '../../../shared/api';
import { apiVersionOf } from '../../../shared/transport/apiVersion';
import { webhookRegistration } from '../../../shared/webhooks/registration';
import { DEFAULT_API_VERSION } from '../../../shared/transport/connection';

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
		...(dialectFor(owner.model).webhooks.byId && {
			webhook_id: found?.webhookId ?? null,
			name: found?.name ?? null,
			status: found?.status ?? null,
			legacy: found?.legacy ?? false,
		}),
	};
}

/**
 * The API version of this run (apiVersionOf). An unreadable credential gives `fallback`: its error
 * then comes from perItem's client, once per item under Continue on Fail, as for every other run.
 */
export async function runVersion(ctx: IExecuteFunctions, fallback: ApiVersion): Promise<ApiVersion> {
	try {
		return await apiVersionOf(ctx);
	} catch {
		return fallback;
	}
}

/**
 * Version 1 on a credential set to API v2: Register, Delete Registration and Check Connectivity
 * act on the partner's one webhook, which v2 does not manage (it lists it as the legacy webhook,
 * read-only), so the item fails in words before any request rather than acting on another webhook.
 * Get Registration reads the legacy webhook instead (get.operation.ts).
 */
export function refuseOnV2(ctx: IExecuteFunctions, version: ApiVersion, itemIndex: number, operation: string): void {
	if (!dialectFor(version).webhooks.byId) return;
	throw itemValidationError(
		ctx.getNode(),
		itemIndex,
		`${operation} acts on your partner's one webhook, which API v2 does not manage, and the credential's API Version is v2`,
		"Add Manage Webhook again (its new version manages API v2's webhooks by ID), or set API Version to Per Node Version or v1 in the Business Prospect Data API credential.",
	);
}

/**
 * The API version a run chooses (apiVersionOf), read once the items are checked, and what the
 * operation refuses on it: `refuse` throws the item error (before any request).
 */
export interface VersionChoice {
	/** the version when the credential cannot be read: its error then comes from the client, per item */
	fallback: ApiVersion;
	refuse: (version: ApiVersion, itemIndex: number) => void;
}

/**
 * Reads and checks every item (`read` throws an item error naming index, field and rule) before
 * the credential is read and before any request, then runs each item's requests, in input order,
 * on the registration model of the API version (v1 unless named, or chosen by the run); an item
 * gives one output item, or several (a list) paired to it; Continue on Fail makes a failure that
 * item's error item.
 */
export async function perItem<R extends { itemIndex: number }>(
	ctx: IExecuteFunctions,
	read: (itemIndex: number) => R,
	run: (strategy: WebhookRegistration, request: R) => Promise<IDataObject | IDataObject[]>,
	choice: ApiVersion | VersionChoice = DEFAULT_API_VERSION,
): Promise<INodeExecutionData[]> {
	const prepared = prepareItems(ctx, read);
	let version = typeof choice === 'string' ? choice : choice.fallback;
	if (typeof choice !== 'string' && prepared.requests.length > 0) {
		version = await runVersion(ctx, choice.fallback);
		prepared.requests = prepared.requests.filter(({ itemIndex }) => {
			try {
				choice.refuse(version, itemIndex);
				return true;
			} catch (error) {
				if (!ctx.continueOnFail()) throw toItemError(ctx, error, itemIndex);
				prepared.errors.set(itemIndex, toItemError(ctx, error, itemIndex));
				return false;
			}
		});
	}
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
	const results: Array<ItemResult<IDataObject | IDataObject[]>> = strategy
		? await runEach(ctx, prepared.requests, async (request) => {
				try {
					return await run(strategy, request);
				} catch (error) {
					throw toItemError(ctx, error, request.itemIndex);
				}
			})
		: [];
	const byItem = new Map<number, INodeExecutionData[]>();
	for (const result of results) {
		byItem.set(
			result.itemIndex,
			result.ok
				? (Array.isArray(result.value) ? result.value : [result.value]).map((json) => ({ json, pairedItem: { item: result.itemIndex } }))
				: [errorItem(result.error, result.itemIndex)],
		);
	}
	for (const [itemIndex, error] of prepared.errors) byItem.set(itemIndex, [errorItem(error, itemIndex)]);
	return [...byItem.entries()].sort(([a], [b]) => a - b).flatMap(([, items]) => items);
}
