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
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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

/** Keyed by the Node major too: the native modules are built for that Node's ABI. */
export function n8nInstallDir(line: N8nLine): string {
	return path.join(cacheRoot(), `n8n-${line.version}-node${line.node}`);
}

/** The folder of a line's install manifest and lockfile (committed; `npm ci` installs from it). */
export function n8nLockfileDir(line: N8nLine): string {
	return path.join(__dirname, 'n8nLockfiles', line.version);
}

/** Names the lockfile's content, so that an install from an older lockfile is made again. */
function lockfileDigest(line: N8nLine): string {
	const lockfile = path.join(n8nLockfileDir(line), 'package-lock.json');
	return existsSync(lockfile) ? createHash('sha256').update(readFileSync(lockfile)).digest('hex').slice(0, 16) : 'none';
}

export function isN8nInstalled(line: N8nLine): boolean {
	const marker = path.join(n8nInstallDir(line), COMPLETE_MARKER);
	return existsSync(marker) && readFileSync(marker, 'utf8').includes(`lockfile ${lockfileDigest(line)}`);
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
	const dir = n8nInstallDir(line);
	const install = (): N8nInstall => ({ line, dir, bin: path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'), node });
	if (isN8nInstalled(line)) return install();

	mkdirSync(cacheRoot(), { recursive: true });
	const release = await acquireLock(`${dir}.lock`, {
		timeoutMs: LOCK_TIMEOUT_MS,
		done: () => isN8nInstalled(line),
		onWait: (pid) => log(`Waiting for another process (pid ${pid}) to finish installing n8n@${line.version}`),
		pollMs: 2_000,
	});
	try {
		// Another process may have finished the install while we waited for the lock.
		if (!isN8nInstalled(line)) await installInto(dir, line, node, log);
		return install();
	} finally {
		release();
	}
}

async function installInto(dir: string, line: N8nLine, node: ProvisionedNode, log: (message: string) => void): Promise<void> {
	const tmp = `${dir}.tmp`;
	// Leftovers of an interrupted install are useless: the lock guarantees nobody else uses them.
	rmSync(tmp, { recursive: true, force: true });
	rmSync(dir, { recursive: true, force: true });
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

	log(`Installing n8n@${line.version} for Node ${node.version} into ${dir} (several minutes, ~3 GB; log: ${logFile})`);
	if (locked) {
		for (const file of ['package.json', 'package-lock.json']) copyFileSync(path.join(lockDir, file), path.join(tmp, file));
		await watched('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', ...npmNetworkArgs()], registryRemedy);
	} else {
		writeFileSync(path.join(tmp, 'package.json'), JSON.stringify({ name: 'n8n-e2e-install', private: true }, null, 2));
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

	const marker = `n8n@${line.version} on Node ${node.version}, lockfile ${lockfileDigest(line)}\n${new Date().toISOString()}\n`;
	writeFileSync(path.join(tmp, COMPLETE_MARKER), marker);
	renameSync(tmp, dir);
	log(`n8n@${line.version} installed in ${Math.round((Date.now() - started) / 1000)} s`);
}
