/**
 * Check Credits in a real n8n 2.41 with the packed package installed (the run's shared n8n), on
 * a credential left at Per Node Version (new nodes speak API v2): Enrich of five businesses, one
 * of them unknown and one repeated, then Check Credits' balance and usage by endpoint, with the
 * exact remaining credits (one per enriched business) and one request each; and the shipped
 * example enrich-within-credits.json stopping, with fewer credits left than it needs, before it
 * spends any.
 */
import { startSandbox, type Sandbox } from '../sandbox';
import { loadExampleWorkflows } from './harness/exampleWorkflows';
import { useN8n } from './harness/jest';
import type { WorkflowJson } from './harness/n8nInstance';

const CREDENTIAL = { id: 'checkCreditsCred01', name: 'Business Prospect Data (credits)' };
const PACKAGE = 'n8n-nodes-business-prospect-data';
const WORKFLOW_ID = 'e2eCheckCredits01';
const MANUAL = 'When clicking ‘Execute workflow’';
const ALLOCATED = 500;
/** the shipped example, under an id of its own in the shared n8n */
const EXAMPLE = { ...loadExampleWorkflows(CREDENTIAL).find((example) => example.file === 'enrich-within-credits.json')!.workflow, id: 'e2eCreditsExample01' };

function enrichThenCheck(businessIds: string[]): WorkflowJson {
	const nodes = [
		{ name: MANUAL, type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} },
		{
			name: 'Accounts',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			parameters: { jsCode: `return ${JSON.stringify(businessIds)}.map((business_id) => ({ json: { business_id } }));` },
		},
		{
			name: 'Enrich',
			type: `${PACKAGE}.enrich`,
			typeVersion: 2,
			parameters: { resource: 'business', businessEnrichments: ['firmographics'], options: {} },
			credentials: { businessProspectDataApi: CREDENTIAL },
		},
		{
			name: 'Check Credits',
			type: `${PACKAGE}.checkCredits`,
			typeVersion: 1,
			parameters: { operation: 'getBalance' },
			credentials: { businessProspectDataApi: CREDENTIAL },
		},
		{
			name: 'Usage by Endpoint',
			type: `${PACKAGE}.checkCredits`,
			typeVersion: 1,
			parameters: { operation: 'getUsage', mode: 'endpoints', timezone: 'UTC' },
			credentials: { businessProspectDataApi: CREDENTIAL },
		},
	].map((node, index) => ({ id: `${WORKFLOW_ID}-${index}`, position: [index * 240, 0] as [number, number], ...node }));
	const next = (from: string, to: string) => ({ [from]: { main: [[{ node: to, type: 'main', index: 0 }]] } });
	return {
		id: WORKFLOW_ID,
		name: 'Enrich, then check the credits',
		nodes,
		connections: { ...next(MANUAL, 'Accounts'), ...next('Accounts', 'Enrich'), ...next('Enrich', 'Check Credits'), ...next('Check Credits', 'Usage by Endpoint') },
		settings: { executionOrder: 'v1' },
		active: false,
	};
}

describe('Check Credits in real n8n', () => {
	let sandbox: Sandbox;
	let ids: string[] = [];
	beforeAll(async () => {
		sandbox = await startSandbox({ credits: { allocated: ALLOCATED } });
		const known = sandbox.universe.businesses.slice(0, 3).map((business) => business.business_id);
		ids = [...known, 'f'.repeat(32), known[0]];
	});
	afterAll(async () => await sandbox?.close());

	const n8n = useN8n({
		shared: true,
		prepare: async (instance) => {
			await instance.importCredential({ ...CREDENTIAL, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url } });
			await instance.importWorkflows([enrichThenCheck(ids), EXAMPLE]);
		},
	});

	test('Enrich of 5 rows (3 known businesses, 1 unknown, 1 repeated) leaves 497 credits; usage shows the 3 on the enrich endpoint', async () => {
		const result = await n8n().execute(WORKFLOW_ID);
		expect(result.describeError()).toBe('');
		expect(sandbox.requests.map((request) => [request.method, request.path, request.status])).toEqual([
			['POST', '/v2/businesses/firmographics/enrich', 200],
			['GET', '/v2/credits', 200],
			['POST', '/v2/credits/aggregation', 200],
		]);
		const balance = { allocated_credits: ALLOCATED, remaining_credits: ALLOCATED - 3, account_type: 'paid' };
		expect(result.items('Check Credits')).toEqual([balance, balance, balance, balance, balance]);
		const usage = result.items('Usage by Endpoint');
		expect(usage).toHaveLength(5);
		expect(usage[0]).toEqual(
			expect.objectContaining({
				mode: 'endpoints',
				resolution: null,
				timezone: 'UTC',
				total_credits: 3,
				aggregations: [{ endpoint: '/v2/businesses/firmographics/enrich', credits: 3 }],
			}),
		);
		expect(new Set(usage.map((item) => JSON.stringify(item))).size).toBe(1);
	});

	test('the example stops with 4 credits left (it needs 10): one balance request, nothing matched or enriched', async () => {
		sandbox.configure({ credits: { allocated: 4 } });
		sandbox.clearRequests();
		const result = await n8n().execute(EXAMPLE.id);
		expect(result.status).toBe('error');
		expect(result.describeError()).toContain('Not enough credits: 4 left, 10 needed. Nothing was enriched.');
		expect(sandbox.requests.map((request) => [request.method, request.path])).toEqual([['GET', '/v2/credits']]);
		expect(result.executedNodes).toEqual(['When clicking ‘Execute workflow’', 'Check Credits', 'Enough Credits?', 'Not Enough Credits']);
	});
});
