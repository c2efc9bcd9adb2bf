/**
 * The Webhook pickers: API v2's webhooks of the API key's tenant (V2Registration.list), labelled
 * by name and status, the value their webhook_id. A Business Events Webhook Trigger's own webhook
 * is named "n8n: <workflow> / <node>", which is how a user finds the id to bind enrollments to.
 */
import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ApiClient } from '../transport/apiClient';
import { apiVersionOf } from '../transport/apiVersion';
import type { Registration } from '../webhooks/registration';
import { V2Registration } from '../webhooks/registrationV2';

/** "CRM receiver (disabled)"; v1's partner webhook as v2 lists it says so. */
export function webhookLabel(webhook: Registration): string {
	const notes = [
		...(webhook.status && webhook.status !== 'active' ? [webhook.status] : []),
		...(webhook.legacy ? ['v1 partner webhook'] : []),
	];
	const name = webhook.name ?? webhook.webhookId ?? webhook.webhookUrl;
	return notes.length > 0 ? `${name} (${notes.join(', ')})` : name;
}

/** listSearch method: the tenant's webhooks whose name, id or URL contains the filter text. */
export async function searchWebhooks(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	if ((await apiVersionOf(this)) !== 'v2') {
		throw new NodeOperationError(this.getNode(), "Webhooks by ID are API v2's, and the credential's API Version is v1", {
			description: 'Set API Version to Per Node Version or v2 in the Business Prospect Data API credential.',
		});
	}
	const registration = new V2Registration(await ApiClient.of(this, 'v2'), this.getNode());
	const needle = (filter ?? '').trim().toLowerCase();
	const matches = (webhook: Registration) =>
		needle === '' || [webhook.name, webhook.webhookId, webhook.webhookUrl].some((text) => text?.toLowerCase().includes(needle));
	return {
		results: (await registration.list()).flatMap((webhook) =>
			webhook.webhookId !== undefined && matches(webhook) ? [{ name: webhookLabel(webhook), value: webhook.webhookId }] : [],
		),
	};
}
