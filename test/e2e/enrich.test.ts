/**
 * Every enrichment of Enrich in a real n8n process (`n8n execute`), the packed package installed
 * as users install it, the sandbox as the service: every business enrichment at once (typed
 * parameters set) on 12 items (10 unique businesses) and every prospect enrichment on 8
 * prospects. One request per endpoint, 0 contract violations (the sandbox validates every body
 * with the catalog's schemas and would answer 422), every item paired and in order. And Enrich 2
 * on API v2 with 10,000 ids: one async job (upload, submit, one poll, download), 10,000 items.
 */
import type { IDataObject } from 'n8n-workflow';

import { RESOURCES } from '../../nodes/Enrich/enrichments';
import { V1_ENDPOINTS } from '../../nodes/shared/api';
import { startSandbox, type Sandbox } from '../sandbox';
import { useN8n } from './harness/jest';
import type { WorkflowJson } from './harness/n8nInstance';

const CREDENTIAL = { id: 'sandbox-credential', name: 'Business Prospect Data (sandbox)' };
const WORKFLOW_ID = 'e2eEveryEnrichment';
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

function workflow(businessRows: IDataObject[], prospectRows: IDataObject[]): WorkflowJson {
	const credentials = { businessProspectDataApi: CREDENTIAL };
	const node = (name: string, type: string, typeVersion: number, x: number, y: number, parameters: IDataObject, extra = {}) => ({
		id: `e2e-enrich-${x}-${y}`,
		name,
		type,
		typeVersion,
		position: [x, y],
		parameters,
		...extra,
	});
	const code = (rows: IDataObject[]) => ({ jsCode: `return ${JSON.stringify(rows)}.map((json) => ({ json }));` });
	return {
		id: WORKFLOW_ID,
		name: 'Every enrichment',
		nodes: [
			node('Start', 'n8n-nodes-base.manualTrigger', 1, 0, 0, {}),
			node('Businesses', 'n8n-nodes-base.code', 2, 200, 0, code(businessRows)),
			node(
				'Enrich Businesses',
				'n8n-nodes-business-prospect-data.enrich',
				1,
				400,
				0,
				{
					resource: 'business',
					businessEnrichments: RESOURCES.business.enrichments.map((e) => e.value),
					websiteKeywords: '={{ $json.keywords }}',
					financialIndicatorsDate: '2024-12-31',
					websiteTrafficMonth: '2024-05',
					intentTopics: '',
					intentMinScore: 65,
				},
				{ credentials },
			),
			node('Prospects', 'n8n-nodes-base.code', 2, 200, 200, code(prospectRows)),
			node(
				'Enrich Prospects',
				'n8n-nodes-business-prospect-data.enrich',
				1,
				400,
				200,
				{ resource: 'prospect', prospectEnrichments: RESOURCES.prospect.enrichments.map((e) => e.value) },
				{ credentials },
			),
		],
		connections: {
			Start: { main: [[{ node: 'Businesses', type: 'main', index: 0 }, { node: 'Prospects', type: 'main', index: 0 }]] },
			Businesses: { main: [[{ node: 'Enrich Businesses', type: 'main', index: 0 }]] },
			Prospects: { main: [[{ node: 'Enrich Prospects', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

describe('every enrichment in real n8n', () => {
	let sandbox: Sandbox;
	let businessRows: IDataObject[] = [];
	let prospectRows: IDataObject[] = [];

	beforeAll(async () => {
		sandbox = await startSandbox();
		const businesses = sandbox.universe.businesses.slice(0, 10);
		businessRows = [...businesses, businesses[0], businesses[1]].map((b, row) => ({
			business_id: b.business_id,
			keywords: 'pricing, careers',
			row,
		}));
		prospectRows = sandbox.universe.prospects.slice(0, 8).map((p, row) => ({ prospect_id: p.prospect_id, row }));
	});
	afterAll(async () => await sandbox?.close());

	const n8n = useN8n({
		shared: true,
		prepare: async (instance) => {
			await instance.importCredential({ ...CREDENTIAL, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url } });
			const knownIds = sandbox.universe.businesses.slice(0, KNOWN_IDS).map((b) => b.business_id);
			await instance.importWorkflows([workflow(businessRows, prospectRows), jobWorkflow(knownIds)]);
		},
	});

	test('one request per endpoint, no contract violation, every item enriched in order', async () => {
		const result = await n8n().execute(WORKFLOW_ID);
		expect(result.describeError()).toBe('');

		const endpoints = [...RESOURCES.business.enrichments, ...RESOURCES.prospect.enrichments].map((e) => V1_ENDPOINTS[e.endpoint].path);
		expect(endpoints).toHaveLength(20);
		// 0 contract violations: every body passed the sandbox's schema (a violation answers 422)
		expect(sandbox.requests.filter((request) => request.status !== 200)).toEqual([]);
		expect(sandbox.requests.map((request) => request.path).sort()).toEqual([...endpoints].sort());
		const body = (path: string) => sandbox.requests.find((request) => request.path === path)?.body as IDataObject;
		expect(body('/v1/businesses/company_website_keywords/bulk_enrich').parameters).toEqual({ keywords: ['pricing', 'careers'] });
		expect(body('/v1/businesses/website_traffic/bulk_enrich').parameters).toEqual({ month_period: '2024-05' });
		expect(body('/v1/businesses/business_intent/bulk_enrich').parameters).toEqual({ min_score: 65 });
		expect(String((body('/v1/businesses/financial_indicators/bulk_enrich').parameters as IDataObject).date)).toMatch(/^2024-12-31/);
		expect(body('/v1/businesses/firmographics/bulk_enrich')).toEqual({ business_ids: businessRows.slice(0, 10).map((r) => r.business_id) });

		const businesses = result.output('Enrich Businesses');
		expect(businesses).toHaveLength(12);
		expect(pairedIndexes(businesses)).toEqual(range(12).map((i) => [i]));
		businesses.forEach(({ json }, i) => {
			expect(json.row).toBe(i);
			expect(json.enrichment_status).toBe('enriched');
			for (const enrichment of RESOURCES.business.enrichments) expect(json).toHaveProperty(enrichment.outputKey);
			expect((json.firmographics as IDataObject).name).toBe(sandbox.universe.business(json.business_id as string)?.name);
		});
		// a business named twice gets the same answers both times
		expect(businesses[10].json.technographics).toEqual(businesses[0].json.technographics);

		const prospects = result.output('Enrich Prospects');
		expect(prospects).toHaveLength(8);
		expect(pairedIndexes(prospects)).toEqual(range(8).map((i) => [i]));
		prospects.forEach(({ json }, i) => {
			const prospect = sandbox.universe.prospects[i];
			expect(json.row).toBe(i);
			expect(json.profile).toEqual(prospect.profile);
			expect(json.posts).toEqual(prospect.posts);
			expect(json).toHaveProperty('contact_information');
		});
		expect(prospects.some(({ json }) => (json.contact_information as IDataObject | null)?.professions_email !== undefined)).toBe(true);
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
