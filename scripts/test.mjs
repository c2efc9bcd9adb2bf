#!/usr/bin/env node
// `npm test`: everything from a bare machine after `npm ci`, in one command.
//   1. provision (scripts/provision): Debian's chromium, redis-server and postgresql (apt-get as
//      root, otherwise a stop in the first seconds naming the command), the Node.js of every n8n line
//   2. continue under the current line's Node (n8n 2.x needs 24); the n8n installs of every line
//      start in the background meanwhile (minutes from an empty cache)
//   3. lint, build, type-check the tests, then the unit and in-process engine suites
//   4. the real-n8n end-to-end suite (both n8n lines), once the installs are ready
// and one closing line with the totals.
// `npm run test:fast` (`--fast`): steps 1 to 3 without Debian packages or n8n: the inner loop.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { onCurrentNode } from './provision/onCurrentNode.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fast = process.argv.includes('--fast');
const provisionCli = join(root, 'scripts/provision/cli.ts');
let n8nInstalls; // the background provisioning of n8n (step 2), stopped when the run stops early
const fail = (reason) => {
	n8nInstalls?.kill();
	console.log(`\ntests: 0 passed, 1 failed (${reason})`);
	process.exit(1);
};

// 1 + 2: provision, then this script runs again under the current line's Node.
await onCurrentNode(fileURLToPath(import.meta.url), { currentOnly: fast, onFailure: fail });

const run = (command, args, env = {}) => {
	console.log(`\n> ${command} ${args.join(' ')}`);
	const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, env: { ...process.env, ...env } });
	return result.status ?? 1;
};

// 2: the n8n installs download and unpack while the first suites use the CPU.
const n8nProvision = fast ? undefined : provisionN8nInBackground();

const bin = (name) => join(root, 'node_modules/.bin', name);
for (const [command, args, env] of [
	// as `npm run lint`: each file's nearest eslint.config.mjs (test/ and scripts/ have their own)
	[bin('n8n-node'), ['lint'], { ESLINT_FLAGS: 'unstable_config_lookup_from_file' }],
	['npm', ['run', 'build']],
	[bin('tsc'), ['-p', 'tsconfig.test.json', '--noEmit']],
]) {
	if (run(command, args, env) !== 0) fail('lint, build or type check failed');
}

const reports = mkdtempSync(join(tmpdir(), 'bpd-jest-'));
let passed = 0;
let failed = 0;
let status = 0;
const runSuite = (name, args) => {
	const outputFile = join(reports, `${name}.json`);
	const code = run(bin('jest'), [...args, '--json', `--outputFile=${outputFile}`]);
	try {
		const report = JSON.parse(readFileSync(outputFile, 'utf8'));
		passed += report.numPassedTests;
		failed += report.numFailedTests + report.numRuntimeErrorTestSuites;
		if (report.numTotalTests === 0) {
			console.log(`suite ${name} ran no test`);
			failed += 1;
		}
	} catch {
		failed += 1;
	}
	if (code !== 0) status = 1;
};

// Jest's default on 2 cores is one worker; two keep both cores busy (the tests wait on HTTP too).
runSuite('unit', ['--selectProjects', 'unit', '--maxWorkers=2']);
runSuite('engine', ['--selectProjects', 'engine', '--maxWorkers=2']);
if (n8nProvision) {
	const installed = await n8nProvision;
	// Two files at once: the longest ones mostly wait on the service's rate limit or on polls. A
	// third was measured on 2 cores (docs/development.md, "Tests"): n8n starts, the browser and the
	// queue-mode timings then ran out of CPU.
	if (installed) runSuite('e2e', ['--selectProjects', 'e2e', '--maxWorkers=2']);
	else {
		failed += 1;
		status = 1;
	}
}
rmSync(reports, { recursive: true, force: true });
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(status || (failed > 0 ? 1 : 0));

/** Starts the n8n installs; resolves true when they are ready (their output is printed then). */
function provisionN8nInBackground() {
	const child = spawn(process.execPath, ['--import', 'tsx', provisionCli, 'n8n'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
	n8nInstalls = child;
	let output = '';
	for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk.toString()));
	return new Promise((resolve) => {
		child.on('close', (code) => {
			console.log(`\n> n8n installs (started in the background)\n${output.trimEnd()}`);
			if (code !== 0) console.log('n8n could not be installed: the end-to-end suite did not run');
			resolve(code === 0);
		});
	});
}
