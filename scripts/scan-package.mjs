#!/usr/bin/env node
// n8n's verification scanner (@n8n/scan-community-package, the version in package.json) on this
// package as it would be published: `node scripts/scan-package.mjs [package.tgz]` (without an
// argument it packs the current build: run `npm run build` first). Run by
// test/e2e/verificationScan.test.ts and by a maintainer before tagging a release.
// `--source <dir>` lints another source checkout than this one (for the test's broken copies).
//
// The scanner itself takes a package name and downloads it from npm, then checks its provenance
// and lints two things with the same rules: the source the provenance names (package.json,
// nodes/ and credentials/) and the compiled .js and package.json of the tarball. Before the
// first release there is nothing on npm to download, so this runs the same two lint legs with
// the scanner's own `analyzePackage` on this checkout and on the unpacked tarball. The provenance
// leg needs a published version: publish.yml publishes with --provenance (test/unit/release.test.ts).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(tmpdir(), 'bpd-scan-'));
// the scanner makes a temporary folder of its own when loaded: keep it inside ours
process.env.TMPDIR = work;
// eslint-plugin-n8n-nodes-base takes every file for a node file under NODE_ENV=test (its own test
// mode), which Jest sets: the scan would then fail on helpers that rightly throw plain errors
delete process.env.NODE_ENV;

const args = process.argv.slice(2);
const sourceIndex = args.indexOf('--source');
const source = sourceIndex >= 0 ? resolve(args.splice(sourceIndex, 2)[1]) : root;

let status = 1;
try {
	let tarball = args[0] && resolve(args[0]);
	if (!tarball) {
		execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', work], { cwd: root, stdio: 'ignore' });
		tarball = join(work, readdirSync(work).find((file) => file.endsWith('.tgz')));
	}
	const unpacked = join(work, 'package');
	execFileSync('tar', ['-xzf', tarball, '-C', work]);

	const require = createRequire(join(root, 'package.json'));
	const scannerPackage = dirname(require.resolve('@n8n/scan-community-package/package.json'));
	const { version } = require('@n8n/scan-community-package/package.json');
	const scanner = await import(pathToFileURL(join(scannerPackage, 'scanner/scanner.mjs')).href);

	// the two legs of the scanner's analyzePackageByName, with its own file patterns
	const legs = [
		['source (package.json, nodes/, credentials/)', await scanner.analyzePackage(source, scanner.SOURCE_FILE_PATTERNS)],
		['tarball (compiled .js, package.json)', await scanner.analyzePackage(unpacked, ['**/*.js', 'package.json'])],
	];
	for (const [leg, result] of legs) {
		console.log(`${result.passed ? 'passed' : 'FAILED'}: ${leg}${result.passed ? '' : `: ${result.message}`}`);
		if (result.details) console.log(result.details);
	}
	status = legs.every(([, result]) => result.passed) ? 0 : 1;
	console.log(`@n8n/scan-community-package ${version} on ${tarball.replace(work, '<temp>')}: ${status === 0 ? 'passed' : 'failed'}`);
} finally {
	rmSync(work, { recursive: true, force: true });
}
process.exit(status);
