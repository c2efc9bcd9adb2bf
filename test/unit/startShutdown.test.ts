/**
 * Ctrl-C on `npm start` runs its own shutdown (issue 30): the e2e harness's kill-and-exit handler,
 * installed when the first n8n process is spawned, used to end the script first, so "stopping n8n
 * and the sandbox" never printed and n8n was SIGKILLed without logging a shutdown. The driver runs
 * start.mjs's own shutdown (scripts/demoShutdown.ts) with a stand-in for n8n that takes a moment
 * to shut down, or crashes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { waitFor } from '../e2e/harness/processes';

const DRIVER = path.join(__dirname, 'support', 'stopOnSignalsDriver.ts');

interface Driver {
	ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
	stdout: () => string[];
	standIn: () => string[];
	pid: number;
	standInPid: number;
	sandboxPort: number;
}

let folder: string;
beforeEach(() => (folder = mkdtempSync(path.join(os.tmpdir(), 'start-shutdown-'))));
afterEach(() => rmSync(folder, { recursive: true, force: true }));

async function startDriver(standInShutdownMs: number, sandboxCloseMs = 0): Promise<Driver> {
	const logFile = path.join(folder, 'stand-in.log');
	const child = spawn(process.execPath, ['--import', 'tsx', DRIVER, logFile, String(standInShutdownMs), String(sandboxCloseMs)], {
		cwd: path.join(__dirname, '..', '..'),
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	let output = '';
	child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
	const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
		child.on('exit', (code, signal) => resolve({ code, signal })),
	);
	const stdout = () => output.split('\n').filter((line) => line !== '');
	const standIn = () => readFileSync(logFile, 'utf8').split('\n').filter((line) => line !== '');
	const ready = await waitFor('the driver to start', async () => stdout().find((line) => line.startsWith('ready ')), { timeoutMs: 20_000 });
	await waitFor('the stand-in to start', async () => (standIn().includes('ready') ? true : undefined), { timeoutMs: 10_000 });
	const [, standInPid, sandboxPort] = ready.split(' ').map(Number);
	return { ended, stdout, standIn, pid: child.pid!, standInPid, sandboxPort };
}

function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

function accepts(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		socket.once('connect', () => (socket.destroy(), resolve(true)));
		socket.once('error', () => resolve(false));
	});
}

describe('npm start on Ctrl-C', () => {
	// each test starts two Node.js processes, one through tsx: seconds on a loaded machine
	it('stops n8n with SIGTERM and waits for it, closes the sandbox, then exits with 0', async () => {
		const driver = await startDriver(500);
		expect(await accepts(driver.sandboxPort)).toBe(true);
		process.kill(driver.pid, 'SIGINT');
		expect(await driver.ended).toEqual({ code: 0, signal: null });
		expect(driver.stdout().slice(1)).toEqual(['SIGINT: stopping n8n and the sandbox', 'n8n exited with 0', 'Stopped.']);
		expect(driver.standIn()).toEqual(['ready', 'shutting down', 'stopped']);
		expect(isAlive(driver.standInPid)).toBe(false);
		expect(await accepts(driver.sandboxPort)).toBe(false);
	}, 60_000);

	it('stops everything at once on a second Ctrl-C', async () => {
		const driver = await startDriver(60_000);
		process.kill(driver.pid, 'SIGINT');
		await waitFor('the shutdown to begin', async () => (driver.standIn().includes('shutting down') ? true : undefined), { timeoutMs: 10_000 });
		process.kill(driver.pid, 'SIGINT');
		expect(await driver.ended).toEqual({ code: 130, signal: null });
		expect(driver.stdout().slice(1)).toEqual(['SIGINT: stopping n8n and the sandbox']);
		expect(driver.standIn()).toEqual(['ready', 'shutting down']);
		await waitFor('the stand-in to be gone', async () => (isAlive(driver.standInPid) ? undefined : true), { timeoutMs: 5_000 });
	}, 60_000);

	it('while n8n has died on its own and the rest is stopping: stops n8n and closes the sandbox once, exits with 1', async () => {
		const driver = await startDriver(500, 1_500);
		process.kill(driver.standInPid, 'SIGUSR1');
		const crashLine = 'n8n exited unexpectedly (3): stopping n8n and the sandbox';
		await waitFor('the stop after the crash to begin', async () => (driver.stdout().includes(crashLine) ? true : undefined), { timeoutMs: 10_000 });
		process.kill(driver.pid, 'SIGINT');
		expect(await driver.ended).toEqual({ code: 1, signal: null });
		expect(driver.stdout().slice(1)).toEqual([crashLine, 'n8n exited with 3', 'Stopped.']);
		expect(driver.standIn()).toEqual(['ready', 'crashed']);
		expect(await accepts(driver.sandboxPort)).toBe(false);
	}, 60_000);
});
