/**
 * Routes come from the endpoint catalog and bodies are validated with the catalog's schemas, so
 * the sandbox cannot drift from what the nodes send: a path or limit changed in nodes/shared
 * changes here too. `satisfies` makes a catalog endpoint without a handler a type error.
 */
import { ENDPOINTS, type EndpointDefinition, type EndpointName } from '../../nodes/shared/catalog';
import { generalError, zodValidationError } from './errors';
import type { Handler, HandlerContext, Reply } from './handlers/context';
import {
	createBusinessEnrollment,
	createProspectEnrollment,
	deleteProspectEnrollment,
	listBusinessEnrollments,
	updateBusinessEnrollment,
	updateProspectEnrollment,
} from './handlers/enrollments';
import {
	enrichBusinessChallenges,
	enrichBusinessFunding,
	enrichBusinessStrategy,
	enrichBusinessWebsiteChanges,
	enrichProspectPosts,
	enrichProspectProfiles,
} from './handlers/enrich';
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
} from './handlers/enrichments';
import { businessAutocomplete, prospectAutocomplete } from './handlers/autocomplete';
import { getBusinessEvents } from './handlers/events';
import { matchProspects } from './handlers/match';
import { matchBusinesses } from './handlers/matchBusinesses';
import { getProspectEvents, listProspectEnrollments } from './handlers/prospectEvents';
import { searchBusinesses } from './handlers/search';
import { businessStats, prospectStats, searchProspects } from './handlers/prospects';

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
} satisfies Record<EndpointName, Handler>;

export interface Route {
	name: EndpointName;
	definition: EndpointDefinition;
}

/** path → method → endpoint */
const ROUTES = new Map<string, Map<string, Route>>();
for (const [name, definition] of Object.entries(ENDPOINTS) as Array<[EndpointName, EndpointDefinition]>) {
	const methods = ROUTES.get(definition.path) ?? new Map<string, Route>();
	methods.set(definition.method, { name, definition });
	ROUTES.set(definition.path, methods);
}

/** The endpoint for a request line; 404 for an unknown path, 405 for a known path's wrong method. */
export function route(method: string, path: string, correlationId: string): Route {
	const methods = ROUTES.get(path);
	if (!methods) throw generalError(404, `Not found: ${path}`, correlationId);
	const found = methods.get(method);
	if (!found) throw generalError(405, `Method ${method} is not allowed on ${path}`, correlationId);
	return found;
}

/**
 * Validates the body, and the query string where the endpoint takes one, with the endpoint's
 * schemas (422 in the service's shape) and runs the handler.
 */
export function dispatch(
	found: Route,
	body: unknown,
	query: Record<string, string>,
	ctx: Omit<HandlerContext, 'query'>,
): Reply {
	const parsed = found.definition.body.safeParse(body);
	if (!parsed.success) throw zodValidationError(parsed.error);
	let parsedQuery: Record<string, unknown> = {};
	if (found.definition.query) {
		const checked = found.definition.query.safeParse(query);
		if (!checked.success) throw zodValidationError(checked.error, 'query');
		parsedQuery = checked.data as Record<string, unknown>;
	}
	return HANDLERS[found.name](parsed.data as never, { ...ctx, query: parsedQuery });
}
