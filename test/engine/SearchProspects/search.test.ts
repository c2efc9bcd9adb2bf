/**
 * Search Prospects, the Search operation, in n8n-core's engine against the sandbox: validation that
 * names item, field and rule before anything is sent. v1's cases (pages, order and request counts,
 * every prospect filter sent exactly and really filtering, totals, request context, v1's limit):
 * search.v1.test.ts. Get Statistics (v1) is in getStatistics.v1.test.ts; set-up and helpers in
 * setup.ts.
 */
import type { INodeParameters } from 'n8n-workflow';

import { bodies, NODE, run, sandbox, setUpSandbox } from './setup';

setUpSandbox();

describe('clear errors, nothing sent', () => {
	const tooMany = () => Array.from({ length: 1_001 }, (_, n) => `b${n.toString(16).padStart(39, '0')}`);

	test.each([
		['a job department not in the list', { filters: { jobDepartments: '={{ ["sales", "space"] }}' } }, 'Item 0: Job Departments: "space" must be one of ', 'Check "Filters > Job Departments".'],
		['months below zero', { filters: { totalExperienceMin: -3 } }, 'Item 0: Total Experience Min (Months) must be a whole number of months (0 or more), got a number (-3)', 'Check "Filters".'],
		['a minimum above the maximum', { filters: { currentRoleMin: 24, currentRoleMax: 12 } }, 'Item 0: Current Role Min (Months) (24) must not be above Current Role Max (Months) (12)', 'Check "Filters".'],
		['a minimum above the maximum in JSON', { filterSource: 'json', filtersJson: '{ "current_role_months": { "gte": 24, "lte": 12 } }' }, 'Item 0: filters.current_role_months.gte must not be above lte (12)', 'Check "Filters (JSON)".'],
		['related titles without titles', { filters: { includeRelatedJobTitles: true } }, 'Item 0: Include Related Job Titles needs Job Titles: add the titles to search for, or remove it', 'Check "Filters".'],
		['a malformed business id', { filters: { businessIds: 'acme' } }, 'Item 0: Business IDs: "acme" must be 32 lowercase hexadecimal characters', 'Check "Filters > Business IDs".'],
		['1,001 excluded prospects', { options: { exclude: '={{ $json.ids }}' } }, 'Item 0: exclude must hold at most 1000 ids', 'Check "Exclude Prospect IDs".'],
		['two category filters in JSON', { filterSource: 'json', filtersJson: '{ "naics_category": { "values": ["5112"] }, "websearch_category": { "values": ["Restaurant"] } }' }, 'Item 0: filters may use only one category filter per request', 'Check "Filters (JSON)".'],
		['an unknown filter in JSON', { filterSource: 'json', filtersJson: '{ "job_levels": { "values": ["director"] } }' }, 'Item 0: filters has unknown filter "job_levels" (did you mean "job_level" for "job_levels"?)', 'Check "Filters (JSON)".'],
	])('%s', async (_label, parameters, message, description) => {
		const result = await run(parameters as INodeParameters, [{ ids: tooMany() }]);

		expect({ message: result.error?.message.slice(0, message.length), bodies: bodies() }).toEqual({ message, bodies: [] });
		expect(result.error?.description).toContain(description);
		expect(result.error?.itemIndex).toBe(0);
		expect(result.error?.node).toBe(NODE);
		expect(sandbox.requests).toHaveLength(0);
	});
});
