/** The autocomplete query: which filter's values to look up, and the text typed. */
import { z } from 'zod/v3';

import { LIMITS } from '../limits';

/** The fields the autocomplete endpoints look up (`company_tech_stack_categories` is plural, unlike the filter). */
export const AUTOCOMPLETE_FIELDS = [
	'country',
	'country_code',
	'region_country_code',
	'city_region_country',
	'city_region',
	'websearch_category',
	'profnet_category',
	'naics_category',
	'company_tech_stack_tech',
	'company_tech_stack_categories',
	'company_size',
	'company_revenue',
	'company_age',
	'number_of_locations',
	'company_name',
	'job_title',
	'job_department',
	'job_level',
	'business_intent_topics',
] as const;

export type AutocompleteField = (typeof AUTOCOMPLETE_FIELDS)[number];

/** The query string of both autocomplete endpoints (query-string values are text). */
export const autocompleteQuery = z
	.object({
		field: z.enum(AUTOCOMPLETE_FIELDS),
		query: z
			.string()
			.max(LIMITS.autocompleteQueryLength, `must be at most ${LIMITS.autocompleteQueryLength} characters`)
			.optional(),
		semantic_search: z.enum(['true', 'false']).optional(),
	})
	.strict();
