/**
 * Cached installs of real n8n, one per supported line (n8nLines.ts), for the e2e suites, the
 * benchmark and the demo (`npm start`).
 *
 * A plain `npm install n8n` fails on a native module that downloads its library at install time,
 * so the install follows the recipe from the project notes: install with `--ignore-scripts`, then
 * rebuild only the native modules n8n needs, against the headers of the Node the line runs on.
 * Each line installs with `npm ci` from a lockfile kept in n8nLockfiles/<version>/: the same tree
 * on every machine, and no dependency resolution, which the registry can break at any time (a new
 * @tiptap release once kept npm resolving n8n 2.41.1 for over 20 minutes). A version without a
 * lockfile is resolved once and its lockfile written there, to be committed. It
 * takes minutes and ~3 GB, so it lives outside the repository, keyed by version, and survives fresh
 * clones. Installs are atomic (built in a temporary directory, renamed when complete, marked by a
 * file), serialised between processes by a lock file, and watched: a download that stops making
 * progress is killed and retried (watchedRun.ts).
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { acquireLock } from './lockFile';
import type { N8nLine } from './n8nLines';
import { ensureNode, type ProvisionedNode } from './node';
import { cacheRoot } from './paths';
import { directoryBytes, npmNetworkArgs, runWatched } from './watchedRun';

/** Native modules skipped by `--ignore-scripts` that n8n needs at runtime (absent ones are skipped by npm). */
const NATIVE_MODULES = ['sqlite3', 'isolated-vm'];
const COMPLETE_MARKER = '.install-complete';
const LOCKFILES = path.join(__dirname, 'n8nLockfiles');
/** Silence allowed while the native modules compile: one large C file prints nothing until done. */
const REBUILD_STALL_MS = 10 * 60_000;
/** Longest wait for another process's install of the same version (its own watchdog ends a stalled one sooner). */
const LOCK_TIMEOUT_MS = 20 * 60_000;

export interface N8nInstall {
	line: N8nLine;
	/** The install directory (holds node_modules/n8n). */
	dir: string;
	/** n8n's CLI entry point; run it as `<node.execPath> <bin> <command>`. */
	bin: string;
	/** The Node.js this line runs on. */
	node: ProvisionedNode;
}

/**
 * Keyed by the Node major too (the native modules are built for that Node's ABI) and by the
 * lockfile's content: checkouts with different lockfiles (a branch, a pull during a run) each get
 * their own install, and none removes another's from under a running n8n.
 */
export function n8nInstallDir(line: N8nLine): string {
	return path.join(cacheRoot(), `n8n-${line.version}-node${line.node}-${lockfileDigest(line)}`);
}

/** The folder of a line's install manifest and lockfile (committed; `npm ci` installs from it). */
export function n8nLockfileDir(line: N8nLine): string {
	return path.join(LOCKFILES, line.version);
}

/** Names the lockfile's content ('unlocked' for a release without one yet). */
function lockfileDigest(line: N8nLine): string {
	const lockfile = path.join(n8nLockfileDir(line), 'package-lock.json');
	return existsSync(lockfile) ? createHash('sha256').update(readFileSync(lockfile)).digest('hex').slice(0, 16) : 'unlocked';
}

export function isN8nInstalled(line: N8nLine): boolean {
	return existsSync(path.join(n8nInstallDir(line), COMPLETE_MARKER));
}

/**
 * The npm overrides a release without a lockfile resolves with: those of the nearest release of
 * its major that has one, at or below it, else the lowest above it (they replace what the line
 * needs replaced: 1.x's SheetJS from outside the registry, 2.x's editor packages whose newest
 * releases npm cannot resolve).
 */
export function inheritedOverrides(version: string): Record<string, string> | undefined {
	const numeric = (text: string) => text.split('.').map(Number);
	const compare = (a: number[], b: number[]) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
	const wanted = numeric(version);
	const releases = readdirSync(LOCKFILES)
		.map(numeric)
		.filter((release) => release.length === 3 && release.every(Number.isInteger) && release[0] === wanted[0] && compare(release, wanted) !== 0)
		.sort(compare);
	const nearest = releases.filter((release) => compare(release, wanted) < 0).pop() ?? releases[0];
	if (!nearest) return undefined;
	const manifest = path.join(LOCKFILES, nearest.join('.'), 'package.json');
	return (JSON.parse(readFileSync(manifest, 'utf8')) as { overrides?: Record<string, string> }).overrides;
}

/**
 * Environment for npm and n8n processes on a given Node: it comes first on PATH and npm builds
 * native modules against its headers (the machine's npm config points `nodedir` at Node 20's, and
 * sets yes=false, which breaks packages that run npx while installing).
 */
export function nodeEnv(node: ProvisionedNode, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	return {
		...process.env,
		PATH: `${path.dirname(node.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
		npm_config_nodedir: node.nodeDir,
		npm_config_yes: 'true',
		npm_config_audit: 'false',
		npm_config_fund: 'false',
		npm_config_update_notifier: 'false',
		...extra,
	};
}

export interface EnsureN8nOptions {
	/** Progress messages (npm's output goes to `install.log` in the install's temp dir). */
	log?: (message: string) => void;
}

/** Returns the cached install of a line's n8n, installing it (and its Node) first when missing. */
export async function ensureN8n(line: N8nLine, options: EnsureN8nOptions = {}): Promise<N8nInstall> {
	const log = options.log ?? (() => undefined);
	const node = await ensureNode(line.node);
	const install = (): N8nInstall => {
		const dir = n8nInstallDir(line);
		return { line, dir, bin: path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'), node };
	};
	if (isN8nInstalled(line)) return install();

	mkdirSync(cacheRoot(), { recursive: true });
	// one install of a release at a time, whatever its lockfile (they share npm's cache)
	const release = await acquireLock(path.join(cacheRoot(), `n8n-${line.version}-node${line.node}.lock`), {
		timeoutMs: LOCK_TIMEOUT_MS,
		done: () => isN8nInstalled(line),
		onWait: (pid) => log(`Waiting for another process (pid ${pid}) to finish installing n8n@${line.version}`),
		pollMs: 2_000,
	});
	try {
		// Another process may have finished the install while we waited for the lock.
		if (!isN8nInstalled(line)) await installInto(line, node, log);
		return install();
	} finally {
		release();
	}
}

async function installInto(line: N8nLine, node: ProvisionedNode, log: (message: string) => void): Promise<void> {
	const tmp = path.join(cacheRoot(), `n8n-${line.version}-node${line.node}.tmp`);
	// Leftovers of an interrupted install are useless: the lock guarantees nobody else uses them.
	rmSync(tmp, { recursive: true, force: true });
	mkdirSync(tmp, { recursive: true });
	const lockDir = n8nLockfileDir(line);
	const locked = existsSync(path.join(lockDir, 'package-lock.json'));
	const logFile = path.join(tmp, 'install.log');
	const env = nodeEnv(node);
	const started = Date.now();
	// npm prints a line when a download ends; while a large tarball streams, its file grows
	const npmCache = process.env.npm_config_cache || path.join(os.homedir(), '.npm');
	const progress = () => directoryBytes(path.join(npmCache, '_cacache', 'tmp'));
	const watched = (command: string, args: string[], remedy: string, options: { stallMs?: number } = {}) =>
		runWatched(command, args, { cwd: tmp, env, logFile, remedy, progress, ...options });
	const registryRemedy = `check that the npm registry answers (npm view n8n@${line.version} version), then run npm test again`;

	log(`Installing n8n@${line.version} for Node ${node.version} (several minutes, ~3 GB; log: ${logFile})`);
	if (locked) {
		for (const file of ['package.json', 'package-lock.json']) copyFileSync(path.join(lockDir, file), path.join(tmp, file));
		await watched('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', ...npmNetworkArgs()], registryRemedy);
	} else {
		const overrides = inheritedOverrides(line.version);
		writeFileSync(path.join(tmp, 'package.json'), JSON.stringify({ name: 'n8n-e2e-install', private: true, ...(overrides ? { overrides } : {}) }, null, 2));
		await watched(
			'npm',
			['install', `n8n@${line.version}`, '--ignore-scripts', '--save-exact', '--no-audit', '--no-fund', ...npmNetworkArgs()],
			registryRemedy,
		);
		mkdirSync(lockDir, { recursive: true });
		for (const file of ['package.json', 'package-lock.json']) copyFileSync(path.join(tmp, file), path.join(lockDir, file));
		log(`n8n@${line.version} had no lockfile: wrote ${lockDir}; commit it, so every machine installs the same tree`);
	}
	log(`Rebuilding ${NATIVE_MODULES.join(', ')} of n8n@${line.version} against Node ${node.version}'s headers`);
	// --ignore-scripts=false: npm test's environment carries the project's ignore-scripts=true.
	// --foreground-scripts: the compiler's output reaches the log, so a long build is not a stall.
	// Compiling sqlite3.c alone prints nothing for minutes on a busy machine (killed at 120 s in a
	// fresh run at load 14), and the build downloads nothing (headers: --nodedir): a long window.
	await watched(
		'npm',
		['rebuild', ...NATIVE_MODULES, '--ignore-scripts=false', '--foreground-scripts', `--nodedir=${node.nodeDir}`],
		`see ${logFile}`,
		{ stallMs: REBUILD_STALL_MS },
	);

	// Prove the install runs before declaring it complete.
	await watched(node.execPath, [path.join(tmp, 'node_modules', 'n8n', 'bin', 'n8n'), '--version'], `see ${logFile}`);

	// named after the lockfile installed: the one copied in at the start, or the one just written
	const dir = n8nInstallDir(line);
	writeFileSync(path.join(tmp, COMPLETE_MARKER), `n8n@${line.version} on Node ${node.version}\n${new Date().toISOString()}\n`);
	// a folder of that name without the marker is an interrupted install's: replaced only now, so a
	// failed install never leaves less than there was
	rmSync(dir, { recursive: true, force: true });
	renameSync(tmp, dir);
	log(`n8n@${line.version} installed in ${Math.round((Date.now() - started) / 1000)} s`);
}
