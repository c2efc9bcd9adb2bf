/**
 * Search Prospects' filters of issue 21 on both API versions (describe.each): Has Website (both),
 * and Skills, Interests and Public Company, which only API v2 has (the node version built for v2
 * offers them). Exact bodies, the sandbox really filtering (expectations computed here from the
 * prospects' facets and their companies), Get Statistics with the same filters, and on v1 the
 * item refused before any request, naming the field and the version that has it.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { ApiVersion } from '../../../nodes/shared/api';
import { onItems, packageNode, runWorkflow, sandboxCredentials } from '../harness';
import { API_VERSIONS, pathOn, typeVersionFor } from '../harness/apiVersions';
import { interestsOf } from '../../sandbox/universe/prospectSearch';
import { idsOf, idsWhere, NODE, requestsTo, sandbox, SEARCH_PATH, setUpSandbox } from './setup';

setUpSandbox();

async function on(api: ApiVersion, parameters: INodeParameters, options: { credential?: ApiVersion; typeVersion?: number } = {}) {
	const typeVersion = options.typeVersion ?? typeVersionFor('searchProspects', api);
	const node = packageNode('searchProspects', NODE, parameters, { typeVersion, onError: 'continueRegularOutput' });
	const credentials = sandboxCredentials(sandbox, options.credential ? { apiVersion: options.credential } : {});
	return await runWorkflow(onItems([{}], node), { credentials });
}
const bodies = (api: ApiVersion, path = SEARCH_PATH) => requestsTo(pathOn(api, path)).map((r) => r.body as IDataObject);

describe.each(API_VERSIONS)('API %s', (api) => {
	test('Has Website on and off: sent as {value}, filtering on the company\'s website', async () => {
		const run = await on(api, { returnAll: true, filters: { hasWebsite: true, jobLevels: ['founder'] } });

		expect(run.error).toBeUndefined();
		expect(bodies(api)[0].filters).toEqual({ job_level: { values: ['founder'] }, has_website: { value: true } });
		const expected = idsWhere((entry) => entry.facets.job_level === 'founder' && entry.business.website !== '');
		expect(expected.length).toBeGreaterThan(0);
		expect(idsOf(run.json(NODE))).toEqual(expected);

		// every company of the sandbox has a website: off finds none, so the filter is really read
		sandbox.clearRequests();
		const none = await on(api, { limit: 10, filters: { hasWebsite: false, jobLevels: ['founder'] } });
		expect(bodies(api)[0].filters).toEqual({ job_level: { values: ['founder'] }, has_website: { value: false } });
		expect(none.json(NODE)).toEqual([]);
	});
});

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
