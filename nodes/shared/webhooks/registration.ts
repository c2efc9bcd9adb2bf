/**
 * Where the service delivers pushed events, as one strategy per registration model, so the
 * trigger and Manage Webhook do not depend on the model: each API version's dialect builds its own
 * (v1: the partner's one webhook, keyed by partner_id; v2: up to ten per tenant, keyed by webhook_id).
 */
import { type ApiVersion, dialectFor, type WebhookRegistration } from '../api';
import { ApiClient } from '../transport/apiClient';
import type { ApiContext } from '../transport/connection';

/** The registration strategy for the credential of this context on an API version. */
export async function webhookRegistration(ctx: ApiContext, itemIndex: number | undefined, version: ApiVersion): Promise<WebhookRegistration> {
	const client = await ApiClient.of(ctx, version);
	return dialectFor(version).webhooks.registration(client, ctx.getNode(), itemIndex);
}
