/**
 * n8n's verification scanner, @n8n/scan-community-package (pinned in package.json), on the packed
 * tarball users install and on the source it is built from: the two lint legs the scanner runs on a
 * published package (scripts/scan-package.mjs says why it cannot download this one). No n8n runs
 * here; it sits in the e2e suite because the lint takes about half a minute of the unit suite's
 * time otherwise. A broken copy shows the scan fails on what verification refuses.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { REPO_ROOT } from './harness/n8nInstall';
import { packPackage } from './harness/packPackage';

const SCAN = path.join(REPO_ROOT, 'scripts', 'scan-package.mjs');

async function scan(args: string[]): Promise<{ status: number; output: string }> {
	try {
		const { stdout, stderr } = await promisify(execFile)(process.execPath, [SCAN, ...args], { cwd: REPO_ROOT, maxBuffer: 32 * 1024 * 1024 });
		return { status: 0, output: `${stdout}${stderr}` };
	} catch (error) {
		const failed = error as { code?: number; stdout?: string; stderr?: string };
		return { status: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
	}
}

describe('n8n\'s verification scanner', () => {
	let tarball: string;
	let folder: string;
	beforeAll(async () => {
		({ tarball } = await packPackage((message) => process.stderr.write(`[e2e] ${message}\n`)));
		folder = mkdtempSync(path.join(tmpdir(), 'bpd-scan-test-'));
	});
	afterAll(() => {
		if (folder) rmSync(folder, { recursive: true, force: true });
	});

	test('passes on the packed tarball and its source', async () => {
		const { version } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
		const result = await scan([tarball]);
		expect(result.output.trim().split('\n')).toEqual([
			'passed: source (package.json, nodes/, credentials/)',
			'passed: tarball (compiled .js, package.json)',
			`@n8n/scan-community-package 0.32.0 on ${tarball}: passed`,
		]);
		expect(result.status).toBe(0);
		expect(path.basename(tarball)).toBe(`n8n-nodes-business-prospect-data-${version}.tgz`);
	});

	test('fails on a tarball with a runtime dependency and a console call', async () => {
		// the credential and package.json only, broken twice: a small tarball lints in seconds
		const broken = path.join(folder, 'package');
		mkdirSync(path.join(broken, 'dist', 'credentials'), { recursive: true });
		execFileSync('tar', ['-xzf', tarball, '-C', folder, 'package/package.json', 'package/dist/credentials/BusinessProspectDataApi.credentials.js']);
		const manifestFile = path.join(broken, 'package.json');
		const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
		writeFileSync(manifestFile, JSON.stringify({ ...manifest, dependencies: { axios: '1.18.0' } }, null, 2));
		appendFileSync(path.join(broken, 'dist', 'credentials', 'BusinessProspectDataApi.credentials.js'), "\nconsole.log('loaded');\n");
		const brokenTarball = path.join(folder, 'broken.tgz');
		execFileSync('tar', ['-czf', brokenTarball, '-C', folder, 'package']);

		const result = await scan([brokenTarball, '--source', broken]);

		expect(result.status).toBe(1);
		expect(result.output).toContain('FAILED: tarball (compiled .js, package.json): ESLint violations found');
		expect(result.output).toContain('@n8n/community-nodes/no-runtime-dependencies');
		expect(result.output).toMatch(/no-console|@n8n\/community-nodes\/no-restricted-globals/);
		expect(result.output.trim().split('\n').at(-1)).toBe('@n8n/scan-community-package 0.32.0 on ' + brokenTarball + ': failed');
	});
});
