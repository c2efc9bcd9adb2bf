/**
 * Runs an install command with a stall watchdog, so a download that stops answering costs minutes,
 * not CI's whole budget. Output goes to a log file; "no new output bytes and no change of the
 * `progress()` probe for `stallMs`" is a stall: the whole process group is killed and the command
 * retried, a bounded number of times. A non-zero exit is retried only when the output looks like a
 * network error. The final error says what happened, shows the log's last lines and the command to
 * run by hand.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, statSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Default silence before an attempt counts as stalled. */
export const DEFAULT_STALL_MS = 120_000;
/**
 * Default number of attempts. An attempt that gets nowhere ends after at most ~2.5 min (the
 * watchdog's 2 min of silence, or npm giving up on its own, see npmNetworkArgs), so three fail
 * in ~7 min: inside the 10 minutes CI allows a stuck download.
 */
export const DEFAULT_ATTEMPTS = 3;
/**
 * Output of a failed attempt that makes it worth retrying: npm's and apt's network errors and
 * registry 5xx. Not a bare "network": with --loglevel=http npm prints every URL it fetches.
 */
export const NETWORK_ERROR =
	/ETIMEDOUT|ECONNRESET|ECONNREFUSED|EAI_AGAIN|ESOCKETTIMEDOUT|ENETUNREACH|EHOSTUNREACH|\bnetwork (timeout|request|error)|code E5\d\d\b|\b5\d\d (Internal Server Error|Bad Gateway|Service Unavailable|Gateway Time-?out)|Temporary failure resolving|Could not connect to|Connection timed out|Failed to fetch/i;

export interface WatchedRunOptions {
	cwd?: string;
	env?: NodeJS.ProcessEnv;
	/** Output of every attempt is appended here (default: a new file in the temp directory). */
	logFile?: string;
	/** No output and no progress for this long is a stall (default 120 s). */
	stallMs?: number;
	/** Attempts in all, the first included (default 3). */
	attempts?: number;
	/** Extra progress signal for commands that work silently (e.g. bytes downloaded so far): a changed value is progress. Must not throw. */
	progress?: () => number | string;
	/** Runs before each retry (e.g. to clean a half-written folder). */
	beforeRetry?: (nextAttempt: number) => void | Promise<void>;
	/** Called as each attempt starts, with its number (1-based). */
	onAttempt?: (attempt: number) => void;
	/** What a person should run by hand when all attempts fail (default: the command itself). */
	remedy?: string;
	/** Short progress messages (stalls, retries). */
	log?: (message: string) => void;
	/** Output of a failed attempt that makes it worth retrying (default NETWORK_ERROR). */
	retryOn?: RegExp;
}

export interface WatchedRunResult {
	/** Attempts made, the successful one included. */
	attempts: number;
	logFile: string;
}

type Outcome = { kind: 'ok' } | { kind: 'stalled' } | { kind: 'failed'; why: string; output: string };

/** The npm flags that make npm print one line per fetch and give up idle sockets after a minute. */
export function npmNetworkArgs(): string[] {
	// A dead registry: npm logs "attempt 1 failed" after 60 s, backs off 10 s, fails after 60 s more
	// (~130 s, a network error the watchdog retries). With npm's default 2 retries the second
	// back-off is 60 s and an attempt takes ~4 min, three of them over 12.
	return ['--loglevel=http', '--fetch-timeout=60000', '--fetch-retries=1', '--progress=false'];
}

/** Total size in bytes of the files under the given folders (missing ones count 0): a `progress()` probe for downloads. */
export function directoryBytes(...dirs: string[]): number {
	let total = 0;
	const walk = (dir: string) => {
		let entries;
		try {
			entries = readdirSync(dir, { withFileTypes: true });
		} catch {
			return;
		}
		for (const entry of entries) {
			const full = path.join(dir, entry.name);
			if (entry.isDirectory()) walk(full);
			else if (entry.isFile()) {
				try {
					total += statSync(full).size;
				} catch {
					// removed while we walked
				}
			}
		}
	};
	dirs.forEach(walk);
	return total;
}

/** `command args...` as a person would type it in a shell. */
export function commandLine(command: string, args: string[]): string {
	return [command, ...args].map((word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`)).join(' ');
}

export async function runWatched(command: string, args: string[], options: WatchedRunOptions = {}): Promise<WatchedRunResult> {
	const stallMs = options.stallMs ?? DEFAULT_STALL_MS;
	const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
	const retryOn = options.retryOn ?? NETWORK_ERROR;
	const logFile = options.logFile ?? path.join(os.tmpdir(), `provision-${path.basename(command)}-${process.pid}-${Date.now()}.log`);
	const shown = commandLine(command, args);
	mkdirSync(path.dirname(logFile), { recursive: true });

	const outcomes: Outcome[] = [];
	for (let attempt = 1; attempt <= attempts; attempt++) {
		options.onAttempt?.(attempt);
		const outcome = await runOnce(command, args, options, stallMs, logFile, `${shown}   (attempt ${attempt} of ${attempts})`);
		if (outcome.kind === 'ok') return { attempts: attempt, logFile };
		outcomes.push(outcome);
		const retryable = outcome.kind === 'stalled' || retryOn.test(outcome.output);
		if (!retryable || attempt === attempts) break;
		options.log?.(`\`${shown}\` ${describeOutcome(outcome, stallMs)}; retrying (attempt ${attempt + 1} of ${attempts})`);
		await options.beforeRetry?.(attempt + 1);
	}

	const last = outcomes[outcomes.length - 1];
	const made = outcomes.length;
	const attemptsLine =
		last.kind === 'failed' && !retryOn.test(last.output)
			? `Attempt ${made} of ${attempts}; not retried (not a network error).`
			: `Gave up after ${made} attempt${made === 1 ? '' : 's'} (${outcomes.map((o) => (o.kind === 'stalled' ? 'stalled' : 'failed')).join(', ')}).`;
	const remedy = options.remedy ?? (options.cwd ? `cd ${commandLine(options.cwd, [])} && ${shown}` : shown);
	throw new Error(
		[
			`\`${shown}\` ${describeOutcome(last, stallMs)}.`,
			attemptsLine,
			`Last lines of the log:`,
			...tail(logFile, 20).map((line) => `    ${line}`),
			`Full log: ${logFile}`,
			`To run it by hand: ${remedy}`,
		].join('\n'),
	);
}

function describeOutcome(outcome: Outcome, stallMs: number): string {
	if (outcome.kind === 'stalled') return `stalled: no output and no progress for ${stallMs / 1000} s`;
	if (outcome.kind === 'failed') return `failed (${outcome.why})`;
	return 'succeeded';
}

/** Process groups of the attempts running now: killed with this process, whatever ends it. */
const runningGroups = new Set<number>();
let cleanupInstalled = false;

function killRunningGroups(): void {
	for (const pid of runningGroups) {
		try {
			process.kill(-pid, 'SIGKILL');
		} catch {
			// already gone
		}
	}
}

/**
 * The attempts run detached (their own process group), so neither Ctrl-C nor the parent's end
 * reaches them: without this, a stopped `npm test` would leave npm or dpkg running on.
 */
function installCleanup(): void {
	if (cleanupInstalled) return;
	cleanupInstalled = true;
	process.on('exit', killRunningGroups);
	for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
		process.on(signal, () => {
			killRunningGroups();
			process.exit(code);
		});
	}
}

/** After the command exits, how long its output may still take to arrive through the pipes. */
const OUTPUT_GRACE_MS = 2_000;

function runOnce(command: string, args: string[], options: WatchedRunOptions, stallMs: number, logFile: string, header: string): Promise<Outcome> {
	installCleanup();
	return new Promise((resolve) => {
		const fd = openSync(logFile, 'a');
		writeSync(fd, `\n$ ${header}   ${new Date().toISOString()}\n`);
		let output = '';
		let lastActivity = Date.now();
		let lastProbe = options.progress?.();
		let stalled = false;
		let settled = false;

		// detached: the child leads its own process group, so a stall kills npm's or apt's helpers too
		const child = spawn(command, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
		if (child.pid) runningGroups.add(child.pid);
		const killGroup = () => {
			try {
				if (child.pid) process.kill(-child.pid, 'SIGKILL');
			} catch {
				// the group is already gone
			}
		};
		const onData = (chunk: Buffer) => {
			writeSync(fd, chunk);
			output = (output + chunk.toString()).slice(-64_000);
			lastActivity = Date.now();
		};
		child.stdout.on('data', onData);
		child.stderr.on('data', onData);

		const watchdog = setInterval(
			() => {
				if (options.progress) {
					const probe = options.progress();
					if (probe !== lastProbe) {
						lastProbe = probe;
						lastActivity = Date.now();
					}
				}
				if (Date.now() - lastActivity < stallMs) return;
				stalled = true;
				clearInterval(watchdog);
				writeSync(fd, `\n[watchdog] no output and no progress for ${stallMs / 1000} s: killing process group ${child.pid}\n`);
				// SIGKILL: npm ignores SIGTERM while it waits on a socket
				killGroup();
			},
			Math.max(100, Math.min(1_000, stallMs / 5)),
		);

		const finish = (outcome: Outcome) => {
			if (settled) return;
			settled = true;
			clearInterval(watchdog);
			if (child.pid) runningGroups.delete(child.pid);
			child.stdout.destroy();
			child.stderr.destroy();
			closeSync(fd);
			resolve(outcome);
		};
		const outcomeOf = (code: number | null, signal: NodeJS.Signals | null): Outcome => {
			if (stalled) return { kind: 'stalled' };
			if (code === 0) return { kind: 'ok' };
			return { kind: 'failed', why: signal ? `killed by ${signal}` : `exit code ${code}`, output };
		};
		child.on('error', (error) => {
			writeSync(fd, `${error.message}\n`);
			finish({ kind: 'failed', why: `could not start: ${error.message}`, output: error.message });
		});
		// The outcome is the command's exit: a process it left behind holding the pipes (a daemon
		// started by a package's post-install script) must not hold the attempt open.
		child.on('exit', (code, signal) => {
			const grace = setTimeout(() => finish(outcomeOf(code, signal)), OUTPUT_GRACE_MS);
			child.on('close', () => {
				clearTimeout(grace);
				finish(outcomeOf(code, signal));
			});
		});
	});
}

function tail(file: string, lines: number): string[] {
	try {
		return readFileSync(file, 'utf8').trim().split('\n').slice(-lines);
	} catch {
		return [];
	}
}
