/**
 * The endpoint catalog: every endpoint of the service contract, once. Transport reads method
 * and path, the batching engine reads the batch key, limit and where results live (it requests
 * each id of an id-joined endpoint once, which also meets the contract's uniqueness rules),
 * validation reads the schemas, and the sandbox serves exactly these routes.
 */
import type { IHttpRequestMethods } from 'n8n-workflow';
import type { ZodTypeAny } from 'zod';

import { LIMITS } from './limits';
import {
	businessBulkEnrichBody,
	businessEnrollmentBody,
	deleteProspectEnrollmentBody,
	autocompleteQuery,
	emptyBody,
	getBusinessEventsBody,
	matchProspectsBody,
	prospectBulkEnrichBody,
	prospectEnrollmentBody,
	searchBusinessesBody,
	updateBusinessEnrollmentBody,
	updateProspectEnrollmentBody,
} from './schemas';

/** How the elements of a response are matched back to the batched request elements. */
export type ResultJoin =
	/** the n-th result belongs to the n-th request element (the service keeps order) */
	| { by: 'position' }
	/** results carry the id they belong to; an id may have zero, one or many results */
	| { by: 'id'; field: string };

export interface EndpointBatch {
	/** body array that many input items share */
	key: string;
	/** most elements of `key` per request; undefined when the contract sets no limit (one request) */
	limit: number | undefined;
}

export interface EndpointDefinition {
	method: IHttpRequestMethods;
	/** path below the base URL, with the /v1 prefix */
	path: string;
	/** request body schema (the whole body) */
	body: ZodTypeAny;
	/** present when many input items can share one request */
	batch?: EndpointBatch;
	/** response field holding the result array, and how it joins back */
	result?: { field: string; join?: ResultJoin };
	/** retrying may create a duplicate: retry only when the request surely never arrived */
	idempotent: boolean;
	/** send the credential's partner id header (only where the contract names it) */
	partnerHeader?: boolean;
	/** query string schema (GET endpoints that take one); values are text */
	query?: ZodTypeAny;
	/** the answer is a bare JSON array, without response_context */
	bareArray?: boolean;
}

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
		result: { field: 'data' },
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
} satisfies Record<string, EndpointDefinition>;

export type EndpointName = keyof typeof definitions;

export const ENDPOINTS: Record<EndpointName, EndpointDefinition> = definitions;
