/**
 * One n8n 2.x for the whole e2e run, shared by the test files that need nothing of their own (no
 * settings, no restart, no look into its user folder): an n8n start costs about 15 s of CPU on 2
 * cores, a dozen files paid it each. The first file that asks starts it (under a lock, so the two
 * Jest workers start one between them); later files attach to it with a REST session of their
 * own. Each file imports its own credentials (n8n gives them ids of their own) and workflows (their
 * ids differ between files; n8n refuses a second workflow with an id it has) and unpublishes what
 * it published when it ends. The e2e project's global teardown stops it, and a watchdog
 * (processes.ts) stops it if the run dies first. Its output, in the run folder, holds every file's.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { acquireLock } from '../../../scripts/provision/lockFile';
import { N8nInstance, type SharedServer } from './n8nInstance';

/** Set by the e2e project's global set-up: the run's folder, and the Jest process the run lives in. */
export const RUN_DIR_ENV = 'BPD_E2E_RUN_DIR';
export const RUN_PID_ENV = 'BPD_E2E_RUN_PID';

interface SharedState extends SharedServer {
	pid: number;
}

const stateFile = (runDir: string) => path.join(runDir, 'shared-n8n.json');

/** The run's shared n8n, started on first use; undefined outside a Jest run of the e2e project. */
export async function sharedN8n(log: (message: string) => void): Promise<N8nInstance | undefined> {
	const runDir = process.env[RUN_DIR_ENV];
	if (!runDir) return undefined;
	const failed = path.join(runDir, 'shared-n8n.failed');
	// the first file may install n8n and pack the package before it starts it: minutes on an empty
	// cache (the beforeAll's time-out bounds the wait)
	const release = await acquireLock(path.join(runDir, 'shared-n8n.lock'), {
		timeoutMs: 900_000,
		pollMs: 250,
		onWait: (pid) => log(`Waiting for the run's shared n8n, being started by pid ${pid}`),
	});
	try {
		if (existsSync(failed)) throw new Error(`The run's shared n8n could not be started (by an earlier file):\n${readFileSync(failed, 'utf8')}`);
		const state = readState(runDir);
		if (state && isAlive(state.pid)) return await N8nInstance.attach(state, { log });
		try {
			const instance = await N8nInstance.create({ log });
			const logFile = path.join(runDir, 'shared-n8n.log');
			const pid = await instance.startShared(logFile, Number(process.env[RUN_PID_ENV] ?? process.pid));
			// the owner is created once, here: two files creating it at once each save a password hash,
			// and the session of the first becomes invalid
			await instance.setupOwner();
			writeFileSync(stateFile(runDir), JSON.stringify({ pid, port: instance.port, userFolder: instance.userFolder, logFile } satisfies SharedState));
			log(`Started the run's shared n8n on port ${instance.port}`);
			return instance;
		} catch (error) {
			writeFileSync(failed, (error as Error).message);
			throw error;
		}
	} finally {
		release();
	}
}

/** Stops the run's shared n8n, if one was started, and removes its user folder (global teardown). */
export async function stopSharedN8n(runDir: string): Promise<void> {
	const state = readState(runDir);
	if (state) {
		signalGroup(state.pid, 'SIGTERM');
		const deadline = Date.now() + 20_000;
		while (isAlive(state.pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
		signalGroup(state.pid, 'SIGKILL');
		rmSync(state.userFolder, { recursive: true, force: true });
	}
	rmSync(runDir, { recursive: true, force: true });
}

function readState(runDir: string): SharedState | undefined {
	return existsSync(stateFile(runDir)) ? (JSON.parse(readFileSync(stateFile(runDir), 'utf8')) as SharedState) : undefined;
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
	try {
		process.kill(-pid, signal);
	} catch {
		// already gone
	}
}

/** Runs, and is no zombie (a dead n8n whose parent, a Jest worker, has gone is reaped by nobody). */
function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
	} catch {
		return false;
	}
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
	} catch {
		return false;
	}
}
