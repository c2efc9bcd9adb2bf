/**
 * Search Businesses 2, the Get Statistics operation, on API v2 (node version 2 at Per Node
 * Version), in n8n-core's engine against the sandbox: the request sent and the item with
 * total_results and the breakdowns. The same on v1: getStatistics.v1.test.ts. Set-up in setup.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { catalogFor } from '../../../nodes/shared/api';
import { NODE, sandbox, searchOn, setUpSandbox } from './setup';

setUpSandbox();

const search = searchOn('v2');

describe('Get Statistics', () => {
	test('Search Businesses 2: no filters sends only Include Operating Locations; one item with total_results and the three breakdowns', async () => {
		const result = await search({ operation: 'getStatistics' }, [{}], {});

		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((r) => [r.method, r.path, r.body])).toEqual([['POST', catalogFor('v2').businessStats.path, { filters: { include_operating_locations: { value: true } } }]]);
		const [item] = result.json(NODE);
		expect(item).toEqual(sandbox.universe.businessStats({}));
		expect(item.total_results).toBe(sandbox.universe.businesses.length);
		expect(Object.keys(item.stats as IDataObject)).toEqual([
			'business_categories_per_location',
			'revenue_per_category',
			'number_of_employees_per_category',
		]);
		expect(result.pairedItems(NODE)).toEqual([[{ item: 0 }]]);
	});
});
