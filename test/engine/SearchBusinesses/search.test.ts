/**
 * Search Businesses, the Search operation, in n8n-core's engine against the sandbox: validation
 * that stops a bad search before anything is sent, and the total. v1's cases (paging and request
 * counts, every filter against the sandbox's universe, per-item runs and pairing, v1's limits and
 * filter names): search.v1.test.ts. Get Statistics (v1) is in getStatistics.v1.test.ts; set-up in
 * setup.ts.
 */
import type { INodeParameters } from 'n8n-workflow';

import { NODE, sandbox, search, setUpSandbox } from './setup';

setUpSandbox();

const businesses = () => sandbox.universe.businesses;

describe('clear errors, nothing sent', () => {
	const thousandAndOne = () => businesses().slice(0, 1_001).map((b) => b.business_id);

	test.each([
		[
			'two category filters in JSON',
			{
				filterSource: 'json',
				filtersJson: '{ "naics_category": { "values": ["541511"] }, "profnet_category": { "values": ["Software Development"] } }',
			},
			'Item 0: filters may use only one category filter per request, one of websearch_category, profnet_category, naics_category: combining them is not supported',
			'Check "Filters (JSON)". Nothing was sent to the service for this item.',
		],
		[
			'1,001 exclude ids',
			{ options: { exclude: '={{ $json.ids }}' } },
			'Item 0: exclude must hold at most 1000 ids',
			'Check "Exclude Business IDs". Nothing was sent to the service for this item.',
		],
		[
			'an unknown country in Countries',
			{ filters: { countries: 'USA, Germany, Atlantis' } },
			'Item 0: Countries: "Atlantis" is not a country or two-letter code (e.g. us, de)',
			'Check "Filters". Nothing was sent to the service for this item.',
		],
		[
			'a Category Type without categories',
			{ filters: { categoryType: 'naics_category', categories: '' } },
			'Item 0: Categories is empty: add the NAICS Industry Code values to search for, or remove Category Type',
			'Check "Filters". Nothing was sent to the service for this item.',
		],
		[
			'bad values in form fields: the field and the values, each rule once',
			{ filters: { regions: 'california, texas' } },
			'Item 0: Regions: "california", "texas" must be lowercase <country>-<subdivision> codes (ISO 3166-2), such as "us-ca"',
			'Check "Filters > Regions". Nothing was sent to the service for this item.',
		],
		[
			'an unknown bracket value in JSON',
			{ filterSource: 'json', filtersJson: '{ "company_size": { "values": ["11-50", "about 40"] } }' },
			'Item 0: filters.company_size.values[1] must be brackets such as "1-10", "500K-1M" or "10001+"',
			'Check "Filters (JSON)". Nothing was sent to the service for this item.',
		],
	])('%s', async (_label, parameters, message, description) => {
		const run = await search(parameters as INodeParameters, [{ ids: thousandAndOne() }]);

		expect(run.error?.message).toBe(message);
		expect(run.error?.description).toBe(description);
		expect(run.error?.itemIndex).toBe(0);
		expect(run.error?.node).toBe(NODE);
		expect(sandbox.requests).toHaveLength(0);
	});
});

describe('totals and request context', () => {
	test('Include Total on Search Businesses too', async () => {
		const total = sandbox.universe.searchBusinesses({ country_code: { values: ['se'] } }).length;
		const result = await search({ limit: 2, filters: { countries: 'se' }, options: { includeTotal: true } }, [{}], {});
		expect(result.json(NODE).map((record) => record.total_results)).toEqual([total, total]);
	});
});
