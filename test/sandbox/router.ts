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
import { checkWebhookConnectivity, deleteWebhook, getWebhook, registerWebhook } from './handlers/webhooks';
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
	registerWebhook,
	getWebhook,
	deleteWebhook,
	checkWebhookConnectivity,
} satisfies Record<EndpointName, Handler>;

export interface Route {
	name: EndpointName;
	definition: EndpointDefinition;
	/** values of the path's `{name}` segments */
	params: Record<string, string>;
}

interface PathPattern {
	path: string;
	/** literal segments, or a parameter name for `{name}` */
	segments: Array<{ literal: string } | { param: string }>;
	methods: Map<string, { name: EndpointName; definition: EndpointDefinition }>;
}

/** One pattern per catalog path; literal paths before templated ones, as the service's router tries them. */
const PATTERNS: PathPattern[] = [];
for (const [name, definition] of Object.entries(ENDPOINTS) as Array<[EndpointName, EndpointDefinition]>) {
	let pattern = PATTERNS.find((candidate) => candidate.path === definition.path);
	if (!pattern) {
		pattern = {
			path: definition.path,
			segments: definition.path.split('/').map((segment) => {
				const param = /^\{(\w+)\}$/.exec(segment);
				return param ? { param: param[1] } : { literal: segment };
			}),
			methods: new Map(),
		};
		PATTERNS.push(pattern);
	}
	pattern.methods.set(definition.method, { name, definition });
}
PATTERNS.sort((a, b) => Number(a.path.includes('{')) - Number(b.path.includes('{')));

function matchPath(pattern: PathPattern, parts: string[]): Record<string, string> | undefined {
	if (pattern.segments.length !== parts.length) return undefined;
	const params: Record<string, string> = {};
	for (let i = 0; i < parts.length; i++) {
		const segment = pattern.segments[i];
		if ('literal' in segment) {
			if (segment.literal !== parts[i]) return undefined;
		} else {
			if (parts[i] === '') return undefined;
			try {
				params[segment.param] = decodeURIComponent(parts[i]);
			} catch {
				return undefined;
			}
		}
	}
	return params;
}

/**
 * The endpoint for a request line: the first path that matches with this method wins; 405 when
 * a path matches with other methods only, 404 when none matches.
 */
export function route(method: string, path: string, correlationId: string): Route {
	const parts = path.split('/');
	let pathMatched = false;
	for (const pattern of PATTERNS) {
		const params = matchPath(pattern, parts);
		if (!params) continue;
		pathMatched = true;
		const found = pattern.methods.get(method);
		if (found) return { ...found, params };
	}
	if (!pathMatched) throw generalError(404, `Not found: ${path}`, correlationId);
	throw generalError(405, `Method ${method} is not allowed on ${path}`, correlationId);
}

/**
 * Validates the body, and the query string where the endpoint takes one, with the endpoint's
 * schemas (422 in the service's shape) and runs the handler.
 */
export function dispatch(
	found: Route,
	body: unknown,
	query: Record<string, string>,
	ctx: Omit<HandlerContext, 'query' | 'params'>,
): Reply {
	const parsed = found.definition.body.safeParse(body);
	if (!parsed.success) throw zodValidationError(parsed.error);
	let parsedQuery: Record<string, unknown> = {};
	if (found.definition.query) {
		const checked = found.definition.query.safeParse(query);
		if (!checked.success) throw zodValidationError(checked.error, 'query');
		parsedQuery = checked.data as Record<string, unknown>;
	}
	return HANDLERS[found.name](parsed.data as never, { ...ctx, query: parsedQuery, params: found.params });
}
