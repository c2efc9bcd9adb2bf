/**
 * Debian packages the suites need (Chromium for the browser test, Redis and PostgreSQL for queue
 * mode). Missing ones are installed with apt-get when running as root (as CI does), watched for
 * stalls; otherwise the run stops at once with the one command to run.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import path from 'node:path';

import { cacheRoot } from './paths';
import { directoryBytes, runWatched, type WatchedRunOptions } from './watchedRun';

export interface DebianRequirement {
	/**
	 * An absolute path ('/usr/bin/chromium'), one with a `*` folder for a versioned one
	 * (POSTGRES_INITDB), or a name looked up on PATH ('redis-server').
	 */
	binary: string;
	/** The Debian package that provides it. */
	package: string;
}

/** Runs `apt-get <args>`; the default is runWatched. Injectable so tests can do without apt. */
export type AptRunner = (args: string[], options: WatchedRunOptions) => Promise<unknown>;

export interface EnsureDebianOptions extends Pick<WatchedRunOptions, 'stallMs' | 'attempts' | 'log'> {
	isRoot?: () => boolean;
	runApt?: AptRunner;
}

/** apt's own network limits: give up an idle connection after 30 s, retry a download 3 times. */
const APT_NETWORK = ['-o', 'Acquire::http::Timeout=30', '-o', 'Acquire::https::Timeout=30', '-o', 'Acquire::Retries=3'];

const defaultRunApt: AptRunner = (args, options) =>
	runWatched('apt-get', args, { ...options, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });

/**
 * initdb of Debian's PostgreSQL server: the package `postgresql` depends on the distribution's
 * major version (postgresql-15 on Debian 12), installed under /usr/lib/postgresql/<major>/bin.
 */
export const POSTGRES_INITDB = '/usr/lib/postgresql/*/bin/initdb';

/**
 * The binary's absolute path when it exists and is executable (looked up on PATH for a bare
 * name). A `*` folder matches any folder there, the highest version first ('15' before '9').
 */
export function findBinary(binary: string): string | undefined {
	const candidates = binary.includes('/*/')
		? expandVersionFolder(binary)
		: path.isAbsolute(binary)
			? [binary]
			: (process.env.PATH ?? '').split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, binary));
	return candidates.find((candidate) => {
		try {
			accessSync(candidate, constants.X_OK);
			return true;
		} catch {
			return false;
		}
	});
}

/** POSTGRES_INITDB -> the same path for each folder in place of the `*`, highest version first. */
function expandVersionFolder(pattern: string): string[] {
	const [parent, rest] = pattern.split('/*/', 2);
	let folders: string[];
	try {
		folders = readdirSync(parent);
	} catch {
		return [];
	}
	return folders.sort((a, b) => b.localeCompare(a, 'en', { numeric: true })).map((folder) => path.join(parent, folder, rest));
}

/** Installs the packages whose binary is missing; resolves with their names (empty when nothing was missing). */
export async function ensureDebianPackages(requirements: DebianRequirement[], options: EnsureDebianOptions = {}): Promise<string[]> {
	const missing = requirements.filter((requirement) => !findBinary(requirement.binary));
	if (missing.length === 0) return [];
	const packages = [...new Set(missing.map((requirement) => requirement.package))];
	const what = missing.map((requirement) => `${requirement.binary} (Debian package ${requirement.package})`).join(', ');
	// Recommends are kept: Chromium's bring the fonts (fonts-liberation) and Mesa that its headless
	// rendering and the screenshots were made with.
	const install = ['install', '-y', ...packages];

	const isRoot = options.isRoot ?? (() => process.getuid?.() === 0);
	if (!isRoot()) {
		throw new Error(`The tests need ${what}, and only root can install it. Run:\n  sudo apt-get update && sudo apt-get ${install.join(' ')}\nthen run the tests again.`);
	}

	const runApt = options.runApt ?? defaultRunApt;
	const remedy = `apt-get update && apt-get ${install.join(' ')}`;
	const common: WatchedRunOptions = {
		stallMs: options.stallMs,
		attempts: options.attempts,
		log: options.log,
		remedy,
		logFile: path.join(cacheRoot(), 'apt-get.log'),
	};
	options.log?.(`Installing ${packages.join(', ')} with apt-get (missing: ${what})`);
	// an earlier run stopped during an install leaves dpkg "interrupted", which apt refuses to go on from
	if (pendingDpkgWork()) finishDpkg();
	await runApt([...APT_NETWORK, 'update'], { ...common, progress: () => directoryBytes('/var/lib/apt/lists/partial') });
	await runApt([...APT_NETWORK, ...install], {
		...common,
		// one big .deb is one "Get:" line: the partial download growing is the progress
		progress: () => directoryBytes('/var/cache/apt/archives/partial'),
		// a killed dpkg leaves "dpkg was interrupted": finish its work before trying again
		beforeRetry: finishDpkg,
	});
	const still = missing.filter((requirement) => !findBinary(requirement.binary));
	if (still.length > 0) {
		throw new Error(`apt-get installed ${packages.join(' ')}, but ${still.map((r) => r.binary).join(', ')} is still missing. Run by hand: ${remedy}`);
	}
	return packages;
}

function finishDpkg(): void {
	spawnSync('dpkg', ['--configure', '-a'], { stdio: 'ignore', timeout: 5 * 60_000, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** What apt reads as "dpkg was interrupted": records left in dpkg's updates folder. */
function pendingDpkgWork(): boolean {
	try {
		return readdirSync('/var/lib/dpkg/updates').length > 0;
	} catch {
		return false;
	}
}
