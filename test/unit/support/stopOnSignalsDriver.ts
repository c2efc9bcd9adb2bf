/**
 * `npm start`'s processes and its own shutdown (scripts/demoShutdown.ts, what scripts/start.mjs
 * runs), with a stand-in for n8n: spawns it through the e2e harness first (which installs the
 * harness's own Ctrl-C handler, the one that used to end npm start before its shutdown ran),
 * starts an HTTP server in place of the sandbox (the sandbox's data would only slow the test),
 * then hands Ctrl-C to stopOnSignals and n8n's own exit to the shutdown, as start.mjs does. Run by
 * test/unit/startShutdown.test.ts: `node --import tsx <this file> <log file> <ms> <close ms>`,
 * where the stand-in writes its own lines to <log file>, takes <ms> to shut down and exits with 3
 * on its own on SIGUSR1 (a crash of n8n), and closing the server takes <close ms> more.
 */
import { openSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

import { demoShutdown } from '../../../scripts/demoShutdown';
import { spawnGroup, stopOnSignals } from '../../e2e/harness/processes';

const [logFile, shutdownMs, closeMs] = process.argv.slice(2);

// n8n's way: on SIGTERM it logs, finishes its work, then exits
const STAND_IN = `const fs = require('node:fs');
const say = (line) => fs.appendFileSync(${JSON.stringify(logFile)}, line + '\\n');
process.on('SIGTERM', () => { say('shutting down'); setTimeout(() => { say('stopped'); process.exit(0); }, ${Number(shutdownMs)}); });
process.on('SIGUSR1', () => { say('crashed'); process.exit(3); });
setInterval(() => undefined, 1000);
say('ready');`;

async function main(): Promise<void> {
	const out = openSync(logFile, 'a');
	const n8n = spawnGroup(process.execPath, ['-e', STAND_IN], { cwd: process.cwd(), env: {}, stdio: ['ignore', out, out] });
	const sandbox = http.createServer((_request, response) => response.end('sandbox'));
	await new Promise<void>((resolve) => sandbox.listen(0, '127.0.0.1', resolve));
	const close = async () => {
		await delay(Number(closeMs));
		await new Promise<void>((resolve, reject) => sandbox.close((error) => (error ? reject(error) : resolve())));
	};
	// n8n's stop as N8nInstance.stop does it: SIGTERM, a grace period, then SIGKILL
	const stopN8n = async () => {
		await n8n.kill(20_000);
		console.log(`n8n exited with ${await n8n.exited}`);
	};
	const shutdown = demoShutdown({ n8n: () => ({ stop: stopN8n }), sandbox: () => ({ close }), log: (line) => console.log(line) });
	stopOnSignals(shutdown.stop);
	console.log(`ready ${n8n.child.pid} ${(sandbox.address() as AddressInfo).port}`);
	const code = await shutdown.afterN8nExit(`n8n exited unexpectedly (${await n8n.exited})`);
	if (code !== undefined) process.exit(code);
}

void main();
