/**
 * The memory benchmark's tools (test/benchmark): the process-tree watch reads a child's peak from
 * /proc (a process tree of this test's own: a parent and a child that allocates on a signal), and
 * the Memory section of docs/benchmarks.md is written in place, the rest of the file untouched.
 */
import { spawn, type ChildProcess } from 'node:child_process';

import type { MemoryMeasurement } from '../benchmark/memory';
import { extractSection, memorySection, upsertSection } from '../benchmark/memoryReport';
import { TreeMemoryWatch, type TreeMemory } from '../benchmark/processMemory';

const ALLOCATED_MB = 64;
/** Allocates (and touches) 64 MB when it receives SIGUSR2, says so, and keeps it. */
const CHILD = `
process.on('SIGUSR2', () => { globalThis.kept = Buffer.alloc(${ALLOCATED_MB} * 2 ** 20, 1); console.log('allocated'); });
console.log('ready ' + process.pid);
setInterval(() => undefined, 1000);
`;
const PARENT = `
require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(CHILD)}], { stdio: ['ignore', 'inherit', 'inherit'] });
setInterval(() => undefined, 1000);
`;

describe('process tree watch', () => {
	let parent: ChildProcess;
	let output = '';
	const waitForOutput = async (pattern: RegExp) => {
		for (let attempt = 0; attempt < 300; attempt++) {
			const match = pattern.exec(output);
			if (match) return match;
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
		throw new Error(`no ${String(pattern)} in ${JSON.stringify(output)}`);
	};

	beforeAll(() => {
		parent = spawn(process.execPath, ['-e', PARENT], { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
		parent.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	});
	afterAll(() => {
		if (parent.pid) process.kill(-parent.pid, 'SIGKILL');
	});

	test("finds the child and reads its peak after it allocated, the parent's apart", async () => {
		const childPid = Number((await waitForOutput(/ready (\d+)/))[1]);
		const watch = TreeMemoryWatch.start(parent.pid!);
		process.kill(childPid, 'SIGUSR2');
		await waitForOutput(/allocated/);
		const memory: TreeMemory = watch.stop();

		expect(watch.resetWorked).toBe(true);
		expect(memory.processes.map(({ pid, role }) => [pid, role])).toEqual([
			[parent.pid, 'main'],
			[childPid, 'node'],
		]);
		const child = memory.processes[1];
		expect(child.peakMb).toBeGreaterThanOrEqual(ALLOCATED_MB);
		expect(memory.runnerPeakMb).toBe(child.peakMb);
		expect(memory.mainPeakMb).toBe(memory.processes[0].peakMb);
		expect(memory.sumOfPeaksMb).toBe(memory.mainPeakMb + child.peakMb);
		expect(memory.sampledTotalMb).toBeGreaterThanOrEqual(ALLOCATED_MB);
	});
});

describe('the Memory section of benchmarks.md', () => {
	const FILE = '# Benchmarks\n\nIntro.\n\n## Time per item\n\n| a |\n\n## Every run\n\n| b |\n\nEvery run sent the minimum.\n';
	const section = (text: string) => `## Memory\n\n${text}\n`;

	test('goes before "Every run", then is replaced in place; the rest stays as it was, "$" included', () => {
		const first = upsertSection(FILE, section('First $& $1.'));
		expect(first).toBe(FILE.replace('## Every run', () => '## Memory\n\nFirst $& $1.\n\n## Every run'));
		const second = upsertSection(first, section('Second.'));
		expect(second).toBe(FILE.replace('## Every run', '## Memory\n\nSecond.\n\n## Every run'));
		expect(extractSection(second)).toBe('## Memory\n\nSecond.\n\n');
		expect(extractSection(FILE)).toBeUndefined();
	});

	test('without "Every run" it goes at the end, and is replaced there', () => {
		const appended = upsertSection('# Benchmarks\n', section('One.'));
		expect(appended).toBe('# Benchmarks\n\n## Memory\n\nOne.\n');
		expect(upsertSection(appended, section('Two.'))).toBe('# Benchmarks\n\n## Memory\n\nTwo.\n');
	});

	const tree = (main: number, runner: number): TreeMemory => ({
		processes: [],
		mainPeakMb: main,
		runnerPeakMb: runner,
		sumOfPeaksMb: main + runner,
		sampledTotalMb: main + runner,
		finalMb: { main: main - 10, others: runner },
	});
	const measurement = (approach: MemoryMeasurement['approach'], main: number, runner: number): MemoryMeasurement => ({
		scenario: 'Search, 10 records',
		approach,
		items: 10,
		itemBytes: 100,
		idle: tree(400, 150),
		run: tree(main, runner),
		readBack: tree(main, runner),
		executionMs: 1_000,
		problems: [],
	});
	const info = { date: '2026-11-25', machine: '2 × CPU', load: { start: 2, end: 3 }, latencyMs: 50, elapsed: '60 s' };

	test('sets the package beside its Code node replica and judges the 2 GB target on every process together', () => {
		const met = memorySection([measurement('package', 600, 150), measurement('Code node', 700, 300)], info);
		expect(met).toContain('| Search, 10 records | 10 | 540 MB | 750 MB (+210 MB) | 1000 MB (+460 MB) | -250 MB |');
		expect(met).toContain('met (largest 1000 MB)');
		const over = memorySection([measurement('package', 1900, 150), measurement('Code node', 700, 300)], info);
		expect(over).toContain('| Search, 10 records | 10 | 540 MB | 2050 MB (+1510 MB) | 1000 MB (+460 MB) | +1050 MB |');
		expect(over).toContain('NOT met (Search, 10 records, package: 2050 MB)');
	});
});
