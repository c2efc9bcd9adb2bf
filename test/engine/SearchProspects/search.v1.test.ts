/**
 * Search Prospects, the Search operation, on API v1 (node version 2 at Per Node Version), in
 * n8n-core's engine against the sandbox: pages, order and request counts, every prospect filter
 * sent exactly and really filtering (and a check that the cases cover every filter), totals,
 * request context, and v1's limit and request context refused before anything is sent. Expected
 * prospects are computed here from the universe's facets, independently of the sandbox's filter
 * code. Retiring v1 deletes this file (docs/development.md, "Retiring API v1"); set-up and helpers
 * in setup.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { LIMITS, PROSPECT_FILTER_NAMES } from '../../../nodes/shared/api';
import type { SearchableProspect } from '../../sandbox';
import { bodies, idsOf, idsWhere, NODE, prospects, requestsTo, runOn, sandbox, SEARCH_PATH, setUpSandbox } from './setup';

setUpSandbox();

/** the node at version 2, the newest that speaks v1 at Per Node Version: these are v1's cases */
const run = runOn('v1');

describe('paging', () => {
	const directors = (entry: SearchableProspect) => entry.facets.job_level === 'director';

	test('limit 250, page size 100, job level director: pages 1-3, 250 prospects in the service order, paired', async () => {
		const expected = idsWhere(directors);
		expect(expected.length).toBeGreaterThan(300);

		const result = await run({ mode: 'full', limit: 250, filters: { jobLevels: ['director'] } });

		expect(result.error).toBeUndefined();
		expect(bodies()).toEqual(
			[1, 2, 3].map((page) => ({ mode: 'full', size: 250, page_size: 100, page, filters: { job_level: { values: ['director'] } } })),
		);
		const out = result.json(NODE);
		expect(idsOf(out)).toEqual(expected.slice(0, 250));
		expect(out[0]).toMatchObject({ job_level_main: 'director', business_id: expect.stringMatching(/^[0-9a-f]{32}$/) });
		expect(Object.keys(out[0])).toEqual(
			expect.arrayContaining(['first_name', 'last_name', 'experience', 'skills', 'company_profnet', 'professional_email_hashed']),
		);
		expect(result.pairedItems(NODE)).toEqual(out.map(() => [{ item: 0 }]));
	});

	test('Return All: the pages after the first are fetched together, order kept, ceil(total / 100) requests', async () => {
		const expected = idsWhere((entry) => entry.facets.job_level === 'manager');
		const result = await run({ returnAll: true, filters: { jobLevels: ['manager'] }, options: { concurrency: 4 } });

		expect(result.error).toBeUndefined();
		expect(idsOf(result.json(NODE))).toEqual(expected);
		expect(bodies().map((b) => b.page)).toEqual(Array.from({ length: Math.ceil(expected.length / 100) }, (_, n) => n + 1));
		expect(bodies()[0]).toMatchObject({ mode: 'preview', size: LIMITS.prospectSearchSize.max, page_size: 100 });
		expect(Object.keys(result.json(NODE)[0]).sort()).toEqual(
			['business_id', 'company_name', 'country_name', 'full_name', 'job_title', 'prospect_id'],
		);
	});

	test('a limit below the page size lowers the page size; the exclude list is sent on every page and honoured', async () => {
		const all = idsWhere(directors);
		const exclude = all.slice(0, 30).filter((_, n) => n % 2 === 0);
		const result = await run(
			{ limit: 20, filters: { jobLevels: ['director'] }, options: { pageSize: 10, exclude: '={{ $json.skip }}' } },
			[{ skip: exclude }],
		);

		expect(result.error).toBeUndefined();
		expect(bodies().map((b) => [b.page, b.page_size, b.size, b.exclude])).toEqual([
			[1, 10, 20, exclude],
			[2, 10, 20, exclude],
		]);
		expect(idsOf(result.json(NODE))).toEqual(all.filter((id) => !exclude.includes(id)).slice(0, 20));
	});

	test('one search per input item, each paired to its item, in input order', async () => {
		const result = await run({ limit: 2, filters: { companyCountries: '={{ $json.country }}' } }, [{ country: 'se' }, { country: 'jp' }]);

		expect(bodies().map((b) => b.filters)).toEqual([
			{ company_country_code: { values: ['se'] } },
			{ company_country_code: { values: ['jp'] } },
		]);
		const companyIn = (code: string) => (entry: SearchableProspect) => entry.business.facets.country_code === code;
		expect(idsOf(result.json(NODE))).toEqual([...idsWhere(companyIn('se')).slice(0, 2), ...idsWhere(companyIn('jp')).slice(0, 2)]);
		expect(result.pairedItems(NODE)).toEqual([0, 0, 1, 1].map((item) => [{ item }]));
	});
});

describe('every prospect filter', () => {
	const someBusinesses = () => [...new Set(prospects().slice(0, 3).map((entry) => entry.prospect.business_id))];

	/** UI fields, the filter the service must receive, and the prospects it selects. */
	const cases: Array<[string, () => IDataObject, () => IDataObject, (entry: SearchableProspect) => boolean]> = [
		['job_level', () => ({ jobLevels: ['owner', 'founder'] }), () => ({ job_level: { values: ['owner', 'founder'] } }), (e) => ['owner', 'founder'].includes(e.facets.job_level)],
		['job_department', () => ({ jobDepartments: ['r&d', 'legal'] }), () => ({ job_department: { values: ['r&d', 'legal'] } }), (e) => ['r&d', 'legal'].includes(e.facets.job_department)],
		['job_title', () => ({ jobTitles: 'Buyer\nBroker' }), () => ({ job_title: { values: ['Buyer', 'Broker'] } }), (e) => ['Buyer', 'Broker'].includes(e.prospect.profile.job_title)],
		['total_experience_months', () => ({ totalExperienceMin: 120, totalExperienceMax: 150 }), () => ({ total_experience_months: { gte: 120, lte: 150 } }), (e) => e.facets.total_experience_months >= 120 && e.facets.total_experience_months <= 150],
		['current_role_months', () => ({ currentRoleMax: 6 }), () => ({ current_role_months: { lte: 6 } }), (e) => e.facets.current_role_months <= 6],
		['has_email', () => ({ hasEmail: false }), () => ({ has_email: { value: false } }), (e) => !e.facets.has_email],
		['has_phone_number', () => ({ hasPhoneNumber: true }), () => ({ has_phone_number: { value: true } }), (e) => e.facets.has_phone_number],
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
		expect(cases.map(([filter]) => filter).sort()).toEqual([...PROSPECT_FILTER_NAMES].sort());
	});

	test.each(cases)('%s: sent exactly, selects exactly', async (_filter, fields, sent, selects) => {
		const expected = idsWhere(selects);
		expect(expected.length).toBeGreaterThan(0);
		if (_filter !== 'has_website') expect(expected.length).toBeLessThan(prospects().length);

		const result = await run({ returnAll: true, filters: fields() as INodeParameters });

		expect(result.error).toBeUndefined();
		expect(bodies()[0].filters).toEqual(sent());
		expect(idsOf(result.json(NODE))).toEqual(expected);
		expect(requestsTo(SEARCH_PATH)).toHaveLength(Math.max(1, Math.ceil(expected.length / 100)));
	});

	test('job titles with related titles: sent with the flag, and more titles match', async () => {
		const exact = idsWhere((e) => e.prospect.profile.job_title === 'Fleet Manager');
		const result = await run({ returnAll: true, filters: { jobTitles: 'Fleet Manager', includeRelatedJobTitles: true } });

		expect(bodies()[0].filters).toEqual({ job_title: { values: ['Fleet Manager'], include_related_job_titles: true } });
		const found = result.json(NODE);
		expect(found.length).toBeGreaterThan(exact.length);
		expect(idsOf(found)).toEqual(expect.arrayContaining(exact));
		for (const record of found) expect(String(record.job_title)).toMatch(/fleet|manager/i);
	});

	test('the pickers: values picked from the list and typed, sent as the filters, with the related titles flag', async () => {
		const picked = (...values: Array<[mode: string, value: string]>) => ({
			values: values.map(([mode, value]) => ({ value: { __rl: true, mode, value } })),
		});
		await run({
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
		expect(bodies()[0].filters).toEqual({
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
			hasEmail: true,
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
			has_email: { value: true },
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

		const byFields = await run({ returnAll: true, filters: fields });
		expect(bodies()[0].filters).toEqual(filters);
		expect(idsOf(byFields.json(NODE))).toEqual(expected);

		sandbox.clearRequests();
		const byJson = await run({ returnAll: true, filterSource: 'json', filtersJson: JSON.stringify(filters) });
		expect(bodies()[0].filters).toEqual(filters);
		expect(idsOf(byJson.json(NODE))).toEqual(expected);
	});
});

describe('totals and request context', () => {
	test('Include Total adds the service total to every record; without it records are unchanged', async () => {
		const total = idsWhere((e) => e.facets.job_level === 'director').length;
		const withTotal = await run({ limit: 3, filters: { jobLevels: ['director'] }, options: { includeTotal: true } });
		expect(withTotal.json(NODE).map((record) => record.total_results)).toEqual([total, total, total]);
		// the total counts up to `size`: the request asks for the most, the page stays within the limit
		expect(bodies()).toEqual([
			{ mode: 'preview', size: LIMITS.prospectSearchSize.max, page_size: 3, page: 1, filters: { job_level: { values: ['director'] } } },
		]);
		sandbox.clearRequests();

		const without = await run({ limit: 3, filters: { jobLevels: ['director'] } });
		expect(without.json(NODE).every((record) => !('total_results' in record))).toBe(true);
		expect(bodies()[0]).toMatchObject({ size: 3, page_size: 3 });
	});

	test('Request Context is sent as request_context on every page; {} sends none', async () => {
		await run({ limit: 150, filters: { jobLevels: ['director'] }, options: { requestContext: '{ "campaign": "q3" }' } });
		expect(bodies().map((b) => b.request_context)).toEqual([{ campaign: 'q3' }, { campaign: 'q3' }]);

		sandbox.clearRequests();
		await run({ limit: 5, options: { requestContext: '{}' } });
		expect(bodies()).toEqual([{ mode: 'preview', size: 5, page_size: 5, page: 1 }]);
	});
});

describe('clear errors, nothing sent', () => {
	const tooMany = () => Array.from({ length: 1_001 }, (_, n) => `b${n.toString(16).padStart(39, '0')}`);

	test.each([
		['a limit above the maximum', { limit: LIMITS.prospectSearchSize.max + 1 }, `Item 0: size must be at most ${LIMITS.prospectSearchSize.max}`, 'Check "Limit".'],
		['Request Context that is not an object', { options: { requestContext: '[1, 2]' } }, 'Item 0: Request Context', 'Write a JSON object such as'],
	])('%s', async (_label, parameters, message, description) => {
		const result = await run(parameters as INodeParameters, [{ ids: tooMany() }]);

		expect({ message: result.error?.message.slice(0, message.length), bodies: bodies() }).toEqual({ message, bodies: [] });
		expect(result.error?.description).toContain(description);
		expect(result.error?.itemIndex).toBe(0);
		expect(result.error?.node).toBe(NODE);
		expect(sandbox.requests).toHaveLength(0);
	});
});
