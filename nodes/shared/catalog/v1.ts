/**
 * The v1 endpoint catalog: every v1 endpoint of the service contract, once (see index.ts for
 * who reads it). The v1 wire format is frozen: the service serves it unchanged until v1 retires.
 */
import { LIMITS } from '../limits';
import {
	businessBulkEnrichBody,
	businessEnrollmentBody,
	businessStatsBody,
	businessIntentBody,
	businessPostsBody,
	checkWebhookConnectivityBody,
	creditsAggregationBody,
	financialIndicatorsBody,
	deleteProspectEnrollmentBody,
	autocompleteQuery,
	emptyBody,
	getBusinessEventsBody,
	matchBusinessesBody,
	getProspectEventsBody,
	matchProspectsBody,
	prospectBulkEnrichBody,
	prospectEnrollmentBody,
	prospectStatsBody,
	registerWebhookBody,
	searchBusinessesBody,
	searchProspectsBody,
	updateBusinessEnrollmentBody,
	updateProspectEnrollmentBody,
	websiteKeywordsBody,
	websiteTrafficBody,
} from '../schemas';
import type { EndpointDefinition } from './types';

const businessBulkEnrich = (path: string): EndpointDefinition => ({
	method: 'POST',
	path,
	body: businessBulkEnrichBody,
	batch: { key: 'business_ids', limit: LIMITS.businessEnrichIds },
	result: { field: 'data', join: { by: 'id', field: 'business_id' } },
	idempotent: true,
});

const prospectBulkEnrich = (path: string): EndpointDefinition => ({
	method: 'POST',
	path,
	body: prospectBulkEnrichBody,
	batch: { key: 'prospect_ids', limit: LIMITS.prospectEnrichIds },
	result: { field: 'data', join: { by: 'id', field: 'prospect_id' } },
	idempotent: true,
});

const definitions = {
	searchBusinesses: {
		method: 'POST',
		path: '/v1/businesses',
		body: searchBusinessesBody,
		result: { field: 'data', recordId: 'business_id' },
		idempotent: true,
	},
	getBusinessEvents: {
		method: 'POST',
		path: '/v1/businesses/events',
		body: getBusinessEventsBody,
		batch: { key: 'business_ids', limit: LIMITS.businessEventIds },
		result: { field: 'output_events', join: { by: 'id', field: 'business_id' } },
		idempotent: true,
	},
	createBusinessEnrollment: {
		method: 'POST',
		path: '/v1/businesses/events/enrollments',
		body: businessEnrollmentBody,
		batch: { key: 'business_ids', limit: LIMITS.businessEnrollmentIds },
		idempotent: false,
	},
	updateBusinessEnrollment: {
		method: 'PATCH',
		path: '/v1/businesses/events/enrollments',
		body: updateBusinessEnrollmentBody,
		batch: { key: 'business_ids', limit: LIMITS.businessEnrollmentIds },
		idempotent: true,
	},
	listBusinessEnrollments: {
		method: 'GET',
		path: '/v1/businesses/events/enrollments',
		body: emptyBody,
		result: { field: 'enrollments' },
		idempotent: true,
		partnerHeader: true,
	},
	createProspectEnrollment: {
		method: 'POST',
		path: '/v1/prospects/events/enrollments',
		body: prospectEnrollmentBody,
		batch: { key: 'prospect_ids', limit: LIMITS.prospectEnrollmentIds },
		idempotent: false,
	},
	updateProspectEnrollment: {
		method: 'PATCH',
		path: '/v1/prospects/events/enrollments',
		body: updateProspectEnrollmentBody,
		batch: { key: 'prospect_ids', limit: LIMITS.prospectEnrollmentIds },
		idempotent: true,
	},
	deleteProspectEnrollment: {
		method: 'DELETE',
		path: '/v1/prospects/events/enrollments',
		body: deleteProspectEnrollmentBody,
		idempotent: true,
	},
	matchProspects: {
		method: 'POST',
		path: '/v1/prospects/match',
		body: matchProspectsBody,
		batch: { key: 'prospects_to_match', limit: LIMITS.matchItems },
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
		body: matchBusinessesBody,
		batch: { key: 'businesses_to_match', limit: LIMITS.businessMatchItems },
		result: { field: 'matched_businesses', join: { by: 'position' } },
		idempotent: true,
	},
	getProspectEvents: {
		method: 'POST',
		path: '/v1/prospects/events',
		body: getProspectEventsBody,
		batch: { key: 'prospect_ids', limit: LIMITS.prospectEventIds },
		result: { field: 'output_events', join: { by: 'id', field: 'prospect_id' } },
		idempotent: true,
	},
	listProspectEnrollments: {
		method: 'GET',
		path: '/v1/prospects/events/enrollments',
		body: emptyBody,
		result: { field: 'enrollments' },
		idempotent: true,
		partnerHeader: true,
	},
	// beyond the contract (beyond-contract.md §2, §3)
	searchProspects: {
		method: 'POST',
		path: '/v1/prospects',
		body: searchProspectsBody,
		result: { field: 'data', recordId: 'prospect_id' },
		idempotent: true,
	},
	businessStats: {
		method: 'POST',
		path: '/v1/businesses/stats',
		body: businessStatsBody,
		idempotent: true,
	},
	prospectStats: {
		method: 'POST',
		path: '/v1/prospects/stats',
		body: prospectStatsBody,
		idempotent: true,
	},
	// every other bulk enrichment (beyond-contract.md section 6); those with parameters have their own body schema
	enrichBusinessFirmographics: businessBulkEnrich('/v1/businesses/firmographics/bulk_enrich'),
	enrichBusinessTechnographics: businessBulkEnrich('/v1/businesses/technographics/bulk_enrich'),
	enrichBusinessEmployeeRatings: businessBulkEnrich('/v1/businesses/company_ratings_by_employees/bulk_enrich'),
	enrichBusinessFinancialIndicators: {
		...businessBulkEnrich('/v1/businesses/financial_indicators/bulk_enrich'),
		body: financialIndicatorsBody,
	},
	enrichBusinessWorkforceTrends: businessBulkEnrich('/v1/businesses/workforce_trends/bulk_enrich'),
	enrichBusinessCompetitiveLandscape: businessBulkEnrich('/v1/businesses/pc_competitive_landscape_10k/bulk_enrich'),
	enrichBusinessPosts: { ...businessBulkEnrich('/v1/businesses/profnet_posts/bulk_enrich'), body: businessPostsBody },
	enrichBusinessWebsiteKeywords: {
		...businessBulkEnrich('/v1/businesses/company_website_keywords/bulk_enrich'),
		body: websiteKeywordsBody,
	},
	enrichBusinessLookalikes: businessBulkEnrich('/v1/businesses/lookalikes/bulk_enrich'),
	enrichBusinessWebstack: businessBulkEnrich('/v1/businesses/webstack/bulk_enrich'),
	enrichBusinessHierarchy: businessBulkEnrich('/v1/businesses/company_hierarchies/bulk_enrich'),
	enrichBusinessWebsiteTraffic: {
		...businessBulkEnrich('/v1/businesses/website_traffic/bulk_enrich'),
		body: websiteTrafficBody,
	},
	enrichBusinessIntent: { ...businessBulkEnrich('/v1/businesses/business_intent/bulk_enrich'), body: businessIntentBody },
	enrichProspectContacts: prospectBulkEnrich('/v1/prospects/contacts_information/bulk_enrich'),
	businessAutocomplete: {
		method: 'GET',
		path: '/v1/businesses/autocomplete',
		body: emptyBody,
		query: autocompleteQuery,
		bareArray: true,
		idempotent: true,
	},
	prospectAutocomplete: {
		method: 'GET',
		path: '/v1/prospects/autocomplete',
		body: emptyBody,
		query: autocompleteQuery,
		bareArray: true,
		idempotent: true,
	},
	// the key's credits and their use (beyond-contract.md §7); v2 has the same under /v2 (research §15)
	credits: { method: 'GET', path: '/v1/credits', body: emptyBody, idempotent: true },
	creditsAggregation: { method: 'POST', path: '/v1/credits/aggregation', body: creditsAggregationBody, idempotent: true },
	// webhooks, v1: one per partner (webhooks-research.md §1)
	registerWebhook: {
		method: 'POST',
		path: '/v1/webhooks',
		body: registerWebhookBody,
		// the same registration again only rotates the secret, and the last answer holds the one in force
		idempotent: true,
	},
	getWebhook: {
		method: 'GET',
		path: '/v1/webhooks/{partner_id}',
		body: emptyBody,
		idempotent: true,
	},
	deleteWebhook: {
		method: 'DELETE',
		path: '/v1/webhooks/{partner_id}',
		body: emptyBody,
		idempotent: true,
	},
	checkWebhookConnectivity: {
		method: 'POST',
		path: '/v1/webhooks/check_connectivity',
		body: checkWebhookConnectivityBody,
		// a repeat pushes the test or simulated events again
		idempotent: false,
	},
} satisfies Record<string, EndpointDefinition>;

export type V1EndpointName = keyof typeof definitions;

export const V1_ENDPOINTS: Record<V1EndpointName, EndpointDefinition> = definitions;
