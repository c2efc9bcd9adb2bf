/**
 * Smoke run of `npm run benchmark` (test/benchmark): the same workflows, scenarios and real n8n,
 * at a tiny size and a small latency. Every scenario sends exactly the minimum number of
 * requests and outputs every row, in order; the per-row baselines run too. Push against poll
 * (`--webhooks`) runs beside them in the same n8n, on a sandbox of its own, counts only. The
 * memory measurement (`--memory`) runs small: its figures are read, not judged (no thresholds).
 */
import type { IDataObject } from 'n8n-workflow';

import { BenchN8n } from '../benchmark/n8nBench';
import * as memory from '../benchmark/memory';
import * as scenarios from '../benchmark/scenarios';
import { collectLatency, emitEvents, type LatencyRun, pollEvery, publish, type PushAndPoll, pushAndPoll } from '../benchmark/webhooks';
import * as flows from '../benchmark/workflows';
import { startSandbox, type Sandbox } from '../sandbox';

const LATENCY_MS = 5;

describe('benchmark smoke run in real n8n', () => {
	let sandbox: Sandbox;
	let bench: BenchN8n;
	let context: scenarios.BenchContext;
	let contacts: IDataObject[];
	let businesses: IDataObject[];
	const since = scenarios.eventsSince();
	let pushPoll: PushAndPoll;
	let emitted: LatencyRun;

	beforeAll(async () => {
		sandbox = await startSandbox({ rateLimit: false });
		// polls 5 s apart: the poller fires the events, and polls once more, within seconds
		pushPoll = await pushAndPoll(pollEvery(5));
		contacts = scenarios.contacts(sandbox.universe, 90);
		businesses = scenarios.businessRows(sandbox.universe, 90);
		bench = await BenchN8n.create({
			baseUrl: sandbox.url,
			apiKey: sandbox.apiKey,
			liftClientRateLimit: true,
			log: (message) => process.stderr.write(`[benchmark] ${message}\n`),
			workflows: [
				flows.matchEnrichOurs('SmokeMatch'),
				flows.matchEnrichPerRow('SmokeMatchRow', sandbox.url),
				flows.searchOurs('SmokeSearch', 250),
				flows.searchPerPage('SmokeSearchPage', sandbox.url, 250),
				flows.searchPerPage('SmokeSearchPaged', sandbox.url, 1_200),
				flows.eventsOurs('SmokeEvents', since.since),
				flows.eventsPerRow('SmokeEventsRow', sandbox.url, since.body),
			],
		});
		context = { sandbox, bench };
		await publish(bench.n8n, pushPoll);
		// the triggers fire them while the other tests run
		emitted = await emitEvents(pushPoll, { events: 3, gapMs: 0 });
	});
	afterAll(async () => {
		await bench?.dispose();
		await sandbox?.close();
		await pushPoll?.sandbox.close();
	});

	const expectMinimal = (result: scenarios.ScenarioResult) => {
		expect(result.problems).toEqual([]);
		expect(result.requests).toBe(result.minimum);
		expect(result.refused).toBe(0);
		expect(result.nodeMs).toBeGreaterThan(0);
	};

	it('Match -> Enrich: minimum requests, every row in order; per row: one request per row', async () => {
		const ours = await scenarios.matchEnrich(context, 'SmokeMatch', contacts, { latencyMs: LATENCY_MS });
		expectMinimal(ours);
		// API v2: 90 contacts are 2 match calls (50 a call); their 80-odd distinct prospects 2 enrich calls (50 a call)
		expect(ours.minimum).toBe(2 + 2);
		const perRow = await scenarios.matchEnrichPerRow(context, 'SmokeMatchRow', contacts.slice(0, 10), { latencyMs: LATENCY_MS });
		expectMinimal(perRow);
		expect(perRow.requests).toBeGreaterThan(10);
	});

	it('Search: minimum pages, every business in order, ours and per page (cursor paging)', async () => {
		const ours = await scenarios.search(context, 'SmokeSearch', 250, { latencyMs: LATENCY_MS });
		expectMinimal(ours);
		const perPage = await scenarios.search(context, 'SmokeSearchPage', 250, { latencyMs: LATENCY_MS, perPage: true });
		expectMinimal(perPage);
		// v2 pages hold up to 500 records: 250 records are one page
		expect([ours.minimum, perPage.minimum]).toEqual([1, 1]);
		// 1,200 records: three pages of 400, each after the next_cursor of the answer before
		const paged = await scenarios.search(context, 'SmokeSearchPaged', 1_200, { latencyMs: LATENCY_MS, perPage: true });
		expectMinimal(paged);
		expect(paged.minimum).toBe(3);
	});

	it('Get Events: minimum requests, each event once; per row: one request per business', async () => {
		const ours = await scenarios.events(context, 'SmokeEvents', businesses, { latencyMs: LATENCY_MS });
		expectMinimal(ours);
		expect(ours.minimum).toBe(3);
		expectMinimal(await scenarios.events(context, 'SmokeEventsRow', businesses.slice(0, 10), { latencyMs: LATENCY_MS, perRow: true }));
	});

	it("memory: peaks of n8n's main process and task runner for Match -> Enrich and its Code node replica (same items, same fields)", async () => {
		const [scenario] = memory.memoryScenarios(sandbox, { matchEnrich: 90, searchBusinesses: 0, searchProspects: 0 });
		await bench.addWorkflows([scenario.workflow]);
		const idle = await bench.idleMemory(1_000);
		const ours = await memory.measurePackage(bench, scenario, idle);
		const replica = memory.replicaOf(scenario, ours.run);
		await bench.addWorkflows([replica]);
		const code = await memory.measureReplica(bench, scenario, replica, ours.run, idle);

		expect([ours.measurement.problems, code.measurement.problems]).toEqual([[], []]);
		expect([ours.measurement.items, code.measurement.items]).toEqual([180, 180]);
		for (const node of ['Match Prospects', 'Enrich']) {
			const fields = (items: Array<{ json: IDataObject }>) => [...new Set(items.flatMap((item) => Object.keys(item.json)))].sort();
			expect(fields(code.run.output(`${node} (Code)`))).toEqual(fields(ours.run.output(node)));
		}
		// both processes are found and read (the Code nodes ran in the task runner)
		for (const measured of [idle, ours.measurement.run, code.measurement.run]) {
			expect(measured.processes.map((process) => process.role).sort()).toEqual(['main', 'task runner']);
			expect(measured.mainPeakMb).toBeGreaterThan(0);
			expect(measured.runnerPeakMb).toBeGreaterThan(0);
			expect(measured.sumOfPeaksMb).toBe(measured.mainPeakMb + measured.runnerPeakMb);
			expect(measured.finalMb.main).toBeGreaterThan(0);
		}
		expect(ours.measurement.readBack.mainPeakMb).toBeGreaterThan(0);
	});

	it('push against poll: each of 3 events executed exactly once by each trigger, one execution per pushed event', async () => {
		const result = await collectLatency(bench.n8n, pushPoll, emitted);
		expect(result.events.map((event) => [event.pushStarts.length, event.pollStarts.length])).toEqual([
			[1, 1],
			[1, 1],
			[1, 1],
		]);
		expect(result.executions.push).toBe(3);
		expect(result.deliveries).toEqual({ 200: 3 });
	});
});
