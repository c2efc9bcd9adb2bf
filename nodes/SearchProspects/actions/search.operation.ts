import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { LIMITS } from '../../shared/limits';
import { executeSearchNode, searchProperties } from '../../shared/search/searchNode';
import { PROSPECT_FILTERS_JSON_EXAMPLE, PROSPECT_SEARCH, prospectFilterFields } from '../filters';
import { PROSPECT_FILTERS_FOR_MODEL, PROSPECT_TOOL_DESCRIPTION, TOOL_PROSPECT_LIMIT } from './searchTool';

export const description: INodeProperties[] = searchProperties(PROSPECT_SEARCH, {
	record: 'prospect',
	records: 'prospects',
	Records: 'Prospects',
	searchAction: 'Search prospects',
	statisticsAction: 'Get prospect statistics',
	sizeHint: `At most ${LIMITS.prospectSearchSize.max.toLocaleString('en-US')} prospects per search: split larger lists with narrower filters`,
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
	filterFields: prospectFilterFields,
	excludePlaceholder: 'e.g. 1c7e0d2a9f4b6e8c3a5d7f9b1e3c5a7d9f1b3e5c',
	jsonExample: PROSPECT_FILTERS_JSON_EXAMPLE,
	jsonDescription:
		'An object keyed by filter name, exactly as the service expects: lists as {"values": [...]}, has_email, has_phone_number and has_website as {"value": true}, experience months as {"gte": 12, "lte": 60}. Only one of websearch_category, profnet_category and naics_category may be used.',
	tool: {
		description: PROSPECT_TOOL_DESCRIPTION,
		filtersForModel: PROSPECT_FILTERS_FOR_MODEL,
		limit: TOOL_PROSPECT_LIMIT,
		maxParameter: 'maxProspects',
	},
});

/**
 * Search: every input item's prospects, paired to it, in input order (see executeSearch).
 * Get Statistics: one item per input item with total_results and stats.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await executeSearchNode(this, PROSPECT_SEARCH);
}
