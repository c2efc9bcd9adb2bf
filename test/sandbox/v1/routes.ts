/**
 * The sandbox's v1 half: API v1's routes, each catalog entry with its handler (the handlers are
 * shared with v2's half, which adapts them: ../v2/handlers.ts). Retiring v1 deletes this folder
 * and its line in ../router.ts. `satisfies` makes a v1 endpoint without a handler a type error.
 */
import { type EndpointNames, V1_ENDPOINTS } from '../../../nodes/shared/api';
import type { Handler } from '../handlers/context';
import {
	createBusinessEnrollment,
	createProspectEnrollment,
	deleteProspectEnrollment,
	listBusinessEnrollments,
	updateBusinessEnrollment,
	updateProspectEnrollment,
} from '../handlers/enrollments';
import {
	enrichBusinessChallenges,
	enrichBusinessFunding,
	enrichBusinessStrategy,
	enrichBusinessWebsiteChanges,
	enrichProspectPosts,
	enrichProspectProfiles,
} from '../handlers/enrich';
import {
	enrichBusinessCompetitiveLandscape,
	enrichBusinessEmployeeRatings,
	enrichBusinessFinancialIndicators,
	enrichBusinessFirmographics,
	enrichBusinessHierarchy,
	enrichBusinessIntent,
	enrichBusinessLookalikes,
	enrichBusinessPosts,
	enrichBusinessTechnographics,
	enrichBusinessWebsiteKeywords,
	enrichBusinessWebsiteTraffic,
	enrichBusinessWebstack,
	enrichBusinessWorkforceTrends,
	enrichProspectContacts,
} from '../handlers/enrichments';
import { businessAutocomplete, prospectAutocomplete } from '../handlers/autocomplete';
import { credits, creditsAggregation } from '../handlers/credits';
import { getBusinessEvents } from '../handlers/events';
import { matchProspects } from '../handlers/match';
import { matchBusinesses } from '../handlers/matchBusinesses';
import { getProspectEvents, listProspectEnrollments } from '../handlers/prospectEvents';
import { searchBusinesses } from '../handlers/search';
import { checkWebhookConnectivity, deleteWebhook, getWebhook, registerWebhook } from '../handlers/webhooks';
import { businessStats, prospectStats, searchProspects } from '../handlers/prospects';
import type { Served } from '../router';

const HANDLERS = {
	searchBusinesses,
	getBusinessEvents,
	createBusinessEnrollment,
	updateBusinessEnrollment,
	listBusinessEnrollments,
	createProspectEnrollment,
	updateProspectEnrollment,
	deleteProspectEnrollment,
	matchProspects,
	enrichProspectProfiles,
	enrichProspectPosts,
	enrichBusinessFunding,
	enrichBusinessStrategy,
	enrichBusinessWebsiteChanges,
	enrichBusinessChallenges,
	matchBusinesses,
	getProspectEvents,
	listProspectEnrollments,
	searchProspects,
	businessStats,
	prospectStats,
	enrichBusinessFirmographics,
	enrichBusinessTechnographics,
	enrichBusinessEmployeeRatings,
	enrichBusinessFinancialIndicators,
	enrichBusinessWorkforceTrends,
	enrichBusinessCompetitiveLandscape,
	enrichBusinessPosts,
	enrichBusinessWebsiteKeywords,
	enrichBusinessLookalikes,
	enrichBusinessWebstack,
	enrichBusinessHierarchy,
	enrichBusinessWebsiteTraffic,
	enrichBusinessIntent,
	enrichProspectContacts,
	businessAutocomplete,
	prospectAutocomplete,
	registerWebhook,
	getWebhook,
	deleteWebhook,
	checkWebhookConnectivity,
	credits,
	creditsAggregation,
} satisfies Record<EndpointNames['v1'], Handler>;

/** Every v1 endpoint with its handler. */
export const V1_SERVED: Served[] = Object.entries(V1_ENDPOINTS).map(([name, definition]) => ({
	version: 'v1' as const,
	name: name as EndpointNames['v1'],
	definition,
	handler: HANDLERS[name as EndpointNames['v1']] as Handler,
}));
