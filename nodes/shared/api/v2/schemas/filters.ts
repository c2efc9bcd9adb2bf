/** The search filters of businesses and prospects, shared by both API versions' search and statistics bodies. */
import { z } from 'zod/v3';

import { LIMITS } from '../limits';
import { INTENT_LEVELS, JOB_DEPARTMENTS, JOB_LEVELS } from '../vocabulary';
import { BUSINESS_ID_PATTERN, BUSINESS_ID_RULE } from './fields';

const valueList = (value: z.ZodString, max: number = LIMITS.filterValues) =>
	z
		.object({
			values: z
				.array(value.max(LIMITS.filterValueLength, `must be at most ${LIMITS.filterValueLength} characters`))
				.min(1, 'must hold at least 1 value')
				.max(max, `must hold at most ${max} values`),
		})
		.strict();

export const filterValues = valueList(z.string().trim().min(1, 'must not be empty'));

export const BRACKET_FILTERS = ['company_size', 'company_revenue', 'company_age', 'number_of_locations'] as const;

export const CATEGORY_FILTERS = ['websearch_category', 'profnet_category', 'naics_category'] as const;

/** The business filters beyond the contract's list (beyond-contract.md §7), on both API versions. */
export const SIGNAL_FILTERS = ['city_region', 'has_website', 'events', 'business_intent_topics'] as const;

export const FILTER_NAMES = [
	'country_code',
	'region_country_code',
	'city_region_country',
	...BRACKET_FILTERS,
	...CATEGORY_FILTERS,
	'company_tech_stack_category',
	'company_tech_stack_tech',
	'company_name',
	'website_keywords',
	...SIGNAL_FILTERS,
] as const;

export type FilterName = (typeof FILTER_NAMES)[number];

export const COUNTRY_CODE_PATTERN = /^[a-z]{2}$/;

export const REGION_CODE_PATTERN = /^[a-z]{2}-[a-z0-9]{1,3}$/;

export const CITY_PATTERN = /^[^,]+, [^,]+, [a-z]{2}$/i;

/** city_region: a city and its region without the country, as the autocomplete suggests them [I]. */
export const CITY_REGION_PATTERN = /^[^,]+, [^,]+$/;

/** `{values}` matching `pattern`, at most `max` of them (a filter's own limit; the sanity limit otherwise). */
export const patterned = (pattern: RegExp, rule: string, max?: number) => valueList(z.string().regex(pattern, rule), max);

/**
 * Bracket filters accept the known brackets and other values of the same shape (the lists are
 * not complete in the contract), such as "1-10", "500K-1M", "20+" or "1"; anything else is a typo.
 */
export const BRACKET_PATTERN = /^\d+(?:\.\d+)?[KMBT]?(?:-\d+(?:\.\d+)?[KMBT]?|\+)?$/;

export const bracketValues = patterned(BRACKET_PATTERN, 'must be brackets such as "1-10", "500K-1M" or "10001+"');

/** `{ value: true }`: has_website, has_email, has_phone_number, is_public_company, include_operating_locations. */
export const presence = z.object({ value: z.boolean({ invalid_type_error: 'must be true or false' }) }).strict();

/** An event type in a filter: open text, as the event nodes take it (the service adds types). */
const eventTypeValue = z
	.string()
	.trim()
	.min(1, 'must not be empty')
	.max(LIMITS.eventTypeLength, `must be at most ${LIMITS.eventTypeLength} characters`);

export const LAST_OCCURRENCE_RULE = `must be a whole number of days from 1 to ${LIMITS.eventWindowDays}`;

/**
 * events: businesses with an event of any of these types, within the last `last_occurrence` days
 * (beyond-contract.md §7; the days are [I], docs/v2-migration.md). `eventType` is the version's
 * rule for one type name (v2 refuses v1's names of renamed types).
 */
export const eventsFilter = (eventType: z.ZodTypeAny = eventTypeValue) =>
	z
		.object({
			values: z
				.array(eventType)
				.min(1, 'must hold at least 1 event type')
				.max(LIMITS.eventTypes, `must hold at most ${LIMITS.eventTypes} event types`),
			last_occurrence: z
				.number({ invalid_type_error: LAST_OCCURRENCE_RULE })
				.int(LAST_OCCURRENCE_RULE)
				.min(1, LAST_OCCURRENCE_RULE)
				.max(LIMITS.eventWindowDays, LAST_OCCURRENCE_RULE)
				.optional(),
		})
		.strict();

export const INTENT_LEVEL_RULE = `must be one of ${INTENT_LEVELS.join(', ')}`;

/** business_intent_topics: businesses showing intent for any of the topics, at the level or above [I]. */
export const intentTopicsFilter = z
	.object({
		topics: z
			.array(z.string().trim().min(1, 'must not be empty').max(LIMITS.filterValueLength, `must be at most ${LIMITS.filterValueLength} characters`))
			.min(1, 'must hold at least 1 topic')
			.max(LIMITS.filterValues, `must hold at most ${LIMITS.filterValues} topics`),
		topic_intent_level: z.enum(INTENT_LEVELS, { errorMap: () => ({ message: INTENT_LEVEL_RULE }) }).optional(),
	})
	.strict();

/** The business search filters, before the rules that join them (v2 extends these). */
export const businessFilterShape = {
	country_code: patterned(COUNTRY_CODE_PATTERN, 'must be lowercase two-letter country codes, such as "us"'),
	region_country_code: patterned(
		REGION_CODE_PATTERN,
		'must be lowercase <country>-<subdivision> codes (ISO 3166-2), such as "us-ca"',
	),
	city_region_country: patterned(CITY_PATTERN, 'must be "<City>, <Region>, <Country code>" strings'),
	company_size: bracketValues,
	company_revenue: bracketValues,
	company_age: bracketValues,
	number_of_locations: bracketValues,
	websearch_category: filterValues,
	profnet_category: filterValues,
	naics_category: filterValues,
	company_tech_stack_category: filterValues,
	company_tech_stack_tech: filterValues,
	company_name: filterValues,
	website_keywords: filterValues,
	city_region: patterned(CITY_REGION_PATTERN, 'must be "<City>, <Region>" strings, without the country'),
	has_website: presence,
	events: eventsFilter(),
	business_intent_topics: intentTopicsFilter,
};

/** The service takes one category filter per request, whichever version. */
export const oneCategoryFilter = [
	(filters: Partial<Record<(typeof CATEGORY_FILTERS)[number], unknown>>) =>
		CATEGORY_FILTERS.filter((name) => filters[name] !== undefined).length <= 1,
	{
		message: `may use only one category filter per request, one of ${CATEGORY_FILTERS.join(', ')}: combining them is not supported`,
	},
] as const;

const months = z.number().int('must be a whole number of months').min(0, 'must be at least 0');

/** `{ gte?, lte? }` in months: at least one bound, the lower not above the upper. */
export const monthRange = z
	.object({ gte: months.optional(), lte: months.optional() })
	.strict()
	.superRefine((range, ctx) => {
		if (range.gte === undefined && range.lte === undefined) {
			ctx.addIssue({ code: 'custom', message: 'needs gte (at least) or lte (at most), or both' });
		} else if (range.gte !== undefined && range.lte !== undefined && range.gte > range.lte) {
			ctx.addIssue({ code: 'custom', path: ['gte'], message: `must not be above lte (${range.lte})` });
		}
	});

export const enumValues = (allowed: readonly string[]) =>
	z
		.object({
			values: z
				.array(z.string().refine((value) => allowed.includes(value), `must be one of ${allowed.join(', ')}`))
				.min(1, 'must hold at least 1 value')
				.max(allowed.length, `must hold at most ${allowed.length} values`),
		})
		.strict();

export const PROSPECT_FILTER_NAMES = [
	'job_level',
	'job_department',
	'job_title',
	'total_experience_months',
	'current_role_months',
	'has_email',
	'has_phone_number',
	'has_website',
	'country_code',
	'region_country_code',
	'city_region_country',
	'company_country_code',
	'company_region_country_code',
	'company_name',
	...CATEGORY_FILTERS,
	'company_size',
	'company_revenue',
	'business_id',
] as const;

export type ProspectFilterName = (typeof PROSPECT_FILTER_NAMES)[number];

export const countryCodes = patterned(COUNTRY_CODE_PATTERN, 'must be lowercase two-letter country codes, such as "us"');

export const regionCodes = patterned(REGION_CODE_PATTERN, 'must be lowercase <country>-<subdivision> codes (ISO 3166-2), such as "us-ca"');

/** The prospect search filters, before the rules that join them (v2 changes a few). */
export const prospectFilterShape = {
	job_level: enumValues(JOB_LEVELS),
	job_department: enumValues(JOB_DEPARTMENTS),
	job_title: z
		.object({
			values: z
				.array(
					z
						.string()
						.trim()
						.min(1, 'must not be empty')
						.max(LIMITS.filterValueLength, `must be at most ${LIMITS.filterValueLength} characters`),
				)
				.min(1, 'must hold at least 1 value')
				.max(LIMITS.jobTitleValues, `must hold at most ${LIMITS.jobTitleValues} values`),
			include_related_job_titles: z.boolean({ invalid_type_error: 'must be true or false' }).optional(),
		})
		.strict(),
	total_experience_months: monthRange,
	current_role_months: monthRange,
	has_email: presence,
	has_phone_number: presence,
	has_website: presence,
	country_code: countryCodes,
	region_country_code: regionCodes,
	city_region_country: patterned(CITY_PATTERN, 'must be "<City>, <Region>, <Country code>" strings'),
	company_country_code: countryCodes,
	company_region_country_code: regionCodes,
	company_name: filterValues,
	websearch_category: filterValues,
	profnet_category: filterValues,
	naics_category: patterned(/^\d{2,6}$/, 'must be NAICS codes of 2 to 6 digits, such as "5112"'),
	company_size: bracketValues,
	company_revenue: bracketValues,
	business_id: patterned(BUSINESS_ID_PATTERN, BUSINESS_ID_RULE),
};
