/**
 * The install watchdog (scripts/provision), with real processes: real npm against a fake registry
 * on 127.0.0.1 whose tarball request can be made to hang (socket open, no bytes), and small
 * `node -e` children. Counts are asserted exactly; times only with generous bounds (2 busy cores).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ensureDebianPackages, findBinary, type AptRunner } from '../../scripts/provision/debian';
import { npmNetworkArgs, runWatched } from '../../scripts/provision/watchedRun';

type TarballMode = 'serve' | 'stall-first' | 'stall-always';

const work = mkdtempSync(join(tmpdir(), 'bpd-provision-'));
const emptyNpmrc = join(work, 'empty.npmrc');
const emptyGlobalNpmrc = join(work, 'empty-global.npmrc');
let server: http.Server;
let registry: string;
let tgz: Buffer;
let mode: TarballMode = 'serve';
let tarballRequests = 0;
let caseNumber = 0;

/** npm without this machine's npmrc, proxy or npm_config_* environment. */
const npmEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_config_|proxy$/i.test(key)));

/** A fresh install folder, npm cache and log for one case, and the npm command line for it. */
function npmCase() {
	const dir = join(work, `case-${++caseNumber}`);
	mkdirSync(dir);
	const prefix = join(dir, 'prefix');
	const args = ['install', ...npmNetworkArgs(), '--registry', registry, '--cache', join(dir, 'cache'), '--userconfig', emptyNpmrc, '--globalconfig', emptyGlobalNpmrc];
	args.push('--update-notifier=false', '--no-audit', '--no-fund', '--prefix', prefix, 'tiny-pkg@1.0.0');
	return { prefix, args, logFile: join(dir, 'install.log') };
}

beforeAll(async () => {
	writeFileSync(emptyNpmrc, '');
	writeFileSync(emptyGlobalNpmrc, '');
	const source = join(work, 'tiny-pkg');
	mkdirSync(source);
	writeFileSync(join(source, 'package.json'), JSON.stringify({ name: 'tiny-pkg', version: '1.0.0', main: 'index.js' }));
	writeFileSync(join(source, 'index.js'), "module.exports = 'tiny';\n");
	execFileSync('npm', ['pack', '--pack-destination', work, '--userconfig', emptyNpmrc], { cwd: source, env: npmEnv, stdio: 'ignore' });
	tgz = readFileSync(join(work, 'tiny-pkg-1.0.0.tgz'));
	const integrity = `sha512-${createHash('sha512').update(tgz).digest('base64')}`;

	server = http.createServer((request, response) => {
		if (request.url === '/tiny-pkg') {
			const dist = { tarball: `${registry}tiny-pkg/-/tiny-pkg-1.0.0.tgz`, integrity };
			response.setHeader('content-type', 'application/json');
			response.end(JSON.stringify({ name: 'tiny-pkg', 'dist-tags': { latest: '1.0.0' }, versions: { '1.0.0': { name: 'tiny-pkg', version: '1.0.0', dist } } }));
		} else if (request.url === '/tiny-pkg/-/tiny-pkg-1.0.0.tgz') {
			tarballRequests++;
			// a stalled download: the connection stays open and never gets a byte
			if (mode === 'stall-always' || (mode === 'stall-first' && tarballRequests === 1)) return;
			response.setHeader('content-type', 'application/octet-stream');
			response.end(tgz);
		} else {
			response.statusCode = 404;
			response.end('{}');
		}
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	registry = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

beforeEach(() => {
	mode = 'serve';
	tarballRequests = 0;
});

afterAll(async () => {
	server.closeAllConnections();
	await new Promise((resolve) => server.close(resolve));
	rmSync(work, { recursive: true, force: true });
});

describe('runWatched with npm and a registry that stops answering', () => {
	it('kills npm when the tarball download stalls and succeeds on the second attempt', async () => {
		mode = 'stall-first';
		const { prefix, args, logFile } = npmCase();
		const started: number[] = [];
		const result = await runWatched('npm', args, { env: npmEnv, logFile, stallMs: 3_000, attempts: 3, onAttempt: (n) => started.push(n) });

		expect(result).toEqual({ attempts: 2, logFile });
		expect(started).toEqual([1, 2]);
		expect(tarballRequests).toBe(2);
		expect(readFileSync(join(prefix, 'node_modules/tiny-pkg/index.js'), 'utf8')).toBe("module.exports = 'tiny';\n");
		// npm printed its fetches (--loglevel=http), and the log says what the watchdog did
		const log = readFileSync(logFile, 'utf8');
		expect(log).toContain(`npm http fetch GET 200 ${registry}tiny-pkg/-/tiny-pkg-1.0.0.tgz`);
		expect(log).toContain('[watchdog] no output and no progress for 3 s: killing process group');
	}, 60_000);

	it('gives up after exactly `attempts` stalls, well before npm’s own timeouts, saying what to run', async () => {
		mode = 'stall-always';
		const { args, logFile } = npmCase();
		const started: number[] = [];
		const t0 = Date.now();
		const error: Error = await runWatched('npm', args, {
			env: npmEnv,
			logFile,
			stallMs: 3_000,
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
		expect(tarballRequests).toBe(3);
		const lines = error.message.split('\n');
		expect(lines[0]).toBe(`\`npm ${args.join(' ')}\` stalled: no output and no progress for 3 s.`);
		expect(lines[1]).toBe('Gave up after 3 attempts (stalled, stalled, stalled).');
		expect(lines[2]).toBe('Last lines of the log:');
		expect(error.message).toContain('[watchdog] no output and no progress for 3 s');
		expect(lines.at(-2)).toBe(`Full log: ${logFile}`);
		expect(lines.at(-1)).toBe('To run it by hand: npm install tiny-pkg@1.0.0 --registry <your registry>');
		// npm alone would wait --fetch-timeout (60 s) per try; the watchdog took ~3 × 3 s plus npm's start-up
		expect(elapsed).toBeLessThan(3 * (3_000 + 8_000));
	}, 60_000);
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

	it('keeps a silent process alive while its progress probe changes, and kills it without the probe', async () => {
		const file = join(work, 'growing.bin');
		// silent for 4 s (well over 2 × stallMs) while the file grows every 200 ms
		const script = `const fs = require('fs'); const t = setInterval(() => fs.appendFileSync(${JSON.stringify(file)}, 'x'), 200); setTimeout(() => { clearInterval(t); process.exit(0); }, 4000);`;
		const size = () => (existsSync(file) ? statSync(file).size : 0);

		const result = await runWatched(node, ['-e', script], { logFile: join(work, 'probe.log'), stallMs: 1_500, attempts: 1, progress: size });
		expect(result.attempts).toBe(1);
		expect(size()).toBeGreaterThanOrEqual(10);

		rmSync(file);
		await expect(runWatched(node, ['-e', script], { logFile: join(work, 'no-probe.log'), stallMs: 1_500, attempts: 1 })).rejects.toThrow(
			/stalled: no output and no progress for 1\.5 s\.\nGave up after 1 attempt \(stalled\)\./,
		);
	});

	it('kills the whole process group on a stall, not just the child', async () => {
		const pidFile = join(work, 'grandchild.pid');
		const script = `const c = require('child_process').spawn('sleep', ['600'], { stdio: 'ignore' }); require('fs').writeFileSync(${JSON.stringify(pidFile)}, String(c.pid)); setInterval(() => {}, 1000);`;
		await expect(runWatched(node, ['-e', script], { logFile: join(work, 'group.log'), stallMs: 1_000, attempts: 1 })).rejects.toThrow('stalled');
		const grandchild = Number(readFileSync(pidFile, 'utf8'));
		// dead or a zombie waiting for init: either way no longer running
		const running = () => existsSync(`/proc/${grandchild}`) && !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${grandchild}/stat`, 'utf8'));
		for (let i = 0; i < 50 && running(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
		expect(running()).toBe(false);
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
