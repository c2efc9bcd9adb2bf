/**
 * Routes come from the endpoint catalogs (v1 and v2 side by side) and bodies are validated with
 * the catalog's schemas, so the sandbox cannot drift from what the nodes send: a path or limit
 * changed in nodes/shared changes here too. `satisfies` makes a catalog endpoint without a
 * handler a type error.
 */
import { type ApiVersion, type EndpointDefinition, type EndpointNames, ENDPOINTS } from '../../nodes/shared/api';
import { billsRows, enrichedIds } from './credits';
import { generalError, zodValidationError } from './errors';
import type { Handler, HandlerContext, Reply } from './handlers/context';
import { V1_SERVED } from './v1/routes';
import { HANDLERS_V2 } from './v2/handlers';

/** A catalog entry with the version that serves it and its handler. */
export interface Served {
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
	...V1_SERVED,
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
