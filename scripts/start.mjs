#!/usr/bin/env node
/**
 * `npm start`: a ready-to-click demo. Builds and packs this package, installs it into a real n8n
 * (cached install) the way users install community packages, starts the sandbox service on
 * 127.0.0.1:4010 and n8n on 127.0.0.1:5678, imports a credential pointing at the sandbox and the
 * example workflows, creates the owner account and prints the login. Ctrl-C stops everything.
 *
 * n8n 2.x needs Node 24: under another Node this script re-runs itself with Node 24
 * (provisioned by scripts/provision). State persists in .tmp/n8n-demo between runs.
 *
 * Options: --port <n8n port, 5678> --sandbox-port <4010> --fresh (start from an empty demo folder)
 */
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { onCurrentNode } from './provision/onCurrentNode.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEMO_FOLDER = path.join(ROOT, '.tmp', 'n8n-demo');
const CREDENTIAL = { id: 'bpdSandboxCred01', name: 'Business Prospect Data (sandbox)' };

// n8n 2.x needs Node 24: under another Node this script provisions it and runs again on it.
await onCurrentNode(fileURLToPath(import.meta.url), {
	currentOnly: true,
	onFailure: (reason) => {
		console.error(`npm start failed: ${reason}`);
		process.exit(1);
	},
});
main().catch((error) => {
	console.error(`\nnpm start failed: ${error instanceof Error ? error.message : String(error)}`);
	process.exit(1);
});

async function main() {
	const { values } = parseArgs({
		options: {
			port: { type: 'string', default: '5678' },
			'sandbox-port': { type: 'string', default: '4010' },
			fresh: { type: 'boolean', default: false },
		},
	});
	const port = Number(values.port);
	const sandboxPort = Number(values['sandbox-port']);
	await assertPortFree(port, '--port');
	await assertPortFree(sandboxPort, '--sandbox-port');
	if (values.fresh) rmSync(DEMO_FOLDER, { recursive: true, force: true });

	// The harness and the sandbox are TypeScript CommonJS modules (as Jest runs them): load them
	// through tsx's CommonJS hook (tsx is a devDependency).
	const { register } = await import('tsx/cjs/api');
	register();
	const require = createRequire(import.meta.url);
	const { N8nInstance, DEFAULT_OWNER } = require('../test/e2e/harness/n8nInstance.ts');
	const { loadExampleWorkflows } = require('../test/e2e/harness/exampleWorkflows.ts');
	const { stopOnSignals } = require('../test/e2e/harness/processes.ts');
	const { startSandbox } = require('../test/sandbox/index.ts');
	const { demoShutdown } = require('./demoShutdown.ts');

	// Ctrl-C (or SIGTERM) from here on: n8n gets SIGTERM and up to 20 s to shut down, then the
	// sandbox closes (once, however many ways the demo ends at the same time). Before n8n exists,
	// whatever is running (an install) is killed at exit.
	let n8n;
	let sandbox;
	const shutdown = demoShutdown({ n8n: () => n8n, sandbox: () => sandbox, log: (line) => console.log(line) });
	stopOnSignals(shutdown.stop);

	const log = (message) => console.log(`- ${message}`);
	log('Preparing n8n and the package (the first run installs n8n: several minutes)');
	n8n = await N8nInstance.create({ userFolder: DEMO_FOLDER, port, log });
	sandbox = await startSandbox({ port: sandboxPort });
	log(`Sandbox service listening on ${sandbox.url}`);

	try {
		await n8n.importCredential({ ...CREDENTIAL, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url } });
		const examples = loadExampleWorkflows(CREDENTIAL);
		await n8n.importWorkflows(examples.map((example) => example.workflow));
		log(`Imported the credential "${CREDENTIAL.name}" and ${examples.length} example workflow(s)`);
		log('Starting n8n');
		await n8n.start();
		await n8n.setupOwner(DEFAULT_OWNER);
	} catch (error) {
		// stopped by Ctrl-C while starting: that stop is shutting down and ends the process
		if (shutdown.stopping) return;
		await shutdown.stop('Starting failed');
		throw error;
	}
	const loadErrors = n8n.packageLoadErrors();
	if (loadErrors.length > 0) console.warn(`\nWARNING: n8n could not load the package:\n${loadErrors.join('\n')}`);

	console.log(`
n8n is ready with ${n8n.packageName} installed:

  URL:       ${n8n.baseUrl}
  Email:     ${DEFAULT_OWNER.email}
  Password:  ${DEFAULT_OWNER.password}

  Credential "${CREDENTIAL.name}" points at the sandbox (${sandbox.url}, API key ${sandbox.apiKey}).
  Example workflows are in the workflow list. n8n's log: ${path.relative(ROOT, path.join(DEMO_FOLDER, 'n8n-start.log'))}

Press Ctrl-C to stop.`);

	// If n8n dies on its own, do not leave the sandbox running alone. (After Ctrl-C, n8n's exit is
	// awaited by that stop, which ends this process.)
	const exitCode = await n8n.waitForExit();
	const code = await shutdown.afterN8nExit(`n8n exited unexpectedly (${exitCode})\n${n8n.serverOutput(30)}`);
	if (code !== undefined) process.exit(code);
}

function assertPortFree(port, option) {
	return new Promise((resolve, reject) => {
		const probe = net.createServer();
		probe.once('error', () => reject(new Error(`127.0.0.1:${port} is in use (another n8n or sandbox?). Stop it or pass ${option} <port>.`)));
		probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
	});
}
