/**
 * Search Prospects' filters of issue 21 where v1 is in play: Has Website on API v1
 * (v2Filters.cases.ts at node version 2); Skills, Interests and Public Company, which only API v2
 * has, refused on a credential set to v1 and in Filters (JSON) of a v1 node version, naming the
 * field and the version that has it; Business IDs over v1's 1,000 refused on v1 (beside v2 sending
 * 1,500). Retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 */
import { interestsOf } from '../../sandbox/universe/prospectSearch';
import { idsOf, idsWhere, NODE, sandbox, setUpSandbox } from './setup';
import { bodies, on, v2FilterCases } from './v2Filters.cases';

setUpSandbox();

describe('API v1', () => v2FilterCases('v1'));

describe('Skills, Interests and Public Company (API v2 only)', () => {
	const FIELDS = { skills: 'Python, SQL', interests: 'Cycling', publicCompany: true };

	test('on a credential set to v1: the item is refused before sending, naming each field', async () => {
		const run = await on('v2', { limit: 5, filters: FIELDS }, { credential: 'v1' });

		expect(run.error).toBeUndefined();
		expect(run.json(NODE)).toEqual([
			{
				error: [
					'Item 0: Skills exists on API v2 only: remove it, or set API Version to v2 in the credential',
					'Interests exists on API v2 only: remove it, or set API Version to v2 in the credential',
					'Public Company exists on API v2 only: remove it, or set API Version to v2 in the credential',
				].join('; '),
				details: 'Check "Filters". Nothing was sent to the service for this item.',
			},
		]);
		expect(sandbox.requests).toHaveLength(0);
	});

	test('Filters (JSON) of a v1 node version: refused on v1 by name, sent on a credential set to v2', async () => {
		const parameters = { limit: 4, filterSource: 'json', filtersJson: JSON.stringify({ interests: { values: ['Cycling'] } }) };
		const refused = await on('v1', parameters);
		expect(refused.json(NODE)[0].error).toBe(
			'Item 0: interests exists on API v2 only: remove it, or set API Version to v2 in the credential',
		);
		expect(sandbox.requests).toHaveLength(0);

		const run = await on('v1', parameters, { credential: 'v2' });
		expect(run.error).toBeUndefined();
		expect(bodies('v2')).toEqual([{ mode: 'preview', page_size: 4, filters: { interests: { values: ['Cycling'] } } }]);
		const cycling = idsWhere((entry) => interestsOf(sandbox.universe.seed, entry.prospect.prospect_id).includes('Cycling'));
		expect(idsOf(run.json(NODE))).toEqual(cycling.slice(0, 4));
	});
});

describe('Business IDs: up to 10,000 on API v2 (research §11), 1,000 on v1', () => {
	const businessIds = (count: number) => sandbox.universe.businesses.slice(0, count).map((business) => business.business_id);

	test('v2 sends 1,500 Business IDs in one request; v1 refuses them before any request, naming the field and the rule', async () => {
		const ids = businessIds(1_500);
		const run = await on('v2', { limit: 10, filters: { businessIds: ids.join(',') } });
		expect(run.error).toBeUndefined();
		expect(bodies('v2').map((body) => (body.filters as { business_id: { values: string[] } }).business_id.values)).toEqual([ids]);
		const wanted = new Set(ids);
		expect(idsOf(run.json(NODE))).toEqual(idsWhere((entry) => wanted.has(entry.business.business_id)).slice(0, 10));

		sandbox.clearRequests();
		const refused = await on('v1', { limit: 10, filters: { businessIds: ids.join(',') } });
		expect(refused.json(NODE)[0].error).toBe('Item 0: filters.business_id.values must hold at most 1000 values');
		expect(sandbox.requests).toHaveLength(0);
	});
});
