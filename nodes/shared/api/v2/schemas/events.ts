/**
 * API v2 event fetch bodies (v2-migration-research.md §6, §13): ids unique in both (new for
 * businesses), timestamp_to for both, no event_data_parameters or request_context.
 */
import { z } from 'zod/v3';

import { LIMITS } from '../limits';
import { DATE_OR_DATETIME_PATTERN, eventTypes, idArray, requestContext, timestamp, uniqueIds } from './fields';

const uniqueIdList = (max: number) => idArray(1, max).refine(uniqueIds, 'must not contain duplicate ids');

export const getBusinessEventsBody = z
	.object({
		event_types: eventTypes,
		business_ids: uniqueIdList(LIMITS.businessEventIds),
		timestamp_from: timestamp.optional(),
		timestamp_to: timestamp.optional(),
		entity_type: z.enum(['business']).optional(),
	})
	.strict();

export const getProspectEventsBody = z
	.object({
		event_types: eventTypes,
		prospect_ids: uniqueIdList(LIMITS.prospectEventIds),
		timestamp_from: timestamp.optional(),
		timestamp_to: timestamp.optional(),
		entity_type: z.enum(['prospect']).optional(),
	})
	.strict();

/*
 * The fields of an events fetch as v1 takes them (not strict; event_data_parameters and
 * request_context): v1's bodies, and what Get Events checks each item against on every version
 * (it refuses event_data_parameters on v2 by itself).
 */
export const businessEventsFields = z.object({
	event_types: eventTypes,
	business_ids: idArray(1, LIMITS.businessEventIds),
	timestamp_from: z
		.string()
		.regex(DATE_OR_DATETIME_PATTERN, 'must be an ISO 8601 datetime or a date as YYYY-MM-DD')
		.optional(),
	event_data_parameters: z.array(z.record(z.unknown())).optional(),
	request_context: requestContext,
});

export const prospectEventsFields = z.object({
	prospect_ids: idArray(1, LIMITS.prospectEventIds).refine(uniqueIds, 'must not contain duplicate ids'),
	event_types: eventTypes,
	timestamp_from: timestamp.optional(),
	timestamp_to: timestamp.optional(),
	entity_type: z.enum(['prospect']).optional(),
	request_context: requestContext,
});
