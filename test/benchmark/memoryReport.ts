/**
 * The "Memory" section of docs/benchmarks.md, from `npm run benchmark -- --memory`, and the
 * helpers that keep it there when the main benchmark rewrites the rest of the file.
 */
import type { MemoryMeasurement } from './memory';
import { table } from './report';

/** The target of issue 22: no n8n process tree above 2 GB on this machine. */
export const MEMORY_TARGET_MB = 2048;
export const MEMORY_HEADING = '## Memory';
/** The section goes before this one when the file has no Memory section yet. */
const INSERT_BEFORE = '## Every run';

const mb = (value: number) => `${value.toFixed(0)} MB`;
const signedMb = (value: number) => `${value >= 0 ? '+' : ''}${mb(value)}`;
const count = (value: number) => value.toLocaleString('en-US');

export interface MemoryRunInfo {
	date: string;
	machine: string;
	/** 1-minute load averages at the start and the end of the run */
	load: { start: number; end: number };
	latencyMs: number;
	elapsed: string;
}

/** What n8n holds at rest, before the run: main and runner together, at the end of the rest. */
const atRest = (m: MemoryMeasurement) => m.idle.finalMb.main + m.idle.finalMb.others;

/** What a run added to its own n8n at rest (n8n at rest moves by hundreds of MB with V8's collections). */
const added = (m: MemoryMeasurement) => m.run.sumOfPeaksMb - atRest(m);

/** The largest figure of a measurement: the run or reading it back, all processes. */
const largest = (m: MemoryMeasurement) => Math.max(m.run.sumOfPeaksMb, m.readBack.sumOfPeaksMb);

export function memorySection(results: MemoryMeasurement[], info: MemoryRunInfo): string {
	const scenarios = [...new Set(results.map((m) => m.scenario))];
	const of = (scenario: string, approach: MemoryMeasurement['approach']) => results.find((m) => m.scenario === scenario && m.approach === approach);
	const headline = scenarios.map((scenario) => {
		const ours = of(scenario, 'package');
		const code = of(scenario, 'Code node');
		return [
			scenario,
			ours ? count(ours.items) : '',
			ours ? mb(atRest(ours)) : '',
			ours ? `${mb(ours.run.sumOfPeaksMb)} (${signedMb(added(ours))})` : 'not run',
			code ? `${mb(code.run.sumOfPeaksMb)} (${signedMb(added(code))})` : 'not run',
			ours && code ? signedMb(added(ours) - added(code)) : '',
		];
	});
	const detail = results.map((m) => [
		m.scenario,
		m.approach,
		count(m.items),
		m.itemBytes.toFixed(0),
		`${mb(m.idle.finalMb.main)} + ${mb(m.idle.finalMb.others)}`,
		mb(m.run.mainPeakMb),
		mb(m.run.runnerPeakMb),
		mb(m.run.sumOfPeaksMb),
		mb(m.run.sampledTotalMb),
		mb(m.readBack.mainPeakMb),
		`${(m.executionMs / 1000).toFixed(1)} s`,
	]);
	const over = results.filter((m) => largest(m) > MEMORY_TARGET_MB);
	const problems = results.flatMap((m) => m.problems.map((problem) => `${m.scenario} (${m.approach}): ${problem}`));
	return [
		MEMORY_HEADING,
		'',
		`Measured by \`npm run benchmark -- --memory\` (test/benchmark/memory.ts) on ${info.date}: ${info.machine}; load average ${info.load.start.toFixed(1)} at the start and ${info.load.end.toFixed(1)} at the end (other work shared the machine). The whole run took ${info.elapsed}. The sandbox enforces no rate limit and answers after ${info.latencyMs} ms; the package's client-side pacing is lifted (Max Requests per Minute), so each run takes seconds.`,
		'',
		`What is measured: the resident memory (RSS) of n8n's processes, read from /proc: the main process (\`n8n start\`, which runs the workflow and the package's nodes) and its JS task runner (a child process that runs Code nodes). Each process's peak is the kernel's high-water mark (VmHWM), reset just before the webhook call and read once the execution is stored, saving included; \"all processes\" is the sum of the two peaks, an upper bound (they need not peak together; the largest total seen in samples every 100 ms is in the detail table). Every run has a fresh n8n of its own, so nothing an earlier run left in the heap counts; its baseline, "at rest", is the RSS of the same n8n after 10 s at rest just before the run (workflow published, runner started). RSS follows V8's garbage collection: a run's peak can fall below what n8n held at rest when a collection ran first.`,
		'',
		`The Code node run takes the package out: the same n8n install runs a replica of the workflow in which each package node is a Code node that outputs as many items of the same shape (about 20 of the package node's own items, one of each set of fields and the rest evenly spaced, cycled, each a fresh copy; the mean size of an item is in the detail table). Its items are built in the task runner and sent to the main process, so both hold them while the node runs. "package − Code node, over rest" is then what the package's own work adds (requests, responses, batching) beyond holding the items: each run's peak over its own n8n at rest, since n8n at rest moves by hundreds of MB between fresh starts (V8 collects when it will). One run of each: repeats move these figures by tens of MB (several runs compared: [Performance](performance.md#memory)).`,
		'',
		table(['scenario', 'items output', 'n8n at rest', 'package run: peak (over its n8n at rest)', 'Code node run: peak (over its n8n at rest)', 'package − Code node, over rest'], headline),
		'',
		`Target: no figure above 2 GB (${count(MEMORY_TARGET_MB)} MB) on this machine, runs and reading the execution back: ${over.length ? `NOT met (${over.map((m) => `${m.scenario}, ${m.approach}: ${mb(largest(m))}`).join('; ')})` : `met (largest ${mb(Math.max(...results.map(largest)))})`}.`,
		'',
		'Every measurement (peaks; "reading back" is the main process while n8n reads the stored execution for its REST API, as the editor does when it opens the execution):',
		'',
		table(
			['scenario', 'run by', 'items', 'JSON bytes per item', 'at rest: main + runner', 'run: main', 'run: task runner', 'run: all processes', 'run: sampled total', 'reading back: main', 'execution'],
			detail,
		),
		'',
		problems.length ? `Problems:\n\n${problems.map((p) => `- ${p}`).join('\n')}` : 'Every run output exactly the expected items (package: every record or row, in order; Code node: as many items as the package node).',
		'',
	].join('\n');
}

/** The Memory section of a benchmarks.md (up to the next section), or undefined. */
export function extractSection(markdown: string, heading = MEMORY_HEADING): string | undefined {
	const start = markdown.indexOf(`\n${heading}\n`);
	if (start === -1) return undefined;
	const next = markdown.indexOf('\n## ', start + heading.length + 1);
	return markdown.slice(start + 1, next === -1 ? undefined : next + 1);
}

/** Replaces the Memory section of a benchmarks.md, or inserts it before "Every run" (else at the end). */
export function upsertSection(markdown: string, section: string, heading = MEMORY_HEADING): string {
	const body = section.endsWith('\n') ? section : `${section}\n`;
	const existing = extractSection(markdown, heading);
	// a function, so that no "$" in the section is read as a replacement pattern
	if (existing !== undefined) return markdown.replace(existing, () => (existing.endsWith('\n\n') ? `${body}\n` : body));
	const before = markdown.indexOf(`\n${INSERT_BEFORE}\n`);
	if (before === -1) return `${markdown.trimEnd()}\n\n${body}`;
	return `${markdown.slice(0, before + 1)}${body}\n${markdown.slice(before + 1)}`;
}
