/**
 * Check Credits, Get Balance, through n8n-core's WorkflowExecute against the sandbox on API v2
 * (getBalance.v1.test.ts: on v1): one request per run whatever the number of items, the same
 * balance paired to each item, the ledger after an enrichment (Enrich -> Check Credits), an
 * enrichment the credits cannot cover, a refusal under Continue on Fail and without it, and the
 * tool variant.
 */
import { CheckCredits } from '../../../nodes/CheckCredits/CheckCredits.node';
import { onItems, runWorkflow } from '../harness';
import { getBalanceCases } from './getBalance.cases';
import { ALLOCATED, sandbox, setUpSandbox } from './setup';

setUpSandbox();

describe('Get Balance, API v2', () => getBalanceCases('v2', { segment: 'firmographics/enrich' }));

test("as a tool (n8n's generated checkCreditsTool): the balance on API v2 at Per Node Version, one request", async () => {
	/** What n8n's convertNodeToAiTool changes that the node reads: the type name ends with Tool. */
	class CheckCreditsTool extends CheckCredits {
		constructor() {
			super();
			this.description = { ...this.description, name: 'checkCreditsTool' };
		}
	}
	const TOOL_TYPE = 'n8n-nodes-business-prospect-data.checkCreditsTool';
	const result = await runWorkflow(
		onItems([{}], { name: 'Check Credits Tool', type: TOOL_TYPE, typeVersion: 1, parameters: { operation: 'getBalance' } }),
		{ credentials: { businessProspectDataApi: { apiKey: sandbox.apiKey, baseUrl: sandbox.url } }, nodeTypes: { [TOOL_TYPE]: new CheckCreditsTool() } },
	);
	expect(result.error).toBeUndefined();
	expect(sandbox.requests.map((request) => request.path)).toEqual(['/v2/credits']);
	expect(result.json('Check Credits Tool')).toEqual([{ allocated_credits: ALLOCATED, remaining_credits: ALLOCATED, account_type: 'paid' }]);
});
