/**
 * A v2 webhook of the tenant (v2-migration-research.md §9): one of up to ten, keyed by
 * webhook_id, with its own secret, shown only when it is created or rotated.
 */
export interface TenantWebhook {
	webhook_id: string;
	name: string;
	description?: string;
	webhook_url: string;
	webhook_secret: string;
	headers: string[];
	payload_format: 'json' | 'stringified_json';
	/** disabled: kept, but nothing is delivered to it */
	status: 'active' | 'disabled';
	scope: { type: 'tenant' | 'organization' | 'partner'; id: string };
	/** Python isoformat, UTC */
	created_at: string;
	last_modified_time: string;
}

/** A webhook as every v2 read shows it: never its secret. */
export function webhookView(webhook: TenantWebhook): Record<string, unknown> {
	const { webhook_secret: _secret, headers, ...shown } = webhook;
	return { ...shown, headers: [...headers], legacy: false };
}
