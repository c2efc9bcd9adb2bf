/**
 * /v2/webhooks (v2-migration-research.md §9, webhooks-research.md §1): up to ten webhooks per
 * tenant, created 201 with their secret (the only answer that holds it), read without it, changed
 * by PATCH, deleted unless active enrollments use one (409; ?force=true pauses them instead),
 * rotated one at a time, and tested with check_connectivity. v1's partner webhook shows in the
 * list as `legacy: true` and is read-only here: v1's endpoints manage it.
 */
import type { z } from 'zod/v3';

import { type checkWebhookConnectivityBody, type createWebhookBody, type deleteWebhookQuery, LIMITS, type listWebhooksQuery, type updateWebhookBody, v1EventType } from '../../../nodes/shared/api';
import { generalError, HttpError, invalid, validationError } from '../errors';
import type { HandlerContext, Reply } from '../handlers/context';
import { simulatedEvents } from '../handlers/simulatedEvents';
import { type TenantWebhook, webhookView } from '../webhooks/tenant';
import { responseContextV2 } from './context';

/** A custom header is "Name: value" with a token name; anything else could not be sent (as v1). */
const HEADER_LINE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+:[\t -~]*$/;

function assertHeaders(headers: string[] | undefined): void {
	const bad = (headers ?? []).flatMap((line, i) => (HEADER_LINE.test(line) ? [] : [invalid(['headers', i], 'must be "Header-Name: value"')]));
	if (bad.length > 0) throw validationError(bad);
}

/** v1's registration as v2 lists it. [I] Its name and scope: the research says only `legacy: true`. */
function legacyView(ctx: HandlerContext): Record<string, unknown> | undefined {
	const registration = ctx.webhooks.registration;
	const id = ctx.webhooks.legacyId;
	if (!registration || id === undefined) return undefined;
	return {
		webhook_id: id,
		name: 'legacy',
		webhook_url: registration.webhook_url,
		headers: [...registration.headers],
		payload_format: registration.payload_format,
		status: 'active',
		scope: { type: 'partner', id: registration.partner_id },
		created_at: registration.created_at,
		last_modified_time: registration.last_modified_time,
		legacy: true,
	};
}

/** Webhooks the tenant holds, the legacy one counted ([I]: the stricter reading of "up to 10"). */
const heldCount = (ctx: HandlerContext) => ctx.webhooks.tenant.size + (ctx.webhooks.legacyId === undefined ? 0 : 1);

/** The tenant's webhook of the path, 404 when there is none; the legacy one is refused (422) for a change. */
export function tenantWebhook(webhookId: string, ctx: HandlerContext, loc: Array<string | number> = ['webhook_id']): TenantWebhook {
	const webhook = ctx.webhooks.tenant.get(webhookId);
	if (webhook) return webhook;
	if (webhookId === ctx.webhooks.legacyId) {
		throw validationError([invalid(loc, 'the legacy webhook is managed with /v1/webhooks')]);
	}
	throw generalError(404, `Webhook ${webhookId} was not found`, ctx.correlationId);
}

export function createWebhookV2(body: z.infer<typeof createWebhookBody>, ctx: HandlerContext): Reply {
	assertHeaders(body.headers);
	if (heldCount(ctx) >= LIMITS.webhooksPerTenant) {
		throw validationError([invalid([], `the tenant holds ${LIMITS.webhooksPerTenant} webhooks already, the most it may`)]);
	}
	const now = ctx.webhooks.nowIso();
	const webhook: TenantWebhook = {
		webhook_id: ctx.webhooks.newWebhookId(),
		name: body.name,
		...(body.description !== undefined && { description: body.description }),
		webhook_url: body.webhook_url,
		webhook_secret: ctx.webhooks.newSecret(),
		headers: [...(body.headers ?? [])],
		payload_format: body.payload_format ?? 'json',
		status: 'active',
		scope: { type: 'tenant', id: ctx.webhooks.tenantIdValue },
		created_at: now,
		last_modified_time: now,
	};
	ctx.webhooks.tenant.set(webhook.webhook_id, webhook);
	return {
		status: 201,
		body: { response_context: responseContextV2(ctx), ...webhookView(webhook), webhook_secret: webhook.webhook_secret },
	};
}

export function listWebhooksV2(_body: Record<string, never>, ctx: HandlerContext): Reply {
	const { status } = ctx.query as z.infer<typeof listWebhooksQuery>;
	const legacy = legacyView(ctx);
	const all = [...(legacy ? [legacy] : []), ...[...ctx.webhooks.tenant.values()].map(webhookView)];
	return { body: { response_context: responseContextV2(ctx), webhooks: all.filter((webhook) => status === undefined || webhook.status === status) } };
}

export function getWebhookV2(_body: Record<string, never>, ctx: HandlerContext): Reply {
	const id = ctx.params.webhook_id;
	const legacy = legacyView(ctx);
	if (legacy && id === legacy.webhook_id) return { body: { response_context: responseContextV2(ctx), ...legacy } };
	return { body: { response_context: responseContextV2(ctx), ...webhookView(tenantWebhook(id, ctx)) } };
}

export function updateWebhookV2(body: z.infer<typeof updateWebhookBody>, ctx: HandlerContext): Reply {
	const webhook = tenantWebhook(ctx.params.webhook_id, ctx);
	assertHeaders(body.headers);
	Object.assign(webhook, body, body.headers ? { headers: [...body.headers] } : {});
	webhook.last_modified_time = ctx.webhooks.nowIso();
	return { body: { response_context: responseContextV2(ctx), ...webhookView(webhook) } };
}

/** The active enrollments (both kinds) bound to a webhook. */
function activeEnrollmentsOf(webhookId: string, ctx: HandlerContext) {
	return [...ctx.enrollments.businessesV2.values(), ...ctx.enrollments.prospectsV2.values()].filter(
		(enrollment) => enrollment.webhook_id === webhookId && enrollment.status === 'active',
	);
}

export function deleteWebhookV2(_body: Record<string, never>, ctx: HandlerContext): Reply {
	const webhook = tenantWebhook(ctx.params.webhook_id, ctx);
	const { force } = ctx.query as z.infer<typeof deleteWebhookQuery>;
	const bound = activeEnrollmentsOf(webhook.webhook_id, ctx);
	if (bound.length > 0 && force !== 'true') {
		// [I] the research says "conflict" without a code: 409
		throw new HttpError(409, {
			details: `Webhook ${webhook.webhook_id} is used by ${bound.length} active enrollment${bound.length === 1 ? '' : 's'}: ${bound.map((enrollment) => enrollment.enrollment_id).join(', ')}. Delete with force=true to pause them.`,
			correlation_id: ctx.correlationId,
		});
	}
	for (const enrollment of bound) enrollment.status = 'paused';
	ctx.webhooks.tenant.delete(webhook.webhook_id);
	return {
		body: {
			response_context: responseContextV2(ctx),
			webhook_id: webhook.webhook_id,
			affected_enrollment_ids: bound.map((enrollment) => enrollment.enrollment_id),
		},
	};
}

export function rotateWebhookSecretV2(_body: Record<string, never>, ctx: HandlerContext): Reply {
	const webhook = tenantWebhook(ctx.params.webhook_id, ctx);
	webhook.webhook_secret = ctx.webhooks.newSecret();
	webhook.last_modified_time = ctx.webhooks.nowIso();
	return { body: { response_context: responseContextV2(ctx), webhook_id: webhook.webhook_id, webhook_secret: webhook.webhook_secret } };
}

/** Pushes a test event, or the simulated events (under v2's names), to that webhook only. */
export function checkWebhookConnectivityV2(body: z.infer<typeof checkWebhookConnectivityBody>, ctx: HandlerContext): Reply {
	const webhook = tenantWebhook(ctx.params.webhook_id, ctx);
	const simulation = body.simulation && { ...body.simulation, event_name: v1EventType(body.simulation.event_name) };
	if (!simulation) ctx.webhooks.pushConnectivityCheck(ctx.partnerId, webhook);
	for (const event of simulatedEvents(simulation, ctx)) ctx.webhooks.pushToWebhook(webhook, event, ctx.partnerId, 'simulation');
	return { body: { response_context: responseContextV2(ctx) } };
}
