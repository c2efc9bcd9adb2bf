/**
 * The Webhook ID picker of nodes that bind to an API v2 webhook (Manage Enrollment's v2 version):
 * the account's v2 webhooks, v1's (legacy) left out, since only v1 enrollments deliver to it.
 */
import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { ApiClient } from '../transport/apiClient';
import { apiVersionOf } from '../transport/apiVersion';
import { V2Registration } from '../webhooks/registrationV2';

export const NO_WEBHOOKS_TEXT =
	'No API v2 webhooks yet: publish a workflow with the Business Events Webhook Trigger on API v2, or create one with Manage Webhook';
export const WEBHOOKS_ON_V1_TEXT =
	"The credential's API Version is v1: enrollments deliver to the partner's webhook, and Webhook ID is not used";

/** listSearch method: v2 webhooks whose name, id or URL contains the filter text, "name (status)". */
export async function searchWebhooks(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	if ((await apiVersionOf(this)) === 'v1') return { results: [{ name: WEBHOOKS_ON_V1_TEXT, value: '' }] };
	const needle = (filter ?? '').trim().toLowerCase();
	const webhooks = (await new V2Registration(await ApiClient.of(this, 'v2'), this.getNode()).list()).filter(
		(webhook) => !webhook.legacy && webhook.webhookId !== undefined,
	);
	if (webhooks.length === 0 && needle === '') return { results: [{ name: NO_WEBHOOKS_TEXT, value: '' }] };
	return {
		results: webhooks
			.filter((webhook) => needle === '' || [webhook.name, webhook.webhookId, webhook.webhookUrl].some((text) => text?.toLowerCase().includes(needle)))
			.map((webhook) => ({
				name: `${webhook.name || webhook.webhookId} (${webhook.status ?? 'active'})`,
				value: webhook.webhookId as string,
			})),
	};
}
