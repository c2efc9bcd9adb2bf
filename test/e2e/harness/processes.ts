/**
 * Child processes for n8n: each runs in its own process group (n8n spawns task runners), is
 * killed as a group, and is killed synchronously if the parent exits first. Inside a Jest test
 * file those exit hooks are registered on Jest's copy of `process` and never run: a process that
 * must not outlive the run gets a watchdog (killGroupWhenGone), as the run's shared n8n does.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const liveGroups = new Set<number>();
let exitHookInstalled = false;
/** Set by stopOnSignals: a script that stops its processes itself (npm start) handles Ctrl-C. */
let signalsOwnedByCaller = false;

function trackGroup(pid: number): void {
	liveGroups.add(pid);
	if (exitHookInstalled) return;
	exitHookInstalled = true;
	// 'exit' handlers must be synchronous: SIGKILL whatever is still running.
	process.on('exit', killAll);
	// A test run stopped from outside (Ctrl-C, a CI time-out) ends without 'exit': n8n processes,
	// their task runners and `n8n execute` children would go on for as long as they like.
	for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
		process.once(signal, () => {
			if (signalsOwnedByCaller) return;
			killAll();
			process.exit(code);
		});
	}
}

/**
 * For a script that owns the processes it started (npm start): on the first SIGINT (Ctrl-C) or
 * SIGTERM, runs `stop` (n8n stopped with SIGTERM and given time, the sandbox closed) and then
 * exits with the code `stop` resolves with (0 if none), or 1 if `stop` failed; a second signal SIGKILLs everything at once. Without this,
 * the kill-and-exit handler above would end the script before its own handler ran. Whatever is
 * still running at exit is SIGKILLed as before.
 */
export function stopOnSignals(stop: (signal: NodeJS.Signals) => Promise<void | number>): void {
	signalsOwnedByCaller = true;
	let stopping = false;
	for (const signal of ['SIGINT', 'SIGTERM'] as const) {
		process.on(signal, () => {
			if (stopping) {
				// a second Ctrl-C: stop at once
				killAll();
				process.exit(130);
			}
			stopping = true;
			stop(signal).then(
				// a stop may name its exit code (npm start's is 1 when n8n had crashed)
				(code) => process.exit(typeof code === 'number' ? code : 0),
				(error: unknown) => {
					process.stderr.write(`Stopping failed: ${error instanceof Error ? error.message : String(error)}\n`);
					process.exit(1);
				},
			);
		});
	}
}

function killAll(): void {
	for (const group of liveGroups) killGroup(group, 'SIGKILL');
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
	try {
		process.kill(-pid, signal);
	} catch {
		// Already gone.
	}
}

/**
 * A detached watchdog that kills a process group once the watched process is gone (a test run
 * stopped from outside runs no teardown), then ends; it also ends when the group does.
 */
export function killGroupWhenGone(watchedPid: number, group: number): void {
	const script = `const [watched, group] = process.argv.slice(1).map(Number);
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };
setInterval(() => {
	if (!alive(-group)) process.exit(0);
	if (!alive(watched)) { try { process.kill(-group, 'SIGKILL'); } catch {} process.exit(0); }
}, 1000);`;
	spawn(process.execPath, ['-e', script, String(watchedPid), String(group)], { detached: true, stdio: 'ignore' }).unref();
}

export interface SpawnedGroup {
	child: ChildProcess;
	/** Resolves with the exit code (or the signal name) once the process has exited. */
	exited: Promise<number | NodeJS.Signals>;
	/** SIGTERM the group, then SIGKILL it if it has not exited after `graceMs`. */
	kill(graceMs?: number): Promise<void>;
	/** SIGKILL the group at once, before the first await (as a crash would); resolves once it has exited. */
	killNow(): Promise<void>;
}

export interface SpawnOptions {
	cwd: string;
	env: NodeJS.ProcessEnv;
	/** Run as this user and group (the test runs as root, and PostgreSQL refuses to run as root). */
	uid?: number;
	gid?: number;
	/** Default: standard input ignored, output to pipes. */
	stdio?: StdioOptions;
}

export function spawnGroup(command: string, args: string[], options: SpawnOptions): SpawnedGroup {
	const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options, detached: true });
	if (child.pid === undefined) throw new Error(`Could not spawn ${command}`);
	const pid = child.pid;
	trackGroup(pid);
	const exited = new Promise<number | NodeJS.Signals>((resolve) => {
		child.on('error', () => resolve(-1));
		child.on('close', (code, signal) => {
			// The leader is gone; make sure its children (task runners) are too.
			killGroup(pid, 'SIGKILL');
			liveGroups.delete(pid);
			resolve(code ?? signal ?? -1);
		});
	});
	const kill = async (graceMs = 10_000) => {
		if (!liveGroups.has(pid)) return;
		killGroup(pid, 'SIGTERM');
		const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), graceMs);
		await exited;
		clearTimeout(timer);
	};
	const killNow = async () => {
		killGroup(pid, 'SIGKILL');
		await exited;
	};
	return { child, exited, kill, killNow };
}

export interface CommandResult {
	exitCode: number | NodeJS.Signals;
	stdout: string;
	stderr: string;
	timedOut: boolean;
}

/**
 * Runs a command to completion, killing its whole group when it exceeds `timeoutMs`. Its output
 * goes to files, not pipes: `n8n execute` logs its result and exits, and at load 17 a pipe that
 * was read too slowly lost the result's tail at that exit; writes to a file are synchronous.
 */
export async function runCommand(
	command: string,
	args: string[],
	options: SpawnOptions & { timeoutMs: number },
): Promise<CommandResult> {
	const { timeoutMs, ...spawnOptions } = options;
	const dir = mkdtempSync(path.join(os.tmpdir(), 'n8n-cli-'));
	const files = { stdout: path.join(dir, 'stdout'), stderr: path.join(dir, 'stderr') };
	const fds = [openSync(files.stdout, 'w'), openSync(files.stderr, 'w')];
	try {
		let group: SpawnedGroup;
		try {
			group = spawnGroup(command, args, { ...spawnOptions, stdio: ['ignore', fds[0], fds[1]] });
		} finally {
			// the child holds its own copies
			for (const fd of fds) closeSync(fd);
		}
		let timedOut = false;
		const timer = setTimeout(() => {
			timedOut = true;
			void group.kill(2_000);
		}, timeoutMs);
		const exitCode = await group.exited;
		clearTimeout(timer);
		return { exitCode, stdout: readFileSync(files.stdout, 'utf8'), stderr: readFileSync(files.stderr, 'utf8'), timedOut };
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

/** A TCP port that was free on 127.0.0.1 a moment ago (the OS picks it). */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo;
			server.close(() => resolve(port));
		});
	});
}

/** Polls `check` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(
	what: string,
	check: () => Promise<T | undefined>,
	options: { timeoutMs: number; intervalMs?: number; abort?: () => string | undefined },
): Promise<T> {
	const deadline = Date.now() + options.timeoutMs;
	for (;;) {
		const aborted = options.abort?.();
		if (aborted) throw new Error(`Gave up waiting for ${what}: ${aborted}`);
		const value = await check();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`Timed out after ${options.timeoutMs} ms waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 250));
	}
}
