/**
 * `npm run benchmark` runs test/benchmark/run.ts under tsx, whose resolver reads `X.node` as the
 * node's `.node.json` codex file before its `.ts` (Jest reads the `.ts` first): a benchmark module
 * that imported a node class once broke the script with no test noticing. Its modules are loaded
 * here as the script loads them. run.ts and jobsRun.ts are left out: loading them runs them.
 *
 * The benchmark measures API v2 and names nothing of v1, so retiring v1 leaves test/benchmark
 * as it is (docs/development.md, "Retiring API v1"): its workflows run each node at its latest
 * typeVersion, which speaks v2, the HTTP Request baselines call v2's paths, and the fewest
 * requests of each scenario follow v2's limits.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { IDataObject, INodeType } from 'n8n-workflow';

import { nodeApiVersion } from '../../nodes/shared/transport/apiVersion';
import { memoryScenarios } from '../benchmark/memory';
import { eventsSince, minimumRequests } from '../benchmark/scenarios';
import { pushAndPoll } from '../benchmark/webhooks';
import * as flows from '../benchmark/workflows';
import type { WorkflowJson } from '../e2e/harness/n8nInstance';
import { startSandbox } from '../sandbox';
import { route } from '../sandbox/router';

const ROOT = path.resolve(__dirname, '../..');
const BENCHMARK = path.join(ROOT, 'test/benchmark');
const SCRIPTS = new Set(['run.ts', 'jobsRun.ts']);
const BASE_URL = 'http://127.0.0.1:4010';

test('the benchmark modules load under tsx, as npm run benchmark loads them', () => {
	const modules = readdirSync(BENCHMARK).filter((file) => file.endsWith('.ts') && !SCRIPTS.has(file));
	expect(modules.length).toBeGreaterThanOrEqual(9);
	const load = `for (const file of ${JSON.stringify(modules)}) require(${JSON.stringify(BENCHMARK)} + '/' + file); process.stdout.write('loaded ' + ${modules.length});`;
	const output = execFileSync(process.execPath, ['--import', 'tsx', '-e', load], { cwd: ROOT, encoding: 'utf8', timeout: 80_000 });
	expect(output).toBe(`loaded ${modules.length}`);
	// 2 s on a quiet machine; a bare machine's first run installs n8n beside it
}, 90_000);

test('no benchmark file names a v1 export (V1_...) or the v1 wing', () => {
	const files = readdirSync(BENCHMARK).filter((file) => file.endsWith('.ts'));
	const naming = files.filter((file) => /\bV1_[A-Z_]+\b|api\/v1\b|sandbox\/v1\b/.test(readFileSync(path.join(BENCHMARK, file), 'utf8')));
	expect(naming).toEqual([]);
});

/** Every workflow `npm run benchmark` runs (all modes but --webhooks, below), the per-row baselines included. */
function benchmarkWorkflows(): WorkflowJson[] {
	const since = eventsSince(Date.parse('2026-12-07T00:00:00Z'));
	return [
		flows.matchEnrichOurs('MatchEnrich'),
		flows.matchEnrichOurs('MatchEnrichC8', 8),
		flows.matchEnrichPerRow('MatchEnrichRow', BASE_URL),
		flows.matchEnrichPerRowAtOnce('MatchEnrichRowAtOnce', BASE_URL),
		flows.searchOurs('Search10000', 10_000),
		flows.searchPerPage('SearchPage10000', BASE_URL, 10_000),
		flows.eventsOurs('Events', since.since),
		flows.eventsPerRow('EventsRow', BASE_URL, since.body),
		flows.searchReturnAll('SearchAll', 'searchBusinesses', 'full'),
		flows.searchReturnAll('SearchAllProspects', 'searchProspects', 'full'),
		flows.enrichV2('EnrichJob', ['firmographics'], 1),
	];
}

type NodeOf = { name: string; type: string; typeVersion: number; parameters: IDataObject };
const nodesOf = (workflows: WorkflowJson[]) => workflows.flatMap((workflow) => workflow.nodes as NodeOf[]);

/** The node class's versions, read as Jest reads it (the `.ts`): nodes/<Name>/<Name>.node.ts. */
function versionsOf(type: string): number[] {
	const name = type.slice(`${flows.PACKAGE}.`.length);
	const className = name[0].toUpperCase() + name.slice(1);
	const module = jest.requireActual<Record<string, new () => INodeType>>(path.join(ROOT, 'nodes', className, `${className}.node.ts`));
	const version = new module[className]().description.version;
	return Array.isArray(version) ? version : [version];
}

describe('the benchmark measures API v2', () => {
	test('every package node runs at its latest typeVersion, and that version speaks API v2', async () => {
		const setup = await pushAndPoll();
		try {
			const nodes = nodesOf([...benchmarkWorkflows(), setup.push, setup.poll]).filter((node) => node.type.startsWith(`${flows.PACKAGE}.`));
			const seen = [...new Set(nodes.map((node) => node.type))].sort();
			expect(seen).toEqual(
				[
					'businessEventsTrigger',
					'businessEventsWebhookTrigger',
					'enrich',
					'getEvents',
					'matchProspects',
					'searchBusinesses',
					'searchProspects',
				].map((name) => `${flows.PACKAGE}.${name}`),
			);
			for (const node of nodes) {
				expect([node.type, node.typeVersion]).toEqual([node.type, Math.max(...versionsOf(node.type))]);
				expect([node.type, nodeApiVersion(node)]).toEqual([node.type, 'v2']);
			}
		} finally {
			await setup.sandbox.close();
		}
	});

	test('Match -> Enrich enriches by /enrich requests at every size measured (the async job path is benchmark:jobs)', () => {
		for (const workflow of [flows.matchEnrichOurs('MatchEnrich'), flows.matchEnrichOurs('MatchEnrichC8', 8)]) {
			const enrich = (workflow.nodes as NodeOf[]).find((node) => node.name === 'Enrich') as NodeOf;
			expect((enrich.parameters.options as IDataObject).jobThreshold).toBeGreaterThan(10_000);
		}
	});

	test("the HTTP Request baselines call v2's paths, and search by v2's cursor (no page number, no size)", () => {
		const requests = nodesOf(benchmarkWorkflows()).filter((node) => node.type === 'n8n-nodes-base.httpRequest');
		expect(requests).toHaveLength(6);
		const called = requests.map((node) => {
			const url = String(node.parameters.url);
			expect(url.startsWith(BASE_URL)).toBe(true);
			const served = route('POST', url.slice(BASE_URL.length), 'test');
			return `${served.version} ${served.name}`;
		});
		expect([...new Set(called)].sort()).toEqual(['v2 enrichProspectProfiles', 'v2 getBusinessEvents', 'v2 matchProspects', 'v2 searchBusinesses']);

		const search = flows.searchPerPage('SearchPage1200', BASE_URL, 1_200).nodes as NodeOf[];
		const http = search.find((node) => node.type === 'n8n-nodes-base.httpRequest') as NodeOf;
		expect(http.parameters.jsonBody).toBe("={{ JSON.stringify({ mode: 'preview', page_size: 400 }) }}");
		expect((http.parameters.options as IDataObject).pagination).toEqual({
			pagination: {
				paginationMode: 'updateAParameterInEachRequest',
				parameters: { parameters: [{ type: 'body', name: 'next_cursor', value: '={{ $response.body.page.next_cursor }}' }] },
				paginationCompleteWhen: 'other',
				completeExpression: '={{ !$response.body.page.next_cursor }}',
				limitPagesFetched: true,
				maxRequests: 3,
			},
		});
	});

	test("the Get Events baseline sends v2's event type names", () => {
		const since = eventsSince(Date.parse('2026-12-07T00:00:00Z'));
		const events = (flows.eventsPerRow('EventsRow', BASE_URL, { ...since.body, event_types: ['employee_joined_company', 'new_product'] }).nodes as NodeOf[]).find(
			(node) => node.type === 'n8n-nodes-base.httpRequest',
		) as NodeOf;
		expect(events.parameters.jsonBody).toContain('"event_types":["executive_joined_company","new_product"]');
	});

	test("the fewest requests of each scenario, by v2's limits (50 contacts a match call, 50 ids an enrichment, 500 records a page, 40 businesses an events call)", () => {
		expect([flows.SEARCH_PAGE_SIZE, flows.searchPageSize(250), flows.searchPageSize(1_000), flows.searchPageSize(1_200), flows.searchPageSize(10_000)]).toEqual([500, 250, 500, 400, 500]);
		// Match -> Enrich: the match calls, then one enrichment per 50 distinct prospects matched
		expect(minimumRequests.matchEnrich(90, 87)).toBe(2 + 2);
		expect(minimumRequests.matchEnrich(1_000, 946)).toBe(20 + 19);
		expect(minimumRequests.matchEnrich(10_000, 9_411)).toBe(200 + 189);
		expect(minimumRequests.matchEnrich(4_000, 0)).toBe(80);
		// Search: 1,000 and 10,000 records
		expect([minimumRequests.search(250), minimumRequests.search(1_000), minimumRequests.search(1_200), minimumRequests.search(10_000)]).toEqual([1, 2, 3, 20]);
		// Get Events: 1,000 businesses
		expect([minimumRequests.events(90), minimumRequests.events(1_000)]).toEqual([3, 25]);
	});

	test('the memory scenarios run the same v2 workflows', async () => {
		const sandbox = await startSandbox({ rateLimit: false, businesses: 60, prospects: 60 });
		try {
			const scenarios = memoryScenarios(sandbox, { matchEnrich: 10, searchBusinesses: 10, searchProspects: 10 });
			for (const node of nodesOf(scenarios.map((scenario) => scenario.workflow)).filter((candidate) => candidate.type.startsWith(`${flows.PACKAGE}.`))) {
				expect([node.type, nodeApiVersion(node)]).toEqual([node.type, 'v2']);
			}
		} finally {
			await sandbox.close();
		}
	});
});
