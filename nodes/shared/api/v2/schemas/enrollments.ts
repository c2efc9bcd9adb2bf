/**
 * API v2 enrollment bodies (v2-migration-research.md §6, §13): bound to a webhook (webhook_id
 * required on create), the enrollment id in the path for update and delete, a partial update,
 * and no ttl_days or request_context object (v2 declares request_context null: omitted).
 */
import { z } from 'zod/v3';

import { LIMITS } from '../limits';
import { enrollmentKeySchema, eventTypes, idArray, idSchema } from './fields';

/** active delivers; paused is kept but delivers nothing (set when its webhook is force-deleted). */
export const ENROLLMENT_STATUSES = ['active', 'paused'] as const;

const requestContextNull = z.null().optional();

const businessEnrollmentFields = {
	enrollment_key: enrollmentKeySchema,
	webhook_id: idSchema,
	event_types: eventTypes,
	business_ids: idArray(1, LIMITS.businessEnrollmentIds),
	request_context: requestContextNull,
};

const prospectEnrollmentFields = {
	enrollment_key: enrollmentKeySchema,
	webhook_id: idSchema,
	event_types: eventTypes,
	prospect_ids: idArray(1, LIMITS.prospectEnrollmentIds),
	request_context: requestContextNull,
};

const atLeastOneField = [
	(body: Record<string, unknown>) => Object.keys(body).some((key) => key !== 'request_context'),
	'must set at least one of enrollment_key, webhook_id, event_types and the ids',
] as const;

/** POST /v2/businesses/events/enrollments, answered 201. */
export const createBusinessEnrollmentBody = z.object(businessEnrollmentFields).strict();

/** PATCH /v2/businesses/events/enrollments/{enrollment_id}: only what changes (re-pointing webhook_id reactivates a paused one). */
export const updateBusinessEnrollmentBody = z
	.object(businessEnrollmentFields)
	.partial()
	.strict()
	.refine(...atLeastOneField);

export const createProspectEnrollmentBody = z.object(prospectEnrollmentFields).strict();

export const updateProspectEnrollmentBody = z
	.object(prospectEnrollmentFields)
	.partial()
	.strict()
	.refine(...atLeastOneField);
