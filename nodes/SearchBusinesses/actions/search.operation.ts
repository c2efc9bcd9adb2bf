import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { LIMITS } from '../../shared/limits';
import { filterFields } from '../../shared/search/filterFields.description';
import { executeSearchNode, searchProperties } from '../../shared/search/searchNode';
import { BUSINESS_SEARCH, FILTERS_JSON_EXAMPLE } from '../../shared/search/searchRequest';
import { FILTERS_FOR_MODEL, SEARCH_TOOL_DESCRIPTION, TOOL_SEARCH_LIMIT } from './searchTool';

export const description: INodeProperties[] = searchProperties(BUSINESS_SEARCH, {
	record: 'business',
	records: 'businesses',
	Records: 'Businesses',
	searchAction: 'Search businesses',
	statisticsAction: 'Get business statistics',
	sizeHint: `The service returns at most ${LIMITS.searchSize.max.toLocaleString('en-US')} businesses per search`,
	statisticsContent: 'by category and location, revenue and employees',
	modeOptions: [
		{
			name: 'Preview',
			value: 'preview',
			description: 'Key fields only: business ID, name, domain, logo and country',
		},
		{
			name: 'Full',
			value: 'full',
			description: 'The complete record: location, employees, revenue, industry codes, description and more',
		},
	],
	filterFields,
	excludePlaceholder: 'e.g. 8adce3ca1cef0c986b22310e369a0793, 3c6f1f0f2a8d4e1b9c7a5d3e1f0b2c4d',
	jsonExample: FILTERS_JSON_EXAMPLE,
	jsonDescription:
		'An object keyed by filter name, each with a "values" list, exactly as the service expects. Only one of websearch_category, profnet_category and naics_category may be used.',
	tool: {
		description: SEARCH_TOOL_DESCRIPTION,
		filtersForModel: FILTERS_FOR_MODEL,
		limit: TOOL_SEARCH_LIMIT,
		maxParameter: 'maxBusinesses',
	},
});

/**
 * Search: every input item's businesses, paired to it, in input order (see executeSearch).
 * Get Statistics: one item per input item with total_results and stats.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await executeSearchNode(this, BUSINESS_SEARCH);
}
