/**
 * A refused API key (401) in Enrich: docs/operations.md (Enrich) says the run "stops at the first request". Enrich
 * asks the batching engine to collect failures (so one failed enrichment never loses the others),
 * and the engine then sent every remaining chunk with the refused key. Once the service refuses
 * the key, no further request may be sent: its items fail with that error.
 * Set-up: setup.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { onItems, runWorkflow, type WorkflowNode } from '../harness';
import { sandbox, setUpSandbox } from './setup';

setUpSandbox();

/** 300 distinct business ids: 6 requests of 50 per enrichment */
const rows = (): IDataObject[] => Array.from({ length: 300 }, (_, i) => ({ business_id: i.toString(16).padStart(32, '0') }));
const enrich = (settings: Partial<WorkflowNode> = {}, concurrency = 1): WorkflowNode => ({
	name: 'Enrich',
	type: 'n8n-nodes-business-prospect-data.enrich',
	typeVersion: 1,
	parameters: { resource: 'business', businessEnrichments: ['firmographics', 'technographics'], options: { concurrency } },
	...settings,
});
const run = async (node: WorkflowNode) =>
	await runWorkflow(onItems(rows(), node), {
		credentials: { businessProspectDataApi: { apiKey: 'a-refused-key-0000', baseUrl: sandbox.url } },
	});

describe('Enrich with a refused API key', () => {
	test('the run fails after the first request; nothing more is sent', async () => {
		const result = await run(enrich());
		expect(result.error?.message).toMatch(/^The service rejected the API key or partner ID \(401\)/);
		expect(sandbox.requests.map((request) => request.status)).toEqual([401]);
	});

	test('under Continue on Fail every item is an error item, after one request', async () => {
		const result = await run(enrich({ onError: 'continueRegularOutput' }));
		expect(result.error).toBeUndefined();
		const out = result.output('Enrich');
		expect(out).toHaveLength(300);
		for (const item of out) expect(String(item.json.error)).toMatch(/\(401\)/);
		expect(out.map((item) => item.pairedItem)).toEqual(rows().map((_, item) => ({ item })));
		expect(sandbox.requests).toHaveLength(1);
	});

	test('with the default concurrency, no more than the requests already in flight (4)', async () => {
		const result = await run(enrich({}, 4));
		expect(result.error?.message).toMatch(/\(401\)/);
		expect(sandbox.requests.length).toBeLessThanOrEqual(4);
	});
});
