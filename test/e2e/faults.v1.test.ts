/**
 * A flaky service and a shared rate limit, in a real n8n (the package installed from npm pack,
 * workflows started by a Webhook as users start them):
 * - 2,000 contacts through Match Prospects -> Enrich (default parameters) against a sandbox that
 *   answers 20% of requests with 500/503 and drops 5% of connections, five fault seeds: every run
 *   completes with 2,000 items in input order, none duplicated, and the extra requests equal the
 *   injected faults (each failed attempt is retried once more, nothing else);
 * - four workflows of 40 contacts each started at the same moment on one credential against the
 *   service's limit of 200 queries a minute, metered by query (a match or enrich call weighs one
 *   query per entity; the benchmark's `--shared-key` scenario, at a smaller size): the API key's
 *   budget is shared by all four runs, so together they send exactly the minimum number of
 *   requests, spend the fewest queries, and the service answers no 429.
 *
 * Each run has a sandbox of its own (a fault seed each, or the rate limit), so all nine start at
 * once in beforeAll and each test checks one outcome: the runs mostly wait (retry backoffs, and a
 * minute for the key's window to free slots, as the shared budget must exceed one window).
 */
import type { IDataObject } from 'n8n-workflow';

import { LIMITS, V1_ENDPOINTS, V1_LIMITS } from '../../nodes/shared/api';
import { BenchN8n, type BenchRun } from '../benchmark/n8nBench';
import * as scenarios from '../benchmark/scenarios';
import * as flows from '../benchmark/workflows';
import { startSandbox, type RecordedRequest, type Sandbox } from '../sandbox';
import type { WorkflowJson } from './harness/n8nInstance';

const SEEDS = [1, 2, 3, 4, 5];
const FAULT_ROWS = 2_000;
/**
 * four workflows of 40 contacts: 160 match and about 150 enrich queries, more than the key's
 * window allows at once (a minute's floor, as this file had under request metering). One full
 * match call each, so the window splits where a call ends: 4 x 50 contacts (372 queries, 12
 * calls) took 123 s, the last call a window later than the floor.
 */
const SHARED_KEY_WORKFLOWS = ['SharedKeyA', 'SharedKeyB', 'SharedKeyC', 'SharedKeyD'];
const SHARED_ROWS_EACH = 40;
/** typeVersion 1 at the credential's Per Node Version: API v1, whose paths and limits this file counts */
const ON_V1 = { matchProspects: 1, enrich: 1 };
const MATCH = V1_ENDPOINTS.matchProspects.path;
const ENRICH = V1_ENDPOINTS.enrichProspectProfiles.path;

/**
 * The credential of a fault seed's run, on that seed's sandbox: its budget is not the shared one
 * (n8n keeps one per key and service address) and has no practical limit (the fault sandboxes
 * enforce none).
 */
const faultCredential = (seed: number) => ({ id: `fault-credential-${seed}`, name: `Business Prospect Data (fault seed ${seed})` });
const faultWorkflowId = (seed: number) => `FaultsMatchEnrich${seed}`;

/** The benchmark's Match -> Enrich workflow, on another credential. */
function onCredential(workflow: WorkflowJson, credential: { id: string; name: string }): WorkflowJson {
	const nodes = (workflow.nodes as IDataObject[]).map((node) =>
		node.credentials ? { ...node, credentials: { businessProspectDataApi: credential } } : node,
	);
	return { ...workflow, nodes };
}

const isMatchOrEnrich = (request: RecordedRequest) => request.path === MATCH || request.path === ENRICH;

describe('faults and a shared rate limit, in real n8n', () => {
	/** per seed: 20% 5xx and 5% dropped connections from that seed, no rate limit */
	const faultSandboxes = new Map<number, Sandbox>();
	/** the service's rate limit, no faults: the default credential's */
	let budgetSandbox: Sandbox;
	let bench: BenchN8n;
	/** every run, started in beforeAll; each test awaits its own */
	const faultRuns = new Map<number, Promise<BenchRun>>();
	let sharedKeyRun: Promise<scenarios.SharedKeyResult>;
	const allRuns = () => [...faultRuns.values(), sharedKeyRun].filter(Boolean);

	beforeAll(async () => {
		const faultSandboxList = await Promise.all(
			SEEDS.map(async (seed) => await startSandbox({ rateLimit: false, faults: { errorRate: 0.2, dropRate: 0.05, seed } })),
		);
		SEEDS.forEach((seed, index) => faultSandboxes.set(seed, faultSandboxList[index]));
		budgetSandbox = await startSandbox({ rateLimit: LIMITS.rateLimit });
		bench = await BenchN8n.create({
			baseUrl: budgetSandbox.url,
			apiKey: budgetSandbox.apiKey,
			// the default credential keeps the default pacing (200 queries a minute)
			liftClientRateLimit: false,
			extraCredentials: SEEDS.map((seed) => {
				const sandbox = faultSandboxes.get(seed)!;
				return { ...faultCredential(seed), data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url, maxRequestsPerMinute: 1_000_000 } };
			}),
			log: (message) => process.stderr.write(`[faults] ${message}\n`),
			workflows: [
				...SEEDS.map((seed) => onCredential(flows.matchEnrichOurs(faultWorkflowId(seed), undefined, ON_V1), faultCredential(seed))),
				...SHARED_KEY_WORKFLOWS.map((id) => flows.matchEnrichOurs(id, undefined, ON_V1)),
			],
		});
		const faultRows = scenarios.contacts(faultSandboxList[0].universe, FAULT_ROWS);
		for (const seed of SEEDS) faultRuns.set(seed, bench.run(faultWorkflowId(seed), faultRows));
		const sharedRows = scenarios.contacts(budgetSandbox.universe, SHARED_KEY_WORKFLOWS.length * SHARED_ROWS_EACH);
		sharedKeyRun = scenarios.sharedKey({ sandbox: budgetSandbox, bench, rateLimited: true }, SHARED_KEY_WORKFLOWS, sharedRows);
		// each is awaited by its test; until then a failure must not count as unhandled
		for (const run of allRuns()) run.catch(() => undefined);
	});
	afterAll(async () => {
		await Promise.allSettled(allRuns());
		await bench?.dispose();
		await Promise.all([...faultSandboxes.values(), budgetSandbox].map(async (sandbox) => await sandbox?.close()));
	});

	const expectRowsInOrder = (items: IDataObject[], rows: number) => {
		expect(items).toHaveLength(rows);
		const misplaced = items.findIndex((item, index) => item.row !== index);
		expect(misplaced).toBe(-1);
	};

	test.each(SEEDS)('fault seed %i: 20%% 5xx and 5%% dropped connections, the run completes, extra requests = faults', async (seed) => {
		const run = await faultRuns.get(seed)!;
		expect(run.error ?? '').toBe('');
		expect(run.status).toBe('success');
		const enriched = run.output('Enrich').map((item) => item.json);
		expectRowsInOrder(enriched, FAULT_ROWS);
		expectRowsInOrder(run.output('Match Prospects').map((item) => item.json), FAULT_ROWS);

		const requests = faultSandboxes.get(seed)!.requests.filter(isMatchOrEnrich);
		const faults = requests.filter((request) => request.status !== 200).length;
		const unique = new Set(enriched.map((item) => item.prospect_id).filter((id) => typeof id === 'string')).size;
		const minimum = Math.ceil(FAULT_ROWS / V1_LIMITS.matchItems) + Math.ceil(unique / LIMITS.prospectEnrichIds);
		process.stderr.write(
			`[faults] seed ${seed}: ${requests.length} requests (minimum ${minimum}), ${faults} faults injected, ${run.executionMs} ms\n`,
		);
		// faults were injected, each cost exactly one more attempt, and every answer was used once
		expect(faults).toBeGreaterThan(10);
		expect(requests.filter((request) => request.status === 200)).toHaveLength(minimum);
		expect(requests).toHaveLength(minimum + faults);
		expect(requests.every((request) => [200, 500, 503, 0].includes(request.status))).toBe(true);
	});

	test('four workflows at once on one credential share its budget of 200 queries a minute: exactly the minimum requests, the fewest queries, no 429', async () => {
		const result = await sharedKeyRun;
		process.stderr.write(
			`[faults] four workflows at once: ${result.requests} requests (minimum ${result.minimum}), ${result.queries} queries, ${result.refused} answered 429, ` +
				`${result.spanMs} ms in the nodes, floor ${result.floorMs} ms, load ${result.load.start.toFixed(1)} -> ${result.load.end.toFixed(1)}, requests per 10 s ${result.perTenSeconds.join(' ')}\n`,
		);
		// every execution succeeded, each with its 40 rows in order (scenarios.sharedKey checks each)
		expect(result.problems).toEqual([]);
		const requests = budgetSandbox.requests.filter(isMatchOrEnrich);
		const matchSizes = requests.filter((request) => request.path === MATCH).map((request) => ((request.body as IDataObject).prospects_to_match as unknown[]).length);
		// full batches: ceil(40 / 40) match requests per workflow, none bigger than the limit
		expect(matchSizes).toHaveLength(SHARED_KEY_WORKFLOWS.length * Math.ceil(SHARED_ROWS_EACH / V1_LIMITS.matchItems));
		expect(Math.max(...matchSizes)).toBe(V1_LIMITS.matchItems);
		// the fewest queries: each contact matched once, each matched prospect enriched once
		const enrichedIds = requests.filter((request) => request.path === ENRICH).flatMap((request) => (request.body as IDataObject).prospect_ids as string[]);
		expect(new Set(enrichedIds).size).toBe(enrichedIds.length);
		expect(result.queries).toBe(SHARED_KEY_WORKFLOWS.length * SHARED_ROWS_EACH + enrichedIds.length);
		// more than one window's worth: four runs with a budget each would have gone over
		expect(result.queries).toBeGreaterThan(LIMITS.rateLimit.queries);
		expect(result.requests).toBe(result.minimum);
		expect(result.refused).toBe(0);
		expect(requests.filter((request) => request.status !== 200)).toEqual([]);
	});
});
