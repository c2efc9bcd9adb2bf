import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { ZodIssue, ZodObject, ZodRawShape, ZodTypeAny } from 'zod/v3';

import { describeIssue, itemValidationError, parseJsonParameter } from '../batching/validate';
import { API_VERSIONS, type ApiVersion, catalogFor, type CommonOperationName, dialectFor, type EndpointDefinition, LIMITS } from '../api';
import { DEFAULT_API_VERSION } from '../transport/connection';
import { parseIdList } from '../idList';
import { showValue } from '../inputRules';
import { isObjectSchema, unwrapSchema } from '../schemaKinds';
import { BUSINESS_FILTERS, type FilterSet } from './filterFields.description';
import { businessFiltersOn, type ParameterReader } from './operatingLocations';
import { businessFiltersFromFields } from './signalFilters';
import { eventNamesOn, filtersOnOtherVersionOnly } from './versionFilters';
import { closestFilter, filterFieldName, filtersFromFields, unknownFilters, withoutEmptyFilters } from './filterValues';

/** A short valid value of "Filters (JSON)", shown in its hint and in errors. */
export const FILTERS_JSON_EXAMPLE = '{ "country_code": { "values": ["us", "ca"] }, "company_size": { "values": ["51-200"] } }';

/**
 * What tells the searches of Search Businesses and Search Prospects apart: endpoints, schemas,
 * limits, the exclude list's ids and the Filters collection. Everything else is the same code.
 */
export interface SearchKind {
	/** the search endpoint (paged) and its statistics endpoint */
	endpoint: CommonOperationName;
	statsEndpoint: CommonOperationName;
	/** the most records one search of this node version returns (Limit's bound, Return All) */
	maxSize: number;
	/** Page Size when the option is not set (the node version's default: 100, or 500 for versions built for v2) */
	defaultPageSize?: number;
	/**
	 * The most API v1 serves for this search, when it is below maxSize (a node version built for
	 * v2 running on a credential set to v1): Return All asks v1 for this many.
	 */
	v1MaxSize?: number;
	/**
	 * The filters in the words of the API version they are sent to (filters one version names
	 * differently, or a default that changed), with what cannot be said in that version.
	 */
	forApiVersion?: (filters: IDataObject, version: ApiVersion, read: ParameterReader) => { filters: IDataObject; problems: string[] };
	/** the exclude list: which ids, how many, and the option's name */
	exclude: { kind: 'business' | 'id'; max: number; parameter: string };
	filters: FilterSet;
	/** the filters object from the Filters collection (defaults to the list fields of `filters`) */
	fromFields?: (fields: IDataObject) => { filters: IDataObject; problems: string[] };
	jsonExample: string;
}

/** Page Size when neither the option nor the node version says otherwise. */
export const DEFAULT_PAGE_SIZE = 100;


export const BUSINESS_SEARCH: SearchKind = {
	endpoint: 'searchBusinesses',
	statsEndpoint: 'businessStats',
	maxSize: LIMITS.searchSize.max,
	exclude: { kind: 'business', max: LIMITS.searchExclude, parameter: 'Exclude Business IDs' },
	filters: BUSINESS_FILTERS,
	fromFields: businessFiltersFromFields,
	forApiVersion: businessFiltersOn,
	jsonExample: FILTERS_JSON_EXAMPLE,
};

interface SearchRequestBase {
	itemIndex: number;
	/** the search endpoint (the same name on both API versions); Search Businesses' when not given */
	endpoint?: CommonOperationName;
	/** records to output for this item */
	limit: number;
}

/** One input item's search by page number (v1's), validated: `size` capping the whole search. */
export interface PageNumberSearch extends SearchRequestBase {
	/** the version it goes to (the client's default when not given) */
	version?: ApiVersion;
	/** the body of the first request; later pages change only `page` */
	body: IDataObject & { size: number; page_size: number; page: number };
}

/**
 * One input item's search by cursor (v2's), validated: without `size` or `page` (v2 refuses
 * both); `limit` alone says when to stop.
 */
export interface CursorSearch extends SearchRequestBase {
	version: ApiVersion;
	/** the body of the first request; later pages add the previous answer's `next_cursor` */
	body: IDataObject & { page_size: number };
	/** a Request Context the version's search cannot take (v2 prospect search), left out of the body */
	droppedRequestContext?: true;
}

/** One input item's search, validated: the first page's body and how many records to keep. */
export type SearchRequest = PageNumberSearch | CursorSearch;

/** Whether a search pages by cursor: its version's paging model says. */
export const isCursorSearch = (request: SearchRequest): request is CursorSearch =>
	dialectFor(request.version ?? DEFAULT_API_VERSION).search.paging === 'cursor';

/** Whether a search pages by page number (the other model). */
export const isPageSearch = (request: SearchRequest): request is PageNumberSearch => !isCursorSearch(request);

const PARAMETER_OF_FIELD: Record<string, string> = {
	mode: 'Mode',
	size: 'Limit',
	page_size: 'Page Size',
	page: 'Starting Page',
	request_context: 'Request Context',
};

function filterParameter(filter: string, part: string, source: string, set: FilterSet): string {
	if (source === 'json') return 'Filters (JSON)';
	// a part a field of its own sets (events.last_occurrence: "Recent Events Within (Days)")
	const partName = `${filter}.${part}`;
	if (set.labels && Object.hasOwn(set.labels, partName)) return `Filters > ${set.labels[partName]}`;
	const name = filterFieldName(filter, set);
	return name === filter ? 'Filters' : `Filters > ${name}`;
}

/**
 * The problems of a search whose filters came from the form, in the form's words: an issue of
 * `filters.<filter>.values[i]` becomes `Regions: "california" must be ...`, with the bad values of
 * one field and rule named together; other issues keep the body field's name.
 */
function describeIssues(issues: ZodIssue[], filters: IDataObject, filterSource: string, set: FilterSet): string[] {
	if (filterSource === 'json') return [...new Set(issues.map((issue) => describeIssue(issue)))];
	const grouped = new Map<string, string[]>();
	const problems: string[] = [];
	for (const issue of issues) {
		const [root, filter, values, index] = issue.path;
		if (root === 'filters' && issue.path.length === 1 && issue.code === 'custom') {
			// the one-category rule: only a workflow saved with the earlier Category field and the new ones reaches it
			problems.push('Categories: only one Category Type can be used per search');
			continue;
		}
		// a part of a filter that a field of its own sets: "Recent Events Within (Days) must be ..."
		const part = `${String(filter)}.${String(values)}`;
		if (root === 'filters' && set.labels && Object.hasOwn(set.labels, part)) {
			problems.push(`${set.labels[part]} ${issue.message}`);
			continue;
		}
		if (root !== 'filters' || values !== 'values' || typeof index !== 'number') {
			problems.push(describeIssue(issue));
			continue;
		}
		const value = (filters[String(filter)] as { values: unknown[] } | undefined)?.values[index];
		const key = `${filterFieldName(String(filter), set)}:\u0000${issue.message}`;
		const shown = typeof value === 'string' ? showValue(value) : String(value);
		if (!grouped.has(key)) {
			grouped.set(key, []);
			problems.push(key);
		}
		if (!grouped.get(key)!.includes(shown)) grouped.get(key)!.push(shown);
	}
	return [...new Set(problems.map((problem) => {
		const shown = grouped.get(problem);
		if (!shown) return problem;
		const [field, message] = problem.split(':\u0000');
		return `${field}: ${shown.join(', ')} ${message}`;
	}))];
}

/** The parameters a user changes to fix the given body paths, for the error's description. */
function parametersToFix(paths: Array<Array<string | number>>, filterSource: string, kind: SearchKind): string[] {
	const names = paths.map((path) =>
		path[0] === 'filters'
			? filterParameter(String(path[1] ?? ''), String(path[2] ?? ''), filterSource, kind.filters)
			: path[0] === 'exclude'
				? kind.exclude.parameter
				: (PARAMETER_OF_FIELD[String(path[0])] ?? String(path[0])),
	);
	return [...new Set(names)];
}

/** "Check "Limit", "Page Size"." for the error's description. */
const check = (parameters: string[]) =>
	parameters.length ? `Check ${parameters.map((name) => `"${name}"`).join(', ')}.` : undefined;

function invalid(ctx: IExecuteFunctions, itemIndex: number, problems: string[], parameters: string[]) {
	return itemValidationError(ctx.getNode(), itemIndex, problems.join('; '), check(parameters));
}

/** A number typed into an expression may arrive as text ("250"). */
function asNumber(value: unknown): unknown {
	if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
	return value;
}

/** The "Request Context" option as an object, or undefined when it is not set or empty. */
function readRequestContext(ctx: IExecuteFunctions, itemIndex: number, options: IDataObject): IDataObject | undefined {
	const raw = options.requestContext;
	if (raw === undefined || raw === '' || raw === null) return undefined;
	const context = parseJsonParameter(ctx.getNode(), itemIndex, raw, {
		label: 'Request Context',
		shape: 'object',
		example: '{ "campaign": "q3-outreach" }',
	});
	return context && Object.keys(context).length > 0 ? { ...context } : undefined;
}

/** An endpoint of a version's catalog, by a name every version serves. */
const definitionOn = (version: ApiVersion, name: CommonOperationName): EndpointDefinition =>
	(catalogFor(version) as Readonly<Record<CommonOperationName, EndpointDefinition>>)[name];

/** The filter names an API version takes: from the kind's own list, or from the catalog's strict body. */
function filterNamesOn(version: ApiVersion, kind: SearchKind): readonly string[] {
	if (dialectFor(version).search.filterNamesOfKind) return kind.filters.names;
	const body = definitionOn(version, kind.endpoint).body as ZodObject<ZodRawShape>;
	// optional(refine(object)): unwrap to the object whose keys are the filters
	const filters = unwrapSchema(body.shape.filters);
	return Object.keys((filters as ZodObject<ZodRawShape>).shape);
}

/**
 * The filters of one item, from the Filters collection or Filters (JSON), in the words of the API
 * version they go to (kind.forApiVersion), not yet validated.
 */
function readFilters(ctx: IExecuteFunctions, itemIndex: number, kind: SearchKind, filterSource: string, version: ApiVersion): IDataObject {
	const inVersion = (filters: IDataObject, parameters: string[]) => {
		let translated = { filters: eventNamesOn(filters, version), problems: [] as string[] };
		if (kind.forApiVersion) {
			const read: ParameterReader = (name, fallback) => ctx.getNodeParameter(name, itemIndex, fallback);
			translated = kind.forApiVersion(translated.filters, version, read);
		}
		if (translated.problems.length) throw invalid(ctx, itemIndex, translated.problems, parameters);
		const label = (filter: string) => (filterSource === 'json' ? filter : filterFieldName(filter, kind.filters));
		const others = API_VERSIONS.filter((other) => other !== version).map((other) => ({ version: other, names: filterNamesOn(other, kind) }));
		const elsewhere = filtersOnOtherVersionOnly(translated.filters, { own: filterNamesOn(version, kind), others }, label);
		if (elsewhere.length) throw invalid(ctx, itemIndex, elsewhere, parameters);
		return translated.filters;
	};
	if (filterSource === 'json') {
		const parsed = parseJsonParameter(ctx.getNode(), itemIndex, ctx.getNodeParameter('filtersJson', itemIndex), {
			label: 'Filters (JSON)',
			shape: 'object',
			example: kind.jsonExample,
			allowReservedKeys: true,
		});
		const json = inVersion(parsed ?? {}, ['Filters (JSON)']);
		const names = filterNamesOn(version, kind);
		const unknown = unknownFilters(json, names);
		if (unknown.length > 0) {
			const suggestions = unknown
				.map((name) => [name, closestFilter(name, names)] as const)
				.filter((entry): entry is readonly [string, string] => entry[1] !== undefined)
				.map(([name, closest]) => `did you mean "${closest}" for ${showValue(name)}?`);
			throw invalid(
				ctx,
				itemIndex,
				[
					`filters has unknown filter${unknown.length > 1 ? 's' : ''} ${unknown.map(showValue).join(', ')}${suggestions.length ? ` (${suggestions.join(' ')})` : ''}: the filters${dialectFor(version).search.filtersScope} are ${names.join(', ')}`,
				],
				['Filters (JSON)'],
			);
		}
		return withoutEmptyFilters(json);
	}
	const fields = ctx.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const built = kind.fromFields ? kind.fromFields(fields) : filtersFromFields(fields, kind.filters);
	if (built.problems.length) throw invalid(ctx, itemIndex, built.problems, ['Filters']);
	return inVersion(built.filters, ['Filters']);
}

/** What both versions read from one item's search parameters, before the version's body is built. */
interface SearchParameters {
	/** as given (a number typed as text already read as a number); the version checks its range */
	limit: unknown;
	page: unknown;
	filterSource: string;
	filters: IDataObject;
	/** the body fields both versions send alike: mode, page_size, exclude, filters, request_context */
	fields: Record<string, unknown>;
}

function readSearchParameters(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: SearchKind,
	maxSize: number,
	version: ApiVersion,
): SearchParameters {
	const mode = ctx.getNodeParameter('mode', itemIndex) as string;
	const returnAll = ctx.getNodeParameter('returnAll', itemIndex) as boolean;
	const limit = returnAll ? maxSize : asNumber(ctx.getNodeParameter('limit', itemIndex));
	const filterSource = ctx.getNodeParameter('filterSource', itemIndex) as string;
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	// the node version's default, within the pages the version serves (a node built for v2 on a v1 credential)
	const pages = dialectFor(version).limits.searchPageSize;
	const pageSize = asNumber(options.pageSize ?? Math.min(kind.defaultPageSize ?? DEFAULT_PAGE_SIZE, pages.max));
	const page = asNumber(options.page ?? 1);
	const exclude = parseIdList(options.exclude ?? '', kind.exclude.kind);
	if ('error' in exclude) throw invalid(ctx, itemIndex, [`exclude ${exclude.error}`], [kind.exclude.parameter]);

	const filters = readFilters(ctx, itemIndex, kind, filterSource, version);
	const requestContext = readRequestContext(ctx, itemIndex, options);
	const fields: Record<string, unknown> = { mode, page_size: pageSize };
	if (exclude.ids.length > 0) fields.exclude = exclude.ids;
	if (Object.keys(filters).length > 0) fields.filters = filters;
	if (requestContext) fields.request_context = requestContext;
	return { limit, page, filterSource, filters, fields };
}

/** The body checked against the version's schema, or the item's error in the form's words. */
function validBody(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: SearchKind,
	schema: ZodTypeAny,
	candidate: Record<string, unknown>,
	read: { filters: IDataObject; filterSource: string },
): IDataObject {
	const parsed = schema.safeParse(candidate);
	if (parsed.success) return parsed.data as IDataObject;
	throw invalid(
		ctx,
		itemIndex,
		describeIssues(parsed.error.issues, read.filters, read.filterSource, kind.filters),
		parametersToFix(
			parsed.error.issues.map((issue) => issue.path),
			read.filterSource,
			kind,
		),
	);
}

/**
 * Reads one input item's parameters into a search and validates the whole body against the
 * version's contract before anything is sent. Errors name the item, the body field and the rule,
 * and say which parameter to change.
 */
export function readSearchRequest(ctx: IExecuteFunctions, itemIndex: number, kind?: SearchKind, version?: 'v1'): PageNumberSearch;
export function readSearchRequest(ctx: IExecuteFunctions, itemIndex: number, kind: SearchKind, version: 'v2'): CursorSearch;
export function readSearchRequest(ctx: IExecuteFunctions, itemIndex: number, kind: SearchKind, version: ApiVersion): SearchRequest;
export function readSearchRequest(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: SearchKind = BUSINESS_SEARCH,
	version: ApiVersion = DEFAULT_API_VERSION,
): SearchRequest {
	const dialect = dialectFor(version);
	if (dialect.search.paging === 'cursor') return readCursorSearch(ctx, itemIndex, kind, version);
	const maxSize = v1MaxSizeOf(kind);
	const read = readSearchParameters(ctx, itemIndex, kind, maxSize, version);
	const { mode, page_size, ...rest } = read.fields;
	const schema = dialect.search.pageBody(kind.endpoint, kind.maxSize);
	const parsed = validBody(ctx, itemIndex, kind, schema, { mode, size: read.limit, page_size, page: read.page, ...rest }, read);
	const body = parsed as PageNumberSearch['body'] & { page?: number };
	const startPage = body.page ?? 1;
	const requested = body.size;

	// `size` caps the records served across all pages, counted from page 1, so a later starting
	// page counts the records before it in. The service never serves past its maximum size, and
	// rejects a page size above `size`: clamp it.
	const skipped = (startPage - 1) * body.page_size;
	if (skipped >= maxSize) {
		throw invalid(
			ctx,
			itemIndex,
			[`page ${startPage} starts after record ${maxSize}, the last one the service serves for a search`],
			['Starting Page'],
		);
	}
	const size = Math.min(maxSize, skipped + requested);
	return {
		itemIndex,
		endpoint: kind.endpoint,
		// said, not left to the client's default: the default moves when a version retires
		version,
		limit: Math.min(requested, size - skipped),
		body: { ...body, size, page_size: Math.min(body.page_size, size), page: startPage },
	};
}

/** The most records a search asks API v1 for: the node version's cap, within what v1 serves. */
export const v1MaxSizeOf = (kind: SearchKind): number => Math.min(kind.maxSize, kind.v1MaxSize ?? kind.maxSize);

/** The most records a search asks API v2 for: the node version's cap, within what one v2 search yields. */
export const v2MaxSizeOf = (kind: SearchKind): number => Math.min(kind.maxSize, LIMITS.searchTotal);

/** The most records one search of this kind yields on a version, by its paging model. */
export const maxSizeOn = (kind: SearchKind, version: ApiVersion): number =>
	dialectFor(version).search.paging === 'page' ? v1MaxSizeOf(kind) : v2MaxSizeOf(kind);

/**
 * One item's v2 search: the same parameters as v1's, sent without `size` and `page`. v2 pages by
 * cursor only, so a search starts at its first record: a Starting Page other than 1 is refused
 * rather than reached by fetching and dropping the pages before it. Return All means the node
 * version's cap, within the most one v2 search yields (LIMITS.searchTotal): a node version
 * built for v1 keeps its cap when its credential switches it to v2.
 */
/** Whether the kind's v2 search body has request_context: the catalog says (v2's prospect search does not). */
export function searchTakesRequestContext(kind: SearchKind, version: ApiVersion): boolean {
	const schema = definitionOn(version, kind.endpoint).body;
	return isObjectSchema(schema) && 'request_context' in schema.shape;
}

function readCursorSearch(ctx: IExecuteFunctions, itemIndex: number, kind: SearchKind, version: ApiVersion): CursorSearch {
	const maxSize = v2MaxSizeOf(kind);
	const read = readSearchParameters(ctx, itemIndex, kind, maxSize, version);
	const { limit } = read;
	if (read.page !== 1) {
		throw invalid(ctx, itemIndex, ['page: a search on API v2 always starts at its first record'], ['Starting Page']);
	}
	if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > maxSize) {
		throw invalid(ctx, itemIndex, [`limit must be a whole number from 1 to ${maxSize}`], ['Limit']);
	}
	// a page never larger than the records wanted: 30 records are one request of 30
	const pageSize = read.fields.page_size;
	const { request_context: requestContext, ...fields } = read.fields;
	const schema = definitionOn(version, kind.endpoint).body;
	const takesContext = searchTakesRequestContext(kind, version);
	const candidate = {
		...fields,
		...(takesContext && requestContext !== undefined && { request_context: requestContext }),
		page_size: typeof pageSize === 'number' ? Math.min(pageSize, limit) : pageSize,
	};
	const body = validBody(ctx, itemIndex, kind, schema, candidate, read) as CursorSearch['body'];
	const search: CursorSearch = { itemIndex, version, endpoint: kind.endpoint, limit, body };
	if (!takesContext && requestContext !== undefined) search.droppedRequestContext = true;
	return search;
}

/** One input item's statistics request: the filters (required by the service, may be empty). */
export interface StatsRequest {
	itemIndex: number;
	body: IDataObject & { filters: IDataObject };
	/** a Request Context the version's statistics cannot take (v2), left out of the body */
	droppedRequestContext?: true;
}

/**
 * Reads and validates one item's statistics request, with the same filter fields as the search, for
 * the version's contract. API v2's statistics take the filters only (research §5, §12): a Request
 * Context is left out there, and the caller says so once.
 */
export function readStatsRequest(ctx: IExecuteFunctions, itemIndex: number, kind: SearchKind, version: ApiVersion = DEFAULT_API_VERSION): StatsRequest {
	const filterSource = ctx.getNodeParameter('filterSource', itemIndex) as string;
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const filters = readFilters(ctx, itemIndex, kind, filterSource, version);
	const requestContext = readRequestContext(ctx, itemIndex, options);
	const candidate: Record<string, unknown> = { filters };
	const takesContext = dialectFor(version).search.requestContextEverywhere;
	if (requestContext && takesContext) candidate.request_context = requestContext;
	const body = validBody(ctx, itemIndex, kind, definitionOn(version, kind.statsEndpoint).body, candidate, { filters, filterSource });
	const request: StatsRequest = { itemIndex, body: body as StatsRequest['body'] };
	if (requestContext && !takesContext) request.droppedRequestContext = true;
	return request;
}
