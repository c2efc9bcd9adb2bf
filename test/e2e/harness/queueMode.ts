/**
 * n8n in queue mode on one machine, for e2e tests: a throw-away Redis (Debian's `redis-server`,
 * no persistence, on a free port), the n8n main instance (`n8n start`, the N8nInstance of this
 * harness: webhooks, pollers, REST) and `n8n worker` processes that take the executions from the
 * queue. Main and workers share the user folder (sqlite database, the installed package) and the
 * encryption key; each worker has its own health check and task broker port.
 *
 *   const cluster = await QueueModeN8n.create({ workers: 2, concurrency: 2, prepare: async (main) => ..., publish: [id] });
 *   // POST to a webhook on cluster.main.baseUrl: a worker runs the execution
 *   cluster.workerOf(executionId); // which worker ran it (from the workers' logs)
 *   await cluster.dispose();
 */
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { N8nInstance, type N8nInstanceOptions } from './n8nInstance';
import { freePort, spawnGroup, waitFor, type SpawnedGroup } from './processes';

const READY_TIMEOUT_MS = 120_000;

export interface RedisServer {
	host: string;
	port: number;
	stop(): Promise<void>;
}

/** One PING over a fresh connection: true when Redis answers PONG. */
async function redisPing(port: number): Promise<boolean> {
	return await new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		const done = (ok: boolean) => {
			socket.destroy();
			resolve(ok);
		};
		socket.setTimeout(1_000, () => done(false));
		socket.on('error', () => done(false));
		socket.on('connect', () => socket.write('PING\r\n'));
		socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
	});
}

/**
 * A Redis for one test run: `redis-server` from PATH (`.ci/run` installs Debian's package when it
 * is missing), bound to 127.0.0.1 on a free port, without persistence, in a temp folder removed on stop.
 */
export async function startRedis(): Promise<RedisServer> {
	const dir = mkdtempSync(path.join(os.tmpdir(), 'redis-e2e-'));
	const port = await freePort();
	const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--protected-mode', 'yes'];
	let server: SpawnedGroup;
	try {
		server = spawnGroup('redis-server', args, { cwd: dir, env: process.env });
	} catch (error) {
		rmSync(dir, { recursive: true, force: true });
		throw new Error(`redis-server could not be started (is it installed? .ci/run installs it): ${(error as Error).message}`);
	}
	let output = '';
	let exitCode: number | string | undefined;
	for (const stream of [server.child.stdout, server.child.stderr]) stream?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	void server.exited.then((code) => (exitCode = code));
	const stop = async () => {
		await server.kill(5_000);
		rmSync(dir, { recursive: true, force: true });
	};
	try {
		await waitFor('redis-server to answer PING', async () => ((await redisPing(port)) ? true : undefined), {
			timeoutMs: 20_000,
			intervalMs: 100,
			abort: () =>
				exitCode !== undefined ? `redis-server exited with ${exitCode} (is it installed? .ci/run installs it)\n${output}` : undefined,
		});
	} catch (error) {
		await stop();
		throw error;
	}
	return { host: '127.0.0.1', port, stop };
}

export interface QueueModeOptions extends Omit<N8nInstanceOptions, 'port'> {
	/** `n8n worker` processes (default 2) */
	workers?: number;
	/** executions each worker runs at once (`--concurrency`, default 5) */
	concurrency?: number;
	/** Runs before main starts: import credentials and workflows. */
	prepare?: (main: N8nInstance) => Promise<void>;
	/**
	 * Workflows to publish once main runs, before the workers start: over main's REST API (a CLI
	 * call each would be a cold n8n start).
	 */
	publish?: string[];
}

interface WorkerProcess {
	name: string;
	process: SpawnedGroup;
	healthPort: number;
	output: string[];
}

export class QueueModeN8n {
	private readonly workers: WorkerProcess[] = [];

	private constructor(
		readonly redis: RedisServer,
		/** the main instance: webhooks, pollers, REST; the executions run on the workers */
		readonly main: N8nInstance,
		private readonly log: (message: string) => void,
	) {}

	/** Redis, then main (migrates the database, so it comes first), then the workers side by side. */
	static async create(options: QueueModeOptions = {}): Promise<QueueModeN8n> {
		const log = options.log ?? (() => undefined);
		const redis = await startRedis();
		let cluster: QueueModeN8n | undefined;
		try {
			const main = await N8nInstance.create({
				...options,
				env: {
					EXECUTIONS_MODE: 'queue',
					QUEUE_BULL_REDIS_HOST: redis.host,
					QUEUE_BULL_REDIS_PORT: String(redis.port),
					...options.env,
				},
			});
			cluster = new QueueModeN8n(redis, main, log);
			await options.prepare?.(main);
			await main.start();
			await main.setupOwner();
			for (const workflowId of options.publish ?? []) await main.publish(workflowId);
			const count = options.workers ?? 2;
			await Promise.all(Array.from({ length: count }, async (_, index) => await cluster!.startWorker(`worker${index + 1}`, options.concurrency ?? 5)));
			log(`queue mode: redis on ${redis.port}, main on ${main.port}, ${count} worker(s)`);
			return cluster;
		} catch (error) {
			if (cluster) await cluster.dispose();
			else await redis.stop();
			throw error;
		}
	}

	/** The worker that ran an execution (by "Worker started execution <id>" in its log). */
	workerOf(executionId: string): string | undefined {
		const marker = new RegExp(`Worker started execution ${executionId}\\b`);
		return this.workers.find((worker) => marker.test(worker.output.join('')))?.name;
	}

	/** The last lines a worker printed. */
	workerOutput(name: string, lines = 80): string {
		const worker = this.workers.find((candidate) => candidate.name === name);
		return (worker?.output.join('') ?? '').split('\n').slice(-lines).join('\n');
	}

	get workerNames(): string[] {
		return this.workers.map((worker) => worker.name);
	}

	/** Stops the workers, main and Redis, and removes main's temp user folder. Safe to call twice. */
	async dispose(): Promise<void> {
		await Promise.all(this.workers.map(async (worker) => await worker.process.kill(20_000)));
		this.workers.length = 0;
		await this.main.dispose();
		await this.redis.stop();
	}

	private async startWorker(name: string, concurrency: number): Promise<void> {
		const healthPort = await freePort();
		const env = this.main.processEnv({
			N8N_RUNNERS_BROKER_PORT: String(await freePort()),
			QUEUE_HEALTH_CHECK_ACTIVE: 'true',
			QUEUE_HEALTH_CHECK_PORT: String(healthPort),
			N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
		});
		const child = spawnGroup(this.main.install.node.execPath, [this.main.install.bin, 'worker', `--concurrency=${concurrency}`], {
			cwd: this.main.userFolder,
			env,
		});
		const worker: WorkerProcess = { name, process: child, healthPort, output: [] };
		this.workers.push(worker);
		for (const stream of [child.child.stdout, child.child.stderr]) stream?.on('data', (chunk: Buffer) => worker.output.push(chunk.toString()));
		let exitCode: number | string | undefined;
		void child.exited.then((code) => (exitCode = code));
		try {
			await waitFor(
				`${name} to be ready`,
				async () => {
					try {
						return (await fetch(`http://127.0.0.1:${healthPort}/healthz/readiness`)).status === 200 ? true : undefined;
					} catch {
						return undefined;
					}
				},
				{ timeoutMs: READY_TIMEOUT_MS, abort: () => (exitCode !== undefined ? `${name} exited with ${exitCode}` : undefined) },
			);
		} catch (error) {
			throw new Error(`${(error as Error).message}\n--- ${name} output (last lines) ---\n${this.workerOutput(name, 60)}`);
		}
		this.log(`${name} ready (health check on ${healthPort})`);
	}
}
