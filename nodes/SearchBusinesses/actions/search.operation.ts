import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { propertiesByVersion } from '../../shared/nodeVersions';
import { filterFieldsV1, filterFields } from '../../shared/search/filterFields.description';
import { includeOperatingLocations } from '../../shared/search/operatingLocations';
import { executeSearchNode, searchProperties, type SearchTexts } from '../../shared/search/searchNode';
import { BUSINESS_SEARCH, FILTERS_JSON_EXAMPLE, type SearchKind } from '../../shared/search/searchRequest';
import { BUSINESS_SEARCH_V2, businessSearchOf } from '../helpers/versions';
import { FILTERS_FOR_MODEL_V1, FILTERS_FOR_MODEL, SEARCH_TOOL_DESCRIPTION, TOOL_SEARCH_LIMIT } from './searchTool';

const texts = (
	sizeHint: string,
	afterFilters?: INodeProperties,
	fields = filterFieldsV1,
	filtersForModel = FILTERS_FOR_MODEL_V1,
): SearchTexts => ({
	record: 'business',
	records: 'businesses',
	Records: 'Businesses',
	searchAction: 'Search businesses',
	statisticsAction: 'Get business statistics',
	sizeHint,
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
	filterFields: fields,
	excludePlaceholder: 'e.g. 8adce3ca1cef0c986b22310e369a0793, 3c6f1f0f2a8d4e1b9c7a5d3e1f0b2c4d',
	jsonExample: FILTERS_JSON_EXAMPLE,
	jsonDescription:
		'An object keyed by filter name, each with a "values" list, exactly as the service expects. Only one of websearch_category, profnet_category and naics_category may be used.',
	tool: {
		description: SEARCH_TOOL_DESCRIPTION,
		filtersForModel,
		limit: TOOL_SEARCH_LIMIT,
		maxParameter: 'maxBusinesses',
	},
	afterFilters,
});

const most = (kind: SearchKind) => kind.maxSize.toLocaleString('en-US');

/** Version 1 speaks API v1 (10,000 per search); version 2 API v2 (60,000, cursor pages, operating locations). */
export const description: INodeProperties[] = propertiesByVersion([
	{
		versions: [1],
		properties: searchProperties(BUSINESS_SEARCH, texts(`The service returns at most ${most(BUSINESS_SEARCH)} businesses per search`)),
	},
	{
		versions: [2],
		properties: searchProperties(
			BUSINESS_SEARCH_V2,
			texts(
				`At most ${most(BUSINESS_SEARCH_V2)} businesses per search. Tens of thousands of items make a large execution: see Large searches in the package's docs.`,
				includeOperatingLocations,
				filterFields,
				FILTERS_FOR_MODEL,
			),
			'v2',
		),
	},
]);

/**
 * Search: every input item's businesses, paired to it, in input order (see executeSearch).
 * Get Statistics: one item per input item with total_results and stats.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await executeSearchNode(this, businessSearchOf(this.getNode().typeVersion));
}
