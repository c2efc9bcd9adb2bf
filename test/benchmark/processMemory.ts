/**
 * Resident memory of a process and its descendants (Linux /proc): for n8n, the main process and
 * the task runner it spawns (the JS runner that executes Code nodes).
 *
 * Per process, the peak is the kernel's own high-water mark (VmHWM), reset by writing 5 to
 * /proc/<pid>/clear_refs: exact, whatever happens between two reads. The tree's total can only be
 * sampled (the processes peak at different moments), so a watch reports both: the sum of the
 * per-process peaks (an upper bound of the tree's peak) and the largest sampled sum (a lower bound).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

export interface ProcessPeak {
	pid: number;
	/** 'main' for the watched process, 'task runner' for n8n's runner, else the program's name */
	role: string;
	/** VmHWM since the watch began (or since the process started, when it started later), in MB */
	peakMb: number;
}

export interface TreeMemory {
	processes: ProcessPeak[];
	/** the watched process's own peak */
	mainPeakMb: number;
	/** the largest peak among the other processes (0 when there are none) */
	runnerPeakMb: number;
	/** sum of the per-process peaks: the tree never held more at once */
	sumOfPeaksMb: number;
	/** the largest sum of the processes' VmRSS seen at one sample (every `intervalMs`) */
	sampledTotalMb: number;
	/** VmRSS at the stop: of the watched process, and of the others together */
	finalMb: { main: number; others: number };
}

const kbToMb = (kb: number) => kb / 1024;

function readStatus(pid: number): { rssKb: number; hwmKb: number } | undefined {
	try {
		const status = readFileSync(`/proc/${pid}/status`, 'utf8');
		const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);
		const rssKb = field('VmRSS');
		const hwmKb = field('VmHWM');
		return Number.isFinite(rssKb) && Number.isFinite(hwmKb) ? { rssKb, hwmKb } : undefined;
	} catch {
		return undefined; // gone, or not Linux
	}
}

/** The process and all its descendants (children of every thread, recursively). */
export function processTree(pid: number): number[] {
	const tree = [pid];
	for (let index = 0; index < tree.length; index++) {
		let threads: string[] = [];
		try {
			threads = readdirSync(`/proc/${tree[index]}/task`);
		} catch {
			continue;
		}
		for (const thread of threads) {
			try {
				const children = readFileSync(`/proc/${tree[index]}/task/${thread}/children`, 'utf8').trim();
				for (const child of children ? children.split(/\s+/).map(Number) : []) if (!tree.includes(child)) tree.push(child);
			} catch {
				// the thread ended meanwhile
			}
		}
	}
	return tree;
}

function roleOf(pid: number, mainPid: number): string {
	if (pid === mainPid) return 'main';
	try {
		const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
		if (commandLine.some((arg) => arg.includes('task-runner'))) return 'task runner';
		return commandLine[0]?.split('/').pop() || String(pid);
	} catch {
		return String(pid);
	}
}

/** Resets the peak of a process to its current RSS; false where that is not allowed (or not Linux). */
function resetPeak(pid: number): boolean {
	try {
		writeFileSync(`/proc/${pid}/clear_refs`, '5');
		return true;
	} catch {
		return false;
	}
}

/** Current RSS of a process, in MB (undefined when it is gone or this is not Linux). */
export function rssMb(pid: number): number | undefined {
	const status = readStatus(pid);
	return status && kbToMb(status.rssKb);
}

/**
 * Watches a process tree from `start()` to `stop()`: resets every process's peak at the start,
 * samples the tree every `intervalMs` (new children join, and the last reading of one that exits
 * is kept), and reads every peak at the stop.
 */
export class TreeMemoryWatch {
	private readonly peaksKb = new Map<number, number>();
	/** read when a process is first seen: one that exits keeps its name */
	private readonly roles = new Map<number, string>();
	private sampledTotalKb = 0;
	private lastKb = { main: 0, others: 0 };
	private timer: NodeJS.Timeout | undefined;
	/** false when a peak could not be reset: the figures then cover the process's life so far */
	resetWorked = true;

	private constructor(private readonly mainPid: number) {}

	static start(mainPid: number, intervalMs = 100): TreeMemoryWatch {
		const watch = new TreeMemoryWatch(mainPid);
		for (const pid of processTree(mainPid)) watch.resetWorked = resetPeak(pid) && watch.resetWorked;
		watch.sample();
		watch.timer = setInterval(() => watch.sample(), intervalMs);
		return watch;
	}

	private sample(): void {
		let totalKb = 0;
		let mainKb = 0;
		for (const pid of processTree(this.mainPid)) {
			const status = readStatus(pid);
			if (!status) continue;
			totalKb += status.rssKb;
			if (pid === this.mainPid) mainKb = status.rssKb;
			if (!this.roles.has(pid)) this.roles.set(pid, roleOf(pid, this.mainPid));
			this.peaksKb.set(pid, Math.max(this.peaksKb.get(pid) ?? 0, status.hwmKb));
		}
		this.sampledTotalKb = Math.max(this.sampledTotalKb, totalKb);
		this.lastKb = { main: mainKb, others: totalKb - mainKb };
	}

	stop(): TreeMemory {
		clearInterval(this.timer);
		this.sample();
		const processes = [...this.peaksKb].map(([pid, kb]) => ({ pid, role: this.roles.get(pid) ?? String(pid), peakMb: kbToMb(kb) }));
		const others = processes.filter((process) => process.pid !== this.mainPid);
		return {
			processes,
			mainPeakMb: processes.find((process) => process.pid === this.mainPid)?.peakMb ?? 0,
			runnerPeakMb: Math.max(0, ...others.map((process) => process.peakMb)),
			sumOfPeaksMb: processes.reduce((sum, process) => sum + process.peakMb, 0),
			sampledTotalMb: kbToMb(this.sampledTotalKb),
			finalMb: { main: kbToMb(this.lastKb.main), others: kbToMb(this.lastKb.others) },
		};
	}
}

/** Runs `work` while watching a process tree; the watch ends with it, also when it throws. */
export async function watchTree<T>(pid: number, work: () => Promise<T>): Promise<{ value: T; memory: TreeMemory }> {
	const watch = TreeMemoryWatch.start(pid);
	try {
		const value = await work();
		return { value, memory: watch.stop() };
	} catch (error) {
		watch.stop();
		throw error;
	}
}
