/**
 * API v2 event fetch bodies (v2-migration-research.md §6, §13): ids unique in both (new for
 * businesses), timestamp_to for both, no event_data_parameters or request_context.
 */
import { z } from 'zod/v3';

import { LIMITS } from '../limits';
import { eventTypes, idArray, timestamp, uniqueIds } from './fields';

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
