/**
 * API v2's push side (v2-migration-research.md §6, §9, §13): webhooks keyed by webhook_id, and
 * enrollments bound to one. Names shared with v1 mean the same operation; the ids of v2's paths
 * (`{webhook_id}`, `{enrollment_id}`) are filled from RequestOptions.pathParams.
 */
import { LIMITS } from '../limits';
import { emptyBody } from '../schemas/fields';
import {
	checkWebhookConnectivityBody,
	createBusinessEnrollmentBody,
	createProspectEnrollmentBody,
	createWebhookBody,
	deleteWebhookQuery,
	listWebhooksQuery,
	updateBusinessEnrollmentBody,
	updateProspectEnrollmentBody,
	updateWebhookBody,
} from '../schemas';
import { ONE_QUERY_ASSUMED, perEntityAssumed } from './meters';
import type { EndpointDefinition } from './types';

const WEBHOOK = '/v2/webhooks/{webhook_id}';

export const webhookDefinitions = {
	registerWebhook: {
		method: 'POST',
		meter: ONE_QUERY_ASSUMED,
		path: '/v2/webhooks',
		body: createWebhookBody,
		// a repeat creates a second webhook (v2 never overrides one), with a secret nobody kept
		idempotent: false,
	},
	listWebhooks: {
		method: 'GET',
		meter: ONE_QUERY_ASSUMED,
		path: '/v2/webhooks',
		body: emptyBody,
		query: listWebhooksQuery,
		// [I] the research names no list field: `webhooks`, as enrollments are listed under `enrollments`
		result: { field: 'webhooks' },
		idempotent: true,
	},
	getWebhook: { method: 'GET', meter: ONE_QUERY_ASSUMED, path: WEBHOOK, body: emptyBody, idempotent: true },
	updateWebhook: { method: 'PATCH', meter: ONE_QUERY_ASSUMED, path: WEBHOOK, body: updateWebhookBody, idempotent: true },
	deleteWebhook: {
		method: 'DELETE',
		meter: ONE_QUERY_ASSUMED,
		path: WEBHOOK,
		body: emptyBody,
		query: deleteWebhookQuery,
		idempotent: true,
	},
	rotateWebhookSecret: {
		method: 'POST',
		meter: ONE_QUERY_ASSUMED,
		path: `${WEBHOOK}/rotate_secret`,
		body: emptyBody,
		// a repeat rotates again, and the last answer holds the secret in force (as v1's re-register)
		idempotent: true,
	},
	checkWebhookConnectivity: {
		method: 'POST',
		meter: ONE_QUERY_ASSUMED,
		path: `${WEBHOOK}/check_connectivity`,
		body: checkWebhookConnectivityBody,
		// a repeat pushes the test or simulated events again
		idempotent: false,
	},
} satisfies Record<string, EndpointDefinition>;

const BUSINESS_ENROLLMENTS = '/v2/businesses/events/enrollments';
const PROSPECT_ENROLLMENTS = '/v2/prospects/events/enrollments';

export const enrollmentDefinitions = {
	createBusinessEnrollment: {
		method: 'POST',
		path: BUSINESS_ENROLLMENTS,
		body: createBusinessEnrollmentBody,
		batch: { key: 'business_ids', limit: LIMITS.businessEnrollmentIds },
		meter: perEntityAssumed('business_ids'),
		idempotent: false,
	},
	updateBusinessEnrollment: {
		method: 'PATCH',
		path: `${BUSINESS_ENROLLMENTS}/{enrollment_id}`,
		body: updateBusinessEnrollmentBody,
		batch: { key: 'business_ids', limit: LIMITS.businessEnrollmentIds },
		meter: perEntityAssumed('business_ids'),
		idempotent: true,
	},
	listBusinessEnrollments: {
		method: 'GET',
		meter: ONE_QUERY_ASSUMED,
		path: BUSINESS_ENROLLMENTS,
		body: emptyBody,
		result: { field: 'enrollments' },
		idempotent: true,
	},
	deleteBusinessEnrollment: {
		method: 'DELETE',
		meter: ONE_QUERY_ASSUMED,
		path: `${BUSINESS_ENROLLMENTS}/{enrollment_id}`,
		body: emptyBody,
		idempotent: true,
	},
	createProspectEnrollment: {
		method: 'POST',
		path: PROSPECT_ENROLLMENTS,
		body: createProspectEnrollmentBody,
		batch: { key: 'prospect_ids', limit: LIMITS.prospectEnrollmentIds },
		meter: perEntityAssumed('prospect_ids'),
		idempotent: false,
	},
	updateProspectEnrollment: {
		method: 'PATCH',
		path: `${PROSPECT_ENROLLMENTS}/{enrollment_id}`,
		body: updateProspectEnrollmentBody,
		batch: { key: 'prospect_ids', limit: LIMITS.prospectEnrollmentIds },
		meter: perEntityAssumed('prospect_ids'),
		idempotent: true,
	},
	listProspectEnrollments: {
		method: 'GET',
		meter: ONE_QUERY_ASSUMED,
		path: PROSPECT_ENROLLMENTS,
		body: emptyBody,
		result: { field: 'enrollments' },
		idempotent: true,
	},
	deleteProspectEnrollment: {
		method: 'DELETE',
		meter: ONE_QUERY_ASSUMED,
		path: `${PROSPECT_ENROLLMENTS}/{enrollment_id}`,
		body: emptyBody,
		idempotent: true,
	},
} satisfies Record<string, EndpointDefinition>;
