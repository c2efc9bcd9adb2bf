/**
 * A real n8n (test/e2e/harness: the package installed from `npm pack`, `n8n start`) set up for
 * the benchmark: the credential and workflows imported and published, and one call to run a
 * workflow through its webhook and read back what n8n stored: each node's executionTime (summed
 * over its runs), items, the execution's status and times, and the peak resident memory of n8n's
 * processes (processMemory.ts).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

import type { IDataObject, INodeExecutionData, ITaskData } from 'n8n-workflow';

import { type CredentialImport, N8nInstance, type WorkflowJson } from '../e2e/harness/n8nInstance';
import { waitFor } from '../e2e/harness/processes';
import { processTree, type TreeMemory, watchTree } from './processMemory';
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
	/** peak resident memory of the n8n main process during the run (VmHWM, reset before it) */
	peakRssMb: number | undefined;
	/**
	 * n8n's processes (main and task runner) from the webhook call until the execution is stored
	 * (saving included)
	 */
	memory: TreeMemory;
	/** the same while n8n reads the stored execution back for its REST API, as the editor opens it */
	readBackMemory: TreeMemory;
	executionId: string;
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
	 * Lifts the package's client-side pacing (the key's budget, 200 queries a minute by default)
	 * for runs against a sandbox without a rate limit: latency-bound scenarios and the per-item
	 * CPU. Done the way a user with a larger account would: the credential's "Max Requests per
	 * Minute".
	 */
	liftClientRateLimit: boolean;
	/**
	 * the credential's pacing in queries a minute, for a sandbox whose key allows other than the
	 * service's default 200 (the benchmark's scaled runs); ignored when the pacing is lifted
	 */
	queriesPerMinute?: number;
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

/**
 * POSTs JSON and reads the whole answer, however long it takes: the webhook answers when the
 * workflow ends, and a rate-limited run of many minutes outlasts fetch's 300 s wait for headers.
 */
async function postWithoutTimeout(url: string, body: string): Promise<{ status: number; text: string }> {
	return await new Promise((resolve, reject) => {
		const request = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
			const chunks: Buffer[] = [];
			response.on('data', (chunk: Buffer) => chunks.push(chunk));
			response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
			response.on('error', reject);
		});
		request.on('error', reject);
		request.end(body);
	});
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
						...(options.liftClientRateLimit
							? { maxRequestsPerMinute: UNLIMITED_PER_MINUTE }
							: options.queriesPerMinute !== undefined
								? { maxRequestsPerMinute: options.queriesPerMinute }
								: {}),
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
		const pid = this.serverPid();
		const before = new Set((await this.n8n.executions(workflowId)).map((execution) => execution.id));
		const cpuBefore = readMainThreadCpuMs(pid);
		const { value: id, memory } = await watchTree(pid, async () => await this.runToStored(workflowId, rows, before));
		const cpuAfter = readMainThreadCpuMs(pid);
		const { value: result, memory: readBackMemory } = await watchTree(pid, async () => await this.n8n.execution(id));
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
			peakRssMb: memory.mainPeakMb > 0 ? memory.mainPeakMb : undefined,
			memory,
			readBackMemory,
			executionId: id,
			mainThreadCpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
			output: (node) => result.output(node, 0, (runData[node]?.length ?? 1) - 1),
			error: result.error ? result.describeError() : undefined,
		};
	}

	/** Imports and publishes more workflows into the running n8n (over its REST API). */
	async addWorkflows(workflows: WorkflowJson[]): Promise<void> {
		await this.n8n.importWorkflows(workflows);
		for (const workflow of workflows) await this.n8n.publish(workflow.id);
	}

	/**
	 * n8n's processes at rest for `ms`, once its task runner has started (n8n 2.x starts it
	 * moments after it is ready): the baseline of a memory measurement.
	 */
	async idleMemory(ms: number): Promise<TreeMemory> {
		const pid = this.serverPid();
		await waitFor('n8n to start its task runner', async () => (processTree(pid).length > 1 ? true : undefined), { timeoutMs: 60_000 });
		return (await watchTree(pid, async () => await new Promise((resolve) => setTimeout(resolve, ms)))).memory;
	}

	private serverPid(): number {
		const pid = this.n8n.serverPid;
		if (pid === undefined) throw new Error('n8n is not running');
		return pid;
	}

	/** Calls the workflow's webhook; resolves with the id of the execution once n8n has stored it. */
	private async runToStored(workflowId: string, rows: IDataObject[], before: Set<string>): Promise<string> {
		const url = `${this.n8n.baseUrl}/webhook/${webhookPath(workflowId)}`;
		const body = JSON.stringify({ rows });
		let answer: { status: number; text: string } | undefined;
		// right after start, a published workflow's webhook may not be registered yet
		for (let attempt = 0; attempt < 40; attempt++) {
			answer = await postWithoutTimeout(url, body);
			if (answer.status !== 404) break;
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
		const answerText = answer?.text;
		for (let attempt = 0; attempt < 200; attempt++) {
			const done = (await this.n8n.finishedExecutions(workflowId)).filter((execution) => !before.has(execution.id));
			if (done[0]) return done[0].id;
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
		throw new Error(`No finished execution of ${workflowId} (webhook answered ${answer?.status}: ${answerText})`);
	}

	async dispose(): Promise<void> {
		await this.n8n.dispose();
	}
}
