/**
 * Search Prospects' filters of issue 21 on API v2 (v2Filters.cases.ts; on v1:
 * v2Filters.v1.test.ts): Has Website, and Skills, Interests and Public Company, which only API v2
 * has (the node version built for v2 offers them). Exact bodies, the sandbox really filtering
 * (expectations computed here from the prospects' facets and their companies), and Get Statistics
 * with the same filters.
 */
import { interestsOf } from '../../sandbox/universe/prospectSearch';
import { idsOf, idsWhere, NODE, sandbox, setUpSandbox } from './setup';
import { typeVersionBeforeV2 } from '../harness/apiVersions';
import { bodies, on, v2FilterCases } from './v2Filters.cases';

setUpSandbox();

describe('API v2', () => v2FilterCases('v2'));

describe('Skills, Interests and Public Company (API v2 only)', () => {
	const FIELDS = { skills: 'Python, SQL', interests: 'Cycling', publicCompany: true };
	const SENT = {
		skills: { values: ['Python', 'SQL'] },
		interests: { values: ['Cycling'] },
		is_public_company: { value: true },
	};
	const expected = () =>
		idsWhere(
			(entry) =>
				entry.facets.skills.some((skill) => skill === 'Python' || skill === 'SQL') &&
				interestsOf(sandbox.universe.seed, entry.prospect.prospect_id).includes('Cycling') &&
				entry.business.public_company,
		);

	test('the v2 node version sends them, and only prospects with a skill, the interest and a public company come back', async () => {
		const run = await on('v2', { returnAll: true, filters: FIELDS });

		expect(run.error).toBeUndefined();
		expect(bodies('v2')).toEqual([{ mode: 'preview', page_size: 500, filters: SENT }]);
		expect(expected().length).toBeGreaterThan(0);
		expect(expected().length).toBeLessThan(idsWhere((entry) => entry.facets.skills.includes('Python')).length);
		expect(idsOf(run.json(NODE))).toEqual(expected());
	});

	test('Get Statistics on v2 takes them too', async () => {
		const run = await on('v2', { operation: 'getStatistics', filters: FIELDS });

		expect(run.error).toBeUndefined();
		expect(bodies('v2', '/v1/prospects/stats')).toEqual([{ filters: SENT }]);
		expect(run.json(NODE)[0].total_results).toBe(expected().length);
	});

	test('the node versions built for v1 do not offer them; the v2 version does', async () => {
		const { SearchProspects } = await import('../../../nodes/SearchProspects/SearchProspects.node');
		const filters = new SearchProspects().description.properties.filter((property) => property.name === 'filters');
		const names = (version: number) =>
			(
				filters.find((property) => (property.displayOptions?.show?.['@version'] as number[] | undefined)?.includes(version))
					?.options ?? []
			).map((option) => option.name);
		for (const name of ['skills', 'interests', 'publicCompany']) {
			expect([name, names(1).includes(name), names(2).includes(name), names(3).includes(name)]).toEqual([name, false, false, true]);
		}
	});
});

describe('Filters (JSON) and Business IDs on v2 at the node versions built before it', () => {
	test('Filters (JSON) of a node version built before v2, on a credential set to v2: interests sent, only those prospects come back', async () => {
		const parameters = { limit: 4, filterSource: 'json', filtersJson: JSON.stringify({ interests: { values: ['Cycling'] } }) };
		const run = await on('v2', parameters, { credential: 'v2', typeVersion: typeVersionBeforeV2('searchProspects') });
		expect(run.error).toBeUndefined();
		expect(sandbox.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /v2/prospects']);
		expect(bodies('v2')).toEqual([{ mode: 'preview', page_size: 4, filters: { interests: { values: ['Cycling'] } } }]);
		const cycling = idsWhere((entry) => interestsOf(sandbox.universe.seed, entry.prospect.prospect_id).includes('Cycling'));
		expect(idsOf(run.json(NODE))).toEqual(cycling.slice(0, 4));
	});

	test('v2 sends 1,500 Business IDs in one request (up to 10,000: research §11)', async () => {
		const ids = sandbox.universe.businesses.slice(0, 1_500).map((business) => business.business_id);
		const run = await on('v2', { limit: 10, filters: { businessIds: ids.join(',') } });
		expect(run.error).toBeUndefined();
		expect(sandbox.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /v2/prospects']);
		expect(bodies('v2').map((body) => (body.filters as { business_id: { values: string[] } }).business_id.values)).toEqual([ids]);
		const wanted = new Set(ids);
		expect(idsOf(run.json(NODE))).toEqual(idsWhere((entry) => wanted.has(entry.business.business_id)).slice(0, 10));
	});
});
