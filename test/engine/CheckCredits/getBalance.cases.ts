/**
 * Get Balance's cases on one API version: getBalance.test.ts runs them on v2, getBalance.v1.test.ts
 * on v1 (retiring v1 deletes that file). What differs by version is the argument.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ApiVersion } from '../../../nodes/shared/api';
import { linearWorkflow, manualTriggerNode, itemsNode, onItems, packageNode, runWorkflow } from '../harness';
import { typeVersionFor } from '../harness/apiVersions';
import { ALLOCATED, checkCreditsNode, credentialsOn, sandbox } from './setup';

export const balanceNode = (settings = {}) => checkCreditsNode({ operation: 'getBalance' }, settings);
export const paired = (pairs: Array<Array<{ item: number }>>) => pairs.map((pair) => pair.map((entry) => entry.item));

/** `segment`: the path of a firmographics enrichment after /<api>/businesses/ on that version. */
export function getBalanceCases(api: ApiVersion, { segment }: { segment: string }): void {
	test(`three items: one GET /${api}/credits, three items with the same balance, paired 0, 1, 2`, async () => {
		const result = await runWorkflow(onItems([{ a: 1 }, { a: 2 }, { a: 3 }], balanceNode()), { credentials: credentialsOn(api) });
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((request) => [request.method, request.path, request.body])).toEqual([['GET', `/${api}/credits`, undefined]]);
		const balance = { allocated_credits: ALLOCATED, remaining_credits: ALLOCATED, account_type: 'paid' };
		expect(result.json('Check Credits')).toEqual([balance, balance, balance]);
		expect(paired(result.pairedItems('Check Credits'))).toEqual([[0], [1], [2]]);
	});

	test('after Enrich of 4 businesses, one unknown: remaining falls by the 3 enriched rows', async () => {
		const known = sandbox.universe.businesses.slice(0, 3).map((business) => business.business_id);
		const rows = [...known, 'f'.repeat(32)].map((business_id) => ({ business_id }));
		const enrich = packageNode('enrich', 'Enrich', { resource: 'business', businessEnrichments: ['firmographics'] }, {
			typeVersion: typeVersionFor('enrich', api),
		});
		const result = await runWorkflow(linearWorkflow([manualTriggerNode(), itemsNode(rows), enrich, balanceNode()]), {
			credentials: credentialsOn(api),
		});
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((request) => request.path)).toEqual([`/${api}/businesses/${segment}`, `/${api}/credits`]);
		expect(result.json('Check Credits')).toEqual(
			Array.from({ length: 4 }, () => ({ allocated_credits: ALLOCATED, remaining_credits: ALLOCATED - 3, account_type: 'paid' })),
		);
		expect(paired(result.pairedItems('Check Credits'))).toEqual([[0], [1], [2], [3]]);
	});

	test('credits short of an enrichment: Enrich is refused in words (nothing debited), the balance still reads', async () => {
		sandbox.configure({ credits: { allocated: 2 } });
		const rows = sandbox.universe.businesses.slice(0, 3).map(({ business_id }) => ({ business_id }));
		const enrich = packageNode('enrich', 'Enrich', { resource: 'business', businessEnrichments: ['firmographics'] }, {
			typeVersion: typeVersionFor('enrich', api),
			onError: 'continueRegularOutput',
		});
		const result = await runWorkflow(linearWorkflow([manualTriggerNode(), itemsNode(rows), enrich, balanceNode()]), {
			credentials: credentialsOn(api),
		});
		expect(result.error).toBeUndefined();
		const refusal = 'The service refused the request (insufficient credits) (403): Insufficient credits: this request needs 3 and 2 remain (for items 0 to 2)';
		expect(result.json('Enrich').map((json: IDataObject) => json.error)).toEqual([refusal, refusal, refusal]);
		expect(result.json('Check Credits')).toEqual(Array.from({ length: 3 }, () => ({ allocated_credits: 2, remaining_credits: 2, account_type: 'paid' })));
	});

	test('a trial account says so', async () => {
		sandbox.configure({ credits: { allocated: 50, accountType: 'trial' } });
		const result = await runWorkflow(onItems([{}], balanceNode()), { credentials: credentialsOn(api) });
		expect(result.json('Check Credits')).toEqual([{ allocated_credits: 50, remaining_credits: 50, account_type: 'trial' }]);
	});

	test('a refused request: under Continue on Fail every item gets the error, paired; without it the run stops', async () => {
		const refusal =
			'The service refused the request (forbidden) (403): Forbidden: this enrichment is not part of your plan (simulated)';
		sandbox.configure({ faults: { sequence: ['403'] } });
		const continued = await runWorkflow(onItems([{}, {}], balanceNode({ onError: 'continueRegularOutput' })), {
			credentials: credentialsOn(api),
		});
		expect(sandbox.requests).toHaveLength(1);
		expect(continued.json('Check Credits').map((json: IDataObject) => json.error)).toEqual([refusal, refusal]);
		expect(paired(continued.pairedItems('Check Credits'))).toEqual([[0], [1]]);

		sandbox.clearRequests();
		sandbox.configure({ faults: { sequence: ['403'] } });
		const stopped = await runWorkflow(onItems([{}, {}], balanceNode()), { credentials: credentialsOn(api) });
		expect(stopped.error?.message).toBe(refusal);
		expect(sandbox.requests).toHaveLength(1);
	});
}
