/**
 * API v2 search and statistics bodies (v2-migration-research.md §4, §5, §11, §12). Cursor paging
 * only: `size` and `page` are gone, and like every v2 body these reject unknown keys (`.strict()`),
 * so a v1 body sent to v2 fails on the first v1-only key instead of being half-read.
 */
import { z } from 'zod/v3';

import { LIMITS } from '../limits';
import { BUSINESS_ID_PATTERN, BUSINESS_ID_RULE, idArray, requestContext } from './fields';
import { bracketValues, businessFilterShape, eventsFilter, filterValues, oneCategoryFilter, patterned, presence, prospectFilterShape } from './filters';
import { V2_EVENT_TYPE_RENAMES } from '../renames';

export const PROSPECT_ID_PATTERN = /^[0-9a-f]{40}$/;
export const PROSPECT_ID_RULE = 'must be 40 lowercase hexadecimal characters';

/** has_contact_details replaces has_email and has_phone_number (research §11). */
export const CONTACT_DETAILS = ['email', 'phone', 'email_and_phone', 'email_or_phone'] as const;

/** An event type in v2's words: a type v2 renamed is refused under its v1 name (research §4). */
const eventTypeV2 = z
	.string()
	.trim()
	.min(1, 'must not be empty')
	.max(LIMITS.eventTypeLength, `must be at most ${LIMITS.eventTypeLength} characters`)
	.refine((type) => !Object.hasOwn(V2_EVENT_TYPE_RENAMES, type), (type) => ({
		message: `is named ${V2_EVENT_TYPE_RENAMES[type]} on API v2`,
	}));

/** V2BusinessesFetchFilters (research §4): v1's, events in v2's names, and what v2 adds. */
export const businessFiltersV2 = z
	.object({
		...businessFilterShape,
		events: eventsFilter(eventTypeV2),
		business_id: patterned(BUSINESS_ID_PATTERN, BUSINESS_ID_RULE),
		is_public_company: presence,
		// v2 changed the default to false (research §4): only an explicit value includes them
		include_operating_locations: presence,
	})
	.partial()
	.strict()
	.refine(...oneCategoryFilter);

/** V2ProspectsFetchFilters (research §11): v1's without has_email and has_phone_number, and what v2 adds. */
export const prospectFiltersV2 = z
	.object(prospectFilterShape)
	.omit({ has_email: true, has_phone_number: true })
	.extend({
		prospect_id: patterned(PROSPECT_ID_PATTERN, PROSPECT_ID_RULE),
		business_id: patterned(BUSINESS_ID_PATTERN, BUSINESS_ID_RULE, LIMITS.prospectFilterBusinessIds),
		has_contact_details: z.object({ value: z.enum(CONTACT_DETAILS) }).strict(),
		company_age: bracketValues,
		company_number_of_locations: bracketValues,
		is_public_company: presence,
		skills: filterValues,
		interests: filterValues,
	})
	.partial()
	.strict()
	.refine(...oneCategoryFilter);

const pageSize = z
	.number()
	.int('must be a whole number')
	.min(LIMITS.searchPageSize.min, `must be at least ${LIMITS.searchPageSize.min}`)
	.max(LIMITS.searchPageSize.max, `must be at most ${LIMITS.searchPageSize.max}`);

/** Opaque: the answer's page.next_cursor, sent back as is; omitted or null for the first page. */
const nextCursor = z.string().min(1, 'must not be empty').nullable().optional();

export const searchBusinessesBody = z
	.object({
		mode: z.enum(['full', 'preview']),
		page_size: pageSize,
		exclude: idArray(1, LIMITS.searchExclude).optional(),
		filters: businessFiltersV2.optional(),
		next_cursor: nextCursor,
		request_context: requestContext,
	})
	.strict();

/** `V2ProspectsFetchRequest` has no request_context (research §11), unlike the business search. */
export const searchProspectsBody = searchBusinessesBody
	.omit({ request_context: true })
	.extend({
		exclude: idArray(1, LIMITS.prospectSearchExclude).optional(),
		filters: prospectFiltersV2.optional(),
	})
	.strict();

export const businessStatsBody = z.object({ filters: businessFiltersV2 }).strict();

export const prospectStatsBody = z.object({ filters: prospectFiltersV2 }).strict();
