/**
 * Enrich 2 in a real n8n process (the run's shared n8n), the packed package installed as users
 * install it, the sandbox as the service: on API v2 with 10,000 ids, one async job (upload,
 * submit, one poll, download), 10,000 items. Every enrichment of Enrich 1 on API v1:
 * enrich.v1.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../sandbox';
import { useN8n } from './harness/jest';
import type { WorkflowJson } from './harness/n8nInstance';

const CREDENTIAL = { id: 'sandbox-credential', name: 'Business Prospect Data (sandbox)' };
const JOB_WORKFLOW_ID = 'e2eEnrichAsyncJob';
/** ids the job enriches: the sandbox's first 1,000 businesses, then well-formed ids of nobody */
const JOB_IDS = 10_000;
const KNOWN_IDS = 1_000;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const pairedIndexes = (items: Array<{ pairedItem?: unknown }>) =>
	items.map(({ pairedItem }) => (Array.isArray(pairedItem) ? pairedItem : [pairedItem]).map((p) => (p as { item: number }).item));

/** Enrich 2 (API v2 at "Per Node Version") on 10,000 ids built by a Code node: above the default threshold, so one job. */
function jobWorkflow(knownIds: string[]): WorkflowJson {
	const jsCode = `const known = ${JSON.stringify(knownIds)};
return Array.from({ length: ${JOB_IDS} }, (_, row) => ({ json: { business_id: known[row] ?? row.toString(16).padStart(32, 'e'), row } }));`;
	return {
		id: JOB_WORKFLOW_ID,
		name: 'Enrich 10,000 ids as an async job',
		nodes: [
			{ id: 'e2e-job-start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{ id: 'e2e-job-ids', name: 'Ids', type: 'n8n-nodes-base.code', typeVersion: 2, position: [200, 0], parameters: { jsCode } },
			{
				id: 'e2e-job-enrich',
				name: 'Enrich',
				type: 'n8n-nodes-business-prospect-data.enrich',
				typeVersion: 2,
				position: [400, 0],
				parameters: { resource: 'business', businessEnrichments: ['firmographics'] },
				credentials: { businessProspectDataApi: CREDENTIAL },
			},
		],
		connections: {
			Start: { main: [[{ node: 'Ids', type: 'main', index: 0 }]] },
			Ids: { main: [[{ node: 'Enrich', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}
describe('every enrichment in real n8n', () => {
	let sandbox: Sandbox;

	beforeAll(async () => {
		sandbox = await startSandbox();
	});
	afterAll(async () => await sandbox?.close());

	const n8n = useN8n({
		shared: true,
		prepare: async (instance) => {
			await instance.importCredential({ ...CREDENTIAL, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url } });
			const knownIds = sandbox.universe.businesses.slice(0, KNOWN_IDS).map((b) => b.business_id);
			await instance.importWorkflows([jobWorkflow(knownIds)]);
		},
	});

	test('Enrich 2, 10,000 ids on API v2: one async job (upload, submit, one poll, download), 10,000 items in order', async () => {
		sandbox.clearRequests();
		// done by the node's first poll (2 s after the submit): the test costs seconds
		sandbox.jobs.configure({ queuedMs: 0, runningMs: 0 });
		const result = await n8n().execute(JOB_WORKFLOW_ID);
		expect(result.describeError()).toBe('');

		const lines = sandbox.requests.map((request) => `${request.method} ${request.path} ${request.status}`);
		const jobId = /\/v2\/jobs\/status\/(\S+) /.exec(lines[2] ?? '')?.[1];
		expect(lines).toEqual([
			'POST /v2/async/entity-id-datasets/upload 200',
			'POST /v2/businesses/firmographics/job 200',
			`GET /v2/jobs/status/${jobId} 200`,
			`GET /files/job-results/${jobId}.csv 200`,
		]);
		expect(sandbox.requests[3].headers.api_key).toBeUndefined();

		const items = result.output('Enrich');
		expect(items).toHaveLength(JOB_IDS);
		expect(pairedIndexes(items)).toEqual(range(JOB_IDS).map((i) => [i]));
		items.forEach(({ json }, i) => {
			expect(json.row).toBe(i);
			const firmographics = json.firmographics as IDataObject | null;
			if (i < KNOWN_IDS && firmographics) expect(firmographics.name).toBe(sandbox.universe.business(json.business_id as string)?.name);
			else if (i >= KNOWN_IDS) expect([json.firmographics, json.enrichment_status]).toEqual([null, 'not_found']);
		});
		const withData = items.slice(0, KNOWN_IDS).filter(({ json }) => json.firmographics !== null).length;
		expect(withData).toBeGreaterThan(0);
		expect(result.run.data.resultData.runData.Enrich[0].hints).toEqual([
			{ message: `Async job ${jobId}: ${withData.toLocaleString('en-US')} credits, ${withData.toLocaleString('en-US')} results`, location: 'outputPane' },
		]);
	});
});
