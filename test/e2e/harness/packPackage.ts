/**
 * Builds and `npm pack`s this package, exactly what users install, once per change of its sources.
 *
 * Each e2e test file (and `npm start`) needs the tarball; building and packing takes several
 * seconds, so the tarball in `.tmp/pack/` is reused while a fingerprint of the inputs of the
 * build (sources, icons, package.json, build config) stays the same.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { acquireLock } from '../../../scripts/provision/lockFile';
import { REPO_ROOT } from './n8nInstall';

const PACK_DIR = path.join(REPO_ROOT, '.tmp', 'pack');
const BUILD_INPUTS = ['credentials', 'nodes', 'icons', 'package.json', 'tsconfig.json', 'gulpfile.js'];

export interface PackedPackage {
	/** Absolute path of the .tgz. */
	tarball: string;
	/** package.json `name`, the prefix of the node type names (`<name>.<nodeName>`). */
	name: string;
}

export async function packPackage(log: (message: string) => void = () => undefined): Promise<PackedPackage> {
	const { name, version } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
		name: string;
		version: string;
	};
	const tarball = path.join(PACK_DIR, `${name}-${version}.tgz`);
	const fingerprintFile = `${tarball}.fingerprint`;
	const isCurrent = () => existsSync(tarball) && readOrEmpty(fingerprintFile) === fingerprint();
	if (isCurrent()) return { tarball, name };

	mkdirSync(PACK_DIR, { recursive: true });
	const release = await acquireLock(path.join(PACK_DIR, 'pack.lock'), { timeoutMs: 5 * 60_000, done: isCurrent });
	try {
		if (isCurrent()) return { tarball, name };
		// Taken before building: an edit during the build then forces a fresh pack next time.
		const inputs = fingerprint();
		log('Building and packing the package');
		await npm(['run', 'build']);
		await npm(['pack', '--pack-destination', PACK_DIR]);
		if (!existsSync(tarball)) throw new Error(`npm pack did not produce ${tarball}`);
		writeFileSync(fingerprintFile, inputs);
		return { tarball, name };
	} finally {
		release();
	}
}

function fingerprint(): string {
	const hash = createHash('sha256');
	for (const file of BUILD_INPUTS.flatMap((input) => listFiles(path.join(REPO_ROOT, input)))) {
		hash.update(path.relative(REPO_ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
	}
	return hash.digest('hex');
}

function listFiles(target: string): string[] {
	if (!existsSync(target)) return [];
	if (!statSync(target).isDirectory()) return [target];
	return readdirSync(target, { withFileTypes: true })
		.sort((a, b) => a.name.localeCompare(b.name))
		.flatMap((entry) => listFiles(path.join(target, entry.name)));
}

function readOrEmpty(file: string): string {
	try {
		return readFileSync(file, 'utf8');
	} catch {
		return '';
	}
}

function npm(args: string[]): Promise<void> {
	return new Promise((resolve, reject) => {
		const child = spawn('npm', args, { cwd: REPO_ROOT, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
		let output = '';
		child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
		child.on('error', reject);
		child.on('close', (code) =>
			code === 0 ? resolve() : reject(new Error(`\`npm ${args.join(' ')}\` failed with exit code ${code}:\n${output}`)),
		);
	});
}

/**
 * The npm arguments of the manual install users run in `~/.n8n/nodes` (README, Install): without
 * a registry (`--legacy-peer-deps` keeps npm from fetching n8n-workflow, which n8n provides).
 */
export const USER_INSTALL_ARGS = ['install', '--legacy-peer-deps', '--no-audit', '--no-fund'];
