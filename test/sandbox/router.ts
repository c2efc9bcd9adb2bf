/**
 * Routes come from the endpoint catalogs (v1 and v2 side by side) and bodies are validated with
 * the catalog's schemas, so the sandbox cannot drift from what the nodes send: a path or limit
 * changed in nodes/shared changes here too. `satisfies` makes a catalog endpoint without a
 * handler a type error.
 */
import { type ApiVersion, type EndpointDefinition, type EndpointNames, ENDPOINTS, V1_ENDPOINTS } from '../../nodes/shared/api';
import { billsRows, enrichedIds } from './credits';
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
import { credits, creditsAggregation } from './handlers/credits';
import { getBusinessEvents } from './handlers/events';
import { matchProspects } from './handlers/match';
import { matchBusinesses } from './handlers/matchBusinesses';
import { getProspectEvents, listProspectEnrollments } from './handlers/prospectEvents';
import { searchBusinesses } from './handlers/search';
import { checkWebhookConnectivity, deleteWebhook, getWebhook, registerWebhook } from './handlers/webhooks';
import { businessStats, prospectStats, searchProspects } from './handlers/prospects';
import { HANDLERS_V2 } from './v2/handlers';

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

/** A catalog entry with the version that serves it and its handler. */
interface Served {
	version: ApiVersion;
	name: EndpointNames[ApiVersion];
	definition: EndpointDefinition;
	handler: Handler;
}

export interface Route extends Served {
	/** values of the path's `{name}` segments */
	params: Record<string, string>;
}

interface PathPattern {
	path: string;
	/** literal segments, or a parameter name for `{name}` */
	segments: Array<{ literal: string } | { param: string }>;
	methods: Map<string, Served>;
}

/** Every endpoint of both versions; a path belongs to one version, so none is served twice. */
const SERVED: Served[] = [
	...Object.entries(V1_ENDPOINTS).map(([name, definition]) => ({
		version: 'v1' as const,
		name: name as EndpointNames['v1'],
		definition,
		handler: HANDLERS[name as EndpointNames['v1']] as Handler,
	})),
	...Object.entries(ENDPOINTS).map(([name, definition]) => ({
		version: 'v2' as const,
		name: name as EndpointNames['v2'],
		definition,
		handler: HANDLERS_V2[name as EndpointNames['v2']] as Handler,
	})),
];

/** One pattern per catalog path; literal paths before templated ones, as the service's router tries them. */
const PATTERNS: PathPattern[] = [];
for (const served of SERVED) {
	const { definition } = served;
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
	pattern.methods.set(definition.method, served);
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
 * schemas (422 in the service's shape) and runs the handler. An enrichment's answer is billed
 * (one credit per id with data) before it leaves, or refused with 403 when the credits run short.
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
	const reply = found.handler(parsed.data as never, { ...ctx, query: parsedQuery, params: found.params });
	if (billsRows(found.definition)) {
		const credits = enrichedIds(found.definition, reply.body);
		ctx.credits.debit({ at: ctx.now, endpoint: found.definition.path, credits }, ctx.correlationId);
	}
	return reply;
}
