/**
 * API v2 webhook bodies and query strings (v2-migration-research.md §9, webhooks-research.md §1):
 * up to ten webhooks per tenant, each keyed by webhook_id; every body refuses unknown keys.
 */
import { z } from 'zod/v3';

import { LIMITS } from '../limits';
import { WEBHOOK_PAYLOAD_FORMATS, WEBHOOK_SIMULATION_EVENT_TYPES, webhookSimulation } from './webhookSimulation';
import { v2EventType } from '../renames';

/** active delivers; disabled keeps the webhook but stops its deliveries (research §9). */
export const WEBHOOK_STATUSES = ['active', 'disabled'] as const;

/** The event names v2's check_connectivity simulates: v1's enum under v2's names (executive_joined_company). */
export const WEBHOOK_SIMULATION_EVENT_TYPES_V2 = WEBHOOK_SIMULATION_EVENT_TYPES.map(v2EventType) as [string, ...string[]];

const nonEmpty = z.string().min(1, 'must not be empty');

const webhookUrl = z
	.string()
	.min(LIMITS.webhookUrlLength.min, 'must not be empty')
	.max(LIMITS.webhookUrlLength.max, `must be at most ${LIMITS.webhookUrlLength.max} characters`)
	.url('must be a URL');

/** A custom header line, "Name: value" with a token name: anything else could not be sent as a header. */
const headerLine = z
	.string()
	.regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+:[\t -~]*$/, 'must be "Header-Name: value" (a name of letters, digits and -, then printable text)');

/** The fields a webhook is created with; name and webhook_url required (research §9). */
const webhookFields = {
	name: nonEmpty,
	webhook_url: webhookUrl,
	description: z.string().optional(),
	/** "Name: value" strings sent with every delivery (webhooks-research.md §1, an inference of a third party) */
	headers: z.array(headerLine).optional(),
	payload_format: z.enum(WEBHOOK_PAYLOAD_FORMATS).optional(),
};

/** POST /v2/webhooks (WebhookCreateRequest), answered 201 with the secret, the only time it is shown. */
export const createWebhookBody = z.object(webhookFields).strict();

const atLeastOneField = [(body: Record<string, unknown>) => Object.keys(body).length > 0, 'must set at least one field'] as const;

/** PATCH /v2/webhooks/{webhook_id}: any of the create fields, and status. */
export const updateWebhookBody = z
	.object({ ...webhookFields, status: z.enum(WEBHOOK_STATUSES) })
	.partial()
	.strict()
	.refine(...atLeastOneField);

/** POST /v2/webhooks/{webhook_id}/check_connectivity: a test event, or 1 to 10 mock events of one (v2) type. */
export const checkWebhookConnectivityBody = z
	.object({
		simulation: webhookSimulation(WEBHOOK_SIMULATION_EVENT_TYPES_V2).optional(),
	})
	.strict();

/** GET /v2/webhooks?status= (query-string values are text). */
export const listWebhooksQuery = z.object({ status: z.enum(WEBHOOK_STATUSES).optional() }).strict();

/** DELETE /v2/webhooks/{webhook_id}?force=true pauses the enrollments bound to it instead of refusing. */
export const deleteWebhookQuery = z.object({ force: z.enum(['true', 'false']).optional() }).strict();
