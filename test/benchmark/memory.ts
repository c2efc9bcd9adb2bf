/**
 * What n8n holds in memory for the package's largest runs (`npm run benchmark -- --memory`).
 *
 * Each scenario runs twice, each time in a fresh n8n (so nothing an earlier run left in the heap
 * counts): once with the package's nodes, once with a Code node replica that outputs the same
 * number of items of the same shape (samples of the package's own output, cycled) without the
 * package. Each n8n is first measured at rest: the baseline. A measurement covers n8n's main
 * process and its task runner (processMemory.ts), from the webhook call until the execution is
 * stored, and then n8n reading the stored execution back (as the editor does when it opens it).
 */
import type { IDataObject } from 'n8n-workflow';

import type { WorkflowJson } from '../e2e/harness/n8nInstance';
import type { Sandbox } from '../sandbox';
import type { BenchN8n, BenchRun } from './n8nBench';
import type { TreeMemory } from './processMemory';
import * as scenarios from './scenarios';
import * as flows from './workflows';

/**
 * Records per scenario. The service allows 60,000 prospects per search; to measure them once the
 * package's cap (LIMITS.prospectSearchSize.max) allows it, set searchProspects to 60_000 (or run
 * with `--memory-prospects 60000`).
 */
export const MEMORY_RECORDS = { matchEnrich: 10_000, searchBusinesses: 10_000, searchProspects: 10_000 };

/** How long a fresh n8n is watched at rest for its baseline. */
export const IDLE_MS = 10_000;
/** Items of the package's output a Code node replica cycles through. */
const SAMPLES = 20;

export interface MemoryScenario {
	name: string;
	workflow: WorkflowJson;
	/** the webhook body's rows (Match -> Enrich's contacts; none for a search) */
	rows: IDataObject[];
	/** the package nodes whose items n8n holds, in order, and what each must output */
	outputs: Array<{ node: string; expected: (run: BenchRun) => string[] }>;
}

export type MemoryApproach = 'package' | 'Code node';

export interface MemoryMeasurement {
	scenario: string;
	approach: MemoryApproach;
	/** items output by the measured nodes, summed */
	items: number;
	/** mean size of those items' json, serialized, in bytes */
	itemBytes: number;
	idle: TreeMemory;
	run: TreeMemory;
	readBack: TreeMemory;
	/** the execution's startedAt -> stoppedAt */
	executionMs: number;
	problems: string[];
}

const count = (value: number) => value.toLocaleString('en-US');

/** Every row once, in input order (the Match -> Enrich output keeps each contact's `row`). */
const inRowOrder =
	(rows: number, node: string) =>
	(run: BenchRun): string[] => {
		const items = run.output(node).map((item) => item.json);
		const problems = items.length === rows ? [] : [`${node}: ${count(items.length)} items for ${count(rows)} rows`];
		const misplaced = items.findIndex((item, index) => item.row !== index);
		return misplaced === -1 ? problems : [...problems, `${node}: item ${misplaced} holds row ${String(items[misplaced]?.row)}`];
	};

/** Exactly these ids, in this order. */
const inIdOrder =
	(node: string, idField: string, ids: string[]) =>
	(run: BenchRun): string[] => {
		const got = run.output(node).map((item) => item.json[idField]);
		const problems = got.length === ids.length ? [] : [`${node}: ${count(got.length)} records, ${count(ids.length)} expected`];
		const misplaced = got.findIndex((id, index) => id !== ids[index]);
		return misplaced === -1 ? problems : [...problems, `${node}: record ${misplaced} out of order`];
	};

/**
 * The three scenarios: Match -> Enrich of `records.matchEnrich` contacts, and both searches with
 * Return All in Full mode (the largest records) over a universe of that many records.
 */
export function memoryScenarios(sandbox: Sandbox, records = MEMORY_RECORDS): MemoryScenario[] {
	const universe = sandbox.universe;
	const contacts = scenarios.contacts(universe, records.matchEnrich);
	const businessIds = universe
		.searchBusinesses()
		.slice(0, records.searchBusinesses)
		.map((business) => business.business_id);
	const prospectIds = universe
		.searchProspects()
		.slice(0, records.searchProspects)
		.map((entry) => entry.prospect.prospect_id);
	return [
		{
			name: `Match → Enrich, ${count(records.matchEnrich)} contacts`,
			workflow: flows.matchEnrichOurs('MemoryMatchEnrich'),
			rows: contacts,
			outputs: [
				{ node: 'Match Prospects', expected: inRowOrder(contacts.length, 'Match Prospects') },
				{ node: 'Enrich', expected: inRowOrder(contacts.length, 'Enrich') },
			],
		},
		{
			name: `Search Businesses, Return All, Full, ${count(records.searchBusinesses)} records`,
			workflow: flows.searchReturnAll('MemorySearchBusinesses', 'searchBusinesses', 'full'),
			rows: [],
			outputs: [{ node: 'Search Businesses', expected: inIdOrder('Search Businesses', 'business_id', businessIds) }],
		},
		{
			name: `Search Prospects, Return All, Full, ${count(records.searchProspects)} records`,
			workflow: flows.searchReturnAll('MemorySearchProspects', 'searchProspects', 'full'),
			rows: [],
			outputs: [{ node: 'Search Prospects', expected: inIdOrder('Search Prospects', 'prospect_id', prospectIds) }],
		},
	];
}

/** One measured run of a workflow in an n8n that has it published. */
export async function measureRun(
	bench: BenchN8n,
	input: { scenario: string; approach: MemoryApproach; workflowId: string; rows: IDataObject[]; nodes: string[]; idle: TreeMemory },
): Promise<{ measurement: MemoryMeasurement; run: BenchRun }> {
	const run = await bench.run(input.workflowId, input.rows);
	const problems = run.status === 'success' ? [] : [`execution ${run.status}: ${run.error ?? ''}`];
	const outputs = run.status === 'success' ? input.nodes.map((node) => run.output(node)) : [];
	const items = outputs.reduce((sum, output) => sum + output.length, 0);
	const bytes = outputs.reduce((sum, output) => sum + output.reduce((total, item) => total + JSON.stringify(item.json).length, 0), 0);
	const measurement: MemoryMeasurement = {
		scenario: input.scenario,
		approach: input.approach,
		items,
		itemBytes: items ? bytes / items : 0,
		idle: input.idle,
		run: run.memory,
		readBack: run.readBackMemory,
		executionMs: run.executionMs,
		problems,
	};
	return { measurement, run };
}

/** The package scenario's run, checked: every node output what it must. */
export async function measurePackage(bench: BenchN8n, scenario: MemoryScenario, idle: TreeMemory) {
	const nodes = scenario.outputs.map((output) => output.node);
	const measured = await measureRun(bench, {
		scenario: scenario.name,
		approach: 'package',
		workflowId: scenario.workflow.id,
		rows: scenario.rows,
		nodes,
		idle,
	});
	if (measured.run.status === 'success') measured.measurement.problems.push(...scenario.outputs.flatMap((output) => output.expected(measured.run)));
	return measured;
}

/**
 * The Code node replica of a package run: per node, as many items, cycling through samples of its
 * items: one of each set of fields first (unmatched rows have other fields), then evenly spaced.
 */
export function replicaOf(scenario: MemoryScenario, packageRun: BenchRun, id = `${scenario.workflow.id}Code`): WorkflowJson {
	const nodes = scenario.outputs.map(({ node }) => {
		const items = packageRun.output(node).map((item) => item.json);
		const chosen = new Set<number>();
		const shapes = new Set<string>();
		items.forEach((item, index) => {
			const shape = Object.keys(item).sort().join();
			if (!shapes.has(shape)) chosen.add(index);
			shapes.add(shape);
		});
		const step = Math.max(1, Math.floor(items.length / SAMPLES));
		for (let index = 0; index < items.length && chosen.size < SAMPLES; index += step) chosen.add(index);
		const samples = [...chosen].sort((a, b) => a - b).map((index) => items[index]);
		return { name: `${node} (Code)`, count: items.length, samples };
	});
	return flows.codeReplica(id, { afterRows: scenario.rows.length > 0, nodes });
}

/** The replica's run, checked: each Code node output as many items as the package node it stands for. */
export async function measureReplica(bench: BenchN8n, scenario: MemoryScenario, replica: WorkflowJson, packageRun: BenchRun, idle: TreeMemory) {
	const nodes = scenario.outputs.map((output) => `${output.node} (Code)`);
	const measured = await measureRun(bench, { scenario: scenario.name, approach: 'Code node', workflowId: replica.id, rows: scenario.rows, nodes, idle });
	if (measured.run.status === 'success') {
		for (const { node } of scenario.outputs) {
			const want = packageRun.output(node).length;
			const got = measured.run.output(`${node} (Code)`).length;
			if (got !== want) measured.measurement.problems.push(`${node} (Code): ${count(got)} items, the package's node ${count(want)}`);
		}
	}
	return measured;
}

/**
 * Every scenario, the package and its Code node replica, each in a fresh n8n from `createN8n`
 * (which imports and publishes the given workflows).
 */
export async function memoryBenchmark(
	sandbox: Sandbox,
	createN8n: (workflows: WorkflowJson[]) => Promise<BenchN8n>,
	options: { records?: typeof MEMORY_RECORDS; log: (message: string) => void },
): Promise<MemoryMeasurement[]> {
	const results: MemoryMeasurement[] = [];
	const inFreshN8n = async <T>(workflows: WorkflowJson[], work: (bench: BenchN8n, idle: TreeMemory) => Promise<T>): Promise<T> => {
		const bench = await createN8n(workflows);
		try {
			return await work(bench, await bench.idleMemory(IDLE_MS));
		} finally {
			await bench.dispose();
		}
	};
	for (const scenario of memoryScenarios(sandbox, options.records)) {
		options.log(`${scenario.name}: the package`);
		const ours = await inFreshN8n([scenario.workflow], async (bench, idle) => await measurePackage(bench, scenario, idle));
		results.push(ours.measurement);
		options.log(`  ${describe(ours.measurement)}`);
		if (ours.run.status !== 'success') continue;
		options.log(`${scenario.name}: a Code node replica`);
		const replica = replicaOf(scenario, ours.run);
		const code = await inFreshN8n([replica], async (bench, idle) => await measureReplica(bench, scenario, replica, ours.run, idle));
		results.push(code.measurement);
		options.log(`  ${describe(code.measurement)}`);
	}
	return results;
}

const mb = (value: number) => `${value.toFixed(0)} MB`;

/** One line for the progress log. */
export function describe(m: MemoryMeasurement): string {
	return (
		`${count(m.items)} items of ${m.itemBytes.toFixed(0)} bytes; at rest ${mb(m.idle.finalMb.main + m.idle.finalMb.others)}, ` +
		`run: main ${mb(m.run.mainPeakMb)}, runner ${mb(m.run.runnerPeakMb)}, sum ${mb(m.run.sumOfPeaksMb)}, ` +
		`read back: main ${mb(m.readBack.mainPeakMb)}${m.problems.length ? `; PROBLEMS: ${m.problems.join('; ')}` : ''}`
	);
}
