/**
 * The Webhook pickers: API v2's webhooks of the API key's tenant (V2Registration.list), labelled
 * by name and status, the value their webhook_id. A Business Events Webhook Trigger's own webhook
 * is named "n8n: <workflow> / <node>", which is how a user finds the id to bind enrollments to.
 */
import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ApiClient } from '../transport/apiClient';
import { apiVersionOf } from '../transport/apiVersion';
import { dialectFor, isTestWebhook, type Registration, V2Registration } from '../api';

export const NO_WEBHOOKS_TEXT =
	'No API v2 webhooks yet: publish a workflow with the Business Events Webhook Trigger on API v2, or create one with Manage Webhook';
export const WEBHOOKS_ON_V1_TEXT =
	"The credential's API Version is v1: enrollments deliver to the partner's webhook, and Webhook ID is not used";

/** "CRM receiver (disabled)"; v1's partner webhook as v2 lists it says so. */
export function webhookLabel(webhook: Registration): string {
	const notes = [
		...(webhook.status && webhook.status !== 'active' ? [webhook.status] : []),
		...(webhook.legacy ? ['v1 partner webhook'] : []),
	];
	const name = webhook.name || webhook.webhookId || webhook.webhookUrl;
	return notes.length > 0 ? `${name} (${notes.join(', ')})` : name;
}

/** The tenant's v2 webhooks that have an id and whose name, id or URL contains the filter text. */
async function webhooksMatching(ctx: ILoadOptionsFunctions, filter: string | undefined): Promise<Registration[]> {
	const needle = (filter ?? '').trim().toLowerCase();
	const webhooks = await new V2Registration(await ApiClient.of(ctx, 'v2'), ctx.getNode()).list();
	return webhooks.filter(
		(webhook) =>
			webhook.webhookId !== undefined &&
			(needle === '' || [webhook.name, webhook.webhookId, webhook.webhookUrl].some((text) => text?.toLowerCase().includes(needle))),
	);
}

const asResults = (webhooks: Registration[]): INodeListSearchResult => ({
	results: webhooks.map((webhook) => ({ name: webhookLabel(webhook), value: webhook.webhookId as string })),
});

/** listSearch method of Manage Webhook: every webhook of the tenant, the legacy one included. */
export async function searchWebhooks(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	if (!dialectFor(await apiVersionOf(this)).webhooks.byId) {
		throw new NodeOperationError(this.getNode(), "Listing webhooks needs API v2, and the credential's API Version is v1", {
			description: 'Set API Version to Per Node Version or v2 in the Business Prospect Data API credential.',
		});
	}
	return asResults(await webhooksMatching(this, filter));
}

/**
 * listSearch method of Manage Enrollment's Webhook ID: the webhooks an enrollment can bind to, so
 * v1's (legacy) one is left out (only v1 enrollments deliver to it), and the trigger's test
 * webhooks (they go when the test ends). On v1 it says Webhook ID is
 * not used instead of failing: the node works there, the parameter just does nothing.
 */
export async function searchEnrollmentWebhooks(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	if (!dialectFor(await apiVersionOf(this)).enrollments.bindsWebhook) return { results: [{ name: WEBHOOKS_ON_V1_TEXT, value: '' }] };
	const webhooks = (await webhooksMatching(this, filter)).filter((webhook) => !webhook.legacy && !isTestWebhook(webhook));
	if (webhooks.length === 0 && (filter ?? '').trim() === '') return { results: [{ name: NO_WEBHOOKS_TEXT, value: '' }] };
	return asResults(webhooks);
}
