/**
 * v2 enrollments (v2-migration-research.md §6, §13): bound to an active webhook of the tenant
 * (unknown webhook_id 404; a disabled or legacy one 422), created 201, changed by a partial PATCH
 * and deleted with the id in the path (unknown enrollment 404). Re-pointing a paused enrollment
 * to an active webhook reactivates it. Event types are v2's names (executive_joined_company).
 */
import type { z } from 'zod/v3';

import { BUSINESS_EVENT_TYPES_V2, type createBusinessEnrollmentBody, type createProspectEnrollmentBody, PROSPECT_EVENT_TYPES, type updateBusinessEnrollmentBody, type updateProspectEnrollmentBody } from '../../../nodes/shared/api';
import type { BusinessEnrollmentV2, ProspectEnrollmentV2 } from '../enrollments';
import { generalError, invalid, validationError } from '../errors';
import type { HandlerContext, Reply } from '../handlers/context';
import { assertKnownEventTypes } from '../handlers/eventTypes';
import { responseContextV2 } from './context';
import { tenantWebhook } from './webhooks';

/** The webhook an enrollment may bind to: the tenant's, and active (404 unknown, 422 otherwise). */
function assertBindable(webhookId: string, ctx: HandlerContext): void {
	const webhook = tenantWebhook(webhookId, ctx);
	if (webhook.status !== 'active') throw validationError([invalid(['webhook_id'], `webhook ${webhookId} is ${webhook.status}, not active`)]);
}

function existing<T>(enrollments: Map<string, T>, ctx: HandlerContext): T {
	const id = ctx.params.enrollment_id;
	const enrollment = enrollments.get(id);
	if (!enrollment) throw generalError(404, `Enrollment ${id} was not found`, ctx.correlationId);
	return enrollment;
}

/** The v2 enrollment object, as create (201), update and list answer it. */
function view(enrollment: BusinessEnrollmentV2 | ProspectEnrollmentV2): Record<string, unknown> {
	const ids = 'business_ids' in enrollment ? { business_ids: [...enrollment.business_ids] } : { prospect_ids: [...enrollment.prospect_ids] };
	return {
		enrollment_id: enrollment.enrollment_id,
		enrollment_key: enrollment.enrollment_key,
		webhook_id: enrollment.webhook_id,
		event_types: [...enrollment.event_types],
		...ids,
		status: enrollment.status,
	};
}

const answer = (ctx: HandlerContext, enrollment: BusinessEnrollmentV2 | ProspectEnrollmentV2, status?: 201): Reply => ({
	...(status && { status }),
	body: { response_context: responseContextV2(ctx), ...view(enrollment) },
});

export function createBusinessEnrollmentV2(body: z.infer<typeof createBusinessEnrollmentBody>, ctx: HandlerContext): Reply {
	assertKnownEventTypes(body.event_types, BUSINESS_EVENT_TYPES_V2);
	assertBindable(body.webhook_id, ctx);
	const enrollment: BusinessEnrollmentV2 = {
		enrollment_id: ctx.ids.uuid(),
		enrollment_key: body.enrollment_key,
		webhook_id: body.webhook_id,
		event_types: [...body.event_types],
		business_ids: [...body.business_ids],
		status: 'active',
	};
	ctx.enrollments.businessesV2.set(enrollment.enrollment_id, enrollment);
	return answer(ctx, enrollment, 201);
}

export function createProspectEnrollmentV2(body: z.infer<typeof createProspectEnrollmentBody>, ctx: HandlerContext): Reply {
	assertKnownEventTypes(body.event_types, PROSPECT_EVENT_TYPES);
	assertBindable(body.webhook_id, ctx);
	const enrollment: ProspectEnrollmentV2 = {
		enrollment_id: ctx.ids.uuid(),
		enrollment_key: body.enrollment_key,
		webhook_id: body.webhook_id,
		event_types: [...body.event_types],
		prospect_ids: [...body.prospect_ids],
		status: 'active',
	};
	ctx.enrollments.prospectsV2.set(enrollment.enrollment_id, enrollment);
	return answer(ctx, enrollment, 201);
}

/** A partial update: only the fields sent change; a new webhook_id must be bindable and reactivates. */
function update<E extends BusinessEnrollmentV2 | ProspectEnrollmentV2>(
	enrollment: E,
	body: { enrollment_key?: string; webhook_id?: string; event_types?: string[] },
	ctx: HandlerContext,
): void {
	if (body.webhook_id !== undefined) {
		assertBindable(body.webhook_id, ctx);
		enrollment.webhook_id = body.webhook_id;
		enrollment.status = 'active';
	}
	if (body.enrollment_key !== undefined) enrollment.enrollment_key = body.enrollment_key;
	if (body.event_types !== undefined) enrollment.event_types = [...body.event_types];
}

export function updateBusinessEnrollmentV2(body: z.infer<typeof updateBusinessEnrollmentBody>, ctx: HandlerContext): Reply {
	if (body.event_types) assertKnownEventTypes(body.event_types, BUSINESS_EVENT_TYPES_V2);
	const enrollment = existing(ctx.enrollments.businessesV2, ctx);
	update(enrollment, body, ctx);
	if (body.business_ids) enrollment.business_ids = [...body.business_ids];
	return answer(ctx, enrollment);
}

export function updateProspectEnrollmentV2(body: z.infer<typeof updateProspectEnrollmentBody>, ctx: HandlerContext): Reply {
	if (body.event_types) assertKnownEventTypes(body.event_types, PROSPECT_EVENT_TYPES);
	const enrollment = existing(ctx.enrollments.prospectsV2, ctx);
	update(enrollment, body, ctx);
	if (body.prospect_ids) enrollment.prospect_ids = [...body.prospect_ids];
	return answer(ctx, enrollment);
}

const list =
	(pick: (ctx: HandlerContext) => Map<string, BusinessEnrollmentV2 | ProspectEnrollmentV2>) =>
	(_body: Record<string, never>, ctx: HandlerContext): Reply => ({
		body: { response_context: responseContextV2(ctx), enrollments: [...pick(ctx).values()].map(view) },
	});

export const listBusinessEnrollmentsV2 = list((ctx) => ctx.enrollments.businessesV2);
export const listProspectEnrollmentsV2 = list((ctx) => ctx.enrollments.prospectsV2);

/** DELETE with the id in the path, no body: `{response_context, status}` (research §6). */
const remove =
	(pick: (ctx: HandlerContext) => Map<string, BusinessEnrollmentV2 | ProspectEnrollmentV2>) =>
	(_body: Record<string, never>, ctx: HandlerContext): Reply => {
		const store = pick(ctx);
		const enrollment = existing(store, ctx);
		store.delete(enrollment.enrollment_id);
		return { body: { response_context: responseContextV2(ctx), status: 'success' } };
	};

export const deleteBusinessEnrollmentV2 = remove((ctx) => ctx.enrollments.businessesV2);
export const deleteProspectEnrollmentV2 = remove((ctx) => ctx.enrollments.prospectsV2);
