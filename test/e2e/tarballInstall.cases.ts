/**
 * What tarballInstall.test.ts and tarballInstall.v1.test.ts share: the README's install command
 * run with npm's registry refused, and the saved workflow, the newer tarball and what tells the
 * new code from the released one.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { SearchBusinesses } from '../../nodes/SearchBusinesses/SearchBusinesses.node';
import type { ExecutionResult } from './harness/executionResult';
import { type N8nInstance, PACKAGE_NAME, type WorkflowJson } from './harness/n8nInstance';
import { ensureN8nInstalled, nodeEnv, REPO_ROOT, type N8nLine } from './harness/n8nInstall';
import { USER_INSTALL_ARGS } from './harness/packPackage';
import { freePort, runCommand, type CommandResult } from './harness/processes';

/** What the README tells users to run in `~/.n8n/nodes`, followed by the tarball's path. */
export const INSTALL_ARGS = USER_INSTALL_ARGS;

export const NODE = 'Search Businesses';
export const CREDENTIAL = { id: 'tarball-credential', name: 'Business Prospect Data (sandbox)' };
export const EXAMPLE = JSON.parse(readFileSync(path.join(REPO_ROOT, 'examples', 'search-businesses.json'), 'utf8')) as WorkflowJson;
export const WORKFLOW: WorkflowJson = { ...EXAMPLE, id: 'tarballInstall01', name: 'Saved before the update' };
export const FILTERS = { country_code: { values: ['us'] }, company_size: { values: ['11-50', '51-200'] } };
export const RELEASED_DESCRIPTION = new SearchBusinesses().description.description;

/** The next version of the same line: 1.0.0-rc.1 -> 1.0.0-rc.2, 1.0.0 -> 1.0.1. */
const nextVersion = (version: string) => version.replace(/(\d+)$/, (last) => String(Number(last) + 1));

const NODE_TYPE = `${PACKAGE_NAME}.searchBusinesses`;
const NODE_FILE = path.join('dist', 'nodes', 'SearchBusinesses', 'SearchBusinesses.node.js');
/** The execution hint only the newer tarball's Search Businesses adds. */
export const newCodeHint = (version: string) => `Run by ${PACKAGE_NAME} ${version}`;

/**
 * What only the newer tarball's code does, appended to its Search Businesses (never to the
 * repository's): its class is replaced by a subclass whose description ends with the version and
 * whose execute adds the hint before running the node as before (`this` is n8n's execute context).
 */
const newCodePatch = (version: string) => `
// Added by test/e2e/tarballInstall.v1.test.ts to the newer tarball only.
{
	const Released = exports.SearchBusinesses;
	exports.SearchBusinesses = class SearchBusinesses extends Released {
		constructor() {
			super();
			this.description = { ...this.description, description: \`\${this.description.description} (${version})\` };
		}
		async execute() {
			this.addExecutionHints({ message: ${JSON.stringify(newCodeHint(version))}, location: 'outputPane' });
			return await Released.prototype.execute.call(this);
		}
	};
}
`;

/** The packed tarball again under the next version, with `newCodePatch`, packed by npm from the unpacked copy. */
export function newerTarball(tarball: string, folder: string): { tarball: string; version: string } {
	const unpacked = path.join(folder, 'newer');
	mkdirSync(unpacked);
	execFileSync('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1']);
	const manifestFile = path.join(unpacked, 'package.json');
	const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { version: string };
	manifest.version = nextVersion(manifest.version);
	writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
	const nodeFile = path.join(unpacked, NODE_FILE);
	const released = readFileSync(nodeFile, 'utf8');
	// the patch replaces this export: without it the patch would be a no-op
	if (!released.includes('exports.SearchBusinesses = SearchBusinesses;')) throw new Error(`${NODE_FILE} no longer exports SearchBusinesses as the patch expects`);
	writeFileSync(nodeFile, `${released}\n${newCodePatch(manifest.version)}`);
	execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', folder], { cwd: unpacked, stdio: 'ignore' });
	return { tarball: path.join(folder, `${PACKAGE_NAME}-${manifest.version}.tgz`), version: manifest.version };
}

/** The messages of the execution hints of the node's run. */
export const hintsOf = (result: ExecutionResult) => (result.run.data.resultData.runData[NODE]?.[0]?.hints ?? []).map((hint) => hint.message);

/** The description n8n serves to the editor for Search Businesses. */
export async function servedDescription(instance: N8nInstance): Promise<unknown> {
	const served = await instance.rest<Array<{ name: string; description?: unknown }>>('GET', '/types/nodes.json');
	const ours = served.filter((type) => type.name === NODE_TYPE);
	if (ours.length !== 1) throw new Error(`n8n serves ${ours.length} node types named ${NODE_TYPE}`);
	return ours[0].description;
}

/** npm in `cwd` as a user runs it (not with the npm_config_* `npm test` passes on), with every registry request refused. */
export async function npmWithoutRegistry(line: N8nLine, args: string[], cwd: string): Promise<CommandResult> {
	const install = await ensureN8nInstalled({ line });
	const environment = Object.fromEntries(Object.entries(nodeEnv(install.node)).filter(([key]) => !key.startsWith('npm_')));
	return await runCommand('npm', args, {
		cwd,
		env: { ...environment, npm_config_registry: `http://127.0.0.1:${await freePort()}/`, npm_config_fetch_retries: '0' },
		timeoutMs: 120_000,
	});
}

/** The README's install command in `nodesDir`. */
export async function installAsUsersDo(line: N8nLine, nodesDir: string, tarball: string): Promise<void> {
	const result = await npmWithoutRegistry(line, [...INSTALL_ARGS, tarball], nodesDir);
	if (result.exitCode !== 0) throw new Error(`npm ${[...INSTALL_ARGS, tarball].join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

export const installedVersion = (nodesDir: string) =>
	(JSON.parse(readFileSync(path.join(nodesDir, 'node_modules', PACKAGE_NAME, 'package.json'), 'utf8')) as { version: string }).version;
