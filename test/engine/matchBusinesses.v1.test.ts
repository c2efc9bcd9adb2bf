/**
 * Match Businesses on API v1 (version 1 at Per Node Version) through n8n-core's WorkflowExecute
 * against the sandbox: the accounts -> Match Businesses -> Get Events chain
 * (matchBusinesses.cases.ts) on v1 and the same output on both versions; matchBusinessesCases on
 * v1 (what is sent for each field, Continue on Fail with invalid rows and with a failing service,
 * and a bad domain left out with a warning), on v1's path. Request counts and batch sizes are read from the sandbox's request
 * log. Retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 */
import { accountsChainCases, chainOn, matchBusinessesCases, run, sandbox, setUpSandbox } from './matchBusinesses.cases';
import { accountTable } from './matchBusinessesAccounts';

setUpSandbox();

describe('accounts -> Match Businesses -> Get Events with default parameters, API v1', () => accountsChainCases('v1'));

test('API v1 and v2 give the same output, item for item, with the same pairing', async () => {
	const { rows } = accountTable(sandbox.universe, 120);
	const [v1, v2] = [await run(rows, ...chainOn('v1')), await run(rows, ...chainOn('v2'))];
	expect([v1.error, v2.error]).toEqual([undefined, undefined]);
	for (const node of ['Match Businesses', 'Get Events']) {
		expect(v2.json(node)).toEqual(v1.json(node));
		expect(v2.pairedItems(node)).toEqual(v1.pairedItems(node));
	}
});

describe('Match Businesses, API v1', () => matchBusinessesCases('v1'));
