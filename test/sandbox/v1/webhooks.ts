/**
 * v1 webhooks (webhooks-research.md §1): one registration per partner. Registering again
 * overrides it and rotates the secret; GET returns the secret too (v1 reads do); check_connectivity
 * queues a test push, or 1 to 10 simulated real-shaped events, and answers at once (the pushes
 * follow from the delivery queue, so a receiver that calls this endpoint is not blocked by it).
 * A partner_id that is not the sandbox's partner is 401, as the partner_id header is elsewhere.
 */
import type { z } from 'zod/v3';

import type { checkWebhookConnectivityBodyV1, registerWebhookBodyV1 } from '../../../nodes/shared/api';
import { generalError, invalid, validationError } from '../errors';
import { type HandlerContext, type Reply, responseContext } from '../handlers/context';
import { simulatedEvents } from '../handlers/simulatedEvents';

function assertPartner(partnerId: string, ctx: HandlerContext): void {
	if (partnerId !== ctx.partnerId) throw generalError(401, 'Unknown partner id', ctx.correlationId);
}

function existing(partnerId: string, ctx: HandlerContext) {
	assertPartner(partnerId, ctx);
	const registration = ctx.webhooks.registration;
	if (!registration) throw generalError(404, `No webhook is registered for partner ${partnerId}`, ctx.correlationId);
	return registration;
}

const registrationBody = (ctx: HandlerContext, registration: NonNullable<HandlerContext['webhooks']['registration']>) => ({
	response_context: responseContext(ctx),
	created_at: registration.created_at,
	last_modified_time: registration.last_modified_time,
	webhook_url: registration.webhook_url,
	webhook_secret: registration.webhook_secret,
	headers: [...registration.headers],
	payload_format: registration.payload_format,
});

/** A custom header is "Name: value" with a token name; anything else could not be sent. */
const HEADER_LINE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+:[\t -~]*$/;

export function registerWebhook(body: z.infer<typeof registerWebhookBodyV1>, ctx: HandlerContext): Reply {
	assertPartner(body.partner_id, ctx);
	const bad = (body.headers ?? []).flatMap((line, i) =>
		HEADER_LINE.test(line) ? [] : [invalid(['headers', i], 'must be "Header-Name: value"')],
	);
	if (bad.length > 0) throw validationError(bad);
	const registration = ctx.webhooks.register(body.partner_id, body.webhook_url, {
		headers: body.headers,
		payload_format: body.payload_format,
	});
	return { body: registrationBody(ctx, registration) };
}

export function getWebhook(_body: Record<string, never>, ctx: HandlerContext): Reply {
	return { body: registrationBody(ctx, existing(ctx.params.partner_id, ctx)) };
}

export function deleteWebhook(_body: Record<string, never>, ctx: HandlerContext): Reply {
	existing(ctx.params.partner_id, ctx);
	ctx.webhooks.unregister();
	return { body: { response_context: responseContext(ctx) } };
}

export function checkWebhookConnectivity(body: z.infer<typeof checkWebhookConnectivityBodyV1>, ctx: HandlerContext): Reply {
	existing(body.partner_id, ctx);
	if (!body.simulation) ctx.webhooks.pushConnectivityCheck(body.partner_id);
	for (const event of simulatedEvents(body.simulation, ctx)) ctx.webhooks.push(event, 'simulation');
	return { body: { response_context: responseContext(ctx) } };
}
