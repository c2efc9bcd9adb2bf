/**
 * Cross-process exclusive lock via `open(O_EXCL)`. The file holds the owner's pid and when that
 * process started (boot id and start time, from /proc), so a lock left behind by a killed process
 * is recognised as stale and taken over instead of blocking forever, also when a later process
 * (after a reboot, or this very one) has been given the same pid.
 */
import { closeSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';

export interface LockOptions {
	/** Give up after this long (the owner is alive but not finishing). */
	timeoutMs: number;
	/** Stop waiting early when this turns true (the owner finished the work we wanted). */
	done?: () => boolean;
	/** Called once when the lock is held by another live process. */
	onWait?: (ownerPid: number) => void;
	pollMs?: number;
}

/** Resolves with a release function once the lock is ours (or `done()` made it unnecessary). */
export async function acquireLock(lockFile: string, options: LockOptions): Promise<() => void> {
	const deadline = Date.now() + options.timeoutMs;
	let announced = false;
	for (;;) {
		try {
			const fd = openSync(lockFile, 'wx');
			writeFileSync(fd, processToken(process.pid));
			closeSync(fd);
			return () => rmSync(lockFile, { force: true });
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
		}
		const content = readOrEmpty(lockFile);
		const owner = Number(content.split(' ')[0]);
		// An empty file is a lock being written right now (between open and write), not a stale one.
		const beingWritten = content === '' && ageMs(lockFile) < 10_000;
		if (!holds(content) && !beingWritten) {
			rmSync(lockFile, { force: true });
			continue;
		}
		if (options.done?.()) return () => undefined;
		if (Date.now() > deadline) throw new Error(`Timed out waiting for lock ${lockFile} (held by pid ${owner})`);
		if (!announced) options.onWait?.(owner);
		announced = true;
		await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 1_000));
	}
}

function readOrEmpty(file: string): string {
	try {
		return readFileSync(file, 'utf8');
	} catch {
		return '';
	}
}

function ageMs(file: string): number {
	try {
		return Date.now() - statSync(file).mtimeMs;
	} catch {
		return Infinity;
	}
}

/** `<pid> <boot id> <start time>`: names one process, even once its pid is reused. */
function processToken(pid: number): string {
	const bootId = readOrEmpty('/proc/sys/kernel/random/boot_id').trim();
	// field 22 of /proc/<pid>/stat, counted after the command name (which may hold spaces)
	const stat = readOrEmpty(`/proc/${pid}/stat`);
	const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
	return `${pid} ${bootId} ${startTime}`.trim();
}

/** Whether the process that wrote this lock content still runs. */
function holds(content: string): boolean {
	const owner = Number(content.split(' ')[0]);
	if (!isAlive(owner)) return false;
	// a bare pid (a lock of an older harness) cannot be told from a reused one
	return !content.includes(' ') || processToken(owner) === content.trim();
}

function isAlive(pid: number): boolean {
	if (!Number.isInteger(pid) || pid <= 0) return false;
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		// EPERM: the process exists but belongs to another user.
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}
