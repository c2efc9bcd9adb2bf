/**
 * Search Prospects, the Search operation, in n8n-core's engine against the sandbox: validation that
 * names item, field and rule before anything is sent. v1's cases (pages, order and request counts,
 * every prospect filter sent exactly and really filtering, totals, request context, v1's limit):
 * search.v1.test.ts. Get Statistics (v1) is in getStatistics.v1.test.ts; set-up and helpers in
 * setup.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ENDPOINTS, LIMITS, PROSPECT_FILTER_NAMES } from '../../../nodes/shared/api';
import type { SearchableProspect } from '../../sandbox';
import { bodies, idsOf, idsWhere, NODE, prospects, run, runOn, sandbox, setUpSandbox } from './setup';

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

/**
 * Search Prospects 3 (API v2, cursor pages): paging and request counts, every prospect filter sent
 * exactly and really filtering (Contact Details in place of Has Email and Has Phone Number), the
 * pickers, every filter at once, Include Total, the limit. v2 takes no Request Context. The same on
 * version 2 (API v1, page numbers): search.v1.test.ts.
 */
const runV2 = runOn('v2');
const V2_PATH = ENDPOINTS.searchProspects.path;

describe('Search Prospects 3 (API v2): paging by cursor', () => {
	const directors = (entry: SearchableProspect) => entry.facets.job_level === 'director';

	test('limit 250, page size 100, job level director: 3 pages by cursor, 250 prospects in the service order, paired', async () => {
		const expected = idsWhere(directors);
		expect(expected.length).toBeGreaterThan(300);
		const result = await runV2({ mode: 'full', limit: 250, filters: { jobLevels: ['director'] }, options: { pageSize: 100 } });

		expect(result.error).toBeUndefined();
		const filters = { job_level: { values: ['director'] } };
		expect(bodies(V2_PATH).map(({ next_cursor, ...body }) => ({ ...body, cursor: next_cursor === undefined ? 'none' : 'next' }))).toEqual([
			{ mode: 'full', page_size: 100, filters, cursor: 'none' },
			{ mode: 'full', page_size: 100, filters, cursor: 'next' },
			{ mode: 'full', page_size: 50, filters, cursor: 'next' },
		]);
		const out = result.json(NODE);
		expect(idsOf(out)).toEqual(expected.slice(0, 250));
		expect(out[0]).toMatchObject({ job_level_main: 'director', business_id: expect.stringMatching(/^[0-9a-f]{32}$/) });
		expect(result.pairedItems(NODE)).toEqual(out.map(() => [{ item: 0 }]));
	});

	test('Return All: pages of 500, order kept, ceil(total / 500) requests', async () => {
		const expected = idsWhere((entry) => entry.facets.job_level === 'manager');
		const result = await runV2({ returnAll: true, filters: { jobLevels: ['manager'] } });

		expect(result.error).toBeUndefined();
		expect(idsOf(result.json(NODE))).toEqual(expected);
		expect(sandbox.requests.map((request) => request.path)).toEqual(Array(Math.ceil(expected.length / LIMITS.searchPageSize.max)).fill(V2_PATH));
		expect(bodies(V2_PATH)[0]).toEqual({ mode: 'preview', page_size: LIMITS.searchPageSize.max, filters: { job_level: { values: ['manager'] } } });
	});

	test('a limit below the page size lowers the page size; the exclude list is sent on every page and honoured', async () => {
		const all = idsWhere(directors);
		const exclude = all.slice(0, 30).filter((_, n) => n % 2 === 0);
		const result = await runV2({ limit: 20, filters: { jobLevels: ['director'] }, options: { pageSize: 10, exclude: '={{ $json.skip }}' } }, [{ skip: exclude }]);

		expect(result.error).toBeUndefined();
		expect(bodies(V2_PATH).map((b) => [b.page_size, b.exclude])).toEqual([
			[10, exclude],
			[10, exclude],
		]);
		expect(idsOf(result.json(NODE))).toEqual(all.filter((id) => !exclude.includes(id)).slice(0, 20));
	});

	test('one search per input item, each paired to its item, in input order', async () => {
		const result = await runV2({ limit: 2, filters: { companyCountries: '={{ $json.country }}' } }, [{ country: 'se' }, { country: 'jp' }]);

		expect(bodies(V2_PATH).map((b) => b.filters)).toEqual([{ company_country_code: { values: ['se'] } }, { company_country_code: { values: ['jp'] } }]);
		const companyIn = (code: string) => (entry: SearchableProspect) => entry.business.facets.country_code === code;
		expect(idsOf(result.json(NODE))).toEqual([...idsWhere(companyIn('se')).slice(0, 2), ...idsWhere(companyIn('jp')).slice(0, 2)]);
		expect(result.pairedItems(NODE)).toEqual([0, 0, 1, 1].map((item) => [{ item }]));
	});
});

describe('Search Prospects 3 (API v2): every prospect filter', () => {
	const someBusinesses = () => [...new Set(prospects().slice(0, 3).map((entry) => entry.prospect.business_id))];

	/** UI fields, the filter the service must receive, and the prospects it selects. */
	const cases: Array<[string, () => IDataObject, () => IDataObject, (entry: SearchableProspect) => boolean]> = [
		['job_level', () => ({ jobLevels: ['owner', 'founder'] }), () => ({ job_level: { values: ['owner', 'founder'] } }), (e) => ['owner', 'founder'].includes(e.facets.job_level)],
		['job_department', () => ({ jobDepartments: ['r&d', 'legal'] }), () => ({ job_department: { values: ['r&d', 'legal'] } }), (e) => ['r&d', 'legal'].includes(e.facets.job_department)],
		['job_title', () => ({ jobTitles: 'Buyer\nBroker' }), () => ({ job_title: { values: ['Buyer', 'Broker'] } }), (e) => ['Buyer', 'Broker'].includes(e.prospect.profile.job_title)],
		['total_experience_months', () => ({ totalExperienceMin: 120, totalExperienceMax: 150 }), () => ({ total_experience_months: { gte: 120, lte: 150 } }), (e) => e.facets.total_experience_months >= 120 && e.facets.total_experience_months <= 150],
		['current_role_months', () => ({ currentRoleMax: 6 }), () => ({ current_role_months: { lte: 6 } }), (e) => e.facets.current_role_months <= 6],
		// v2 says which contact details in one filter (Contact Details), in place of Has Email and Has Phone Number
		['has_contact_details', () => ({ contactDetails: 'email_or_phone' }), () => ({ has_contact_details: { value: 'email_or_phone' } }), (e) => e.facets.has_email || e.facets.has_phone_number],
		['has_website', () => ({ hasWebsite: true }), () => ({ has_website: { value: true } }), (e) => e.facets.has_website],
		['country_code', () => ({ countries: 'Sweden, JP' }), () => ({ country_code: { values: ['se', 'jp'] } }), (e) => ['se', 'jp'].includes(e.facets.country_code)],
		['region_country_code', () => ({ regions: 'us-wa, us-ny' }), () => ({ region_country_code: { values: ['us-wa', 'us-ny'] } }), (e) => ['us-wa', 'us-ny'].includes(e.facets.region_country_code)],
		['city_region_country', () => ({ cities: 'Austin, Texas, us' }), () => ({ city_region_country: { values: ['Austin, Texas, us'] } }), (e) => e.facets.city_region_country === 'Austin, Texas, us'],
		['company_country_code', () => ({ companyCountries: 'sg' }), () => ({ company_country_code: { values: ['sg'] } }), (e) => e.business.facets.country_code === 'sg'],
		['company_region_country_code', () => ({ companyRegions: 'us-tx' }), () => ({ company_region_country_code: { values: ['us-tx'] } }), (e) => e.business.facets.region_country_code === 'us-tx'],
		['company_name', () => ({ companyNames: prospects()[0].business.name }), () => ({ company_name: { values: [prospects()[0].business.name] } }), (e) => e.business.name.includes(prospects()[0].business.name)],
		['naics_category', () => ({ categoryType: 'naics_category', categories: '722511' }), () => ({ naics_category: { values: ['722511'] } }), (e) => e.business.facets.naics_category === '722511'],
		['profnet_category', () => ({ categoryType: 'profnet_category', categories: 'Software Development' }), () => ({ profnet_category: { values: ['Software Development'] } }), (e) => e.business.facets.profnet_category === 'Software Development'],
		['websearch_category', () => ({ categories: 'Restaurant' }), () => ({ websearch_category: { values: ['Restaurant'] } }), (e) => e.business.facets.websearch_category === 'Restaurant'],
		['company_size', () => ({ companySize: ['1001-5000'] }), () => ({ company_size: { values: ['1001-5000'] } }), (e) => e.business.facets.company_size === '1001-5000'],
		['company_revenue', () => ({ revenue: ['1B-10B'] }), () => ({ company_revenue: { values: ['1B-10B'] } }), (e) => e.business.facets.company_revenue === '1B-10B'],
		['business_id', () => ({ businessIds: someBusinesses().join(', ') }), () => ({ business_id: { values: someBusinesses() } }), (e) => someBusinesses().includes(e.prospect.business_id)],
	];

	test('the cases cover every prospect filter of the service', () => {
		const v2Names = [...PROSPECT_FILTER_NAMES.filter((name) => name !== 'has_email' && name !== 'has_phone_number'), 'has_contact_details'];
		// Skills, Interests and Public Company (v2 only) have their file: v2Filters.test.ts
		expect(cases.map(([filter]) => filter).sort()).toEqual(v2Names.sort());
	});

	test.each(cases)('%s: sent exactly, selects exactly', async (_filter, fields, sent, selects) => {
		const expected = idsWhere(selects);
		expect(expected.length).toBeGreaterThan(0);
		if (_filter !== 'has_website') expect(expected.length).toBeLessThan(prospects().length);

		const result = await runV2({ returnAll: true, filters: fields() as INodeParameters });

		expect(result.error).toBeUndefined();
		expect(bodies(V2_PATH)[0].filters).toEqual(sent());
		expect(idsOf(result.json(NODE))).toEqual(expected);
		// Return All: pages of v2's largest size, by cursor
		expect(sandbox.requests.map((request) => request.path)).toEqual(Array(Math.max(1, Math.ceil(expected.length / LIMITS.searchPageSize.max))).fill(V2_PATH));
	});

	test('job titles with related titles: sent with the flag, and more titles match', async () => {
		const exact = idsWhere((e) => e.prospect.profile.job_title === 'Fleet Manager');
		const result = await runV2({ returnAll: true, filters: { jobTitles: 'Fleet Manager', includeRelatedJobTitles: true } });

		expect(bodies(V2_PATH)[0].filters).toEqual({ job_title: { values: ['Fleet Manager'], include_related_job_titles: true } });
		const found = result.json(NODE);
		expect(found.length).toBeGreaterThan(exact.length);
		expect(idsOf(found)).toEqual(expect.arrayContaining(exact));
		for (const record of found) expect(String(record.job_title)).toMatch(/fleet|manager/i);
	});

	test('the pickers: values picked from the list and typed, sent as the filters, with the related titles flag', async () => {
		const picked = (...values: Array<[mode: string, value: string]>) => ({
			values: values.map(([mode, value]) => ({ value: { __rl: true, mode, value } })),
		});
		await runV2({
			returnAll: true,
			filters: {
				jobTitleList: picked(['list', 'Buyer'], ['value', 'Broker; Fleet Manager']),
				includeRelatedJobTitles: false,
				cityList: picked(['list', 'Austin, Texas, us']),
				regionList: picked(['value', 'US-WA, us-ny']),
				companyNameList: picked(['list', prospects()[0].business.name]),
				categoryList: picked(['list', 'Restaurant']),
			},
		});
		expect(bodies(V2_PATH)[0].filters).toEqual({
			job_title: { values: ['Buyer', 'Broker', 'Fleet Manager'], include_related_job_titles: false },
			city_region_country: { values: ['Austin, Texas, us'] },
			region_country_code: { values: ['us-wa', 'us-ny'] },
			company_name: { values: [prospects()[0].business.name] },
			websearch_category: { values: ['Restaurant'] },
		});
	});

	test('every filter at once (AND): the body holds all of them, as Filters (JSON) does', async () => {
		const fields = {
			jobLevels: ['manager', 'director'],
			jobDepartments: ['operations', 'sales', 'marketing', 'it'],
			totalExperienceMin: 24,
			currentRoleMin: 1,
			contactDetails: 'email',
			countries: 'us, gb, de',
			companyCountries: 'us, gb, de',
			companySize: ['1-10', '11-50', '51-200', '201-500'],
			revenue: ['1M-5M', '5M-10M', '10M-25M', '25M-75M', '75M-200M'],
		};
		const filters = {
			job_level: { values: ['manager', 'director'] },
			job_department: { values: ['operations', 'sales', 'marketing', 'it'] },
			total_experience_months: { gte: 24 },
			current_role_months: { gte: 1 },
			has_contact_details: { value: 'email' },
			country_code: { values: ['us', 'gb', 'de'] },
			company_country_code: { values: ['us', 'gb', 'de'] },
			company_size: { values: ['1-10', '11-50', '51-200', '201-500'] },
			company_revenue: { values: ['1M-5M', '5M-10M', '10M-25M', '25M-75M', '75M-200M'] },
		};
		const expected = idsWhere(
			(e) =>
				['manager', 'director'].includes(e.facets.job_level) &&
				['operations', 'sales', 'marketing', 'it'].includes(e.facets.job_department) &&
				e.facets.total_experience_months >= 24 &&
				e.facets.current_role_months >= 1 &&
				e.facets.has_email &&
				['us', 'gb', 'de'].includes(e.facets.country_code) &&
				['us', 'gb', 'de'].includes(e.business.facets.country_code) &&
				['1-10', '11-50', '51-200', '201-500'].includes(e.business.facets.company_size) &&
				['1M-5M', '5M-10M', '10M-25M', '25M-75M', '75M-200M'].includes(e.business.facets.company_revenue),
		);
		expect(expected.length).toBeGreaterThan(0);

		const byFields = await runV2({ returnAll: true, filters: fields });
		expect(bodies(V2_PATH)[0].filters).toEqual(filters);
		expect(idsOf(byFields.json(NODE))).toEqual(expected);

		sandbox.clearRequests();
		const byJson = await runV2({ returnAll: true, filterSource: 'json', filtersJson: JSON.stringify(filters) });
		expect(bodies(V2_PATH)[0].filters).toEqual(filters);
		expect(idsOf(byJson.json(NODE))).toEqual(expected);
	});
});


describe('Search Prospects 3 (API v2): totals and the limit', () => {
	test('Include Total adds the service total to every record; without it records are unchanged', async () => {
		const total = idsWhere((e) => e.facets.job_level === 'director').length;
		const withTotal = await runV2({ limit: 3, filters: { jobLevels: ['director'] }, options: { includeTotal: true } });
		expect(withTotal.json(NODE).map((record) => record.total_results)).toEqual([total, total, total]);
		sandbox.clearRequests();

		const without = await runV2({ limit: 3, filters: { jobLevels: ['director'] } });
		expect(without.json(NODE).every((record) => !('total_results' in record))).toBe(true);
		expect(bodies(V2_PATH)).toEqual([{ mode: 'preview', page_size: 3, filters: { job_level: { values: ['director'] } } }]);
	});

	test('a limit above the most one search yields: refused, nothing sent', async () => {
		const result = await runV2({ limit: LIMITS.prospectSearchSize.max + 1 });
		expect(result.error?.message).toBe(`Item 0: limit must be a whole number from 1 to ${LIMITS.prospectSearchSize.max}`);
		expect(result.error?.description).toBe('Check "Limit". Nothing was sent to the service for this item.');
		expect(sandbox.requests).toHaveLength(0);
	});
});
