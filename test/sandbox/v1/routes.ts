/**
 * The sandbox's v1 half: API v1's routes, each catalog entry with its handler. The handlers of
 * what only v1 does (page-number searches, enrollments, the partner webhook) are in this folder;
 * those in ../handlers are shared with v2's half, which adapts them (../v2/handlers.ts). Retiring
 * v1 deletes this folder and its lines in ../router.ts. `satisfies` makes a v1 endpoint without a
 * handler a type error.
 */
import { type EndpointNames, V1_ENDPOINTS } from '../../../nodes/shared/api';
import { type Handler, responseContext } from '../handlers/context';
import { businessAutocomplete } from '../handlers/autocomplete';
import { creditsAggregationWith, creditsWith } from '../handlers/credits';
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
import { matchProspects } from '../handlers/match';
import { matchBusinesses } from '../handlers/matchBusinesses';
import { getProspectEvents } from '../handlers/prospectEvents';
import {
	createBusinessEnrollment,
	createProspectEnrollment,
	deleteProspectEnrollment,
	listBusinessEnrollments,
	listProspectEnrollments,
	updateBusinessEnrollment,
	updateProspectEnrollment,
} from './enrollments';
import { getBusinessEvents } from './events';
import { businessStats, prospectStats, searchBusinesses, searchProspects } from './search';
import { checkWebhookConnectivity, deleteWebhook, getWebhook, registerWebhook } from './webhooks';
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
	// the same vocabulary for both kinds of filter
	prospectAutocomplete: businessAutocomplete,
	registerWebhook,
	getWebhook,
	deleteWebhook,
	checkWebhookConnectivity,
	credits: creditsWith(responseContext),
	creditsAggregation: creditsAggregationWith(responseContext),
} satisfies Record<EndpointNames['v1'], Handler>;

/** Every v1 endpoint with its handler. */
export const V1_SERVED: Served[] = Object.entries(V1_ENDPOINTS).map(([name, definition]) => ({
	version: 'v1' as const,
	name: name as EndpointNames['v1'],
	definition,
	handler: HANDLERS[name as EndpointNames['v1']] as Handler,
}));
