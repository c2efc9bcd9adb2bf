/**
 * What Search Businesses and Search Prospects share: their parameters (built from each node's
 * texts and Filters collection), the search run (pages, order, pairing, shared searches) and the
 * Get Statistics operation. Each node passes its SearchKind and texts; nothing is copied.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { deepCopy } from 'n8n-workflow';

import { stableKey } from '../batching/grouping';
import { assembleOutput, prepareItems, runEach } from '../batching/items';
import { type ApiVersion, dialectFor, LIMITS } from '../api';
import { concurrencyOption, optionsCollection } from '../descriptions';
import { readParameter } from '../parameters';
import { ApiClient } from '../transport/apiClient';
import { apiVersionOf } from '../transport/apiVersion';
import { fixedForTool, forTool, fromAi, notForTool, toolDescription } from '../toolMode';
import { fetchAllPages, withSearchCosts } from './paginate';
import {
	DEFAULT_PAGE_SIZE,
	isCursorSearch,
	isPageSearch,
	readSearchRequest,
	readStatsRequest,
	type SearchKind,
	type SearchRequest,
	searchTakesRequestContext,
	v1MaxSizeOf,
} from './searchRequest';
import { DEFAULT_API_VERSION } from '../transport/connection';

/** The node's texts: what its records are, and what the model is told in tool mode. */
export interface SearchTexts {
	/** "business", "prospect" */
	record: string;
	/** "businesses", "prospects" */
	records: string;
	/** "Businesses", "Prospects": for "Max Businesses" and "Exclude Business IDs" */
	Records: string;
	/** the action names in the node creator: "Search businesses", "Get business statistics" */
	searchAction: string;
	statisticsAction: string;
	/** the hint under Return All: the most records one search returns, and why */
	sizeHint: string;
	/** what Get Statistics breaks the total down by, for its description */
	statisticsContent: string;
	modeOptions: INodePropertyOptions[];
	filterFields: INodeProperties[];
	excludePlaceholder: string;
	jsonExample: string;
	jsonDescription: string;
	tool: { description: string; filtersForModel: string; limit: number; maxParameter: string };
	/** parameters shown after the filters (Search Businesses on API v2: Include Operating Locations) */
	afterFilters?: INodeProperties;
}

export const SEARCH_OPERATION = 'search';
export const STATISTICS_OPERATION = 'getStatistics';

/** A property shown for one operation only (merged with its own display options). */
function forOperation(operation: string, property: INodeProperties): INodeProperties {
	const displayOptions = property.displayOptions ?? {};
	return { ...property, displayOptions: { ...displayOptions, show: { ...displayOptions.show, operation: [operation] } } };
}

/** An option of the Options collection shown for one operation only. */
const optionFor = (operation: string, property: INodeProperties): INodeProperties => ({
	...property,
	displayOptions: { show: { '/operation': [operation] } },
});

/**
 * The parameters of a search node version. `api` is the API version the node version is built for
 * (what it speaks with the credential at "Per Node Version"): on v2 pages hold up to 500 records,
 * a search cannot start at a later page (cursor paging), its pages come one after another (no
 * concurrency), and statistics take no Request Context (nor does the prospect search: no option).
 */
export function searchProperties(kind: SearchKind, texts: SearchTexts, api: ApiVersion = DEFAULT_API_VERSION): Array<INodeProperties | undefined> {
	const max = kind.maxSize;
	const toolLimit = texts.tool.limit;
	const dialect = dialectFor(api);
	const pageSizes = dialect.limits.searchPageSize;
	const defaultPageSize = kind.defaultPageSize ?? DEFAULT_PAGE_SIZE;
	const requestContext: INodeProperties = {
		displayName: 'Request Context',
		name: 'requestContext',
		type: 'json',
		default: '{}',
		description:
			'An object sent as the request_context of every request, for your own tracing (the service echoes its correlation ID in response_context). Empty {} sends none.',
	};
	return [
		notForTool({
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'Search',
					value: SEARCH_OPERATION,
					action: texts.searchAction,
					description: `Return the matching ${texts.records}, page after page`,
				},
				{
					name: 'Get Statistics',
					value: STATISTICS_OPERATION,
					action: texts.statisticsAction,
					description: `Return only how many ${texts.records} match, with breakdowns ${texts.statisticsContent}, without fetching any record`,
				},
			],
			default: SEARCH_OPERATION,
		}),
		fixedForTool('operation', SEARCH_OPERATION),
		forOperation(SEARCH_OPERATION, {
			displayName: 'Mode',
			name: 'mode',
			type: 'options',
			options: texts.modeOptions,
			default: 'preview',
			description: `How much of each ${texts.record} record to return`,
		}),
		toolDescription(texts.tool.description),
		notForTool(
			forOperation(SEARCH_OPERATION, {
				displayName: 'Return All',
				name: 'returnAll',
				type: 'boolean',
				default: false,
				description: 'Whether to return all results or only up to a given limit',
				hint: texts.sizeHint,
			}),
		),
		fixedForTool('returnAll', false),
		notForTool({
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: LIMITS.searchSize.min, maxValue: max },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { operation: [SEARCH_OPERATION], returnAll: [false] } },
		}),
		forTool({
			displayName: `Max ${texts.Records}`,
			name: texts.tool.maxParameter,
			type: 'number',
			typeOptions: { minValue: LIMITS.searchSize.min, maxValue: max },
			default: toolLimit,
			description: `Most ${texts.records} one call returns to the model, with the total found. Keep it small: every ${texts.record} ends up in the model's context.`,
		}),
		// the search reads Limit: in tool mode it is Max Businesses / Max Prospects
		fixedForTool('limit', `={{ $parameter.${texts.tool.maxParameter} }}`),
		notForTool({
			displayName: 'Define Filters',
			name: 'filterSource',
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'Using Fields Below', value: 'fields' },
				{ name: 'Using JSON', value: 'json', description: 'Write the filters in the service’s own JSON form' },
			],
			default: 'fields',
		}),
		fixedForTool('filterSource', 'json'),
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			description: `A ${texts.record} must match every filter you add; within one filter, any of its values is enough`,
			displayOptions: { show: { filterSource: ['fields'] } },
			options: texts.filterFields,
		},
		notForTool({
			displayName: 'Filters (JSON)',
			name: 'filtersJson',
			type: 'json',
			default: '{}',
			placeholder: texts.jsonExample,
			hint: `For example ${texts.jsonExample}. Empty {} means no filters.`,
			description: texts.jsonDescription,
			displayOptions: { show: { filterSource: ['json'] } },
		}),
		forTool({
			displayName: 'Filters (JSON)',
			name: 'filtersJson',
			type: 'json',
			default: fromAi('filters', texts.tool.filtersForModel, 'json'),
			description: 'The search filters. By default the model sets them.',
		}),
		texts.afterFilters,
		{
			...optionsCollection(),
			options: [
				optionFor(SEARCH_OPERATION, {
					displayName: kind.exclude.parameter,
					name: 'exclude',
					type: 'string',
					default: '',
					placeholder: texts.excludePlaceholder,
					description: `${texts.Records} to leave out of the results: IDs separated by commas, or an expression returning a list (at most ${kind.exclude.max.toLocaleString('en-US')})`,
				}),
				optionFor(SEARCH_OPERATION, {
					displayName: 'Include Total',
					name: 'includeTotal',
					type: 'boolean',
					default: false,
					description: `Whether to add total_results, the service's count of all ${texts.records} matching the search (not only those returned), to every record`,
				}),
				optionFor(SEARCH_OPERATION, {
					displayName: 'Page Size',
					name: 'pageSize',
					type: 'number',
					typeOptions: { minValue: pageSizes.min, maxValue: pageSizes.max },
					default: defaultPageSize,
					description: `${texts.Records} fetched per request, until the limit is reached. Lowered to the limit when the limit is smaller.`,
				}),
				// on v2, statistics take none, and the prospect search none either: then the option is left out
				...(dialect.search.requestContextEverywhere
					? [requestContext]
					: searchTakesRequestContext(kind, api)
						? [
								optionFor(SEARCH_OPERATION, {
									...requestContext,
									description: `${requestContext.description} Statistics take none on API v2.`,
								}),
							]
						: []),
				...(dialect.search.paging === 'page'
					? [
							optionFor(SEARCH_OPERATION, {
								displayName: 'Starting Page',
								name: 'page',
								type: 'number',
								typeOptions: { minValue: 1 },
								default: 1,
								description: 'Page to start from, to continue an earlier search. Page 2 skips the first page of results.',
							}),
							optionFor(SEARCH_OPERATION, {
								...concurrencyOption,
								description:
									'How many pages may be fetched at the same time, once the first page tells how many there are. Results keep their order.',
							}),
						]
					: []),
			],
		},
	];
}

/** Which operation the node runs; workflows saved before Get Statistics existed search. */
export function operationOf(ctx: IExecuteFunctions): string {
	return (readParameter(ctx, 'operation', 0, SEARCH_OPERATION) as string | undefined) ?? SEARCH_OPERATION;
}

/**
 * Runs the search of every input item. Every item is read and validated before the first
 * request; then the searches run one after another, each distinct search (same body and limit)
 * once, however many items ask for it. Every input item gets all records of its search as
 * output items, paired to it, in input order; items that share a search get their own copies.
 * With Include Total, every record carries total_results (the service's count of all matches, up
 * to the most one search serves).
 */
export async function executeSearch(ctx: IExecuteFunctions, kind: SearchKind, version: ApiVersion = DEFAULT_API_VERSION): Promise<INodeExecutionData[]> {
	const options = (itemIndex: number) => readParameter(ctx, 'options', itemIndex, {}) as IDataObject;
	const prepared = prepareItems(ctx, (itemIndex) => {
		const request = readSearchRequest(ctx, itemIndex, kind, version);
		// v1 counts the matches up to `size` (total_results): for the total, ask for its maximum;
		// still only Limit records are fetched (the page size stays within the limit). v2 has no
		// `size`: every page carries the total.
		if (!isPageSearch(request) || options(itemIndex).includeTotal !== true) return request;
		return { ...request, body: { ...request.body, size: v1MaxSizeOf(kind) } };
	});
	const concurrency = (options(0) as { concurrency?: number }).concurrency;
	const searchKey = (request: SearchRequest) => stableKey({ body: request.body, limit: request.limit });
	const askedBy = new Map<string, number>();
	for (const request of prepared.requests) askedBy.set(searchKey(request), (askedBy.get(searchKey(request)) ?? 0) + 1);

	const results = await withSearchCosts(
		ctx,
		version,
		prepared.requests,
		searchKey,
		async (costOf) =>
			await runEach(
				ctx,
				prepared.requests,
				async (request) => {
					let total: number | undefined;
					let duplicates = 0;
					const records = await fetchAllPages(ctx, request, {
						concurrency,
						onTotal: (count) => (total ??= count),
						onDuplicates: (count) => (duplicates = count),
						cost: costOf(request),
					});
					return { records, total: total ?? records.length, duplicates };
				},
				{ key: searchKey },
			),
	);
	const hints = duplicateHints(results);
	if (prepared.requests.some((request) => isCursorSearch(request) && request.droppedRequestContext)) {
		hints.push('Request Context was not sent: this search takes none on API v2.');
	}
	if (hints.length > 0) ctx.addExecutionHints(...hints.map((message) => ({ message, location: 'outputPane' as const })));
	const byItem = new Map(prepared.requests.map((request) => [request.itemIndex, request]));
	return assembleOutput(ctx, prepared, results, (itemIndex, outcome) => {
		const request = byItem.get(itemIndex);
		if (!outcome || !request) return [];
		const shared = (askedBy.get(searchKey(request)) ?? 0) > 1;
		const withTotal = options(itemIndex).includeTotal === true;
		return outcome.value.records.map((record) => {
			const json = shared || withTotal ? deepCopy(record) : record;
			if (withTotal) json.total_results = outcome.value.total;
			return { json, pairedItem: { item: itemIndex } };
		});
	});
}

/**
 * Says which items' searches dropped records the service served twice, so a shorter result is
 * never silent: one line per number of records dropped, naming the items it applies to (items
 * that share a search have the same number, so they share a line).
 */
function duplicateHints(results: ReadonlyArray<{ itemIndex: number; ok: boolean; value?: { duplicates: number } }>): string[] {
	const byCount = new Map<number, number[]>();
	for (const result of results) {
		const duplicates = result.ok ? (result.value?.duplicates ?? 0) : 0;
		if (duplicates > 0) byCount.set(duplicates, [...(byCount.get(duplicates) ?? []), result.itemIndex]);
	}
	return [...byCount].map(([count, items]) => {
		const records = count === 1 ? '1 record' : `${count} records`;
		return `${items.length === 1 ? 'Item' : 'Items'} ${items.join(', ')}: the service returned ${records} again on a later page (its results changed during the search). ${count === 1 ? 'It is' : 'Each is'} output once, so the search may return fewer records than asked for; run it again for a consistent list.`;
	});
}

/**
 * Get Statistics: one request per input item (items with the same filters share one), one
 * output item per input item with the service's total_results and stats, paired to it.
 */
export async function executeStatistics(ctx: IExecuteFunctions, kind: SearchKind, version: ApiVersion = DEFAULT_API_VERSION): Promise<INodeExecutionData[]> {
	const prepared = prepareItems(ctx, (itemIndex) => readStatsRequest(ctx, itemIndex, kind, version));
	if (prepared.requests.some((request) => request.droppedRequestContext)) {
		ctx.addExecutionHints({
			message: 'Request Context was not sent: statistics on API v2 take only the filters.',
			location: 'outputPane',
		});
	}
	const client = await ApiClient.of(ctx, version);
	const results = await runEach(
		ctx,
		prepared.requests,
		async (request) =>
			await client.request<IDataObject>(kind.statsEndpoint, request.body, { itemIndex: request.itemIndex }),
		{ key: (request) => stableKey(request.body) },
	);
	return assembleOutput(ctx, prepared, results, (itemIndex, outcome) => {
		if (!outcome) return [];
		const response = outcome.value ?? {};
		const json: IDataObject = {
			total_results: typeof response.total_results === 'number' ? response.total_results : null,
			stats: (response.stats as IDataObject | undefined) ?? {},
		};
		return [{ json: deepCopy(json), pairedItem: { item: itemIndex } }];
	});
}

/** The node's run: Search or Get Statistics, on the API version the credential and node version choose. */
export async function executeSearchNode(ctx: IExecuteFunctions, kind: SearchKind): Promise<INodeExecutionData[]> {
	const version = await apiVersionOf(ctx);
	return operationOf(ctx) === STATISTICS_OPERATION
		? await executeStatistics(ctx, kind, version)
		: await executeSearch(ctx, kind, version);
}
