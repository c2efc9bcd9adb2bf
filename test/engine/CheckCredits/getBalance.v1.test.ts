/**
 * Check Credits, Get Balance, on API v1 (the credential set to v1): getBalance.test.ts's cases on
 * v1. Retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 */
import { onItems, runWorkflow } from '../harness';
import { balanceNode, getBalanceCases } from './getBalance.cases';
import { credentialsOn, sandbox, setUpSandbox } from './setup';

setUpSandbox();

describe('Get Balance, API v1', () => getBalanceCases('v1', { segment: 'firmographics/bulk_enrich' }));

test('at Per Node Version the node speaks API v2; the credential set to v1 makes it speak v1', async () => {
	await runWorkflow(onItems([{}], balanceNode()), { credentials: credentialsOn('v1') });
	await runWorkflow(onItems([{}], balanceNode()), { credentials: { businessProspectDataApi: { apiKey: sandbox.apiKey, baseUrl: sandbox.url } } });
	expect(sandbox.requests.map((request) => request.path)).toEqual(['/v1/credits', '/v2/credits']);
});
