/**
 * Search Businesses' filters beyond the contract's list on API v1 (signalFilters.cases.ts at node
 * version 1), and Public Company (API v2 only) where v1 is in play: refused on a credential set to
 * v1, and in Filters (JSON) of the v1 node version. Retiring v1 deletes this file
 * (docs/development.md, "Retiring API v1").
 */
import { onItems, packageNode, runWorkflow, sandboxCredentials } from '../harness';
import { typeVersionFor } from '../harness/apiVersions';
import { NODE, sandbox, setUpSandbox } from './setup';
import { bodies, businesses, idsOf, INCLUDED, on, signalFilterCases } from './signalFilters.cases';

setUpSandbox();

describe('API v1', () => signalFilterCases('v1'));

describe('Public Company (is_public_company: API v2 only)', () => {
	test('on a credential set to v1: refused before sending, per item under Continue on Fail, naming the field', async () => {
		const node = packageNode(
			'searchBusinesses',
			NODE,
			{ limit: 2, filters: { publicCompany: '={{ $json.public }}', countries: 'us' } },
			{ typeVersion: typeVersionFor('searchBusinesses', 'v2'), onError: 'continueRegularOutput' },
		);
		const run = await runWorkflow(onItems([{ public: true }], node), { credentials: sandboxCredentials(sandbox, { apiVersion: 'v1' }) });

		expect(run.error).toBeUndefined();
		expect(run.json(NODE)).toEqual([
			{
				error: 'Item 0: Public Company exists on API v2 only: remove it, or set API Version to v2 in the credential',
				details: 'Check "Filters". Nothing was sent to the service for this item.',
			},
		]);
		expect(sandbox.requests).toHaveLength(0);
	});

	test('Filters (JSON) of the v1 node version: refused on v1 by its name, sent on a credential set to v2', async () => {
		const parameters = { limit: 3, filterSource: 'json', filtersJson: '{ "is_public_company": { "value": true } }' };
		const refused = await on('v1', parameters);
		expect(refused.error?.message).toBe(
			'Item 0: is_public_company exists on API v2 only: remove it, or set API Version to v2 in the credential',
		);
		expect(sandbox.requests).toHaveLength(0);

		const node = packageNode('searchBusinesses', NODE, parameters, { typeVersion: typeVersionFor('searchBusinesses', 'v1') });
		const run = await runWorkflow(onItems([{}], node), { credentials: sandboxCredentials(sandbox, { apiVersion: 'v2' }) });
		expect(run.error).toBeUndefined();
		expect(bodies('v2')).toEqual([{ mode: 'preview', page_size: 3, filters: { is_public_company: { value: true }, ...INCLUDED } }]);
		expect(idsOf(run.json(NODE))).toEqual(idsOf(businesses().filter((business) => business.public_company).slice(0, 3)));
	});
});
