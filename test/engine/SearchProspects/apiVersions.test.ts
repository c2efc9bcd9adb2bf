/**
 * Search Prospects on API v2 (apiVersions.cases.ts; on v1: apiVersions.v1.test.ts): node version 3,
 * built for v2. Contact filters in v2's words (Contact Details, either form in Filters (JSON)),
 * exact requests and bodies, 10,000 prospects in 20 requests of 500, order and pairing. Set-up in
 * setup.ts.
 */
import { LIMITS } from '../../../nodes/shared/api';
import { apiVersionCases, bodies, on, sandbox, SERVED, setUpSandbox } from './apiVersions.cases';
import { idsOf, NODE } from './setup';

setUpSandbox();

describe('API v2', () => apiVersionCases('v2'));

test(`API v2, Return All: ${SERVED.toLocaleString('en-US')} prospects in 20 requests of 500 (the default page), each with the previous cursor`, async () => {
	const run = await on('v2', { returnAll: true });

	expect(run.error).toBeUndefined();
	const sent = bodies('v2');
	expect(sent).toHaveLength(SERVED / LIMITS.searchPageSize.max);
	expect(sent.map((body) => body.page_size)).toEqual(sent.map(() => 500));
	expect(sent[0]).toEqual({ mode: 'preview', page_size: 500 });
	for (const body of sent.slice(1)) expect(Object.keys(body).sort()).toEqual(['mode', 'next_cursor', 'page_size']);
	expect(new Set(sent.map((body) => body.next_cursor)).size).toBe(sent.length);
	expect(idsOf(run.json(NODE))).toEqual(sandbox.universe.searchProspects().map((entry) => entry.prospect.prospect_id));
});
