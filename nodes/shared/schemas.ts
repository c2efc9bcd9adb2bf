/**
 * Request schemas of the service contract (zod 3 API: zod reaches the node through n8n-workflow).
 * Limits come from `limits.ts`; the catalog points at these schemas. The nodes validate each
 * item against the item schemas before sending; the sandbox validates whole bodies with the
 * body schemas and answers 422 exactly as the service does.
 */
import { z } from 'zod/v3';

import { LIMITS } from './limits';
import { INTENT_LEVELS, JOB_DEPARTMENTS, JOB_LEVELS } from './vocabulary';
import { wallClockSpan } from './wallClock';

export const BUSINESS_ID_PATTERN = /^[0-9a-f]{32}$/;
export const FULL_NAME_PATTERN = /^[\p{L} .-]+$/u;
export const PHONE_PATTERN = /^\+[1-9]\d{0,2}\d{1,12}$/;
export const DATE_OR_DATETIME_PATTERN =
	/^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export const requestContext = z.record(z.unknown()).optional();
const parameters = z.record(z.unknown()).optional();

/** What a business id looks like, as the contract states it for matching (and the service uses everywhere). */
export const BUSINESS_ID_RULE = 'must be 32 lowercase hexadecimal characters';
/** Whitespace and control characters: never part of an id (they separate ids, or are noise). */
export const ID_NOISE = /[\s\p{Cc}]/u;

/** A non-empty id string (prospect, enrollment): the contract gives these no format. */
export const idSchema = z
	.string()
	.trim()
	.min(1, 'must not be empty')
	.max(LIMITS.idLength, `must be at most ${LIMITS.idLength} characters`)
	.refine((id) => !ID_NOISE.test(id), 'must not contain spaces or control characters');
export const businessIdSchema = z.string().regex(BUSINESS_ID_PATTERN, BUSINESS_ID_RULE);

/**
 * A list of ids; `max` undefined means the contract sets no upper bound. The contract states the
 * business id format only for matching: the nodes check it for every business id they send
 * (inputRules.idProblem), these body schemas (which the sandbox answers with) do not.
 */
export const idArray = (min: number, max: number | undefined) => {
	const list = z.array(idSchema).min(min, `must hold at least ${min} id${min === 1 ? '' : 's'}`);
	return max === undefined ? list : list.max(max, `must hold at most ${max} ids`);
};

export const uniqueIds = (ids: string[]) => new Set(ids).size === ids.length;

export const eventTypes = z
	.array(
		z
			.string()
			.trim()
			.min(1, 'must not be empty')
			.max(LIMITS.eventTypeLength, `must be at most ${LIMITS.eventTypeLength} characters`),
	)
	.min(1, 'must hold at least 1 event type')
	.max(LIMITS.eventTypes, `must hold at most ${LIMITS.eventTypes} event types`);

export const enrollmentKeySchema = z
	.string()
	.min(LIMITS.enrollmentKeyMinLength, `must be at least ${LIMITS.enrollmentKeyMinLength} characters long`)
	.max(LIMITS.enrollmentKeyMaxLength, `must be at most ${LIMITS.enrollmentKeyMaxLength} characters long`);

/**
 * An e-mail address, internationalised ones included (`jörg@bücher.de`, `用户@例子.广告`):
 * one @, a dot-separated local part of letters, digits and the RFC 5322 atom signs, and a domain
 * of at least two labels (letters, digits, hyphens inside) ending in a letter label or punycode.
 * Quoted local parts and address literals are not accepted.
 */
const EMAIL_LOCAL = /^[\p{L}\p{N}\p{M}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}\p{M}!#$%&'*+/=?^_`{|}~-]+)*$/u;
const DOMAIN_LABEL = /^[\p{L}\p{N}\p{M}](?:[\p{L}\p{N}\p{M}-]{0,61}[\p{L}\p{N}\p{M}])?$/u;
const TOP_LEVEL_DOMAIN = /^(?:\p{L}[\p{L}\p{M}]+|xn--[a-z0-9-]+)$/iu;
export function isEmailAddress(text: string): boolean {
	if (text.length > LIMITS.emailLength) return false;
	const at = text.indexOf('@');
	if (at <= 0 || at !== text.lastIndexOf('@')) return false;
	const local = text.slice(0, at);
	const domain = text.slice(at + 1);
	if (local.length > 64 || !EMAIL_LOCAL.test(local)) return false;
	const labels = domain.split('.');
	if (labels.length < 2 || domain.length > 253 || !labels.every((label) => DOMAIN_LABEL.test(label))) return false;
	return TOP_LEVEL_DOMAIN.test(labels[labels.length - 1]);
}

/**
 * A web address (http or https) with a host name that has a dot, and no spaces, control
 * characters or user name in it. Other schemes (javascript:, data:, ftp:, mailto:) are refused.
 */
export function isWebUrl(text: string): boolean {
	if (!/^https?:\/\/[^\s\p{Cc}]+$/iu.test(text)) return false;
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return false;
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
	if (url.username !== '' || url.password !== '') return false;
	return /^[^.]+(?:\.[^.]+)+$/.test(url.hostname);
}

/** Text checked for length first (a huge value gets one short message), then by a rule. */
const checkedText = (max: number, valid: (text: string) => boolean, rule: string) =>
	z.string().superRefine((text, ctx) => {
		if (text.length > max) ctx.addIssue({ code: 'custom', message: `must be at most ${max} characters` });
		else if (!valid(text)) ctx.addIssue({ code: 'custom', message: rule });
	});

// ---------------------------------------------------------------- search

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

export const filtersSchema = z.object(businessFilterShape).partial().strict().refine(...oneCategoryFilter);

export const searchBusinessesBody = z.object({
	mode: z.enum(['full', 'preview']),
	size: z
		.number()
		.int('must be a whole number')
		.min(LIMITS.searchSize.min, `must be at least ${LIMITS.searchSize.min}`)
		.max(LIMITS.searchSize.max, `must be at most ${LIMITS.searchSize.max}`),
	page_size: z
		.number()
		.int('must be a whole number')
		.min(LIMITS.searchPageSize.min, `must be at least ${LIMITS.searchPageSize.min}`)
		.max(LIMITS.searchPageSize.max, `must be at most ${LIMITS.searchPageSize.max}`),
	page: z.number().int('must be a whole number').min(1, 'must be at least 1').optional(),
	exclude: idArray(1, LIMITS.searchExclude).optional(),
	filters: filtersSchema.optional(),
	request_context: requestContext,
});

// ---------------------------------------------------------------- events and enrollments

export const getBusinessEventsBody = z.object({
	event_types: eventTypes,
	business_ids: idArray(1, LIMITS.businessEventIds),
	timestamp_from: z
		.string()
		.regex(DATE_OR_DATETIME_PATTERN, 'must be an ISO 8601 datetime or a date as YYYY-MM-DD')
		.optional(),
	event_data_parameters: z.array(z.record(z.unknown())).optional(),
	request_context: requestContext,
});

export const businessEnrollmentBody = z.object({
	enrollment_key: enrollmentKeySchema,
	event_types: eventTypes,
	business_ids: idArray(1, LIMITS.businessEnrollmentIds),
	request_context: requestContext,
});

export const updateBusinessEnrollmentBody = businessEnrollmentBody.extend({
	enrollment_id: idSchema,
});

export const prospectEnrollmentBody = z.object({
	enrollment_key: enrollmentKeySchema,
	prospect_ids: idArray(1, LIMITS.prospectEnrollmentIds),
	event_types: eventTypes,
	ttl_days: z.number().int('must be a whole number').positive('must be a positive number of days').optional(),
	request_context: requestContext,
});

export const updateProspectEnrollmentBody = prospectEnrollmentBody
	.omit({ ttl_days: true })
	.extend({ enrollment_id: idSchema });

export const deleteProspectEnrollmentBody = z.object({
	enrollment_id: idSchema,
	request_context: requestContext,
});

// ---------------------------------------------------------------- match and enrich

/** One element of prospects_to_match: at least one fetcher; name and company only together. */
export const matchItemSchema = z
	.object({
		business_id: businessIdSchema.optional(),
		full_name: z
			.string()
			.min(LIMITS.fullNameLength.min, `must be ${LIMITS.fullNameLength.min} to ${LIMITS.fullNameLength.max} characters`)
			.max(LIMITS.fullNameLength.max, `must be ${LIMITS.fullNameLength.min} to ${LIMITS.fullNameLength.max} characters`)
			.regex(FULL_NAME_PATTERN, 'may contain only letters, spaces, dots and hyphens (no apostrophes, digits or other signs)')
			.optional(),
		company_name: z
			.string()
			.min(1, 'must not be empty')
			.max(LIMITS.companyNameLength, `must be at most ${LIMITS.companyNameLength} characters`)
			.optional(),
		email: checkedText(LIMITS.emailLength, isEmailAddress, 'must be an email address').optional(),
		phone_number: z
			.string()
			.regex(PHONE_PATTERN, 'must be in international form: a plus sign, the country calling code, then 1 to 12 digits')
			.optional(),
		profnet: checkedText(
			LIMITS.profileUrlLength,
			isWebUrl,
			'must be a profile URL: a web address (http or https) such as https://www.example.com/in/jane-doe',
		).optional(),
	})
	.strict()
	.superRefine((item, ctx) => {
		if (item.full_name !== undefined && item.company_name === undefined) {
			ctx.addIssue({ code: 'custom', path: ['company_name'], message: 'is required when full_name is given' });
		}
		if (item.company_name !== undefined && item.full_name === undefined) {
			ctx.addIssue({ code: 'custom', path: ['full_name'], message: 'is required when company_name is given' });
		}
		const hasFetcher =
			item.email !== undefined ||
			item.phone_number !== undefined ||
			item.profnet !== undefined ||
			(item.full_name !== undefined && item.company_name !== undefined);
		// a lone full_name or company_name is already reported above: no second message for it
		if (!hasFetcher && item.full_name === undefined && item.company_name === undefined) {
			ctx.addIssue({
				code: 'custom',
				path: [],
				message:
					'needs at least one of email, phone_number, profnet, or full_name together with company_name',
			});
		}
	});
export type MatchItem = z.infer<typeof matchItemSchema>;

/** prospects_to_match of at most `max` prospects: the versions' limits differ (v1 40, v2 50). */
export const prospectsToMatch = (max: number) =>
	z.array(matchItemSchema).min(1, 'must hold at least 1 prospect').max(max, `must hold at most ${max} prospects`);

export const matchProspectsBody = z.object({
	prospects_to_match: prospectsToMatch(LIMITS.matchItems),
	request_context: requestContext,
});

export const prospectBulkEnrichBody = z.object({
	prospect_ids: idArray(1, LIMITS.prospectEnrichIds).refine(uniqueIds, 'must not contain duplicate ids'),
	request_context: requestContext,
	parameters,
});

export const businessBulkEnrichBody = z.object({
	business_ids: idArray(1, LIMITS.businessEnrichIds),
	request_context: requestContext,
	parameters,
});

export const emptyBody = z.object({}).strict();

// ---------------------------------------------------------------- business match (beyond-contract.md section 1)

/** A domain name: dot-separated labels of letters, digits and hyphens, a top-level domain of letters. */
export function isDomainName(text: string): boolean {
	if (text.length > LIMITS.domainLength) return false;
	const labels = text.split('.');
	if (labels.length < 2) return false;
	if (!labels.every((label) => /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u.test(label))) return false;
	return /^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/iu.test(labels[labels.length - 1]);
}

/** The fields of one element of businesses_to_match, in the order the reference lists them. */
export const BUSINESS_MATCH_FIELDS = ['name', 'domain', 'url', 'profnet_url'] as const;

/** One element of businesses_to_match: every field optional, at least one given. */
export const businessMatchItemSchema = z
	.object({
		name: z
			.string()
			.min(1, 'must not be empty')
			.max(LIMITS.companyNameLength, `must be at most ${LIMITS.companyNameLength} characters`)
			.optional(),
		domain: checkedText(LIMITS.domainLength, isDomainName, 'must be a domain name such as example.com').optional(),
		url: checkedText(
			LIMITS.profileUrlLength,
			isWebUrl,
			'must be a web address (http or https) such as https://www.example.com',
		).optional(),
		profnet_url: checkedText(
			LIMITS.profileUrlLength,
			isWebUrl,
			'must be a profile URL: a web address (http or https) such as https://www.example.com/company/acme',
		).optional(),
	})
	.strict()
	.superRefine((item, ctx) => {
		if (BUSINESS_MATCH_FIELDS.every((field) => item[field] === undefined)) {
			ctx.addIssue({ code: 'custom', path: [], message: 'needs at least one of name, domain, url or profnet_url' });
		}
	});
export type BusinessMatchItem = z.infer<typeof businessMatchItemSchema>;

export const matchBusinessesBody = z.object({
	businesses_to_match: z
		.array(businessMatchItemSchema)
		.min(1, 'must hold at least 1 business')
		.max(LIMITS.businessMatchItems, `must hold at most ${LIMITS.businessMatchItems} businesses`),
	request_context: requestContext,
});

// ---------------------------------------------------------------- prospect events

export const timestamp = z.string().regex(DATE_OR_DATETIME_PATTERN, 'must be an ISO 8601 datetime or a date as YYYY-MM-DD');

/** POST /v1/prospects/events: 1 to 40 unique prospect ids; entity_type is "prospect" (the default). */
export const getProspectEventsBody = z.object({
	prospect_ids: idArray(1, LIMITS.prospectEventIds).refine(uniqueIds, 'must not contain duplicate ids'),
	event_types: eventTypes,
	timestamp_from: timestamp.optional(),
	timestamp_to: timestamp.optional(),
	entity_type: z.enum(['prospect']).optional(),
	request_context: requestContext,
});
// ---------------------------------------------------------------- prospect search and statistics (beyond the contract)


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

export const prospectFiltersSchema = z.object(prospectFilterShape).partial().strict().refine(...oneCategoryFilter);

const prospectSearchSize = (max: number) =>
	z
		.number()
		.int('must be a whole number')
		.min(LIMITS.prospectSearchSize.min, `must be at least ${LIMITS.prospectSearchSize.min}`)
		.max(max, `must be at most ${max}`);

/** POST /v1/prospects, as the service takes it (size up to 60,000). */
export const searchProspectsBody = searchBusinessesBody.extend({
	size: prospectSearchSize(LIMITS.prospectSearchSize.max),
	exclude: idArray(1, LIMITS.prospectSearchExclude).optional(),
	filters: prospectFiltersSchema.optional(),
});

/** What Search Prospects version 1 sends: size up to its own cap of 10,000. */
export const searchProspectsBodyVersion1 = searchProspectsBody.extend({
	size: prospectSearchSize(LIMITS.prospectSearchSizeVersion1),
});

/** POST /v1/businesses/stats: the search's filters only (required, may be empty), no paging. */
export const businessStatsBody = z.object({ filters: filtersSchema, request_context: requestContext });

/** POST /v1/prospects/stats */
export const prospectStatsBody = z.object({ filters: prospectFiltersSchema, request_context: requestContext });
// ---------------------------------------------------------------- enrichments with parameters (beyond the contract)

/** YYYY-MM, a real month, from the first month the traffic enrichment covers. */
export const MONTH_RULE = `must be a month written as YYYY-MM, from ${LIMITS.trafficFirstMonth} on (such as 2024-05)`;
export function isTrafficMonth(text: string): boolean {
	const match = /^(\d{4})-(\d{2})$/.exec(text);
	if (!match) return false;
	const month = Number(match[2]);
	return month >= 1 && month <= 12 && text >= LIMITS.trafficFirstMonth;
}

export const INTENT_SCORE_RULE = `must be a whole number from ${LIMITS.intentScore.min} to ${LIMITS.intentScore.max}`;
export const DATE_RULE = 'must be a date such as 2024-12-31 or a date and time such as 2024-12-31T00:00:00Z';

export const textList = (what: string, max: number) =>
	z
		.array(z.string().trim().min(1, 'must not be empty').max(LIMITS.filterValueLength, `must be at most ${LIMITS.filterValueLength} characters`))
		.min(1, `must hold at least 1 ${what}`)
		.max(max, `must hold at most ${max} ${what}s`);

const businessEnrichBodyWith = <P extends z.ZodTypeAny>(parameters: P) =>
	z.object({
		business_ids: idArray(1, LIMITS.businessEnrichIds),
		request_context: requestContext,
		parameters,
	});

/** financial_indicators: `{date}` is required when parameters are sent. */
export const financialIndicatorsBody = businessEnrichBodyWith(
	z.object({ date: z.string().regex(DATE_OR_DATETIME_PATTERN, DATE_RULE) }).optional(),
);

/** profnet_posts of businesses: `offline_mode` is the text "true" or "false". */
export const businessPostsBody = businessEnrichBodyWith(
	z.object({ offline_mode: z.enum(['true', 'false']).optional() }).passthrough().optional(),
);

/** company_website_keywords: the keywords are required. */
export const websiteKeywordsBody = businessEnrichBodyWith(z.object({ keywords: textList('keyword', LIMITS.websiteKeywords) }));

/** website_traffic: `month_period` when parameters are sent (the month before the current one by default). */
export const websiteTrafficBody = businessEnrichBodyWith(
	z.object({ month_period: z.string().refine(isTrafficMonth, MONTH_RULE) }).optional(),
);

/** business_intent's parameters: topics and a minimum score of 60 to 100 (60 by default). */
export const businessIntentParameters = z.object({
	topics: textList('topic', LIMITS.intentTopics).optional(),
	min_score: z.number().int(INTENT_SCORE_RULE).min(LIMITS.intentScore.min, INTENT_SCORE_RULE).max(LIMITS.intentScore.max, INTENT_SCORE_RULE).optional(),
});
export const businessIntentBody = businessEnrichBodyWith(businessIntentParameters.optional());
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

// ---------------------------------------------------------------- webhooks, v1 (webhooks-research.md §1)

/** `WebhookSimulationEventType` of the service's OpenAPI (0.2.273): the event names check_connectivity can simulate. */
export const WEBHOOK_SIMULATION_EVENT_TYPES = [
	'award',
	'closing_office',
	'company_award',
	'cost_cutting',
	...['all', 'customer_service', 'engineering', 'marketing', 'operations', 'sales'].map((d) => `decrease_in_${d}_department`),
	'employee_joined_company',
	'funding_round',
	...[
		'creative',
		'education',
		'engineering',
		'finance',
		'health',
		'human_resources',
		'legal',
		'marketing',
		'operations',
		'professional_service',
		'sales',
		'support',
		'trade',
		'unknown',
	].map((d) => `hiring_in_${d}_department`),
	...['all', 'customer_service', 'engineering', 'marketing', 'operations', 'sales'].map((d) => `increase_in_${d}_department`),
	'ipo_announcement',
	'lawsuits_and_legal_issues',
	'merger_and_acquisitions',
	'new_funding_round',
	'new_investment',
	'new_office',
	'new_partnership',
	'new_product',
	'outages_and_security_breaches',
	'prospect_changed_company',
	'prospect_changed_role',
	'prospect_job_start_anniversary',
] as [string, ...string[]];

/** How the service serializes a delivered event (0.3.19+): a JSON object, or a JSON string holding it. */
export const WEBHOOK_PAYLOAD_FORMATS = ['json', 'stringified_json'] as const;

/** `WebhookAddRequest` (additionalProperties: false); `headers` and `payload_format` since 0.3.19. */
export const registerWebhookBody = z
	.object({
		partner_id: z.string().min(1),
		webhook_url: z.string().min(1),
		request_context: requestContext.nullable(),
		headers: z.array(z.string()).optional(),
		payload_format: z.enum(WEBHOOK_PAYLOAD_FORMATS).optional(),
	})
	.strict();

/** check_connectivity's `simulation`: 1 to 10 mock events of one type, named as the API version names them. */
export const webhookSimulation = (eventTypes: readonly [string, ...string[]]) =>
	z
		.object({
			event_name: z.enum(eventTypes),
			number_of_events: z
				.number()
				.int('must be a whole number')
				.min(LIMITS.webhookSimulatedEvents.min, `must be at least ${LIMITS.webhookSimulatedEvents.min}`)
				.max(LIMITS.webhookSimulatedEvents.max, `must be at most ${LIMITS.webhookSimulatedEvents.max}`),
			event_time: z.string().regex(DATE_OR_DATETIME_PATTERN, 'must be a date-time').optional(),
		})
		.strict();

/** check_connectivity: a test event, or (with `simulation`) 1 to 10 mock events of one type. */
export const checkWebhookConnectivityBody = z
	.object({
		partner_id: z.string().min(1),
		simulation: webhookSimulation(WEBHOOK_SIMULATION_EVENT_TYPES).optional(),
		request_context: requestContext.nullable(),
	})
	.strict();

// ---------------------------------------------------------------- credits (beyond-contract.md §7, v2-migration-research.md §15)

/** How a credit usage aggregation groups the credits: by time (`timely`, the service's default) or by endpoint. */
export const CREDITS_MODES = ['timely', 'endpoints'] as const;
export type CreditsMode = (typeof CREDITS_MODES)[number];

/** The time buckets of a `timely` aggregation; each covers at most LIMITS.creditsAggregationDays. */
export const CREDITS_RESOLUTIONS = ['hour', 'day', 'month'] as const;
export type CreditsResolution = (typeof CREDITS_RESOLUTIONS)[number];

const DAY_MS = 86_400_000;

/** [I] The longest span of an aggregation by endpoint, which has no resolution: the month's. */
export const creditsSpanDays = (mode: CreditsMode | undefined, resolution: CreditsResolution | undefined): number =>
	LIMITS.creditsAggregationDays[mode === 'endpoints' ? 'month' : (resolution ?? 'day')];

export const CREDITS_ORDER_RULE = 'must be after from_date';
export const TIMEZONE_RULE = 'must be an IANA time zone such as UTC or America/New_York';
export const RESOLUTION_REQUIRED_RULE = 'is required when mode is timely';
export const spanRule = (days: number, resolution: string | undefined) =>
	`must be at most ${days} days after from_date${resolution ? ` at resolution ${resolution}` : ''}`;

/** Whether the runtime knows a time zone name (Intl refuses unknown ones). */
export function isTimeZone(name: string): boolean {
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: name });
		return true;
	} catch {
		return false;
	}
}

/** The aggregation request's fields, which v2 keeps (research §15); each version adds its strictness. */
export const creditsAggregationFields = z.object({
	from_date: timestamp,
	to_date: timestamp,
	mode: z.enum(CREDITS_MODES).optional(),
	resolution: z.enum(CREDITS_RESOLUTIONS).optional(),
	timezone: z.string().refine(isTimeZone, TIMEZONE_RULE).optional(),
	request_context: requestContext,
});

/** The rules across fields: a resolution for a timely aggregation, and a period the resolution can cover. */
export function checkCreditsPeriod(body: z.infer<typeof creditsAggregationFields>, issues: z.RefinementCtx): void {
	if ((body.mode ?? 'timely') === 'timely' && body.resolution === undefined) {
		issues.addIssue({ code: 'custom', path: ['resolution'], message: RESOLUTION_REQUIRED_RULE });
	}
	const from = Date.parse(body.from_date);
	const to = Date.parse(body.to_date);
	if (Number.isNaN(from) || Number.isNaN(to)) return;
	if (to <= from) {
		issues.addIssue({ code: 'custom', path: ['to_date'], message: CREDITS_ORDER_RULE });
		return;
	}
	const days = creditsSpanDays(body.mode, body.resolution);
	// calendar days in the request's time zone: a week across a clock change is 167 or 169 hours
	const zone = body.timezone !== undefined && isTimeZone(body.timezone) ? body.timezone : 'UTC';
	if (wallClockSpan(zone, from, to) > days * DAY_MS) {
		issues.addIssue({ code: 'custom', path: ['to_date'], message: spanRule(days, body.mode === 'endpoints' ? undefined : body.resolution) });
	}
}

/**
 * POST /v1/credits/aggregation: the period (from_date before to_date, at most a span that depends
 * on the resolution), the grouping and the time zone of the buckets (the service's default UTC).
 */
export const creditsAggregationBody = creditsAggregationFields.superRefine(checkCreditsPeriod);
