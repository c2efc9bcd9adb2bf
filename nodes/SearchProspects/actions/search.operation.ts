import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { propertiesByVersion } from '../../shared/nodeVersions';
import { executeSearchNode, searchProperties, type SearchTexts } from '../../shared/search/searchNode';
import type { SearchKind } from '../../shared/search/searchRequest';
import { CONTACT_DETAILS } from '../../shared/api';
import {
	PROSPECT_FILTERS_JSON_EXAMPLE_V1,
	PROSPECT_FILTERS_JSON_EXAMPLE,
	PROSPECT_SEARCH,
	PROSPECT_SEARCH_V2,
	PROSPECT_SEARCH_VERSION_1,
	prospectFilterFieldsV1,
	prospectFilterFields,
	prospectSearchOf,
} from '../../shared/search/prospectFilters';
import { PROSPECT_FILTERS_FOR_MODEL_V1, PROSPECT_FILTERS_FOR_MODEL, PROSPECT_TOOL_DESCRIPTION, TOOL_PROSPECT_LIMIT } from './searchTool';

const most = (kind: SearchKind) => kind.maxSize.toLocaleString('en-US');

/** What the texts of the node version built for API v2 say differently: has_contact_details. */
interface ApiTexts {
	filterFields: INodeProperties[];
	jsonExample: string;
	contactFilters: string;
	filtersForModel: string;
}

const V1_TEXTS: ApiTexts = {
	filterFields: prospectFilterFieldsV1,
	jsonExample: PROSPECT_FILTERS_JSON_EXAMPLE_V1,
	contactFilters: 'has_email, has_phone_number and has_website as {"value": true}',
	filtersForModel: PROSPECT_FILTERS_FOR_MODEL_V1,
};

const V2_TEXTS: ApiTexts = {
	filterFields: prospectFilterFields,
	jsonExample: PROSPECT_FILTERS_JSON_EXAMPLE,
	contactFilters: `has_contact_details as {"value": "email"} (or ${CONTACT_DETAILS.filter((value) => value !== 'email').join(', ')}), has_website as {"value": true}`,
	filtersForModel: PROSPECT_FILTERS_FOR_MODEL,
};

const texts = (sizeHint: string, api: ApiTexts = V1_TEXTS): SearchTexts => ({
	record: 'prospect',
	records: 'prospects',
	Records: 'Prospects',
	searchAction: 'Search prospects',
	statisticsAction: 'Get prospect statistics',
	sizeHint,
	statisticsContent: 'by location and job department',
	modeOptions: [
		{
			name: 'Preview',
			value: 'preview',
			description: 'Key fields only: prospect ID, name, job title, company and location',
		},
		{
			name: 'Full',
			value: 'full',
			description: 'The complete record: experience, skills, department, level, company details and more',
		},
	],
	filterFields: api.filterFields,
	excludePlaceholder: 'e.g. 1c7e0d2a9f4b6e8c3a5d7f9b1e3c5a7d9f1b3e5c',
	jsonExample: api.jsonExample,
	jsonDescription: `An object keyed by filter name, exactly as the service expects: lists as {"values": [...]}, ${api.contactFilters}, experience months as {"gte": 12, "lte": 60}. Only one of websearch_category, profnet_category and naics_category may be used.`,
	tool: {
		description: PROSPECT_TOOL_DESCRIPTION,
		filtersForModel: api.filtersForModel,
		limit: TOOL_PROSPECT_LIMIT,
		maxParameter: 'maxProspects',
	},
});

/**
 * Version 1 keeps its 10,000 cap (Limit's bound, Return All); version 2 goes to the service's
 * 60,000; both speak API v1. Version 3 speaks API v2: cursor pages of up to 500, Contact Details.
 */
export const description: INodeProperties[] = propertiesByVersion([
	{
		versions: [1],
		properties: searchProperties(
			PROSPECT_SEARCH_VERSION_1,
			texts(`At most ${most(PROSPECT_SEARCH_VERSION_1)} prospects per search: split larger lists with narrower filters`),
		),
	},
	{
		versions: [2],
		properties: searchProperties(
			PROSPECT_SEARCH,
			texts(
				`At most ${most(PROSPECT_SEARCH)} prospects per search. Tens of thousands of items make a large execution: see Large searches in the package's docs.`,
			),
		),
	},
	{
		versions: [3],
		properties: searchProperties(
			PROSPECT_SEARCH_V2,
			texts(
				`At most ${most(PROSPECT_SEARCH_V2)} prospects per search. Tens of thousands of items make a large execution: see Large searches in the package's docs.`,
				V2_TEXTS,
			),
			'v2',
		),
	},
]);

/**
 * Search: every input item's prospects, paired to it, in input order (see executeSearch).
 * Get Statistics: one item per input item with total_results and stats.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await executeSearchNode(this, prospectSearchOf(this.getNode().typeVersion));
}
