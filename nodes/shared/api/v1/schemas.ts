/**
 * API v1's request bodies (the legacy version): what v1 takes where v2 takes otherwise (../v2/schemas
 * holds v2's bodies and the fields both are built of). The v1 catalog points at these.
 */
import { z } from 'zod/v3';

import { LIMITS } from '../v2/limits';
import { checkCreditsPeriod, creditsAggregationFields } from '../v2/schemas/creditsPeriod';
import { businessIntentParameters, DATE_RULE, isTrafficMonth, MONTH_RULE } from '../v2/schemas/enrichParameters';
import {
	DATE_OR_DATETIME_PATTERN,
	enrollmentKeySchema,
	eventTypes,
	idArray,
	idSchema,
	requestContext,
	textList,
	uniqueIds,
} from '../v2/schemas/fields';
import { businessEventsFields, prospectEventsFields } from '../v2/schemas/events';
import { businessFilterShape, oneCategoryFilter, prospectFilterShape } from '../v2/schemas/filters';
import { matchBusinessesFields, prospectsToMatch } from '../v2/schemas/matchItems';
import { WEBHOOK_PAYLOAD_FORMATS, WEBHOOK_SIMULATION_EVENT_TYPES, webhookSimulation } from '../v2/schemas/webhookSimulation';
import { V1_LIMITS } from './limits';

/** A search's `size`: the records it serves across its pages, from `min` to `max`. */
export const searchSize = (min: number, max: number) =>
	z.number().int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);

/** The `size` each v1 search takes (a node version may cap it lower: the dialect's pageBody). */
export const SEARCH_SIZES: Readonly<Record<string, { min: number; max: number } | undefined>> = {
	searchBusinesses: LIMITS.searchSize,
	searchProspects: LIMITS.prospectSearchSize,
};

/** The bulk enrichments' parameters object, left to the service to check on v1. */
const parameters = z.record(z.unknown()).optional();

export const filtersSchemaV1 = z.object(businessFilterShape).partial().strict().refine(...oneCategoryFilter);

export const searchBusinessesBodyV1 = z.object({
	mode: z.enum(['full', 'preview']),
	size: searchSize(LIMITS.searchSize.min, LIMITS.searchSize.max),
	page_size: z
		.number()
		.int('must be a whole number')
		.min(V1_LIMITS.searchPageSize.min, `must be at least ${V1_LIMITS.searchPageSize.min}`)
		.max(V1_LIMITS.searchPageSize.max, `must be at most ${V1_LIMITS.searchPageSize.max}`),
	page: z.number().int('must be a whole number').min(1, 'must be at least 1').optional(),
	exclude: idArray(1, LIMITS.searchExclude).optional(),
	filters: filtersSchemaV1.optional(),
	request_context: requestContext,
});

export const getBusinessEventsBodyV1 = businessEventsFields;

export const businessEnrollmentBodyV1 = z.object({
	enrollment_key: enrollmentKeySchema,
	event_types: eventTypes,
	business_ids: idArray(1, LIMITS.businessEnrollmentIds),
	request_context: requestContext,
});

export const updateBusinessEnrollmentBodyV1 = businessEnrollmentBodyV1.extend({
	enrollment_id: idSchema,
});

export const prospectEnrollmentBodyV1 = z.object({
	enrollment_key: enrollmentKeySchema,
	prospect_ids: idArray(1, V1_LIMITS.prospectEnrollmentIds),
	event_types: eventTypes,
	ttl_days: z.number().int('must be a whole number').positive('must be a positive number of days').optional(),
	request_context: requestContext,
});

export const updateProspectEnrollmentBodyV1 = prospectEnrollmentBodyV1
	.omit({ ttl_days: true })
	.extend({ enrollment_id: idSchema });

export const deleteProspectEnrollmentBodyV1 = z.object({
	enrollment_id: idSchema,
	request_context: requestContext,
});

export const matchProspectsBodyV1 = z.object({
	prospects_to_match: prospectsToMatch(V1_LIMITS.matchItems),
	request_context: requestContext,
});

export const prospectBulkEnrichBodyV1 = z.object({
	prospect_ids: idArray(1, LIMITS.prospectEnrichIds).refine(uniqueIds, 'must not contain duplicate ids'),
	request_context: requestContext,
	parameters,
});

export const businessBulkEnrichBodyV1 = z.object({
	business_ids: idArray(1, LIMITS.businessEnrichIds),
	request_context: requestContext,
	parameters,
});

/** POST /v1/prospects/events: 1 to 40 unique prospect ids; entity_type is "prospect" (the default). */
export const getProspectEventsBodyV1 = prospectEventsFields;

export const prospectFiltersSchemaV1 = z.object(prospectFilterShape).partial().strict().refine(...oneCategoryFilter);

/** POST /v1/prospects, as the service takes it (size up to 60,000). */
export const searchProspectsBodyV1 = searchBusinessesBodyV1.extend({
	size: searchSize(LIMITS.prospectSearchSize.min, LIMITS.prospectSearchSize.max),
	exclude: idArray(1, LIMITS.prospectSearchExclude).optional(),
	filters: prospectFiltersSchemaV1.optional(),
});

/** POST /v1/businesses/stats: the search's filters only (required, may be empty), no paging. */
export const businessStatsBodyV1 = z.object({ filters: filtersSchemaV1, request_context: requestContext });

/** POST /v1/prospects/stats */
export const prospectStatsBodyV1 = z.object({ filters: prospectFiltersSchemaV1, request_context: requestContext });

const businessEnrichBodyWith = <P extends z.ZodTypeAny>(parameters: P) =>
	z.object({
		business_ids: idArray(1, LIMITS.businessEnrichIds),
		request_context: requestContext,
		parameters,
	});

/** financial_indicators: `{date}` is required when parameters are sent. */
export const financialIndicatorsBodyV1 = businessEnrichBodyWith(
	z.object({ date: z.string().regex(DATE_OR_DATETIME_PATTERN, DATE_RULE) }).optional(),
);

/** profnet_posts of businesses: `offline_mode` is the text "true" or "false". */
export const businessPostsBodyV1 = businessEnrichBodyWith(
	z.object({ offline_mode: z.enum(['true', 'false']).optional() }).passthrough().optional(),
);

/** company_website_keywords: the keywords are required. */
export const websiteKeywordsBodyV1 = businessEnrichBodyWith(z.object({ keywords: textList('keyword', LIMITS.websiteKeywords) }));

/** website_traffic: `month_period` when parameters are sent (the month before the current one by default). */
export const websiteTrafficBodyV1 = businessEnrichBodyWith(
	z.object({ month_period: z.string().refine(isTrafficMonth, MONTH_RULE) }).optional(),
);

export const businessIntentBodyV1 = businessEnrichBodyWith(businessIntentParameters.optional());

/** `WebhookAddRequest` (additionalProperties: false); `headers` and `payload_format` since 0.3.19. */
export const registerWebhookBodyV1 = z
	.object({
		partner_id: z.string().min(1),
		webhook_url: z.string().min(1),
		request_context: requestContext.nullable(),
		headers: z.array(z.string()).optional(),
		payload_format: z.enum(WEBHOOK_PAYLOAD_FORMATS).optional(),
	})
	.strict();

/** check_connectivity: a test event, or (with `simulation`) 1 to 10 mock events of one type. */
export const checkWebhookConnectivityBodyV1 = z
	.object({
		partner_id: z.string().min(1),
		simulation: webhookSimulation(WEBHOOK_SIMULATION_EVENT_TYPES).optional(),
		request_context: requestContext.nullable(),
	})
	.strict();

/**
 * POST /v1/credits/aggregation: the period (from_date before to_date, at most a span that depends
 * on the resolution), the grouping and the time zone of the buckets (the service's default UTC).
 */
export const creditsAggregationBodyV1 = creditsAggregationFields.superRefine(checkCreditsPeriod);

/** v1 takes the match of businesses without refusing unknown keys at the top (v2: ../v2/schemas/match.ts). */
export const matchBusinessesBodyV1 = matchBusinessesFields;
