/**
 * A flaky service and a shared rate limit, in a real n8n (the package installed from npm pack,
 * workflows started by a Webhook as users start them):
 * - 2,000 contacts through Match Prospects -> Enrich (default parameters) against a sandbox that
 *   answers 20% of requests with 500/503 and drops 5% of connections, five fault seeds: every run
 *   completes with 2,000 items in input order, none duplicated, and the extra requests equal the
 *   injected faults (each failed attempt is retried once more, nothing else);
 * - two workflows of 3,000 contacts started at the same moment on one credential against the service's
 *   200-a-minute limit: the API key's budget is shared by both runs, so the service answers no 429.
 *
 * The shared budget needs more than one window's worth of requests, so it takes a minute at least,
 * most of it waiting for the window. It runs against a sandbox of its own, from the start, while the
 * fault runs use theirs; its test reads the outcome at the end.
 */
import type { IDataObject } from 'n8n-workflow';

import { ENDPOINTS } from '../../nodes/shared/catalog';
import { LIMITS } from '../../nodes/shared/limits';
import { BenchN8n, type BenchRun } from '../benchmark/n8nBench';
import * as scenarios from '../benchmark/scenarios';
import * as flows from '../benchmark/workflows';
import { startSandbox, type RecordedRequest, type Sandbox } from '../sandbox';
import type { WorkflowJson } from './harness/n8nInstance';

/**
 * The fault runs' credential, on their sandbox. Its budget is not the shared one (n8n keeps one
 * per key and service address) and has no practical limit: the fault sandbox enforces none.
 */
const UNLIMITED = { id: 'fault-unlimited-credential', name: 'Business Prospect Data (no client limit)' };
const MATCH = ENDPOINTS.matchProspects.path;
const ENRICH = ENDPOINTS.enrichProspectProfiles.path;
const SHARED_ROWS = 3_000;

/** The benchmark's Match -> Enrich workflow, on another credential. */
function onCredential(workflow: WorkflowJson, credential: { id: string; name: string }): WorkflowJson {
	const nodes = (workflow.nodes as IDataObject[]).map((node) =>
		node.credentials ? { ...node, credentials: { businessProspectDataApi: credential } } : node,
	);
	return { ...workflow, nodes };
}

const isMatchOrEnrich = (request: RecordedRequest) => request.path === MATCH || request.path === ENRICH;

describe('faults and a shared rate limit, in real n8n', () => {
	/** faults on demand, no rate limit */
	let sandbox: Sandbox;
	/** the service's rate limit, no faults: the default credential's */
	let budgetSandbox: Sandbox;
	let bench: BenchN8n;
	let contacts: IDataObject[];
	/** the two shared-budget runs, started in beforeAll; their test awaits them */
	let sharedBudgetRuns: Promise<BenchRun[]>;

	beforeAll(async () => {
		[sandbox, budgetSandbox] = await Promise.all([startSandbox({ rateLimit: false }), startSandbox({ rateLimit: LIMITS.rateLimit })]);
		contacts = scenarios.contacts(sandbox.universe, 2_000);
		bench = await BenchN8n.create({
			baseUrl: budgetSandbox.url,
			apiKey: budgetSandbox.apiKey,
			// the default credential keeps the default budget (200 a minute)
			liftClientRateLimit: false,
			extraCredentials: [{ ...UNLIMITED, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url, maxRequestsPerMinute: 1_000_000 } }],
			log: (message) => process.stderr.write(`[faults] ${message}\n`),
			workflows: [
				onCredential(flows.matchEnrichOurs('FaultsMatchEnrich'), UNLIMITED),
				flows.matchEnrichOurs('SharedBudgetA'),
				flows.matchEnrichOurs('SharedBudgetB'),
			],
		});
		const rows = scenarios.contacts(budgetSandbox.universe, SHARED_ROWS);
		sharedBudgetRuns = Promise.all([bench.run('SharedBudgetA', rows), bench.run('SharedBudgetB', rows)]);
		// awaited by its test; until then a failure must not count as unhandled
		sharedBudgetRuns.catch(() => undefined);
	});
	afterAll(async () => {
		await sharedBudgetRuns?.catch(() => undefined);
		await bench?.dispose();
		await Promise.all([sandbox?.close(), budgetSandbox?.close()]);
	});

	const expectRowsInOrder = (items: IDataObject[], rows: number) => {
		expect(items).toHaveLength(rows);
		const misplaced = items.findIndex((item, index) => item.row !== index);
		expect(misplaced).toBe(-1);
	};

	test.each([1, 2, 3, 4, 5])('fault seed %i: 20%% 5xx and 5%% dropped connections, the run completes, extra requests = faults', async (seed) => {
		sandbox.clearRequests();
		sandbox.configure({ faults: { errorRate: 0.2, dropRate: 0.05, seed } });
		// restored even when the run throws, so a failure here does not fail the tests after it
		const run = await bench.run('FaultsMatchEnrich', contacts).finally(() => sandbox.configure({ faults: {} }));

		expect(run.error ?? '').toBe('');
		expect(run.status).toBe('success');
		const enriched = run.output('Enrich').map((item) => item.json);
		expectRowsInOrder(enriched, contacts.length);
		expectRowsInOrder(run.output('Match Prospects').map((item) => item.json), contacts.length);

		const requests = sandbox.requests.filter(isMatchOrEnrich);
		const faults = requests.filter((request) => request.status !== 200).length;
		const unique = new Set(enriched.map((item) => item.prospect_id).filter((id) => typeof id === 'string')).size;
		const minimum = Math.ceil(contacts.length / LIMITS.matchItems) + Math.ceil(unique / LIMITS.prospectEnrichIds);
		process.stderr.write(
			`[faults] seed ${seed}: ${requests.length} requests (minimum ${minimum}), ${faults} faults injected, ${run.executionMs} ms\n`,
		);
		// faults were injected, each cost exactly one more attempt, and every answer was used once
		expect(faults).toBeGreaterThan(10);
		expect(requests.filter((request) => request.status === 200)).toHaveLength(minimum);
		expect(requests).toHaveLength(minimum + faults);
		expect(requests.every((request) => [200, 500, 503, 0].includes(request.status))).toBe(true);
	});

	test('two workflows at once on one credential share its 200-a-minute budget: no 429', async () => {
		const [a, b] = await sharedBudgetRuns;
		for (const run of [a, b]) {
			expect(run.error ?? '').toBe('');
			expectRowsInOrder(run.output('Enrich').map((item) => item.json), SHARED_ROWS);
		}
		const requests = budgetSandbox.requests.filter(isMatchOrEnrich);
		// more than one window's worth: two runs with a budget each would have gone over
		expect(requests.length).toBeGreaterThan(LIMITS.rateLimit.requests);
		expect(requests.filter((request) => request.status === 429)).toHaveLength(0);
		process.stderr.write(`[faults] two workflows at once: ${requests.length} requests, 0 answered 429, ${Math.max(a.executionMs, b.executionMs)} ms\n`);
	});
});
