/**
 * Every enrichment of Enrich 1 in a real n8n process (the run's shared n8n), the packed package
 * installed as users install it, the sandbox as the service, on API v1 (Enrich 1 at "Per Node
 * Version"): every business enrichment at once (typed parameters set) on 12 items (10 unique
 * businesses) and every prospect enrichment on 8 prospects. One request per endpoint, 0 contract
 * violations (the sandbox validates every body with the catalog's schemas and would answer 422),
 * every item paired and in order. Enrich 2's async job on API v2: enrich.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { RESOURCES } from '../../nodes/Enrich/helpers/enrichments';
import { V1_ENDPOINTS } from '../../nodes/shared/api';
import { startSandbox, type Sandbox } from '../sandbox';
import { useN8n } from './harness/jest';
import type { WorkflowJson } from './harness/n8nInstance';

const CREDENTIAL = { id: 'sandbox-credential', name: 'Business Prospect Data (sandbox)' };
const WORKFLOW_ID = 'e2eEveryEnrichment';
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const pairedIndexes = (items: Array<{ pairedItem?: unknown }>) =>
	items.map(({ pairedItem }) => (Array.isArray(pairedItem) ? pairedItem : [pairedItem]).map((p) => (p as { item: number }).item));

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
			await instance.importWorkflows([workflow(businessRows, prospectRows)]);
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
});
