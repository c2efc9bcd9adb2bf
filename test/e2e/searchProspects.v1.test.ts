/**
 * Search Prospects and Get Statistics in a real n8n 2.41 process with the packed package
 * installed, against the sandbox: the search of the shipped example (examples/build-a-prospect-list.json,
 * its Enrich node left out here: the contact information enrichment is another branch's work)
 * with its totals, and the statistics of both search nodes per input item, chained by n8n's
 * own expressions and paired items; then Return All at the service's most, 60,000 prospects
 * (node version 2), from a second sandbox that serves 60,500. Every request the sandboxes receive
 * is checked against the catalog schema there (a body they reject would fail the run with 422).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { LIMITS } from '../../nodes/shared/api';
import { startSandbox, type Sandbox } from '../sandbox';
import { REPO_ROOT } from './harness/n8nInstall';
import type { WorkflowJson } from './harness/n8nInstance';
import { useSandboxN8n } from './harness/sandboxN8n';

const NODE = 'Search Prospects';
const EXAMPLE = JSON.parse(readFileSync(path.join(REPO_ROOT, 'examples', 'build-a-prospect-list.json'), 'utf8')) as WorkflowJson;
const CREDENTIAL = { id: 'sandbox-credential', name: 'Business Prospect Data (sandbox)' };
/** The sandbox of the 60,000 search: its rate limit off, and the credential's budget above the run. */
const LARGE_CREDENTIAL = { id: 'sandbox-60k', name: 'Business Prospect Data (60,000 prospects)' };
const MOST = LIMITS.prospectSearchSize.max;
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

/** Manual Trigger -> Search Prospects version 2, Return All, every other parameter at its default. */
function returnAllWorkflow(): WorkflowJson {
	return {
		id: 'e2eProspects60000',
		name: 'Every prospect the service serves for a search',
		nodes: [
			{ id: 'e2e-60k-start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: 'e2e-60k-search',
				name: NODE,
				type: 'n8n-nodes-business-prospect-data.searchProspects',
				typeVersion: 2,
				position: [200, 0],
				parameters: { returnAll: true },
				credentials: { businessProspectDataApi: LARGE_CREDENTIAL },
			},
		],
		connections: { Start: { main: [[{ node: NODE, type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

describe('Search Prospects and statistics in real n8n', () => {
	let large: Sandbox;
	beforeAll(async () => {
		large = await startSandbox({ searchableProspects: MOST + 500, rateLimit: false });
	});
	afterAll(async () => await large?.close());

	const { sandbox, n8n } = useSandboxN8n({
		credential: CREDENTIAL,
		// API v1 named: the examples are at their API v2 node versions (apiVersionSwitch.v1.test.ts runs them on both)
		credentialData: { apiVersion: 'v1' },
		moreCredentials: () => [{ ...LARGE_CREDENTIAL, data: { apiKey: large.apiKey, baseUrl: large.url, maxRequestsPerMinute: 1_000_000 } }],
		workflows: () => [searchOnly(), statisticsWorkflow(), returnAllWorkflow()],
		// an n8n of its own: its 60,000-item run holds n8n's event loop for seconds, and a file beside
		// it on the shared n8n saw its MCP connection closed meanwhile
		n8n: { start: true, prepareAfterStart: true },
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
		// Include Total asks v1 to count up to the node version's most: the example's version 3 (as
		// version 2) searches up to the service's 60,000 (version 1 asked 10,000)
		expect(sandbox.requests[0].body).toEqual({ mode: 'full', size: MOST, page_size: 100, page: 1, filters });
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

	test('Return All at the most the service serves: 600 requests of 100, 60,000 unique prospects in order', async () => {
		const expected = large.universe.searchProspects().map((entry) => entry.prospect.prospect_id);
		expect(expected).toHaveLength(MOST + 500);
		const instance = n8n();

		// a manual run on the running n8n, its whole stored execution (14.7 million characters) read back
		const started = Date.now();
		const result = await instance.execute('e2eProspects60000', { timeoutMs: 600_000 });
		const runMs = Date.now() - started;

		expect({ status: result.status, error: result.describeError() }).toEqual({ status: 'success', error: '' });
		const searches = large.requests.filter((request) => request.path === '/v1/prospects');
		expect(searches).toHaveLength(MOST / 100);
		expect(searches.every((request) => request.status === 200)).toBe(true);
		const pages = searches.map((request) => (request.body as { page: number }).page);
		expect(pages[0]).toBe(1);
		expect([...pages].sort((a, b) => a - b)).toEqual(Array.from({ length: MOST / 100 }, (_, n) => n + 1));
		expect(searches[0].body).toEqual({ mode: 'preview', size: MOST, page_size: 100, page: 1 });

		const ids = result.items(NODE).map((item) => item.prospect_id);
		expect(ids).toHaveLength(MOST);
		expect(new Set(ids).size).toBe(MOST);
		expect([ids[0], ids[MOST - 1]]).toEqual([expected[0], expected[MOST - 1]]);
		expect(ids).toEqual(expected.slice(0, MOST));

		const task = result.run.data.resultData.runData[NODE][0];
		const figures = {
			items: ids.length,
			requests: searches.length,
			nodeExecutionMs: task.executionTime,
			runMs,
		};
		process.stderr.write(`[e2e] 60,000 prospects: ${JSON.stringify(figures)}\n`);
	});
});
