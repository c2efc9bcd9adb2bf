/**
 * A real n8n (test/e2e/harness: the package installed from `npm pack`, `n8n start`) set up for
 * the benchmark: the credential and workflows imported and published, and one call to run a
 * workflow through its webhook and read back what n8n stored: each node's executionTime (summed
 * over its runs), items, the execution's status and times, and the n8n process's peak RSS.
 */
import { readFileSync, writeFileSync } from 'node:fs';


import type { IDataObject, INodeExecutionData, ITaskData } from 'n8n-workflow';

import { type CredentialImport, N8nInstance, type WorkflowJson } from '../e2e/harness/n8nInstance';
import { CREDENTIAL, webhookPath } from './workflows';

export interface NodeTimes {
	/** how many times the node ran (more than one inside a loop) */
	runs: number;
	/** n8n's executionTime, summed over the runs */
	executionTimeMs: number;
	/** items on output 0, summed over the runs */
	items: number;
	/** when its first run started and its last run ended (ms since epoch) */
	startedAt: number;
	endedAt: number;
}

export interface BenchRun {
	status: string;
	nodes: Record<string, NodeTimes>;
	/** the execution's startedAt -> stoppedAt (includes n8n's own work between nodes) */
	executionMs: number;
	/** peak resident memory of the n8n process during the run (VmHWM, reset before it) */
	peakRssMb: number | undefined;
	/**
	 * CPU time of n8n's main thread (user + system) from the webhook call until the execution is
	 * stored: the whole execution, saving included (10 ms resolution)
	 */
	mainThreadCpuMs: number | undefined;
	/** the items of a node's last run, output 0 */
	output(node: string): INodeExecutionData[];
	error?: string;
}

export interface BenchN8nOptions {
	baseUrl: string;
	apiKey: string;
	workflows: WorkflowJson[];
	/**
	 * Lifts the package's client-side pacing (the key's budget, 200 requests a minute by default)
	 * for runs against a sandbox without a rate limit: latency-bound scenarios and the per-item
	 * CPU. Done the way a user with a larger account would: the credential's "Max Requests per
	 * Minute".
	 */
	liftClientRateLimit: boolean;
	/** more credentials to import, for workflows that name them */
	extraCredentials?: CredentialImport[];
	log?: (message: string) => void;
	/** a tarball to install instead of packing the working tree */
	tarball?: string;
	/** extra environment for n8n (e.g. NODE_OPTIONS=--cpu-prof to profile a run) */
	env?: Record<string, string>;
}

/** "Max Requests per Minute" of an account without a practical limit. */
const UNLIMITED_PER_MINUTE = 1_000_000_000;

function readPeakRssKb(pid: number): number | undefined {
	try {
		const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
		return match ? Number(match[1]) : undefined;
	} catch {
		return undefined;
	}
}

/** User + system CPU time of a process's main thread (Linux), in ms. */
function readMainThreadCpuMs(pid: number): number | undefined {
	try {
		const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		// fields[11] and [12] are utime and stime (stat fields 14 and 15), in clock ticks of 10 ms
		return (Number(fields[11]) + Number(fields[12])) * 10;
	} catch {
		return undefined;
	}
}

/** Resets the peak RSS of a process (Linux: writing 5 to clear_refs). */
function resetPeakRss(pid: number): void {
	try {
		writeFileSync(`/proc/${pid}/clear_refs`, '5');
	} catch {
		// not Linux, or not allowed: the peak then covers the process's life so far
	}
}

export class BenchN8n {
	private constructor(readonly n8n: N8nInstance) {}

	static async create(options: BenchN8nOptions): Promise<BenchN8n> {
		const n8n = await N8nInstance.create({ log: options.log, tarball: options.tarball, env: options.env });
		try {
			// one CLI call each for the credentials and the workflows: every call is a cold n8n start
			await n8n.importCredentials([
				{
					...CREDENTIAL,
					data: {
						apiKey: options.apiKey,
						baseUrl: options.baseUrl,
						...(options.liftClientRateLimit ? { maxRequestsPerMinute: UNLIMITED_PER_MINUTE } : {}),
					},
				},
				...(options.extraCredentials ?? []),
			]);
			await n8n.importWorkflows(options.workflows);
			await n8n.start();
			await n8n.setupOwner();
			// published once n8n runs, over its REST API, rather than with a cold CLI start each
			for (const workflow of options.workflows) await n8n.publish(workflow.id);
		} catch (error) {
			await n8n.dispose();
			throw error;
		}
		return new BenchN8n(n8n);
	}

	/** Runs a workflow through its webhook with `{ rows }` as body; resolves when it is done. */
	async run(workflowId: string, rows: IDataObject[] = []): Promise<BenchRun> {
		const pid = this.n8n.serverPid;
		if (pid === undefined) throw new Error('n8n is not running');
		const before = new Set((await this.n8n.executions(workflowId)).map((execution) => execution.id));
		resetPeakRss(pid);
		const cpuBefore = readMainThreadCpuMs(pid);
		const url = `${this.n8n.baseUrl}/webhook/${webhookPath(workflowId)}`;
		const body = JSON.stringify({ rows });
		let answer: Response | undefined;
		// right after start, a published workflow's webhook may not be registered yet
		for (let attempt = 0; attempt < 40; attempt++) {
			answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
			if (answer.status !== 404) break;
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
		const answerText = await answer?.text();
		const peakRssKb = readPeakRssKb(pid);

		let id: string | undefined;
		for (let attempt = 0; attempt < 200 && id === undefined; attempt++) {
			const done = (await this.n8n.finishedExecutions(workflowId)).filter((execution) => !before.has(execution.id));
			id = done[0]?.id;
			if (id === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
		}
		if (id === undefined) throw new Error(`No finished execution of ${workflowId} (webhook answered ${answer?.status}: ${answerText})`);
		const cpuAfter = readMainThreadCpuMs(pid);
		const result = await this.n8n.execution(id);
		const runData = result.run.data.resultData.runData;
		const nodes: Record<string, NodeTimes> = {};
		for (const [name, runs] of Object.entries(runData)) {
			nodes[name] = {
				runs: runs.length,
				executionTimeMs: runs.reduce((sum: number, run: ITaskData) => sum + (run.executionTime ?? 0), 0),
				items: runs.reduce((sum: number, run: ITaskData) => sum + (run.data?.main?.[0]?.length ?? 0), 0),
				startedAt: Math.min(...runs.map((run: ITaskData) => run.startTime)),
				endedAt: Math.max(...runs.map((run: ITaskData) => run.startTime + (run.executionTime ?? 0))),
			};
		}
		const started = Date.parse(String(result.run.startedAt));
		const stopped = Date.parse(String(result.run.stoppedAt));
		return {
			status: result.status,
			nodes,
			executionMs: stopped - started,
			peakRssMb: peakRssKb === undefined ? undefined : peakRssKb / 1024,
			mainThreadCpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
			output: (node) => result.output(node, 0, (runData[node]?.length ?? 1) - 1),
			error: result.error ? result.describeError() : undefined,
		};
	}

	async dispose(): Promise<void> {
		await this.n8n.dispose();
	}
}
