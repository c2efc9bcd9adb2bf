/**
 * API v2 search and statistics bodies (v2-migration-research.md §4, §5, §11, §12). Cursor paging
 * only: `size` and `page` are gone, and like every v2 body these reject unknown keys (`.strict()`),
 * so a v1 body sent to v2 fails on the first v1-only key instead of being half-read.
 */
import { z } from 'zod';

import { LIMITS, LIMITS_V2 } from '../limits';
import {
	BUSINESS_ID_PATTERN,
	BUSINESS_ID_RULE,
	bracketValues,
	businessFilterShape,
	idArray,
	oneCategoryFilter,
	patterned,
	presence,
	prospectFilterShape,
	requestContext,
} from '../schemas';

export const PROSPECT_ID_PATTERN = /^[0-9a-f]{40}$/;
export const PROSPECT_ID_RULE = 'must be 40 lowercase hexadecimal characters';

/** has_contact_details replaces has_email and has_phone_number (research §11). */
export const CONTACT_DETAILS = ['email', 'phone', 'email_and_phone', 'email_or_phone'] as const;

/**
 * V2BusinessesFetchFilters as far as the sandbox can honour them. Not yet here (so refused like
 * any unknown key): city_region, business_intent_topics and events.
 */
export const businessFiltersV2 = z
	.object({
		...businessFilterShape,
		business_id: patterned(BUSINESS_ID_PATTERN, BUSINESS_ID_RULE),
		has_website: presence,
		is_public_company: presence,
		// v2 changed the default to false (research §4): only an explicit value includes them
		include_operating_locations: presence,
	})
	.partial()
	.strict()
	.refine(...oneCategoryFilter);

/** V2ProspectsFetchFilters as far as the sandbox can honour them (not yet: skills, interests). */
export const prospectFiltersV2 = z
	.object(prospectFilterShape)
	.omit({ has_email: true, has_phone_number: true })
	.extend({
		prospect_id: patterned(PROSPECT_ID_PATTERN, PROSPECT_ID_RULE),
		has_contact_details: z.object({ value: z.enum(CONTACT_DETAILS) }).strict(),
		company_age: bracketValues,
		company_number_of_locations: bracketValues,
		is_public_company: presence,
	})
	.partial()
	.strict()
	.refine(...oneCategoryFilter);

const pageSize = z
	.number()
	.int('must be a whole number')
	.min(LIMITS_V2.searchPageSize.min, `must be at least ${LIMITS_V2.searchPageSize.min}`)
	.max(LIMITS_V2.searchPageSize.max, `must be at most ${LIMITS_V2.searchPageSize.max}`);

/** Opaque: the answer's page.next_cursor, sent back as is; omitted or null for the first page. */
const nextCursor = z.string().min(1, 'must not be empty').nullable().optional();

export const searchBusinessesBodyV2 = z
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
export const searchProspectsBodyV2 = searchBusinessesBodyV2
	.omit({ request_context: true })
	.extend({
		exclude: idArray(1, LIMITS.prospectSearchExclude).optional(),
		filters: prospectFiltersV2.optional(),
	})
	.strict();

export const businessStatsBodyV2 = z.object({ filters: businessFiltersV2 }).strict();

export const prospectStatsBodyV2 = z.object({ filters: prospectFiltersV2 }).strict();
