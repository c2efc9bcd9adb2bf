/** Search Businesses as a tool: the model sets the filters and gets a compact answer with the total. */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { FILTER_BRACKETS, INTENT_LEVELS, LIMITS } from '../../shared/api';
import { executeSearchTool } from '../../shared/search/searchTool';
import { businessSearchOf } from '../helpers/versions';

/** Businesses one tool call returns unless the workflow's builder raises Limit. */
export const TOOL_SEARCH_LIMIT = 25;

export const SEARCH_TOOL_DESCRIPTION =
	'Search a database of businesses by country, region, city, size, revenue, age, industry, technology, name or website keywords. Returns the matching businesses (business_id, name, domain, country) and how many were found in total; needs a filters object.';

const brackets = (filter: keyof typeof FILTER_BRACKETS) => FILTER_BRACKETS[filter].join(', ');

export const FILTERS_FOR_MODEL_V1 = [
	'Search filters as a JSON object: each key is a filter name holding {"values": [...]}. A business must match every filter; within one filter any value matches.',
	'Filters: country_code (two-letter, e.g. "us"), region_country_code (e.g. "us-ca"), city_region_country (e.g. "austin, tx, us"),',
	`company_size (employees: ${brackets('company_size')}), company_revenue (US dollars: ${brackets('company_revenue')}),`,
	`company_age (years: ${brackets('company_age')}), number_of_locations (${brackets('number_of_locations')}),`,
	'company_tech_stack_tech (e.g. "Salesforce"), company_tech_stack_category (e.g. "CRM"), company_name, website_keywords,',
	'and at most one of naics_category (e.g. "5112"), profnet_category (e.g. "Software Development") or websearch_category (e.g. "Software Company").',
	'Example: { "country_code": { "values": ["us"] }, "company_size": { "values": ["51-200"] } }',
].join(' ');

/**
 * The same for the node version built for API v2, with the filters beyond the list above (the
 * version-1 text stays as it was: it is its tool parameter's default).
 */
export const FILTERS_FOR_MODEL = FILTERS_FOR_MODEL_V1.replace(
	'Example:',
	[
		`Also: city_region ("City, Region", e.g. "Austin, Texas"); events {"values": [event types such as "new_funding_round", "new_product"], "last_occurrence": days from 1 to ${LIMITS.eventWindowDays}};`,
		`business_intent_topics {"topics": [...], "topic_intent_level": one of ${INTENT_LEVELS.join(', ')}}; has_website, is_public_company and include_operating_locations {"value": true}.`,
		'Example:',
	].join(' '),
);

/** One answer per call: `{ total_found, returned, businesses }` (see executeSearchTool). */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await executeSearchTool(this, businessSearchOf(this.getNode().typeVersion), 'businesses');
}
