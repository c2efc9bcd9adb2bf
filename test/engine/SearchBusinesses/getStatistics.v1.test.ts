/**
 * Search Businesses, the Get Statistics operation, on API v1 (node version 1 at Per Node Version),
 * in n8n-core's engine against the sandbox: the request sent and the item with total_results and
 * the breakdowns. Retiring v1 deletes this file (docs/development.md, "Retiring API v1"). Set-up in
 * setup.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { NODE, requestsTo, sandbox, searchOn, setUpSandbox } from './setup';

setUpSandbox();

/** the node at version 1, the newest that speaks v1 at Per Node Version: these are v1's cases */
const search = searchOn('v1');

describe('Get Statistics', () => {
	test('Search Businesses: no filters sends {filters: {}}; one item with total_results and the three breakdowns', async () => {
		const result = await search({ operation: 'getStatistics' }, [{}], {});

		expect(result.error).toBeUndefined();
		expect(requestsTo('/v1/businesses/stats').map((r) => r.body)).toEqual([{ filters: {} }]);
		const [item] = result.json(NODE);
		expect(item).toEqual(sandbox.universe.businessStats({}));
		expect(item.total_results).toBe(sandbox.universe.businesses.length);
		expect(Object.keys(item.stats as IDataObject)).toEqual([
			'business_categories_per_location',
			'revenue_per_category',
			'number_of_employees_per_category',
		]);
	});
});
