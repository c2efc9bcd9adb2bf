/**
 * n8n's production topology on one machine, for e2e tests: a throw-away Redis (Debian's
 * `redis-server`, no persistence, on a free port) and PostgreSQL (postgres.ts), the n8n main
 * instance (`n8n start`, the N8nInstance of this harness: editor, REST, pollers, activation), one
 * webhook processor (`n8n webhook`) that receives the production webhooks, and `n8n worker`
 * processes that take the executions from the queue, at n8n's default concurrency. All share the
 * database, the encryption key and the user folder (the installed package); each process has its
 * own HTTP and task broker port.
 *
 *   const cluster = await QueueModeN8n.create({ workers: 2, prepare: async (main) => ..., workflows, publish: [id] });
 *   // POST to a production webhook under cluster.webhookBaseUrl: the webhook processor enqueues it, a worker runs it
 *   cluster.workerOf(executionId); // which worker ran it, cluster.enqueuedBy(executionId): which process queued it (logs)
 *   await cluster.dispose();
 */
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { N8nInstance, type N8nInstanceOptions, type WorkflowJson } from './n8nInstance';
import { startPostgres, type PostgresServer } from './postgres';
import { freePort, spawnGroup, waitFor, type SpawnedGroup } from './processes';

const READY_TIMEOUT_MS = 120_000;
/** main's first start creates n8n's tables in the empty database (minutes at worst, under load) */
const MIGRATION_TIMEOUT_MS = 300_000;
const WEBHOOK_PROCESSOR = 'webhook';

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
	/** `n8n worker` processes (default 2), each at n8n's default concurrency */
	workers?: number;
	/** Runs once main has created the database's tables: import credentials (CLI, fixed ids). */
	prepare?: (main: N8nInstance) => Promise<void>;
	/** Workflows to import over main's REST API, after `prepare` (a CLI call would be a cold n8n start). */
	workflows?: WorkflowJson[];
	/** The ids of those to publish, side by side, before the workers and the webhook processor start. */
	publish?: string[];
}

/** A worker or the webhook processor: its output is kept to tell which process did what. */
interface ClusterProcess {
	name: string;
	process: SpawnedGroup;
	output: string[];
}

export class QueueModeN8n {
	private readonly processes: ClusterProcess[] = [];

	private constructor(
		readonly redis: RedisServer,
		readonly postgres: PostgresServer,
		/** the main instance: editor, REST, pollers; it neither receives production webhooks nor runs executions */
		readonly main: N8nInstance,
		/** where production webhooks are received: the webhook processor (N8N_WEBHOOK_URL) */
		readonly webhookBaseUrl: string,
		private readonly log: (message: string) => void,
	) {}

	/**
	 * Redis and PostgreSQL, then main (creates n8n's tables in the empty database, so it comes
	 * first), the credentials and workflows, then the workers and the webhook processor side by side.
	 */
	static async create(options: QueueModeOptions = {}): Promise<QueueModeN8n> {
		const log = options.log ?? (() => undefined);
		const [redis, postgres] = await Promise.allSettled([startRedis(), startPostgres()]);
		if (redis.status === 'rejected' || postgres.status === 'rejected') {
			if (redis.status === 'fulfilled') await redis.value.stop();
			if (postgres.status === 'fulfilled') await postgres.value.stop();
			throw redis.status === 'rejected' ? redis.reason : (postgres as PromiseRejectedResult).reason;
		}
		let cluster: QueueModeN8n | undefined;
		try {
			const [mainPort, webhookPort] = [await freePort(), await freePort()];
			const main = await N8nInstance.create({
				...options,
				port: mainPort,
				env: {
					EXECUTIONS_MODE: 'queue',
					QUEUE_BULL_REDIS_HOST: redis.value.host,
					QUEUE_BULL_REDIS_PORT: String(redis.value.port),
					...postgres.value.n8nEnv,
					// The base of production webhook URLs (what a trigger registers with the service): the
					// webhook processor. WEBHOOK_URL, not 2.41's N8N_WEBHOOK_URL, which would move the
					// editor's test webhooks there too, though only main serves them (behind a load
					// balancer, both would be its URL; n8n logs a deprecation warning for this one).
					WEBHOOK_URL: `http://127.0.0.1:${webhookPort}/`,
					N8N_EDITOR_BASE_URL: `http://127.0.0.1:${mainPort}`,
					// read by main only: production webhooks go to the webhook processor, manual runs to the workers
					N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true',
					OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
					...options.env,
				},
			});
			cluster = new QueueModeN8n(redis.value, postgres.value, main, `http://127.0.0.1:${webhookPort}`, log);
			const started = Date.now();
			await main.start({ timeoutMs: MIGRATION_TIMEOUT_MS });
			log(`main ready on ${main.port}, database created, in ${((Date.now() - started) / 1000).toFixed(0)} s`);
			await main.setupOwner();
			await options.prepare?.(main);
			await main.importWorkflows(options.workflows ?? []);
			await Promise.all((options.publish ?? []).map(async (workflowId) => await main.publish(workflowId)));
			const count = options.workers ?? 2;
			await Promise.all([
				cluster.startProcess(WEBHOOK_PROCESSOR, 'webhook', webhookPort),
				...Array.from({ length: count }, async (_, index) => await cluster!.startProcess(`worker${index + 1}`, 'worker', await freePort())),
			]);
			log(`queue mode: redis on ${redis.value.port}, postgres on ${postgres.value.port}, main on ${main.port}, webhook processor on ${webhookPort}, ${count} worker(s)`);
			return cluster;
		} catch (error) {
			if (cluster) await cluster.dispose();
			else await Promise.all([redis.value.stop(), postgres.value.stop()]);
			throw error;
		}
	}

	/** The worker that ran an execution (by "Worker started execution <id>" in its log). */
	workerOf(executionId: string): string | undefined {
		const workers = this.loggedBy(new RegExp(`Worker started execution ${executionId}\\b`));
		return workers.length === 1 ? workers[0] : undefined;
	}

	/**
	 * The processes that put an execution in the queue, by "Enqueued execution <id>" in their log:
	 * ['webhook'] for a production webhook, ['main'] for a poll.
	 */
	enqueuedBy(executionId: string): string[] {
		return this.loggedBy(new RegExp(`Enqueued execution ${executionId}\\b`));
	}

	/** The processes ('main', 'webhook', 'worker1', ...) whose log has a line matching `marker`. */
	loggedBy(marker: RegExp): string[] {
		const main = marker.test(this.main.serverOutput(Number.MAX_SAFE_INTEGER)) ? ['main'] : [];
		return [...main, ...this.processes.filter((candidate) => marker.test(candidate.output.join(''))).map((candidate) => candidate.name)];
	}

	/** The last lines a worker or the webhook processor printed. */
	processOutput(name: string, lines = 80): string {
		const found = this.processes.find((candidate) => candidate.name === name);
		return (found?.output.join('') ?? '').split('\n').slice(-lines).join('\n');
	}

	get workerNames(): string[] {
		return this.processes.filter((candidate) => candidate.name !== WEBHOOK_PROCESSOR).map((candidate) => candidate.name);
	}

	/** Stops the workers, the webhook processor, main, Redis and PostgreSQL, and removes their folders. Safe to call twice. */
	async dispose(): Promise<void> {
		await Promise.all(this.processes.map(async (running) => await running.process.kill(20_000)));
		this.processes.length = 0;
		await this.main.dispose();
		await Promise.all([this.redis.stop(), this.postgres.stop()]);
	}

	/**
	 * `n8n worker` (readiness on its health check port) or `n8n webhook` (on its HTTP port), with
	 * main's environment and user folder; resolved once it answers ready.
	 */
	private async startProcess(name: string, command: 'worker' | 'webhook', port: number): Promise<void> {
		const ports: Record<string, string> =
			command === 'worker'
				? { QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(port), N8N_WORKER_SERVER_ADDRESS: '127.0.0.1' }
				: { N8N_PORT: String(port) };
		const env = this.main.processEnv({ N8N_RUNNERS_BROKER_PORT: String(await freePort()), ...ports });
		const child = spawnGroup(this.main.install.node.execPath, [this.main.install.bin, command], { cwd: this.main.userFolder, env });
		const started: ClusterProcess = { name, process: child, output: [] };
		this.processes.push(started);
		for (const stream of [child.child.stdout, child.child.stderr]) stream?.on('data', (chunk: Buffer) => started.output.push(chunk.toString()));
		let exitCode: number | string | undefined;
		void child.exited.then((code) => (exitCode = code));
		try {
			await waitFor(
				`${name} to be ready`,
				async () => {
					try {
						return (await fetch(`http://127.0.0.1:${port}/healthz/readiness`)).status === 200 ? true : undefined;
					} catch {
						return undefined;
					}
				},
				{ timeoutMs: READY_TIMEOUT_MS, abort: () => (exitCode !== undefined ? `${name} exited with ${exitCode}` : undefined) },
			);
		} catch (error) {
			throw new Error(`${(error as Error).message}\n--- ${name} output (last lines) ---\n${this.processOutput(name, 60)}`);
		}
		this.log(`${name} ready (${command === 'worker' ? 'health check' : 'webhooks'} on ${port})`);
	}
}
