/**
 * Search Prospects and Get Statistics in a real n8n 2.41 process with the packed package
 * installed, against the sandbox: the search of the shipped example (examples/build-a-prospect-list.json,
 * its Enrich node left out here: the contact information enrichment is another branch's work)
 * with its totals, and the statistics of both search nodes per input item, chained by n8n's
 * own expressions and paired items. Every request the sandbox receives is checked against the
 * catalog schema there (a body it rejects would fail the run with 422).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { startSandbox, type Sandbox } from '../sandbox';
import { useN8n } from './harness/jest';
import { REPO_ROOT } from './harness/n8nInstall';
import type { WorkflowJson } from './harness/n8nInstance';

const NODE = 'Search Prospects';
const EXAMPLE = JSON.parse(readFileSync(path.join(REPO_ROOT, 'examples', 'build-a-prospect-list.json'), 'utf8')) as WorkflowJson;
const CREDENTIAL = { id: 'sandbox-credential', name: 'Business Prospect Data (sandbox)' };
type NodeJson = { name: string; type: string; parameters: Record<string, unknown> };

/** The example's search alone. */
function searchOnly(): WorkflowJson {
	const workflow = structuredClone(EXAMPLE);
	workflow.id = 'e2eProspectList01';
	workflow.name = 'Search Prospects of the example, alone';
	workflow.nodes = (workflow.nodes as NodeJson[]).filter((node) => node.name !== 'Enrich');
	workflow.connections = { 'When clicking ‘Execute workflow’': { main: [[{ node: NODE, type: 'main', index: 0 }]] } };
	return workflow;
}

/** Markets (two countries) -> Prospect Statistics -> Business Statistics. */
function statisticsWorkflow(): WorkflowJson {
	const credentials = { businessProspectDataApi: CREDENTIAL };
	const node = (name: string, type: string, typeVersion: number, x: number, parameters: Record<string, unknown>, extra = {}) => ({
		id: `e2e-prospect-stats-${x}`,
		name,
		type,
		typeVersion,
		position: [x, 0],
		parameters,
		...extra,
	});
	const link = (to: string) => ({ main: [[{ node: to, type: 'main', index: 0 }]] });
	return {
		id: 'e2eProspectStats1',
		name: 'Statistics of two markets',
		nodes: [
			node('Start', 'n8n-nodes-base.manualTrigger', 1, 0, {}),
			node('Markets', 'n8n-nodes-base.code', 2, 200, { jsCode: "return [{ json: { country: 'se' } }, { json: { country: 'jp' } }];" }),
			node(
				'Prospect Statistics',
				'n8n-nodes-business-prospect-data.searchProspects',
				1,
				400,
				{ operation: 'getStatistics', filters: { companyCountries: '={{ $json.country }}', jobLevels: ['director', 'c-suite'] } },
				{ credentials },
			),
			node(
				'Business Statistics',
				'n8n-nodes-business-prospect-data.searchBusinesses',
				1,
				600,
				{
					operation: 'getStatistics',
					filters: { countries: "={{ $('Markets').item.json.country }}" },
					options: { requestContext: '={{ JSON.stringify({ market: $(\'Markets\').item.json.country }) }}' },
				},
				{ credentials },
			),
		],
		connections: { Start: link('Markets'), Markets: link('Prospect Statistics'), 'Prospect Statistics': link('Business Statistics') },
		settings: { executionOrder: 'v1' },
	};
}

describe('Search Prospects and statistics in real n8n', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox();
	});
	afterAll(async () => {
		await sandbox?.close();
	});
	beforeEach(() => sandbox.clearRequests());

	const n8n = useN8n({
		prepare: async (instance) => {
			await instance.importCredential({ ...CREDENTIAL, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url } });
			await instance.importWorkflows([searchOnly(), statisticsWorkflow()]);
		},
	});

	test("the example's search: 100 prospects in the service's order, each with the total, in one request", async () => {
		const filters = {
			job_level: { values: ['director', 'vice president'] },
			job_department: { values: ['sales', 'marketing'] },
			has_email: { value: true },
			company_country_code: { values: ['us'] },
		};
		const expected = sandbox.universe.searchProspects(filters);
		expect(expected.length).toBeGreaterThan(100);

		const result = await n8n().execute('e2eProspectList01');

		expect({ status: result.status, error: result.describeError() }).toEqual({ status: 'success', error: '' });
		expect(sandbox.requests.map((r) => [r.method, r.path, r.status])).toEqual([['POST', '/v1/prospects', 200]]);
		expect(sandbox.requests[0].body).toEqual({ mode: 'full', size: 10_000, page_size: 100, page: 1, filters });
		const out = result.output(NODE);
		expect(out.map((item) => item.json.prospect_id)).toEqual(expected.slice(0, 100).map((entry) => entry.prospect.prospect_id));
		for (const item of out) {
			expect(item.json).toMatchObject({ total_results: expected.length, job_level_main: expect.stringMatching(/^(director|vice president)$/) });
			expect(item.pairedItem).toEqual({ item: 0 });
		}
		expect(`${result.diagnostics.stdout}${result.diagnostics.stderr}`).not.toContain(sandbox.apiKey);
	});

	test('Get Statistics on both nodes: one request and one item per input item, paired, with request_context from an expression', async () => {
		const result = await n8n().execute('e2eProspectStats1');

		expect({ status: result.status, error: result.describeError() }).toEqual({ status: 'success', error: '' });
		const prospectFilters = (country: string) => ({
			company_country_code: { values: [country] },
			job_level: { values: ['director', 'c-suite'] },
		});
		expect(sandbox.requests.map((r) => [r.path, r.body])).toEqual([
			['/v1/prospects/stats', { filters: prospectFilters('se') }],
			['/v1/prospects/stats', { filters: prospectFilters('jp') }],
			['/v1/businesses/stats', { filters: { country_code: { values: ['se'] } }, request_context: { market: 'se' } }],
			['/v1/businesses/stats', { filters: { country_code: { values: ['jp'] } }, request_context: { market: 'jp' } }],
		]);
		expect(result.items('Prospect Statistics')).toEqual([
			sandbox.universe.prospectStats(prospectFilters('se')),
			sandbox.universe.prospectStats(prospectFilters('jp')),
		]);
		expect(result.items('Business Statistics')).toEqual([
			sandbox.universe.businessStats({ country_code: { values: ['se'] } }),
			sandbox.universe.businessStats({ country_code: { values: ['jp'] } }),
		]);
		expect(result.output('Business Statistics').map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(sandbox.requests.every((r) => r.status === 200)).toBe(true);
	});
});
