import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { deepCopy } from 'n8n-workflow';

import { stableKey } from '../../shared/batching/grouping';
import { assembleOutput, prepareItems, runEach } from '../../shared/batching/items';
import { concurrencyOption } from '../../shared/descriptions';
import { LIMITS } from '../../shared/limits';
import { readParameter } from '../../shared/parameters';
import { filterFields } from '../../shared/search/filterFields.description';
import { fetchAllPages } from '../../shared/search/paginate';
import { FILTERS_JSON_EXAMPLE, readSearchRequest, type SearchRequest } from '../../shared/search/searchRequest';
import { fixedForTool, forTool, fromAi, notForTool, toolDescription } from '../../shared/toolMode';
import { FILTERS_FOR_MODEL, SEARCH_TOOL_DESCRIPTION, TOOL_SEARCH_LIMIT } from './searchTool';

export const description: INodeProperties[] = [
	{
		displayName: 'Mode',
		name: 'mode',
		type: 'options',
		options: [
			{
				name: 'Preview',
				value: 'preview',
				description: 'Key fields only: business ID, name, domain, logo and country',
			},
			{
				name: 'Full',
				value: 'full',
				description:
					'The complete record: location, employees, revenue, industry codes, description and more',
			},
		],
		default: 'preview',
		description: 'How much of each business record to return',
	},
	toolDescription(SEARCH_TOOL_DESCRIPTION),
	notForTool({
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
		hint: `The service returns at most ${LIMITS.searchSize.max.toLocaleString('en-US')} businesses per search`,
	}),
	fixedForTool('returnAll', false),
	notForTool({
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: LIMITS.searchSize.min, maxValue: LIMITS.searchSize.max },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	}),
	forTool({
		displayName: 'Max Businesses',
		name: 'maxBusinesses',
		type: 'number',
		typeOptions: { minValue: LIMITS.searchSize.min, maxValue: LIMITS.searchSize.max },
		default: TOOL_SEARCH_LIMIT,
		description:
			'Most businesses one call returns to the model, with the total found. Keep it small: every business ends up in the model\'s context.',
	}),
	// the search reads Limit: in tool mode it is Max Businesses
	fixedForTool('limit', '={{ $parameter.maxBusinesses }}'),
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
		description: 'A business must match every filter you add; within one filter, any of its values is enough',
		displayOptions: { show: { filterSource: ['fields'] } },
		options: filterFields,
	},
	notForTool({
		displayName: 'Filters (JSON)',
		name: 'filtersJson',
		type: 'json',
		default: '{}',
		placeholder: FILTERS_JSON_EXAMPLE,
		hint: `For example ${FILTERS_JSON_EXAMPLE}. Empty {} means no filters.`,
		description:
			'An object keyed by filter name, each with a "values" list, exactly as the service expects. Only one of websearch_category, profnet_category and naics_category may be used.',
		displayOptions: { show: { filterSource: ['json'] } },
	}),
	forTool({
		displayName: 'Filters (JSON)',
		name: 'filtersJson',
		type: 'json',
		default: fromAi('filters', FILTERS_FOR_MODEL, 'json'),
		description: 'The search filters. By default the model sets them.',
	}),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Exclude Business IDs',
				name: 'exclude',
				type: 'string',
				default: '',
				placeholder: 'e.g. 8adce3ca1cef0c986b22310e369a0793, 3c6f1f0f2a8d4e1b9c7a5d3e1f0b2c4d',
				description: `Businesses to leave out of the results: IDs separated by commas, or an expression returning a list (at most ${LIMITS.searchExclude.toLocaleString('en-US')})`,
			},
			{
				displayName: 'Page Size',
				name: 'pageSize',
				type: 'number',
				typeOptions: { minValue: LIMITS.searchPageSize.min, maxValue: LIMITS.searchPageSize.max },
				default: 100,
				description:
					'Businesses fetched per request, until the limit is reached. Lowered to the limit when the limit is smaller.',
			},
			{
				displayName: 'Starting Page',
				name: 'page',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 1,
				description: 'Page to start from, to continue an earlier search. Page 2 skips the first page of results.',
			},
			{
				...concurrencyOption,
				description:
					'How many pages may be fetched at the same time, once the first page tells how many there are. Results keep their order.',
			},
		],
	},
];

/**
 * Runs the search of every input item. Every item is read and validated before the first
 * request; then the searches run one after another, each distinct search (same body and limit)
 * once, however many items ask for it. Every input item gets all businesses of its search as
 * output items, paired to it, in input order; items that share a search get their own copies.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const prepared = prepareItems(this, (itemIndex) => readSearchRequest(this, itemIndex));
	const concurrency = (readParameter(this, 'options', 0, {}) as { concurrency?: number }).concurrency;
	const searchKey = (request: SearchRequest) => stableKey({ body: request.body, limit: request.limit });
	const askedBy = new Map<string, number>();
	for (const request of prepared.requests) askedBy.set(searchKey(request), (askedBy.get(searchKey(request)) ?? 0) + 1);

	const results = await runEach(this, prepared.requests, async (request) => await fetchAllPages(this, request, { concurrency }), {
		key: searchKey,
	});
	const byItem = new Map(prepared.requests.map((request) => [request.itemIndex, request]));
	return assembleOutput(this, prepared, results, (itemIndex, outcome) => {
		const request = byItem.get(itemIndex);
		if (!outcome || !request) return [];
		const shared = (askedBy.get(searchKey(request)) ?? 0) > 1;
		return outcome.value.map((business) => ({
			json: shared ? deepCopy(business) : business,
			pairedItem: { item: itemIndex },
		}));
	});
}
