/** Search Businesses as a tool: the model sets the filters and gets a compact answer with the total. */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { FILTER_BRACKETS } from '../../shared/vocabulary';
import { LIMITS } from '../../shared/limits';
import { runAsTool } from '../../shared/toolMode';
import { fetchAllPages } from '../../shared/search/paginate';
import { readSearchRequest } from '../../shared/search/searchRequest';

/** Businesses one tool call returns unless the workflow's builder raises Limit. */
export const TOOL_SEARCH_LIMIT = 25;

export const SEARCH_TOOL_DESCRIPTION =
	'Search a database of businesses by country, region, city, size, revenue, age, industry, technology, name or website keywords. Returns the matching businesses (business_id, name, domain, country) and how many were found in total; needs a filters object.';

const brackets = (filter: keyof typeof FILTER_BRACKETS) => FILTER_BRACKETS[filter].join(', ');

export const FILTERS_FOR_MODEL = [
	'Search filters as a JSON object: each key is a filter name holding {"values": [...]}. A business must match every filter; within one filter any value matches.',
	'Filters: country_code (two-letter, e.g. "us"), region_country_code (e.g. "us-ca"), city_region_country (e.g. "austin, tx, us"),',
	`company_size (employees: ${brackets('company_size')}), company_revenue (US dollars: ${brackets('company_revenue')}),`,
	`company_age (years: ${brackets('company_age')}), number_of_locations (${brackets('number_of_locations')}),`,
	'company_tech_stack_tech (e.g. "Salesforce"), company_tech_stack_category (e.g. "CRM"), company_name, website_keywords,',
	'and at most one of naics_category (e.g. "5112"), profnet_category (e.g. "Software Development") or websearch_category (e.g. "Software Company").',
	'Example: { "country_code": { "values": ["us"] }, "company_size": { "values": ["51-200"] } }',
].join(' ');

/** Parameter names in error texts, as the model knows them. */
const ARGUMENTS = { 'Filters (JSON)': 'filters', 'Filters > Category': 'filters' };

/**
 * One answer per call: `{ total_found, returned, businesses }`, at most Limit businesses
 * (Preview records unless the builder chose Full), and a note when more were found.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await runAsTool(this, {
		names: ARGUMENTS,
		run: async () => {
			// The service counts the matches up to `size` (total_results): asking for its maximum
			// gives the model the real total, while only Limit businesses are fetched.
			const requests = this.getInputData().map((_item, itemIndex) => {
				const request = readSearchRequest(this, itemIndex);
				return { ...request, body: { ...request.body, size: LIMITS.searchSize.max } };
			});
			const answers: INodeExecutionData[] = [];
			for (const request of requests) {
				let totalFound: number | undefined;
				const businesses = await fetchAllPages(this, request, { onTotal: (total) => (totalFound ??= total) });
				const total = Math.max(totalFound ?? businesses.length, businesses.length);
				const json: IDataObject = { total_found: total, returned: businesses.length, businesses };
				if (total > businesses.length) {
					const count = total >= LIMITS.searchSize.max ? `${total} or more` : String(total);
					json.note = `Showing the first ${businesses.length} of ${count} businesses. Add filters to narrow the search.`;
				}
				answers.push({ json, pairedItem: { item: request.itemIndex } });
			}
			return answers;
		},
		compact: (output) => output.map((item) => item.json),
	});
}
