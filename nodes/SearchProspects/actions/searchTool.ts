/** Search Prospects as a tool: the model sets the filters and gets a compact answer with the total. */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { executeSearchTool } from '../../shared/search/searchTool';
import { FILTER_BRACKETS, JOB_DEPARTMENTS, JOB_LEVELS } from '../../shared/api';
import { prospectSearchOf } from '../../shared/search/prospectFilters';

/** Prospects one tool call returns unless the workflow's builder raises Limit. */
export const TOOL_PROSPECT_LIMIT = 25;

export const PROSPECT_TOOL_DESCRIPTION =
	'Search a database of people at companies (prospects) by job level, department, title, experience, location, contact details available and company filters. Returns the matching prospects (prospect_id, name, job title, company, business_id) and how many were found in total; needs a filters object.';

export const PROSPECT_FILTERS_FOR_MODEL_V1 = [
	'Search filters as a JSON object. A prospect must match every filter; within one filter any value matches.',
	`List filters hold {"values": [...]}: job_level (${JOB_LEVELS.join(', ')}), job_department (${JOB_DEPARTMENTS.join(', ')}),`,
	'job_title (also takes "include_related_job_titles": true), country_code and region_country_code (where the prospect is, e.g. "us", "us-ca"),',
	'city_region_country (e.g. "austin, tx, us"), company_country_code and company_region_country_code (company headquarters), company_name,',
	`company_size (${FILTER_BRACKETS.company_size.join(', ')}), company_revenue (${FILTER_BRACKETS.company_revenue.join(', ')}), business_id,`,
	'and at most one of naics_category (e.g. "5112"), profnet_category or websearch_category.',
	'has_email, has_phone_number and has_website hold {"value": true}; total_experience_months and current_role_months hold {"gte": n, "lte": n}.',
	'Example: { "job_level": { "values": ["director"] }, "company_country_code": { "values": ["us"] }, "has_email": { "value": true } }',
].join(' ');

/** The same for the node version built for API v2: its contact filter is has_contact_details. */
export const PROSPECT_FILTERS_FOR_MODEL = PROSPECT_FILTERS_FOR_MODEL_V1.replace(
	'has_email, has_phone_number and has_website hold {"value": true};',
	'has_contact_details holds {"value": "email"} (or "phone", "email_and_phone", "email_or_phone"); has_website and is_public_company hold {"value": true}; skills and interests hold {"values": [...]};',
).replace('"has_email": { "value": true }', '"has_contact_details": { "value": "email" }');

/** One answer per call: `{ total_found, returned, prospects }` (see executeSearchTool). */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await executeSearchTool(this, prospectSearchOf(this.getNode().typeVersion), 'prospects');
}
