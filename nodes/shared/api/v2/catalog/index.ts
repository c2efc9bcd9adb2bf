/**
 * The API v2 endpoint catalog (v2-migration-research.md): the pull families (match, search,
 * statistics, autocomplete, events, sync enrichment, credits) here, webhooks and the enrollments
 * bound to them in v2Push.ts. Async jobs come later. Entries doing what a v1 entry does carry its
 * name, so one engine can ask either catalog for the same operation.
 */
import { LIMITS } from '../limits';
import { autocompleteQuery } from '../schemas/autocomplete';
import { emptyBody } from '../schemas/fields';
import {
	businessEnrichBody,
	businessIntentBody,
	businessPostsBody,
	businessStatsBody,
	creditsAggregationBody,
	financialIndicatorsBody,
	getBusinessEventsBody,
	getProspectEventsBody,
	matchBusinessesBody,
	matchProspectsBody,
	prospectEnrichBody,
	prospectStatsBody,
	searchBusinessesBody,
	searchProspectsBody,
	websiteKeywordsBody,
	websiteTrafficBody,
} from '../schemas';
import { ONE_QUERY_ASSUMED, perEntity, perEntityAssumed } from './meters';
import type { EndpointDefinition } from './types';
import { enrichmentJobs, JOB_CONTROL_ENDPOINTS } from './jobs';
import { enrollmentDefinitions, webhookDefinitions } from './push';

/** POST /v2/businesses/<segment>/enrich: rows `{business_id, data}`, data one object or many. */
const businessEnrich = (segment: string, body: EndpointDefinition['body'] = businessEnrichBody): EndpointDefinition => ({
	method: 'POST',
	path: `/v2/businesses/${segment}/enrich`,
	body,
	batch: { key: 'business_ids', limit: LIMITS.businessEnrichIds },
	meter: perEntity('business_ids'),
	result: { field: 'data', join: { by: 'id', field: 'business_id' }, rowData: 'oneOrMany' },
	idempotent: true,
});

const prospectEnrich = (segment: string): EndpointDefinition => ({
	method: 'POST',
	path: `/v2/prospects/${segment}/enrich`,
	body: prospectEnrichBody,
	batch: { key: 'prospect_ids', limit: LIMITS.prospectEnrichIds },
	meter: perEntity('prospect_ids'),
	result: { field: 'data', join: { by: 'id', field: 'prospect_id' }, rowData: 'oneOrMany' },
	idempotent: true,
});

const definitions = {
	matchBusinesses: {
		method: 'POST',
		path: '/v2/businesses/match',
		body: matchBusinessesBody,
		batch: { key: 'businesses_to_match', limit: LIMITS.businessMatchItems },
		meter: perEntity('businesses_to_match'),
		result: { field: 'matched_businesses', join: { by: 'position' } },
		idempotent: true,
	},
	matchProspects: {
		method: 'POST',
		path: '/v2/prospects/match',
		body: matchProspectsBody,
		batch: { key: 'prospects_to_match', limit: LIMITS.matchItems },
		meter: perEntity('prospects_to_match'),
		result: { field: 'matched_prospects', join: { by: 'position' } },
		idempotent: true,
	},
	searchBusinesses: {
		method: 'POST',
		meter: ONE_QUERY_ASSUMED,
		path: '/v2/businesses',
		body: searchBusinessesBody,
		result: { field: 'data', recordId: 'business_id' },
		paging: 'cursor',
		idempotent: true,
	},
	searchProspects: {
		method: 'POST',
		meter: ONE_QUERY_ASSUMED,
		path: '/v2/prospects',
		body: searchProspectsBody,
		result: { field: 'data', recordId: 'prospect_id' },
		paging: 'cursor',
		idempotent: true,
	},
	businessStats: { method: 'POST', meter: ONE_QUERY_ASSUMED, path: '/v2/businesses/stats', body: businessStatsBody, idempotent: true },
	prospectStats: { method: 'POST', meter: ONE_QUERY_ASSUMED, path: '/v2/prospects/stats', body: prospectStatsBody, idempotent: true },
	// one autocomplete for both kinds of filter (research §8)
	autocomplete: {
		method: 'GET',
		meter: ONE_QUERY_ASSUMED,
		path: '/v2/autocomplete',
		body: emptyBody,
		query: autocompleteQuery,
		bareArray: true,
		idempotent: true,
	},
	getBusinessEvents: {
		method: 'POST',
		path: '/v2/businesses/events',
		body: getBusinessEventsBody,
		batch: { key: 'business_ids', limit: LIMITS.businessEventIds },
		meter: perEntityAssumed('business_ids'),
		result: { field: 'output_events', join: { by: 'id', field: 'business_id' } },
		idempotent: true,
	},
	getProspectEvents: {
		method: 'POST',
		path: '/v2/prospects/events',
		body: getProspectEventsBody,
		batch: { key: 'prospect_ids', limit: LIMITS.prospectEventIds },
		meter: perEntityAssumed('prospect_ids'),
		result: { field: 'output_events', join: { by: 'id', field: 'prospect_id' } },
		idempotent: true,
	},
	// the 17 business segments of research §7, in v1's catalog order
	enrichBusinessFunding: businessEnrich('funding_and_acquisition'),
	enrichBusinessStrategy: businessEnrich('pc_strategy_10k'),
	enrichBusinessWebsiteChanges: businessEnrich('website_changes'),
	enrichBusinessChallenges: businessEnrich('pc_business_challenges_10k'),
	enrichBusinessFirmographics: businessEnrich('firmographics'),
	enrichBusinessTechnographics: businessEnrich('technographics'),
	enrichBusinessEmployeeRatings: businessEnrich('company_ratings_by_employees'),
	enrichBusinessFinancialIndicators: businessEnrich('financial_indicators', financialIndicatorsBody),
	enrichBusinessWorkforceTrends: businessEnrich('workforce_trends'),
	enrichBusinessCompetitiveLandscape: businessEnrich('pc_competitive_landscape_10k'),
	enrichBusinessPosts: businessEnrich('profnet_posts', businessPostsBody),
	enrichBusinessWebsiteKeywords: businessEnrich('company_website_keywords', websiteKeywordsBody),
	enrichBusinessLookalikes: businessEnrich('lookalikes'),
	enrichBusinessWebstack: businessEnrich('webstack'),
	enrichBusinessHierarchy: businessEnrich('company_hierarchies'),
	enrichBusinessWebsiteTraffic: businessEnrich('website_traffic', websiteTrafficBody),
	enrichBusinessIntent: businessEnrich('business_intent', businessIntentBody),
	enrichProspectProfiles: prospectEnrich('profiles'),
	enrichProspectPosts: prospectEnrich('profnet_posts'),
	// renamed from contacts_information (research §14)
	enrichProspectContacts: prospectEnrich('contact_information'),
	credits: { method: 'GET', meter: ONE_QUERY_ASSUMED, path: '/v2/credits', body: emptyBody, idempotent: true },
	creditsAggregation: {
		method: 'POST',
		meter: ONE_QUERY_ASSUMED,
		path: '/v2/credits/aggregation',
		body: creditsAggregationBody,
		idempotent: true,
	},
	...webhookDefinitions,
	...enrollmentDefinitions,
} satisfies Record<string, EndpointDefinition>;

/** The pull and push families, then the async job flow built from their enrichments (v2Jobs.ts). */
const catalog = { ...definitions, ...enrichmentJobs(definitions), ...JOB_CONTROL_ENDPOINTS };

export type EndpointName = keyof typeof catalog;

export const ENDPOINTS: Record<EndpointName, EndpointDefinition> = catalog;
