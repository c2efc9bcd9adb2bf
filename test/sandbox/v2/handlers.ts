/**
 * The handler of every v2 catalog endpoint (`satisfies` makes a missing one a type error). Most
 * run the handler both versions share (../handlers, answering in v1's envelope) on the same
 * universe and re-envelope its answer; the searches, business events, enrichments, credits,
 * webhooks and enrollments have v2 handlers of their own.
 */
import type { EndpointName } from '../../../nodes/shared/api';
import { businessAutocomplete } from '../handlers/autocomplete';
import type { Handler } from '../handlers/context';
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
import { asV2 } from './context';
import { creditsAggregationV2, creditsV2 } from './credits';
import {
	createBusinessEnrollmentV2,
	createProspectEnrollmentV2,
	deleteBusinessEnrollmentV2,
	deleteProspectEnrollmentV2,
	listBusinessEnrollmentsV2,
	listProspectEnrollmentsV2,
	updateBusinessEnrollmentV2,
	updateProspectEnrollmentV2,
} from './enrollments';
import { enrichV2 } from './enrich';
import { getBusinessEventsV2 } from './events';
import { jobHandlersV2 } from './jobs/handlers';
import { businessStatsV2, prospectStatsV2, searchBusinessesV2, searchProspectsV2 } from './search';
import {
	checkWebhookConnectivityV2,
	createWebhookV2,
	deleteWebhookV2,
	getWebhookV2,
	listWebhooksV2,
	rotateWebhookSecretV2,
	updateWebhookV2,
} from './webhooks';

/** The handlers of the requests answered at once (pull families, webhooks, enrollments); the job flow's come from the enrichments among them (jobs/handlers.ts). */
const SYNC_HANDLERS_V2 = {
	matchBusinesses: asV2(matchBusinesses),
	matchProspects: asV2(matchProspects),
	searchBusinesses: searchBusinessesV2,
	searchProspects: searchProspectsV2,
	businessStats: businessStatsV2,
	prospectStats: prospectStatsV2,
	// one vocabulary for both kinds of filter, as v1's two endpoints already shared
	autocomplete: businessAutocomplete,
	getBusinessEvents: getBusinessEventsV2,
	// prospect event names and payloads did not change (research §13)
	getProspectEvents: asV2(getProspectEvents),
	enrichBusinessFunding: enrichV2('enrichBusinessFunding', enrichBusinessFunding),
	enrichBusinessStrategy: enrichV2('enrichBusinessStrategy', enrichBusinessStrategy),
	enrichBusinessWebsiteChanges: enrichV2('enrichBusinessWebsiteChanges', enrichBusinessWebsiteChanges),
	enrichBusinessChallenges: enrichV2('enrichBusinessChallenges', enrichBusinessChallenges),
	enrichBusinessFirmographics: enrichV2('enrichBusinessFirmographics', enrichBusinessFirmographics),
	enrichBusinessTechnographics: enrichV2('enrichBusinessTechnographics', enrichBusinessTechnographics),
	enrichBusinessEmployeeRatings: enrichV2('enrichBusinessEmployeeRatings', enrichBusinessEmployeeRatings),
	enrichBusinessFinancialIndicators: enrichV2('enrichBusinessFinancialIndicators', enrichBusinessFinancialIndicators),
	enrichBusinessWorkforceTrends: enrichV2('enrichBusinessWorkforceTrends', enrichBusinessWorkforceTrends),
	enrichBusinessCompetitiveLandscape: enrichV2('enrichBusinessCompetitiveLandscape', enrichBusinessCompetitiveLandscape),
	enrichBusinessPosts: enrichV2('enrichBusinessPosts', enrichBusinessPosts),
	enrichBusinessWebsiteKeywords: enrichV2('enrichBusinessWebsiteKeywords', enrichBusinessWebsiteKeywords),
	enrichBusinessLookalikes: enrichV2('enrichBusinessLookalikes', enrichBusinessLookalikes),
	enrichBusinessWebstack: enrichV2('enrichBusinessWebstack', enrichBusinessWebstack),
	enrichBusinessHierarchy: enrichV2('enrichBusinessHierarchy', enrichBusinessHierarchy),
	enrichBusinessWebsiteTraffic: enrichV2('enrichBusinessWebsiteTraffic', enrichBusinessWebsiteTraffic),
	enrichBusinessIntent: enrichV2('enrichBusinessIntent', enrichBusinessIntent),
	enrichProspectProfiles: enrichV2('enrichProspectProfiles', enrichProspectProfiles),
	enrichProspectPosts: enrichV2('enrichProspectPosts', enrichProspectPosts),
	enrichProspectContacts: enrichV2('enrichProspectContacts', enrichProspectContacts),
	credits: creditsV2,
	creditsAggregation: creditsAggregationV2,
	registerWebhook: createWebhookV2,
	listWebhooks: listWebhooksV2,
	getWebhook: getWebhookV2,
	updateWebhook: updateWebhookV2,
	deleteWebhook: deleteWebhookV2,
	rotateWebhookSecret: rotateWebhookSecretV2,
	checkWebhookConnectivity: checkWebhookConnectivityV2,
	createBusinessEnrollment: createBusinessEnrollmentV2,
	updateBusinessEnrollment: updateBusinessEnrollmentV2,
	listBusinessEnrollments: listBusinessEnrollmentsV2,
	deleteBusinessEnrollment: deleteBusinessEnrollmentV2,
	createProspectEnrollment: createProspectEnrollmentV2,
	updateProspectEnrollment: updateProspectEnrollmentV2,
	listProspectEnrollments: listProspectEnrollmentsV2,
	deleteProspectEnrollment: deleteProspectEnrollmentV2,
};

export const HANDLERS_V2 = { ...SYNC_HANDLERS_V2, ...jobHandlersV2(SYNC_HANDLERS_V2) } satisfies Record<EndpointName, Handler>;
