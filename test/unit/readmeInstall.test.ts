/**
 * The README's install commands hold (issue 30): every package file they name is the one `npm
 * pack` writes for this version, and the npm command is the one the tarball install test runs on
 * n8n 2.x and 1.x (test/e2e/tarballInstall.test.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { USER_INSTALL_ARGS } from '../e2e/harness/packPackage';

const ROOT = path.join(__dirname, '..', '..');
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const { name, version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };

describe('README install commands', () => {
	test('every package file named is the one npm pack writes for this version', () => {
		const named = [...readme.matchAll(new RegExp(`${name}-[0-9A-Za-z.+-]*?\\.tgz`, 'g'))].map((match) => match[0]);
		expect(named.length).toBeGreaterThanOrEqual(3);
		expect(new Set(named)).toEqual(new Set([`${name}-${version}.tgz`]));
	});

	test('the npm install command is the one the tarball install test runs', () => {
		expect(readme).toContain(`npm ${USER_INSTALL_ARGS.join(' ')} /path/to/${name}-${version}.tgz`);
	});
});
