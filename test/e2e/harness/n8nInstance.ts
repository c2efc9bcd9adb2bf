/**
 * A real n8n (the cached install from n8nInstall.ts) with this package installed from `npm pack`,
 * the way users get community packages. Drives n8n's CLI (import, publish, execute) and its
 * server (`n8n start` + the internal REST API) for e2e tests and the demo.
 *
 * Typical test:
 *   const n8n = await N8nInstance.create();
 *   await n8n.importCredential({ id: 'cred1', name: 'Sandbox', data: { apiKey, baseUrl } });
 *   await n8n.importWorkflow(workflow);
 *   const result = await n8n.execute(workflow.id);
 *   expect(result.items('Search')).toEqual([...]);
 *   await n8n.dispose();
 */
import { createRequire } from 'node:module';
import { closeSync, createWriteStream, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, type WriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { IRun } from 'n8n-workflow';

import { ExecutionResult, parseExecuteOutput } from './executionResult';
import { ensureN8nInstalled, nodeEnv, type N8nInstall, type N8nLine } from './n8nInstall';
import { packPackage } from './packPackage';
import { freePort, killGroupWhenGone, runCommand, spawnGroup, waitFor, type CommandResult, type SpawnedGroup } from './processes';
import { N8nRestClient, RestError, type OwnerAccount } from './restClient';
import { copyUserFolderTemplate } from './userFolderTemplate';

export const CREDENTIAL_TYPE = 'businessProspectDataApi';
/** Execution statuses before an execution has ended. */
const UNFINISHED_STATUSES = ['new', 'running', 'waiting'];
const MANUAL_TRIGGER = 'n8n-nodes-base.manualTrigger';
export const PACKAGE_NAME = 'n8n-nodes-business-prospect-data';

export const DEFAULT_OWNER: OwnerAccount = {
	email: 'owner@example.com',
	password: 'Sandbox-Demo-1',
	firstName: 'Demo',
	lastName: 'Owner',
};

/** The run's shared n8n server, as sharedN8n.ts records it for the test files that use it. */
export interface SharedServer {
	port: number;
	userFolder: string;
	/** where the server's output goes */
	logFile: string;
}

export interface CredentialData {
	apiKey: string;
	baseUrl: string;
	partnerId?: string;
	maxRequestsPerMinute?: number;
	/** the credential's API Version; absent = its default, Per Node Version (`auto`) */
	apiVersion?: 'auto' | 'v1' | 'v2';
}

export interface CredentialImport {
	id: string;
	name: string;
	data: CredentialData;
}

/** A workflow as n8n exports it; `id` is required so tests can execute it by id. */
export interface WorkflowJson {
	id: string;
	name: string;
	nodes: unknown[];
	connections: Record<string, unknown>;
	[key: string]: unknown;
}

export interface ExecutionSummary {
	id: string;
	status: string;
	mode: string;
	workflowId: string;
	startedAt: string | null;
	stoppedAt: string | null;
}

export interface N8nInstanceOptions {
	/** The n8n line to run (n8nLines.ts). Default: the current line. */
	line?: N8nLine;
	/** Keep state in this folder (and keep it on dispose). Default: a fresh temp folder, removed on dispose. */
	userFolder?: string;
	/** HTTP port of `start()`. Default: a free port. */
	port?: number;
	/** Extra environment for every n8n process (overrides the defaults). */
	env?: Record<string, string>;
	/** Install this tarball instead of building and packing the working tree. */
	tarball?: string;
	/** The given user folder has the package installed already (the test installed it as users do): install nothing. */
	packageInstalled?: boolean;
	/** Progress messages; also receives the server's output lines when `verbose`. */
	log?: (message: string) => void;
	verbose?: boolean;
}

const CLI_TIMEOUT_MS = 120_000;
const START_TIMEOUT_MS = 120_000;
// Every n8n process gets a clean environment: inherited N8N_*/DB_* settings, NODE_OPTIONS (e.g.
// a loader of the test runner) or Jest's NODE_ENV=test (n8n then refuses to load nodes) would
// change what is being tested.
const INHERITED_PREFIXES_TO_DROP = ['N8N_', 'DB_', 'EXECUTIONS_', 'QUEUE_', 'NODE_OPTIONS', 'NODE_FUNCTION_', 'NODE_ENV', 'JEST_'];

export class N8nInstance {
	readonly baseUrl: string;
	readonly client: N8nRestClient;
	/** the account `setupOwner` created or logged in with, to log in again after a 401 */
	private owner: OwnerAccount | undefined;
	private server: SpawnedGroup | undefined;
	private serverLog: string[] = [];
	/** The ids n8n gave credentials imported over REST, by the fixed id the test uses. */
	private readonly credentialIds = new Map<string, string>();
	/**
	 * Where the server's output goes when this instance did not start it, or started it to outlive
	 * it (the run's shared n8n: sharedN8n.ts); such a server is never stopped by this instance.
	 */
	private sharedServerLog: string | undefined;
	/** Workflows this instance published: unpublished on dispose() when the server is shared. */
	private readonly published = new Set<string>();
	private serverLogFile: WriteStream | undefined;

	private constructor(
		readonly install: N8nInstall,
		/** N8N_USER_FOLDER: n8n keeps its state in `<userFolder>/.n8n`. */
		readonly userFolder: string,
		readonly port: number,
		/** The node type prefix of this package (`<package name>`). */
		readonly packageName: string,
		private readonly options: N8nInstanceOptions,
		private readonly ownsUserFolder: boolean,
	) {
		this.baseUrl = `http://127.0.0.1:${port}`;
		this.client = new N8nRestClient(this.baseUrl);
	}

	/**
	 * Installs n8n if needed, packs this package and installs it: a fresh user folder starts as a
	 * copy of the prepared template (package installed, database migrated: userFolderTemplate.ts),
	 * a given one gets the package installed with npm.
	 */
	static async create(options: N8nInstanceOptions = {}): Promise<N8nInstance> {
		const log = options.log ?? (() => undefined);
		const install = await ensureN8nInstalled({ line: options.line, log });
		const { tarball, name } = options.tarball ? { tarball: options.tarball, name: PACKAGE_NAME } : await packPackage(log);
		const ownsUserFolder = options.userFolder === undefined;
		const userFolder = options.userFolder ?? mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-'));
		const instance = new N8nInstance(install, userFolder, options.port ?? (await freePort()), name, options, ownsUserFolder);
		try {
			if (ownsUserFolder) await instance.copyTemplate(tarball);
			else if (!options.packageInstalled) await instance.installPackage(tarball);
		} catch (error) {
			await instance.dispose();
			throw error;
		}
		return instance;
	}

	/** An instance on a running shared n8n (sharedN8n.ts), with a REST session of its own. */
	static async attach(server: SharedServer, options: N8nInstanceOptions = {}): Promise<N8nInstance> {
		const install = await ensureN8nInstalled({ line: options.line, log: options.log ?? (() => undefined) });
		const instance = new N8nInstance(install, server.userFolder, server.port, PACKAGE_NAME, options, false);
		instance.sharedServerLog = server.logFile;
		return instance;
	}

	/** `<package name>.<nodeName>`, the type of one of this package's nodes in workflows. */
	nodeType(nodeName: string): string {
		return `${this.packageName}.${nodeName}`;
	}

	// ---- import, publish, execute ---------------------------------------------------------
	// Each n8n CLI command is a cold start of n8n (about 5 s on 2 cores): once the server runs,
	// workflows and publishing go over its REST API instead.

	async importCredential(credential: CredentialImport): Promise<void> {
		await this.importCredentials([credential]);
	}

	/**
	 * Imports credentials of this package's type under fixed ids. Into a running n8n whose REST API
	 * keeps workflow ids, over that API (n8n gives each credential an id of its own, and workflows
	 * imported afterwards are pointed at it); otherwise with `n8n import:credentials`, which keeps
	 * the ids and encrypts plain-object `data` with the instance's encryption key.
	 */
	async importCredentials(credentials: CredentialImport[]): Promise<void> {
		if (this.isRunning && this.install.line.restKeepsWorkflowIds) {
			for (const credential of credentials) {
				const created = await this.rest<{ id: string }>('POST', '/credentials', { name: credential.name, type: CREDENTIAL_TYPE, data: credential.data });
				this.credentialIds.set(credential.id, created.id);
			}
			return;
		}
		await this.importFile('credentials', credentials.map((c) => ({ ...c, type: CREDENTIAL_TYPE })));
	}

	/** How workflows and the editor name an imported credential: by the id n8n gave it where it was imported over REST. */
	credentialRef(credential: { id: string; name: string }): { id: string; name: string } {
		return { id: this.credentialIds.get(credential.id) ?? credential.id, name: credential.name };
	}

	async importWorkflow(workflow: WorkflowJson): Promise<void> {
		await this.importWorkflows([workflow]);
	}

	/**
	 * Imports workflows with their fixed ids, unpublished: into a running n8n over its REST API
	 * where it keeps the ids (`restKeepsWorkflowIds` of the line), else with `n8n import:workflow`.
	 * The CLI replaces a workflow of the same id; the REST API refuses it.
	 */
	async importWorkflows(workflows: WorkflowJson[]): Promise<void> {
		const unpublished = workflows.map((w) => ({ active: false, settings: {}, ...this.withCredentialIds(w) }));
		if (this.isRunning && this.install.line.restKeepsWorkflowIds) {
			for (const workflow of unpublished) await this.rest('POST', '/workflows', workflow);
			return;
		}
		await this.importFile('workflow', unpublished);
	}

	/**
	 * Publishes (activates) a workflow. Before `start()`, with the CLI, which only writes the
	 * database: the server activates it when it starts. On a running n8n, over its REST API, as the
	 * editor does; n8n 2.41 then activates it through its publication outbox just after the call
	 * returns (a webhook is registered, a poll trigger polls, moments later): wait for the effect.
	 */
	async publish(workflowId: string): Promise<void> {
		this.published.add(workflowId);
		if (this.isRunning) {
			const { versionId } = await this.rest<{ versionId: string }>('GET', `/workflows/${workflowId}`);
			await this.rest('POST', `/workflows/${workflowId}/activate`, { versionId });
			return;
		}
		await this.cliOrThrow(this.install.line.publishArgs(workflowId));
	}

	/**
	 * Runs a workflow to completion (from its Manual Trigger, unless `startFrom` says otherwise). On a running n8n
	 * whose REST API keeps workflow ids, as the editor's "Execute workflow" does, in a fraction of a
	 * second; otherwise, or with `via: 'cli'`, with `n8n execute --rawOutput`, a cold start of n8n
	 * (about 6 s on 2 cores). A node failure is a normal result (status 'error'); only a run that
	 * produced no result at all throws, with n8n's output in the message. The result's diagnostics
	 * hold what n8n printed meanwhile (the command's output, or the server's).
	 * `startFrom` names another trigger to run from, on a running n8n: a polling trigger then polls
	 * once in manual mode, as the editor's "Execute workflow" (or "Fetch Test Event") does.
	 */
	async execute(workflowId: string, options: { timeoutMs?: number; via?: 'cli'; startFrom?: string } = {}): Promise<ExecutionResult> {
		const timeoutMs = options.timeoutMs ?? CLI_TIMEOUT_MS;
		if (this.isRunning && this.install.line.restKeepsWorkflowIds && options.via !== 'cli') return await this.executeOnServer(workflowId, timeoutMs, options.startFrom);
		if (options.startFrom) throw new Error(`Starting from ${options.startFrom} needs a running n8n whose REST API keeps workflow ids`);
		const result = await this.cli(['execute', `--id=${workflowId}`, '--rawOutput'], timeoutMs);
		if (result.timedOut) throw new Error(`n8n execute --id=${workflowId} did not finish within ${timeoutMs} ms.\n${outputOf(result)}`);
		const run = parseExecuteOutput(result.stdout);
		if (!run) {
			throw new Error(`n8n execute --id=${workflowId} printed no execution result (exit code ${result.exitCode}).\n${outputOf(result)}`);
		}
		return new ExecutionResult(run, { exitCode: result.exitCode, stdout: result.stdout, stderr: result.stderr });
	}

	/**
	 * The environment of this instance's n8n processes plus `extra` (the instance's `env` option
	 * still wins), e.g. for `n8n worker` processes sharing its user folder in queue mode.
	 */
	processEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
		return this.env(extra);
	}

	/** Runs any n8n CLI command against this instance; never throws on a non-zero exit. */
	async cli(args: string[], timeoutMs = CLI_TIMEOUT_MS): Promise<CommandResult> {
		const env = this.env({ N8N_RUNNERS_BROKER_PORT: String(await freePort()) });
		return await runCommand(this.install.node.execPath, [this.install.bin, ...args], { cwd: this.userFolder, env, timeoutMs });
	}

	// ---- server ----------------------------------------------------------------------------

	get isRunning(): boolean {
		return this.server !== undefined || this.sharedServerLog !== undefined;
	}

	/** Process id of the running `n8n start` (the n8n main process), e.g. to read its memory. */
	get serverPid(): number | undefined {
		return this.server?.child.pid;
	}

	/** `n8n start`, resolved once `/healthz/readiness` answers 200. */
	async start(options: { timeoutMs?: number } = {}): Promise<void> {
		if (this.isRunning) return;
		const env = this.env({ N8N_RUNNERS_BROKER_PORT: String(await freePort()) });
		const server = spawnGroup(this.install.node.execPath, [this.install.bin, 'start'], { cwd: this.userFolder, env });
		this.server = server;
		this.serverLog = [];
		this.serverLogFile = createWriteStream(path.join(this.userFolder, 'n8n-start.log'), { flags: 'a' });
		let exitCode: number | string | undefined;
		void server.exited.then((code) => (exitCode = code));
		for (const stream of [server.child.stdout, server.child.stderr]) {
			stream?.on('data', (chunk: Buffer) => this.recordServerOutput(chunk.toString()));
		}
		try {
			await waitFor('n8n to be ready', async () => ((await this.isReady()) ? true : undefined), {
				timeoutMs: options.timeoutMs ?? START_TIMEOUT_MS,
				abort: () => (exitCode !== undefined ? `n8n exited with ${exitCode}` : undefined),
			});
		} catch (error) {
			await this.stop();
			throw new Error(`${(error as Error).message}\n--- n8n output (last lines) ---\n${this.serverOutput(60)}`);
		}
	}

	/**
	 * `n8n start` as the run's shared n8n (sharedN8n.ts): its output goes to `logFile`, not to this
	 * process, and it outlives this instance (the run's teardown stops it, and from its first moment
	 * a watchdog kills it once the process `watchedPid` is gone); resolves with its process id once
	 * it is ready.
	 */
	async startShared(logFile: string, watchedPid: number, options: { timeoutMs?: number } = {}): Promise<number> {
		const env = this.env({ N8N_RUNNERS_BROKER_PORT: String(await freePort()) });
		const fd = openSync(logFile, 'a');
		let server: SpawnedGroup;
		try {
			server = spawnGroup(this.install.node.execPath, [this.install.bin, 'start'], { cwd: this.userFolder, env, stdio: ['ignore', fd, fd] });
		} finally {
			closeSync(fd);
		}
		server.child.unref();
		killGroupWhenGone(watchedPid, server.child.pid!);
		this.sharedServerLog = logFile;
		let exitCode: number | string | undefined;
		void server.exited.then((code) => (exitCode = code));
		try {
			await waitFor('n8n to be ready', async () => ((await this.isReady()) ? true : undefined), {
				timeoutMs: options.timeoutMs ?? START_TIMEOUT_MS,
				abort: () => (exitCode !== undefined ? `n8n exited with ${exitCode}` : undefined),
			});
		} catch (error) {
			await server.kill(5_000);
			throw new Error(`${(error as Error).message}\n--- n8n output (last lines) ---\n${this.serverOutput(60)}`);
		}
		return server.child.pid!;
	}

	/** Stops the server (SIGTERM, then SIGKILL after a grace period) and its task runners. */
	async stop(): Promise<void> {
		const server = this.server;
		if (!server) return;
		await server.kill(20_000);
		this.server = undefined;
		await new Promise<void>((resolve) => (this.serverLogFile ? this.serverLogFile.end(resolve) : resolve()));
		this.serverLogFile = undefined;
	}

	/**
	 * Kills the server and its task runners with SIGKILL, as an operator's crash would: nothing is
	 * flushed or shut down. The signal is sent before this returns its promise (callers may kill
	 * from a synchronous loop); the promise resolves once the process has exited. `start()` again
	 * restarts it on the same user folder and database.
	 */
	async crash(): Promise<void> {
		const server = this.server;
		if (!server) return;
		const exited = server.killNow();
		this.server = undefined;
		await exited;
		await new Promise<void>((resolve) => (this.serverLogFile ? this.serverLogFile.end(resolve) : resolve()));
		this.serverLogFile = undefined;
	}

	/**
	 * Changes the extra environment of the n8n processes started from now on (a restart on the same
	 * user folder and database with other settings); the running server keeps its own.
	 */
	setEnv(env: Record<string, string>): void {
		this.options.env = { ...this.options.env, ...env };
	}

	/** n8n's SQLite database (DB_TYPE=sqlite), in the user folder. */
	get databaseFile(): string {
		return path.join(this.userFolder, '.n8n', 'database.sqlite');
	}

	/** Resolves when the server process exits (crash or `stop()`); at once when not running. */
	async waitForExit(): Promise<number | string> {
		return this.server ? await this.server.exited : 'not running';
	}

	/** The last lines n8n start printed (for failure messages). */
	serverOutput(lines = 200): string {
		return this.printed().split('\n').slice(-lines).join('\n');
	}

	/**
	 * What n8n start reported about failing to load this package (n8n logs it and carries on
	 * without the package's nodes): the report line and the error message under it.
	 */
	packageLoadErrors(): string[] {
		const lines = this.printed().split('\n');
		const marker = `Failed to load package "${this.packageName}"`;
		return lines.flatMap((line, index) => (line.includes(marker) ? [`${line}: ${lines[index + 1] ?? ''}`.trim()] : []));
	}

	/**
	 * Creates the owner account (`POST /rest/owner/setup`) and keeps its auth cookie for `rest()`.
	 * When the owner already exists (a persistent user folder), logs in with the same account.
	 */
	async setupOwner(owner: OwnerAccount = DEFAULT_OWNER): Promise<string> {
		this.assertRunning();
		this.owner = owner;
		try {
			return await this.client.setupOwner(owner);
		} catch (error) {
			if (error instanceof RestError && error.status === 400) return await this.client.login(owner.email, owner.password);
			throw error;
		}
	}

	/**
	 * Authenticated call of n8n's internal REST API; `path` is relative to `/rest`. Returns `data`.
	 * A 401 on a session that worked is answered by logging in again, once per call: a clean-clone
	 * run saw n8n refuse the owner's fresh session once (cause not found); it is logged with
	 * n8n's last lines, so a repeat can be diagnosed instead of failing the suite.
	 */
	async rest<T = unknown>(method: string, restPath: string, body?: unknown): Promise<T> {
		this.assertRunning();
		if (!this.client.isAuthenticated) await this.setupOwner();
		try {
			return await this.client.request<T>(method, restPath, body);
		} catch (error) {
			if (!(error instanceof RestError && error.status === 401) || this.owner === undefined) throw error;
			this.options.log?.(`${method} ${restPath} answered 401: logging in again. n8n's last lines:\n${this.serverOutput(20)}`);
			await this.client.login(this.owner.email, this.owner.password);
			return await this.client.request<T>(method, restPath, body);
		}
	}

	/** Node type descriptions n8n serves to the editor (written at start to `.cache/n8n/public/types`). */
	nodeTypes(): Array<{ name: string; [key: string]: unknown }> {
		return this.readTypesFile('nodes.json');
	}

	/** Credential type descriptions n8n serves to the editor. */
	credentialTypes(): Array<{ name: string; [key: string]: unknown }> {
		return this.readTypesFile('credentials.json');
	}

	/**
	 * Tests credential data the way the editor does: saves it as a credential, asks n8n to test
	 * it (`POST /rest/credentials/test`, routed to the node method named by `testedBy`), deletes it.
	 */
	async testCredential(data: CredentialData): Promise<{ status: 'OK' | 'Error'; message: string }> {
		const name = `Credential test ${Date.now()}`;
		const created = await this.rest<{ id: string }>('POST', '/credentials', { name, type: CREDENTIAL_TYPE, data });
		try {
			return await this.rest('POST', '/credentials/test', { credentials: { id: created.id, name, type: CREDENTIAL_TYPE, data } });
		} finally {
			await this.rest('DELETE', `/credentials/${created.id}`);
		}
	}

	/** Every execution of a workflow, newest first (n8n's REST pages of 100, by cursor where the line has one). */
	async executions(workflowId: string): Promise<ExecutionSummary[]> {
		const all: ExecutionSummary[] = [];
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		let cursor: string | null | undefined;
		do {
			const page = await this.rest<{ results: ExecutionSummary[]; nextCursor?: string | null }>(
				'GET',
				`/executions?filter=${filter}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
			);
			all.push(...page.results);
			cursor = page.nextCursor;
		} while (cursor);
		return all;
	}

	/** The executions of a workflow that have ended (whatever their status), oldest first. */
	async finishedExecutions(workflowId: string): Promise<ExecutionSummary[]> {
		return (await this.executions(workflowId))
			.filter((execution) => !UNFINISHED_STATUSES.includes(execution.status))
			.sort((a, b) => Number(a.id) - Number(b.id));
	}

	/** The full data of one execution, with the same accessors as `execute()`'s result. */
	async execution(executionId: string): Promise<ExecutionResult> {
		const stored = await this.rest<{ data: string; status: string; mode: string; startedAt: string; stoppedAt: string }>(
			'GET',
			`/executions/${executionId}`,
		);
		// Execution data is stored in n8n's `flatted` format (it may contain circular references).
		const flatted = createRequire(path.join(this.install.dir, 'node_modules', 'n8n', 'package.json'))('flatted') as {
			parse: (text: string) => IRun['data'];
		};
		const run = { ...stored, data: flatted.parse(stored.data) } as unknown as IRun;
		return new ExecutionResult(run);
	}

	/** Waits until a workflow has at least `count` finished executions; returns them oldest first. */
	async waitForExecutions(workflowId: string, count: number, options: { timeoutMs?: number } = {}): Promise<ExecutionResult[]> {
		const finished = await waitFor(
			`${count} finished execution(s) of workflow ${workflowId}`,
			async () => {
				const done = await this.finishedExecutions(workflowId);
				return done.length >= count ? done : undefined;
			},
			{ timeoutMs: options.timeoutMs ?? 60_000, intervalMs: 500 },
		);
		return await Promise.all(finished.map(async (e) => await this.execution(e.id)));
	}

	/** Stops the server and removes the temporary user folder. Safe to call twice. */
	async dispose(): Promise<void> {
		if (this.sharedServerLog !== undefined && this.server === undefined) {
			// the shared n8n runs on for other files: only what this file published stops
			for (const workflowId of this.published) {
				await this.rest('POST', `/workflows/${workflowId}/deactivate`).catch((error: Error) =>
					this.options.log?.(`Could not unpublish ${workflowId} on the shared n8n (it may go on running): ${error.message}`),
				);
			}
			return;
		}
		await this.stop();
		if (this.ownsUserFolder) rmSync(this.userFolder, { recursive: true, force: true });
	}

	// ---- internals -------------------------------------------------------------------------

	/** A manual run over the REST API (POST /rest/workflows/:id/run), read back once it has ended. */
	private async executeOnServer(workflowId: string, timeoutMs: number, startFrom?: string): Promise<ExecutionResult> {
		const printedBefore = this.printed().length;
		const workflow = await this.rest<{ nodes: Array<{ name: string; type: string }> }>('GET', `/workflows/${workflowId}`);
		const trigger = workflow.nodes.find((node) => (startFrom === undefined ? node.type === MANUAL_TRIGGER : node.name === startFrom));
		if (!trigger) throw new Error(`Workflow ${workflowId} has no ${startFrom ?? 'Manual Trigger'} to run it from`);
		const started = await this.rest<{ executionId?: string }>('POST', `/workflows/${workflowId}/run`, {
			triggerToStartFrom: { name: trigger.name },
		});
		const executionId = started.executionId;
		if (!executionId) throw new Error(`n8n did not start workflow ${workflowId}: ${JSON.stringify(started)}`);
		try {
			await waitFor(
				`execution ${executionId} of workflow ${workflowId} to end`,
				async () => ((await this.finishedExecutions(workflowId)).some((execution) => execution.id === executionId) ? true : undefined),
				{ timeoutMs, intervalMs: 100 },
			);
		} catch (error) {
			// stopped, so its later requests do not reach the next test's sandbox log
			await this.rest('POST', `/executions/${executionId}/stop`).catch(() => undefined);
			throw new Error(`${(error as Error).message}\n--- n8n output (last lines) ---\n${this.serverOutput(60)}`);
		}
		const { run } = await this.execution(executionId);
		// what a leak check reads: what n8n printed meanwhile and the whole run as it stored it
		return new ExecutionResult(run, { stdout: `${this.printed().slice(printedBefore)}\n${JSON.stringify(run)}` });
	}

	/** The workflow with its nodes' credentials pointed at the ids n8n gave the credentials imported over REST. */
	private withCredentialIds(workflow: WorkflowJson): WorkflowJson {
		if (this.credentialIds.size === 0) return workflow;
		const nodes = (workflow.nodes as Array<{ credentials?: Record<string, { id?: string; name?: string }> }>).map((node) => {
			if (!node.credentials) return node;
			const credentials = Object.fromEntries(
				Object.entries(node.credentials).map(([type, ref]) => [type, { ...ref, id: this.credentialIds.get(ref.id ?? '') ?? ref.id }]),
			);
			return { ...node, credentials };
		});
		return { ...workflow, nodes };
	}

	/** Fills this instance's empty user folder from the template of its n8n and tarball. */
	private async copyTemplate(tarball: string): Promise<void> {
		const encryptionKey = String(this.env({}).N8N_ENCRYPTION_KEY);
		const prepare = async (templateFolder: string) => {
			// The same n8n and encryption key; none of this instance's other settings (queue mode, ...).
			const options = { env: { N8N_ENCRYPTION_KEY: encryptionKey } };
			const preparer = new N8nInstance(this.install, templateFolder, await freePort(), this.packageName, options, false);
			await preparer.installPackage(tarball);
			// The first CLI command on a new user folder creates and migrates its database.
			await preparer.cliOrThrow(['list:workflow']);
		};
		await copyUserFolderTemplate({ install: this.install, tarball, encryptionKey, prepare, log: this.options.log }, this.userFolder);
	}

	private async installPackage(tarball: string): Promise<void> {
		// n8n loads community packages from <user folder>/.n8n/nodes/node_modules/n8n-nodes-*.
		const nodesDir = path.join(this.userFolder, '.n8n', 'nodes');
		mkdirSync(nodesDir, { recursive: true });
		const manifest = path.join(nodesDir, 'package.json');
		try {
			readFileSync(manifest);
		} catch {
			writeFileSync(manifest, JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2));
		}
		const result = await runCommand('npm', ['install', tarball, '--omit=peer', '--omit=dev', '--no-audit', '--no-fund'], {
			cwd: nodesDir,
			env: nodeEnv(this.install.node),
			timeoutMs: CLI_TIMEOUT_MS,
		});
		if (result.exitCode !== 0) throw new Error(`Installing ${tarball} into ${nodesDir} failed.\n${outputOf(result)}`);
	}

	private env(extra: Record<string, string>): NodeJS.ProcessEnv {
		const inherited = Object.fromEntries(
			Object.entries(nodeEnv(this.install.node)).filter(([key]) => !INHERITED_PREFIXES_TO_DROP.some((prefix) => key.startsWith(prefix))),
		);
		return {
			...inherited,
			N8N_USER_FOLDER: this.userFolder,
			N8N_ENCRYPTION_KEY: 'e2e-encryption-key-not-secret',
			DB_TYPE: 'sqlite',
			GENERIC_TIMEZONE: 'UTC',
			TZ: 'UTC',
			N8N_PORT: String(this.port),
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_HOST: '127.0.0.1',
			N8N_SECURE_COOKIE: 'false',
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
			N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
			// `execute --rawOutput` prints the result at info level: a higher level hides it.
			N8N_LOG_LEVEL: 'info',
			// The sandbox and n8n talk over 127.0.0.1: never through a proxy.
			NO_PROXY: '127.0.0.1,localhost',
			no_proxy: '127.0.0.1,localhost',
			...extra,
			...this.options.env,
		};
	}

	private async cliOrThrow(args: string[]): Promise<CommandResult> {
		const result = await this.cli(args);
		if (result.exitCode !== 0 || result.timedOut) throw new Error(`n8n ${args.join(' ')} failed (exit code ${result.exitCode}).\n${outputOf(result)}`);
		return result;
	}

	/** `n8n import:<kind> --input=<file>`; the file (it may hold an API key) lives only meanwhile. */
	private async importFile(kind: 'credentials' | 'workflow', content: unknown): Promise<void> {
		const dir = mkdtempSync(path.join(os.tmpdir(), 'n8n-import-'));
		const file = path.join(dir, `${kind}.json`);
		try {
			writeFileSync(file, JSON.stringify(content, null, 2), { mode: 0o600 });
			await this.cliOrThrow([`import:${kind}`, `--input=${file}`]);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	}

	/**
	 * Ready for tests: the readiness check answers 200 and so does the REST API. n8n 1.x answers the
	 * readiness check seconds before it registers its REST routes (until then /rest/* is a 404).
	 */
	private async isReady(): Promise<boolean> {
		try {
			for (const check of ['/healthz/readiness', '/rest/settings']) {
				if ((await fetch(`${this.baseUrl}${check}`)).status !== 200) return false;
			}
			return true;
		} catch {
			return false;
		}
	}

	/** Everything the server printed so far (read from its log file when this process does not hold its output). */
	private printed(): string {
		if (this.server === undefined && this.sharedServerLog !== undefined) {
			try {
				return readFileSync(this.sharedServerLog, 'utf8');
			} catch {
				return '';
			}
		}
		return this.serverLog.join('');
	}

	private recordServerOutput(text: string): void {
		this.serverLog.push(text);
		this.serverLogFile?.write(text);
		if (this.options.verbose) for (const line of text.trimEnd().split('\n')) this.options.log?.(`[n8n] ${line}`);
	}

	private readTypesFile(file: string): Array<{ name: string; [key: string]: unknown }> {
		const typesFile = path.join(this.userFolder, '.cache', 'n8n', 'public', 'types', file);
		return JSON.parse(readFileSync(typesFile, 'utf8')) as Array<{ name: string }>;
	}

	private assertRunning(): void {
		if (!this.isRunning) throw new Error('n8n is not running: call start() first');
	}
}

function outputOf(result: CommandResult): string {
	const tail = (text: string) => text.trimEnd().split('\n').slice(-40).join('\n');
	return `--- stdout (last lines) ---\n${tail(result.stdout)}\n--- stderr (last lines) ---\n${tail(result.stderr)}`;
}
