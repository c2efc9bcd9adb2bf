#!/usr/bin/env node
// `npm test`: lint, build, type-check the tests, then the three jest suites in order
// (unit, in-process engine, real-n8n end to end), and one closing line with the totals.
// Re-executes itself under Node 24 when started by an older Node (n8n 2.x needs 24).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

if (Number(process.versions.node.split('.')[0]) < 24) {
	const exports = execFileSync('bash', [join(root, 'scripts/node24.sh')], { encoding: 'utf8' });
	const env = { ...process.env };
	for (const line of exports.split('\n')) {
		const match = /^export (\w+)="(.*)"$/.exec(line.trim());
		if (match) env[match[1]] = match[2].replace('$PATH', process.env.PATH ?? '');
	}
	const rerun = spawnSync('node', [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit', env, cwd: root });
	process.exit(rerun.status ?? 1);
}

const run = (command, args) => {
	console.log(`\n> ${command} ${args.join(' ')}`);
	const result = spawnSync(command, args, { stdio: 'inherit', cwd: root });
	return result.status ?? 1;
};

const bin = (name) => join(root, 'node_modules/.bin', name);
for (const [command, args] of [
	[bin('n8n-node'), ['lint']],
	['npm', ['run', 'build']],
	[bin('tsc'), ['-p', 'tsconfig.test.json', '--noEmit']],
]) {
	if (run(command, args) !== 0) {
		console.log('\ntests: 0 passed, 1 failed (lint, build or type check failed)');
		process.exit(1);
	}
}

// Install (or find in the cache) the real n8n before jest starts: from an empty cache this takes
// several minutes, which belongs to no single test's timeout.
if (run('node', ['--import', 'tsx', join(root, 'test/e2e/harness/n8nInstall.ts')]) !== 0) {
	console.log('\ntests: 0 passed, 1 failed (n8n could not be installed)');
	process.exit(1);
}

const reports = mkdtempSync(join(tmpdir(), 'bpd-jest-'));
const suites = [
	['unit', ['--selectProjects', 'unit']],
	['engine', ['--selectProjects', 'engine']],
	['e2e', ['--selectProjects', 'e2e', '--runInBand']],
];
let passed = 0;
let failed = 0;
let status = 0;
for (const [name, args] of suites) {
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
}
rmSync(reports, { recursive: true, force: true });
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(status || (failed > 0 ? 1 : 0));
