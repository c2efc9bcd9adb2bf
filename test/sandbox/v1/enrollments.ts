/**
 * v1's business and prospect enrollments (v2's: ../v2/enrollments.ts). Updates replace the arrays (the contract leaves replace or
 * extend open; replacing is what a "set the monitored ids" form expects). Unknown enrollment ids
 * are 404, as the service's reference shows.
 */
import type { z } from 'zod/v3';

import { BUSINESS_EVENT_TYPES, type businessEnrollmentBodyV1, type deleteProspectEnrollmentBodyV1, PROSPECT_EVENT_TYPES, type prospectEnrollmentBodyV1, type updateBusinessEnrollmentBodyV1, type updateProspectEnrollmentBodyV1 } from '../../../nodes/shared/api';
import { generalError } from '../errors';
import { type HandlerContext, type Reply, responseContext } from '../handlers/context';
import { assertKnownEventTypes } from '../handlers/eventTypes';

/** Create and update answer with request_context, not response_context (the contract's naming). */
const enrollmentReply = (
	ctx: HandlerContext,
	enrollment: { enrollment_key: string; enrollment_id: string },
): Reply => ({
	body: {
		request_context: responseContext(ctx),
		enrollment_key: enrollment.enrollment_key,
		enrollment_id: enrollment.enrollment_id,
	},
});

function existing<T>(enrollments: Map<string, T>, enrollmentId: string, ctx: HandlerContext): T {
	const enrollment = enrollments.get(enrollmentId);
	if (!enrollment) throw generalError(404, `Enrollment ${enrollmentId} was not found`, ctx.correlationId);
	return enrollment;
}

export function createBusinessEnrollment(body: z.infer<typeof businessEnrollmentBodyV1>, ctx: HandlerContext): Reply {
	assertKnownEventTypes(body.event_types, BUSINESS_EVENT_TYPES);
	const enrollment = {
		enrollment_id: ctx.ids.uuid(),
		enrollment_key: body.enrollment_key,
		business_ids: [...body.business_ids],
		event_types: [...body.event_types],
	};
	ctx.enrollments.businesses.set(enrollment.enrollment_id, enrollment);
	return enrollmentReply(ctx, enrollment);
}

export function updateBusinessEnrollment(
	body: z.infer<typeof updateBusinessEnrollmentBodyV1>,
	ctx: HandlerContext,
): Reply {
	assertKnownEventTypes(body.event_types, BUSINESS_EVENT_TYPES);
	const enrollment = existing(ctx.enrollments.businesses, body.enrollment_id, ctx);
	enrollment.enrollment_key = body.enrollment_key;
	enrollment.business_ids = [...body.business_ids];
	enrollment.event_types = [...body.event_types];
	return enrollmentReply(ctx, enrollment);
}

/** All enrollments belong to the one partner the API key stands for (partner_id is checked on entry). */
export function listBusinessEnrollments(_body: Record<string, never>, ctx: HandlerContext): Reply {
	return {
		body: {
			response_context: responseContext(ctx),
			enrollments: [...ctx.enrollments.businesses.values()].map((enrollment) => ({
				...enrollment,
				business_ids: [...enrollment.business_ids],
				event_types: [...enrollment.event_types],
			})),
		},
	};
}

export function createProspectEnrollment(body: z.infer<typeof prospectEnrollmentBodyV1>, ctx: HandlerContext): Reply {
	assertKnownEventTypes(body.event_types, PROSPECT_EVENT_TYPES);
	const enrollment = {
		enrollment_id: ctx.ids.uuid(),
		enrollment_key: body.enrollment_key,
		prospect_ids: [...body.prospect_ids],
		event_types: [...body.event_types],
		...(body.ttl_days !== undefined && { ttl_days: body.ttl_days }),
	};
	ctx.enrollments.prospects.set(enrollment.enrollment_id, enrollment);
	return enrollmentReply(ctx, enrollment);
}

export function updateProspectEnrollment(
	body: z.infer<typeof updateProspectEnrollmentBodyV1>,
	ctx: HandlerContext,
): Reply {
	assertKnownEventTypes(body.event_types, PROSPECT_EVENT_TYPES);
	const enrollment = existing(ctx.enrollments.prospects, body.enrollment_id, ctx);
	enrollment.enrollment_key = body.enrollment_key;
	enrollment.prospect_ids = [...body.prospect_ids];
	enrollment.event_types = [...body.event_types];
	return enrollmentReply(ctx, enrollment);
}

/** The one answer without a context object: just { status: "success" }. */
export function deleteProspectEnrollment(
	body: z.infer<typeof deleteProspectEnrollmentBodyV1>,
	ctx: HandlerContext,
): Reply {
	existing(ctx.enrollments.prospects, body.enrollment_id, ctx);
	ctx.enrollments.prospects.delete(body.enrollment_id);
	return { body: { status: 'success' } };
}

/** All prospect enrollments of the partner the API key stands for, in creation order. */
export function listProspectEnrollments(_body: Record<string, never>, ctx: HandlerContext): Reply {
	return {
		body: {
			response_context: responseContext(ctx),
			enrollments: [...ctx.enrollments.prospects.values()].map((enrollment) => ({
				...enrollment,
				prospect_ids: [...enrollment.prospect_ids],
				event_types: [...enrollment.event_types],
			})),
		},
	};
}
