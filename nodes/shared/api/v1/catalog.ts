/**
 * The v1 endpoint catalog: every v1 endpoint of the service contract, once (see index.ts for
 * who reads it). The v1 wire format is frozen: the service serves it unchanged until v1 retires.
 */
import { LIMITS } from '../v2/limits';
import { autocompleteQuery } from '../v2/schemas/autocomplete';
import { emptyBody } from '../v2/schemas/fields';
import { businessBulkEnrichBodyV1, businessEnrollmentBodyV1, businessIntentBodyV1, businessPostsBodyV1, businessStatsBodyV1, checkWebhookConnectivityBodyV1, creditsAggregationBodyV1, deleteProspectEnrollmentBodyV1, financialIndicatorsBodyV1, getBusinessEventsBodyV1, getProspectEventsBodyV1, matchBusinessesBodyV1, matchProspectsBodyV1, prospectBulkEnrichBodyV1, prospectEnrollmentBodyV1, prospectStatsBodyV1, registerWebhookBodyV1, searchBusinessesBodyV1, searchProspectsBodyV1, updateBusinessEnrollmentBodyV1, updateProspectEnrollmentBodyV1, websiteKeywordsBodyV1, websiteTrafficBodyV1 } from './schemas';
import { ONE_QUERY_ASSUMED, perEntity, perEntityAssumed } from '../v2/catalog/meters';
import type { EndpointDefinition } from '../v2/catalog/types';
import { V1_LIMITS } from './limits';

const businessBulkEnrich = (path: string): EndpointDefinition => ({
	method: 'POST',
	path,
	body: businessBulkEnrichBodyV1,
	batch: { key: 'business_ids', limit: LIMITS.businessEnrichIds },
	meter: perEntity('business_ids'),
	result: { field: 'data', join: { by: 'id', field: 'business_id' } },
	idempotent: true,
});

const prospectBulkEnrich = (path: string): EndpointDefinition => ({
	method: 'POST',
	path,
	body: prospectBulkEnrichBodyV1,
	batch: { key: 'prospect_ids', limit: LIMITS.prospectEnrichIds },
	meter: perEntity('prospect_ids'),
	result: { field: 'data', join: { by: 'id', field: 'prospect_id' } },
	idempotent: true,
});

const definitions = {
	searchBusinesses: {
		method: 'POST',
		meter: ONE_QUERY_ASSUMED,
		path: '/v1/businesses',
		body: searchBusinessesBodyV1,
		result: { field: 'data', recordId: 'business_id' },
		idempotent: true,
	},
	getBusinessEvents: {
		method: 'POST',
		path: '/v1/businesses/events',
		body: getBusinessEventsBodyV1,
		batch: { key: 'business_ids', limit: LIMITS.businessEventIds },
		meter: perEntityAssumed('business_ids'),
		result: { field: 'output_events', join: { by: 'id', field: 'business_id' } },
		idempotent: true,
	},
	createBusinessEnrollment: {
		method: 'POST',
		path: '/v1/businesses/events/enrollments',
		body: businessEnrollmentBodyV1,
		batch: { key: 'business_ids', limit: LIMITS.businessEnrollmentIds },
		meter: perEntityAssumed('business_ids'),
		idempotent: false,
	},
	updateBusinessEnrollment: {
		method: 'PATCH',
		path: '/v1/businesses/events/enrollments',
		body: updateBusinessEnrollmentBodyV1,
		batch: { key: 'business_ids', limit: LIMITS.businessEnrollmentIds },
		meter: perEntityAssumed('business_ids'),
		idempotent: true,
	},
	listBusinessEnrollments: {
		method: 'GET',
		meter: ONE_QUERY_ASSUMED,
		path: '/v1/businesses/events/enrollments',
		body: emptyBody,
		result: { field: 'enrollments' },
		idempotent: true,
		partnerHeader: true,
	},
	createProspectEnrollment: {
		method: 'POST',
		path: '/v1/prospects/events/enrollments',
		body: prospectEnrollmentBodyV1,
		batch: { key: 'prospect_ids', limit: V1_LIMITS.prospectEnrollmentIds },
		meter: perEntityAssumed('prospect_ids'),
		idempotent: false,
	},
	updateProspectEnrollment: {
		method: 'PATCH',
		path: '/v1/prospects/events/enrollments',
		body: updateProspectEnrollmentBodyV1,
		batch: { key: 'prospect_ids', limit: V1_LIMITS.prospectEnrollmentIds },
		meter: perEntityAssumed('prospect_ids'),
		idempotent: true,
	},
	deleteProspectEnrollment: {
		method: 'DELETE',
		meter: ONE_QUERY_ASSUMED,
		path: '/v1/prospects/events/enrollments',
		body: deleteProspectEnrollmentBodyV1,
		idempotent: true,
	},
	matchProspects: {
		method: 'POST',
		path: '/v1/prospects/match',
		body: matchProspectsBodyV1,
		batch: { key: 'prospects_to_match', limit: V1_LIMITS.matchItems },
		meter: perEntity('prospects_to_match'),
		result: { field: 'matched_prospects', join: { by: 'position' } },
		idempotent: true,
	},
	enrichProspectProfiles: prospectBulkEnrich('/v1/prospects/profiles/bulk_enrich'),
	enrichProspectPosts: prospectBulkEnrich('/v1/prospects/profnet_posts/bulk_enrich'),
	enrichBusinessFunding: businessBulkEnrich('/v1/businesses/funding_and_acquisition/bulk_enrich'),
	enrichBusinessStrategy: businessBulkEnrich('/v1/businesses/pc_strategy_10k/bulk_enrich'),
	enrichBusinessWebsiteChanges: businessBulkEnrich('/v1/businesses/website_changes/bulk_enrich'),
	enrichBusinessChallenges: businessBulkEnrich('/v1/businesses/pc_business_challenges_10k/bulk_enrich'),
	matchBusinesses: {
		method: 'POST',
		path: '/v1/businesses/match',
		body: matchBusinessesBodyV1,
		batch: { key: 'businesses_to_match', limit: LIMITS.businessMatchItems },
		meter: perEntity('businesses_to_match'),
		result: { field: 'matched_businesses', join: { by: 'position' } },
		idempotent: true,
	},
	getProspectEvents: {
		method: 'POST',
		path: '/v1/prospects/events',
		body: getProspectEventsBodyV1,
		batch: { key: 'prospect_ids', limit: LIMITS.prospectEventIds },
		meter: perEntityAssumed('prospect_ids'),
		result: { field: 'output_events', join: { by: 'id', field: 'prospect_id' } },
		idempotent: true,
	},
	listProspectEnrollments: {
		method: 'GET',
		meter: ONE_QUERY_ASSUMED,
		path: '/v1/prospects/events/enrollments',
		body: emptyBody,
		result: { field: 'enrollments' },
		idempotent: true,
		partnerHeader: true,
	},
	// beyond the contract (beyond-contract.md §2, §3)
	searchProspects: {
		method: 'POST',
		meter: ONE_QUERY_ASSUMED,
		path: '/v1/prospects',
		body: searchProspectsBodyV1,
		result: { field: 'data', recordId: 'prospect_id' },
		idempotent: true,
	},
	businessStats: {
		method: 'POST',
		meter: ONE_QUERY_ASSUMED,
		path: '/v1/businesses/stats',
		body: businessStatsBodyV1,
		idempotent: true,
	},
	prospectStats: {
		method: 'POST',
		meter: ONE_QUERY_ASSUMED,
		path: '/v1/prospects/stats',
		body: prospectStatsBodyV1,
		idempotent: true,
	},
	// every other bulk enrichment (beyond-contract.md section 6); those with parameters have their own body schema
	enrichBusinessFirmographics: businessBulkEnrich('/v1/businesses/firmographics/bulk_enrich'),
	enrichBusinessTechnographics: businessBulkEnrich('/v1/businesses/technographics/bulk_enrich'),
	enrichBusinessEmployeeRatings: businessBulkEnrich('/v1/businesses/company_ratings_by_employees/bulk_enrich'),
	enrichBusinessFinancialIndicators: {
		...businessBulkEnrich('/v1/businesses/financial_indicators/bulk_enrich'),
		body: financialIndicatorsBodyV1,
	},
	enrichBusinessWorkforceTrends: businessBulkEnrich('/v1/businesses/workforce_trends/bulk_enrich'),
	enrichBusinessCompetitiveLandscape: businessBulkEnrich('/v1/businesses/pc_competitive_landscape_10k/bulk_enrich'),
	enrichBusinessPosts: { ...businessBulkEnrich('/v1/businesses/profnet_posts/bulk_enrich'), body: businessPostsBodyV1 },
	enrichBusinessWebsiteKeywords: {
		...businessBulkEnrich('/v1/businesses/company_website_keywords/bulk_enrich'),
		body: websiteKeywordsBodyV1,
	},
	enrichBusinessLookalikes: businessBulkEnrich('/v1/businesses/lookalikes/bulk_enrich'),
	enrichBusinessWebstack: businessBulkEnrich('/v1/businesses/webstack/bulk_enrich'),
	enrichBusinessHierarchy: businessBulkEnrich('/v1/businesses/company_hierarchies/bulk_enrich'),
	enrichBusinessWebsiteTraffic: {
		...businessBulkEnrich('/v1/businesses/website_traffic/bulk_enrich'),
		body: websiteTrafficBodyV1,
	},
	enrichBusinessIntent: { ...businessBulkEnrich('/v1/businesses/business_intent/bulk_enrich'), body: businessIntentBodyV1 },
	enrichProspectContacts: prospectBulkEnrich('/v1/prospects/contacts_information/bulk_enrich'),
	businessAutocomplete: {
		method: 'GET',
		meter: ONE_QUERY_ASSUMED,
		path: '/v1/businesses/autocomplete',
		body: emptyBody,
		query: autocompleteQuery,
		bareArray: true,
		idempotent: true,
	},
	prospectAutocomplete: {
		method: 'GET',
		meter: ONE_QUERY_ASSUMED,
		path: '/v1/prospects/autocomplete',
		body: emptyBody,
		query: autocompleteQuery,
		bareArray: true,
		idempotent: true,
	},
	// the key's credits and their use (beyond-contract.md §7); v2 has the same under /v2 (research §15)
	credits: { method: 'GET', meter: ONE_QUERY_ASSUMED, path: '/v1/credits', body: emptyBody, idempotent: true },
	creditsAggregation: { method: 'POST', meter: ONE_QUERY_ASSUMED, path: '/v1/credits/aggregation', body: creditsAggregationBodyV1, idempotent: true },
	// webhooks, v1: one per partner (webhooks-research.md §1)
	registerWebhook: {
		method: 'POST',
		meter: ONE_QUERY_ASSUMED,
		path: '/v1/webhooks',
		body: registerWebhookBodyV1,
		// the same registration again only rotates the secret, and the last answer holds the one in force
		idempotent: true,
	},
	getWebhook: {
		method: 'GET',
		meter: ONE_QUERY_ASSUMED,
		path: '/v1/webhooks/{partner_id}',
		body: emptyBody,
		idempotent: true,
	},
	deleteWebhook: {
		method: 'DELETE',
		meter: ONE_QUERY_ASSUMED,
		path: '/v1/webhooks/{partner_id}',
		body: emptyBody,
		idempotent: true,
	},
	checkWebhookConnectivity: {
		method: 'POST',
		meter: ONE_QUERY_ASSUMED,
		path: '/v1/webhooks/check_connectivity',
		body: checkWebhookConnectivityBodyV1,
		// a repeat pushes the test or simulated events again
		idempotent: false,
	},
} satisfies Record<string, EndpointDefinition>;

export type V1EndpointName = keyof typeof definitions;

export const V1_ENDPOINTS: Record<V1EndpointName, EndpointDefinition> = definitions;
