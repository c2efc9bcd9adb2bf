/**
 * What `npm start` (scripts/start.mjs) does with its processes, with a stand-in for n8n: spawns
 * it through the e2e harness first (which installs the harness's own Ctrl-C handler, the one that
 * used to end npm start before its shutdown ran), starts an HTTP server in place of the sandbox
 * (the sandbox's data would only slow the test), then hands Ctrl-C to stopOnSignals with the same
 * shutdown: n8n stopped with SIGTERM and a grace period, the server closed. Run by test/unit/startShutdown.test.ts: `node --import tsx <this file> <log file> <ms>`,
 * where the stand-in writes its own lines to <log file> and takes <ms> to shut down.
 */
import { openSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { spawnGroup, stopOnSignals } from '../../e2e/harness/processes';

const [logFile, shutdownMs] = process.argv.slice(2);

// n8n's way: on SIGTERM it logs, finishes its work, then exits
const STAND_IN = `const fs = require('node:fs');
const say = (line) => fs.appendFileSync(${JSON.stringify(logFile)}, line + '\\n');
process.on('SIGTERM', () => { say('shutting down'); setTimeout(() => { say('stopped'); process.exit(0); }, ${Number(shutdownMs)}); });
setInterval(() => undefined, 1000);
say('ready');`;

async function main(): Promise<void> {
	const out = openSync(logFile, 'a');
	const n8n = spawnGroup(process.execPath, ['-e', STAND_IN], { cwd: process.cwd(), env: {}, stdio: ['ignore', out, out] });
	const sandbox = http.createServer((_request, response) => response.end('sandbox'));
	await new Promise<void>((resolve) => sandbox.listen(0, '127.0.0.1', resolve));
	const close = () => new Promise<void>((resolve, reject) => sandbox.close((error) => (error ? reject(error) : resolve())));
	stopOnSignals(async (reason) => {
		console.log(`${reason}: stopping n8n and the sandbox`);
		await n8n.kill(20_000);
		console.log(`n8n exited with ${await n8n.exited}`);
		await close();
		console.log('Stopped.');
	});
	console.log(`ready ${n8n.child.pid} ${(sandbox.address() as AddressInfo).port}`);
}

void main();
