/**
 * Search Businesses on API v2 (apiVersions.cases.ts; on v1: apiVersions.v1.test.ts): the node at
 * the typeVersion that speaks v2, against the sandbox serving both versions from one universe.
 * Exact requests and bodies (by cursor, without `size` or `page`, with the
 * include_operating_locations the node shows), output order and pairing, and Include Operating
 * Locations off with pages of 500 by default. Set-up in setup.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { apiVersionCases, bodies, on } from './apiVersions.cases';
import { NODE, setUpSandbox } from './setup';

setUpSandbox();

describe('API v2', () => apiVersionCases('v2'));

describe('the v2 node version', () => {
	test('sends Include Operating Locations as shown (off), and pages of 500 by default', async () => {
		const run = await on('v2', { limit: 700, includeOperatingLocations: false, filters: { websiteKeywords: ['pricing', 'last mile'] } });

		expect(run.error).toBeUndefined();
		const sent = bodies('v2');
		expect(sent.map((body) => [body.page_size, (body.filters as IDataObject).include_operating_locations])).toEqual([
			[500, { value: false }],
			[200, { value: false }],
		]);
		expect(run.json(NODE)).toHaveLength(700);
	});
});
