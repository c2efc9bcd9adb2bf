/**
 * Search Businesses on one API version, at the node version that speaks it, against the sandbox
 * serving both versions from one universe: apiVersions.test.ts runs these cases on v2,
 * apiVersions.v1.test.ts on v1 (retiring v1 deletes that file). Exact requests and bodies (v1 pages
 * by number with `size`; v2 by cursor, without `size` or `page`, with the
 * include_operating_locations the node shows), output order and pairing.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { ApiVersion } from '../../../nodes/shared/api';
import { pathOn, typeVersionFor } from '../harness/apiVersions';
import { NODE, requestsTo, sandbox, search } from './setup';

// "pricing" OR "last mile" selects exactly 1,000 businesses of the default universe
const THOUSAND = { website_keywords: { values: ['pricing', 'last mile'] } };
const INCLUDED = { include_operating_locations: { value: true } };

export const on = (api: ApiVersion, parameters: INodeParameters, items: IDataObject[] = [{}]) =>
	search(parameters, items, { typeVersion: typeVersionFor('searchBusinesses', api) });
export const bodies = (api: ApiVersion, path = '/v1/businesses') => requestsTo(pathOn(api, path)).map((r) => r.body as IDataObject);
const idsOf = (records: Array<{ business_id?: unknown }>) => records.map((record) => record.business_id);

/** What each version sends for a search of `limit` records in pages of `pageSize` (cursors read from the log). */
function expectedBodies(api: ApiVersion, sent: IDataObject[], base: IDataObject, limit: number, pageSize: number) {
	const pages = Math.ceil(limit / pageSize);
	if (api !== 'v2') {
		return Array.from({ length: pages }, (_, n) => ({ ...base, size: limit, page_size: pageSize, page: n + 1 }));
	}
	const filters = { ...(base.filters as IDataObject | undefined), ...INCLUDED };
	return Array.from({ length: pages }, (_, n) => {
		const body: IDataObject = { ...base, filters, page_size: Math.min(pageSize, limit - n * pageSize) };
		if (n > 0) body.next_cursor = sent[n].next_cursor;
		return body;
	});
}

export function apiVersionCases(api: ApiVersion): void {
	test('limit 250 in pages of 100 over 1,000 matches: 3 requests, exact bodies, 250 items in order, paired', async () => {
		const expected = sandbox.universe.searchBusinesses(THOUSAND).slice(0, 250);
		const run = await on(api, { mode: 'full', limit: 250, filters: { websiteKeywords: ['pricing', 'last mile'] }, options: { pageSize: 100 } });

		expect(run.error).toBeUndefined();
		const sent = bodies(api);
		expect(sent).toEqual(expectedBodies(api, sent, { mode: 'full', filters: THOUSAND }, 250, 100));
		if (api === 'v2') for (const body of sent.slice(1)) expect(body.next_cursor).toEqual(expect.any(String));
		expect(sandbox.requests).toHaveLength(3);
		expect(idsOf(run.json(NODE))).toEqual(idsOf(expected));
		expect(run.pairedItems(NODE)).toEqual(expected.map(() => [{ item: 0 }]));
	});

	test('two items, two searches: each item\'s records in input order, paired to it', async () => {
		const items = [{ keyword: 'pricing' }, { keyword: 'last mile' }];
		const run = await on(
			api,
			{ mode: 'preview', limit: 30, filters: { websiteKeywords: '={{ $json.keyword }}' }, options: { pageSize: 20 } },
			items,
		);

		expect(run.error).toBeUndefined();
		expect(sandbox.requests).toHaveLength(4);
		const first = sandbox.universe.searchBusinesses({ website_keywords: { values: ['pricing'] } }).slice(0, 30);
		const second = sandbox.universe.searchBusinesses({ website_keywords: { values: ['last mile'] } }).slice(0, 30);
		expect(idsOf(run.json(NODE))).toEqual(idsOf([...first, ...second]));
		expect(run.pairedItems(NODE)).toEqual([...first.map(() => [{ item: 0 }]), ...second.map(() => [{ item: 1 }])]);
	});

	test('Get Statistics: one request of the filters alone, the same item on both versions', async () => {
		const run = await on(api, { operation: 'getStatistics', filters: { countries: 'us' } });

		expect(run.error).toBeUndefined();
		const filters = { country_code: { values: ['us'] } };
		expect(bodies(api, '/v1/businesses/stats')).toEqual([{ filters: api !== 'v2' ? filters : { ...filters, ...INCLUDED } }]);
		expect(run.json(NODE)).toEqual([sandbox.universe.businessStats(filters)]);
	});
}
