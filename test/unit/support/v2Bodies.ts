/** A body each v2 endpoint accepts (ids of nobody: valid in form), so a test changes one thing at a time. */
import type { EndpointName } from '../../../nodes/shared/api';
import { jobBodiesOf } from './v2JobBodies';

export const NOBODY_BUSINESS = 'b'.repeat(32);
export const NOBODY_PROSPECT = 'c'.repeat(40);
const B = NOBODY_BUSINESS;
const P = NOBODY_PROSPECT;

const PULL_BODIES = {
	matchBusinesses: { businesses_to_match: [{ domain: 'acme.example' }] },
	matchProspects: { prospects_to_match: [{ email: 'a@acme.example' }] },
	searchBusinesses: { mode: 'preview', page_size: 10 },
	searchProspects: { mode: 'preview', page_size: 10 },
	businessStats: { filters: {} },
	prospectStats: { filters: {} },
	autocomplete: {},
	getBusinessEvents: { event_types: ['new_product'], business_ids: [B] },
	getProspectEvents: { event_types: ['prospect_changed_role'], prospect_ids: [P] },
	enrichBusinessFunding: { business_ids: [B] },
	enrichBusinessStrategy: { business_ids: [B] },
	enrichBusinessWebsiteChanges: { business_ids: [B] },
	enrichBusinessChallenges: { business_ids: [B] },
	enrichBusinessFirmographics: { business_ids: [B] },
	enrichBusinessTechnographics: { business_ids: [B] },
	enrichBusinessEmployeeRatings: { business_ids: [B] },
	enrichBusinessFinancialIndicators: { business_ids: [B] },
	enrichBusinessWorkforceTrends: { business_ids: [B] },
	enrichBusinessCompetitiveLandscape: { business_ids: [B] },
	enrichBusinessPosts: { business_ids: [B] },
	enrichBusinessWebsiteKeywords: { business_ids: [B], parameters: { keywords: ['pricing'] } },
	enrichBusinessLookalikes: { business_ids: [B] },
	enrichBusinessWebstack: { business_ids: [B] },
	enrichBusinessHierarchy: { business_ids: [B] },
	enrichBusinessWebsiteTraffic: { business_ids: [B], parameters: { month_period: '2025-04' } },
	enrichBusinessIntent: { business_ids: [B] },
	enrichProspectProfiles: { prospect_ids: [P] },
	enrichProspectPosts: { prospect_ids: [P] },
	enrichProspectContacts: { prospect_ids: [P] },
	credits: {},
	creditsAggregation: { from_date: '2025-05-01', to_date: '2025-05-31', resolution: 'day' },
	registerWebhook: { name: 'orders', webhook_url: 'https://n8n.example.com/webhook/a/webhook' },
	listWebhooks: {},
	getWebhook: {},
	updateWebhook: { status: 'disabled' },
	deleteWebhook: {},
	rotateWebhookSecret: {},
	checkWebhookConnectivity: {},
	createBusinessEnrollment: { enrollment_key: 'key-accounts', webhook_id: 'w-1', event_types: ['new_product'], business_ids: [B] },
	updateBusinessEnrollment: { event_types: ['executive_joined_company'] },
	listBusinessEnrollments: {},
	deleteBusinessEnrollment: {},
	createProspectEnrollment: { enrollment_key: 'key-people', webhook_id: 'w-1', event_types: ['prospect_changed_role'], prospect_ids: [P] },
	updateProspectEnrollment: { prospect_ids: [P] },
	listProspectEnrollments: {},
	deleteProspectEnrollment: {},
};

export const VALID_V2_BODIES: Record<EndpointName, Record<string, unknown>> = { ...PULL_BODIES, ...jobBodiesOf(PULL_BODIES) };
