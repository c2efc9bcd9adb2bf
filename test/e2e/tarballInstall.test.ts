/**
 * The manual install n8n documents for community packages runs npm with the registry refused (see
 * tarballInstall.v1.test.ts, which installs the tarball on every supported n8n line and updates
 * it): without `--legacy-peer-deps` npm would ask the registry for the peer n8n-workflow, which
 * the refused registry catches.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PACKAGE_NAME } from './harness/n8nInstance';
import { N8N_LINES } from './harness/n8nInstall';
import { packPackage } from './harness/packPackage';
import { npmWithoutRegistry } from './tarballInstall.cases';

describe('the install command', () => {
	test('without --legacy-peer-deps, npm asks the registry for the peer n8n-workflow: the refused registry above would catch that', async () => {
		const folder = mkdtempSync(path.join(tmpdir(), 'bpd-tarball-peer-'));
		try {
			const { tarball } = await packPackage();
			const result = await npmWithoutRegistry(N8N_LINES[0], ['install', '--omit=peer', '--no-audit', '--no-fund', tarball], folder);
			expect(result.exitCode).not.toBe(0);
			expect(`${result.stdout}${result.stderr}`).toContain('n8n-workflow');
			expect(existsSync(path.join(folder, 'node_modules', PACKAGE_NAME))).toBe(false);
		} finally {
			rmSync(folder, { recursive: true, force: true });
		}
	});
});
