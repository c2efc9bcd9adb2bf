/**
 * Search Businesses' filters beyond the contract's list on API v2 (signalFilters.cases.ts; on v1:
 * signalFilters.v1.test.ts): Recent Events (events, with last_occurrence), Intent Topics and Intent
 * Level (business_intent_topics), Cities Without Country (city_region), Has Website, and Public
 * Company (is_public_company, API v2 only): sent by the v2 node version and really filtering, and
 * not offered by the v1 node version.
 */
import { onItems, packageNode, runWorkflow, sandboxCredentials } from '../harness';
import { typeVersionBeforeV2 } from '../harness/apiVersions';
import { NODE, sandbox, setUpSandbox } from './setup';
import { bodies, businesses, idsOf, INCLUDED, on, signalFilterCases } from './signalFilters.cases';

setUpSandbox();

describe('API v2', () => signalFilterCases('v2'));

describe('Public Company (is_public_company: API v2 only)', () => {
	test('the v2 node version sends it and gets only public companies', async () => {
		const run = await on('v2', { returnAll: true, filters: { publicCompany: true, companySize: ['10001+'] } });

		expect(run.error).toBeUndefined();
		expect(bodies('v2')[0].filters).toEqual({ company_size: { values: ['10001+'] }, is_public_company: { value: true }, ...INCLUDED });
		const expected = businesses().filter((business) => business.public_company && business.facets.company_size === '10001+');
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(businesses().filter((business) => business.facets.company_size === '10001+').length);
		expect(idsOf(run.json(NODE))).toEqual(idsOf(expected));
	});

	test('the v1 node version does not offer Public Company; the v2 version offers every new field', async () => {
		const { SearchBusinesses } = await import('../../../nodes/SearchBusinesses/SearchBusinesses.node');
		const filters = new SearchBusinesses().description.properties.filter((property) => property.name === 'filters');
		const shownFor = (version: number) =>
			filters.find((property) => (property.displayOptions?.show?.['@version'] as number[] | undefined)?.includes(version));
		const names = (version: number) => (shownFor(version)?.options ?? []).map((option) => option.name);
		expect(filters).toHaveLength(2);
		expect(names(1)).not.toContain('publicCompany');
		for (const name of ['recentEvents', 'recentEventsWithinDays', 'intentTopicList', 'intentLevel', 'cityRegionList', 'hasWebsite']) {
			expect([name, names(1).includes(name), names(2).includes(name)]).toEqual([name, true, true]);
		}
		expect(names(2)).toContain('publicCompany');
	});

	test('Filters (JSON) of the node version built before v2, on a credential set to v2: sent, and only public companies come back', async () => {
		const parameters = { limit: 3, filterSource: 'json', filtersJson: '{ "is_public_company": { "value": true } }' };
		const node = packageNode('searchBusinesses', NODE, parameters, { typeVersion: typeVersionBeforeV2('searchBusinesses') });
		const run = await runWorkflow(onItems([{}], node), { credentials: sandboxCredentials(sandbox, { apiVersion: 'v2' }) });
		expect(run.error).toBeUndefined();
		expect(sandbox.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /v2/businesses']);
		expect(bodies('v2')).toEqual([{ mode: 'preview', page_size: 3, filters: { is_public_company: { value: true }, ...INCLUDED } }]);
		expect(idsOf(run.json(NODE))).toEqual(idsOf(businesses().filter((business) => business.public_company).slice(0, 3)));
	});
});
