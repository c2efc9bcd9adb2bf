/**
 * The manual install n8n documents for community packages, on every supported n8n line: the
 * tarball installed with npm into `<user folder>/.n8n/nodes` (`~/.n8n/nodes` for a user), n8n
 * started, a saved workflow run; then a newer tarball installed over it in the same folder, n8n
 * started again, and the same workflow gives the same items from the new version. The newer
 * tarball is the same code under the next version, with one difference only its code has
 * (`newerTarball`): Search Businesses adds an execution hint naming the new version to its run, and
 * its description ends with that version. The run after the update must show the hint (on 2.x n8n
 * must also serve the description): an update that left n8n on the old code fails here, though
 * the files on disk say the new version. Each install is the exact command the README gives, run with npm's
 * registry pointed at a closed port: installing the package reaches no registry (the tarball has
 * no dependencies, and `--legacy-peer-deps` keeps npm from resolving the peer n8n-workflow, which
 * n8n provides; `--omit=peer` still fetches its metadata).
 *
 * n8n 2.x runs the workflow from its server, as the editor does; n8n 1.x, whose REST API gives
 * imported workflows new ids, with `n8n execute`, a process of its own that loads the installed
 * packages as the server does. Each line gets a fresh user folder, not the e2e template, so the
 * first install is a user's first install.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { startSandbox, type Sandbox } from '../sandbox';
import { SearchBusinesses } from '../../nodes/SearchBusinesses/SearchBusinesses.node';
import type { ExecutionResult } from './harness/executionResult';
import { N8nInstance, PACKAGE_NAME, type WorkflowJson } from './harness/n8nInstance';
import { ensureN8nInstalled, N8N_LINES, nodeEnv, REPO_ROOT, type N8nLine } from './harness/n8nInstall';
import { packPackage, USER_INSTALL_ARGS } from './harness/packPackage';
import { freePort, runCommand, type CommandResult } from './harness/processes';

/** What the README tells users to run in `~/.n8n/nodes`, followed by the tarball's path. */
const INSTALL_ARGS = USER_INSTALL_ARGS;

const NODE = 'Search Businesses';
const CREDENTIAL = { id: 'tarball-credential', name: 'Business Prospect Data (sandbox)' };
const EXAMPLE = JSON.parse(readFileSync(path.join(REPO_ROOT, 'examples', 'search-businesses.json'), 'utf8')) as WorkflowJson;
const WORKFLOW: WorkflowJson = { ...EXAMPLE, id: 'tarballInstall01', name: 'Saved before the update' };
const FILTERS = { country_code: { values: ['us'] }, company_size: { values: ['11-50', '51-200'] } };
const RELEASED_DESCRIPTION = new SearchBusinesses().description.description;

/** The next version of the same line: 1.0.0-rc.1 -> 1.0.0-rc.2, 1.0.0 -> 1.0.1. */
const nextVersion = (version: string) => version.replace(/(\d+)$/, (last) => String(Number(last) + 1));

const NODE_TYPE = `${PACKAGE_NAME}.searchBusinesses`;
const NODE_FILE = path.join('dist', 'nodes', 'SearchBusinesses', 'SearchBusinesses.node.js');
/** The execution hint only the newer tarball's Search Businesses adds. */
const newCodeHint = (version: string) => `Run by ${PACKAGE_NAME} ${version}`;

/**
 * What only the newer tarball's code does, appended to its Search Businesses (never to the
 * repository's): its class is replaced by a subclass whose description ends with the version and
 * whose execute adds the hint before running the node as before (`this` is n8n's execute context).
 */
const newCodePatch = (version: string) => `
// Added by test/e2e/tarballInstall.test.ts to the newer tarball only.
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
function newerTarball(tarball: string, folder: string): { tarball: string; version: string } {
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
const hintsOf = (result: ExecutionResult) => (result.run.data.resultData.runData[NODE]?.[0]?.hints ?? []).map((hint) => hint.message);

/** The description n8n serves to the editor for Search Businesses. */
async function servedDescription(instance: N8nInstance): Promise<unknown> {
	const served = await instance.rest<Array<{ name: string; description?: unknown }>>('GET', '/types/nodes.json');
	const ours = served.filter((type) => type.name === NODE_TYPE);
	if (ours.length !== 1) throw new Error(`n8n serves ${ours.length} node types named ${NODE_TYPE}`);
	return ours[0].description;
}

/** npm in `cwd` as a user runs it (not with the npm_config_* `npm test` passes on), with every registry request refused. */
async function npmWithoutRegistry(line: N8nLine, args: string[], cwd: string): Promise<CommandResult> {
	const install = await ensureN8nInstalled({ line });
	const environment = Object.fromEntries(Object.entries(nodeEnv(install.node)).filter(([key]) => !key.startsWith('npm_')));
	return await runCommand('npm', args, {
		cwd,
		env: { ...environment, npm_config_registry: `http://127.0.0.1:${await freePort()}/`, npm_config_fetch_retries: '0' },
		timeoutMs: 120_000,
	});
}

/** The README's install command in `nodesDir`. */
async function installAsUsersDo(line: N8nLine, nodesDir: string, tarball: string): Promise<void> {
	const result = await npmWithoutRegistry(line, [...INSTALL_ARGS, tarball], nodesDir);
	if (result.exitCode !== 0) throw new Error(`npm ${[...INSTALL_ARGS, tarball].join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

const installedVersion = (nodesDir: string) =>
	(JSON.parse(readFileSync(path.join(nodesDir, 'node_modules', PACKAGE_NAME, 'package.json'), 'utf8')) as { version: string }).version;

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

describe.each(N8N_LINES.map((line) => [`${line.name} (n8n ${line.version} on Node ${line.node})`, line] as const))(
	'npm install of the tarball in ~/.n8n/nodes on n8n %s',
	(_title, line) => {
		let sandbox: Sandbox;
		let folder: string;
		let userFolder: string;
		let nodesDir: string;
		let packed: { tarball: string; version: string };
		let n8n: N8nInstance | undefined;
		const runsOnServer = line.restKeepsWorkflowIds;
		const log = (message: string) => process.stderr.write(`[e2e] ${message}\n`);

		beforeAll(async () => {
			sandbox = await startSandbox();
			folder = mkdtempSync(path.join(tmpdir(), 'bpd-tarball-'));
			userFolder = path.join(folder, 'home');
			nodesDir = path.join(userFolder, '.n8n', 'nodes');
			const { tarball } = await packPackage(log);
			// a path outside the repository, as a downloaded release asset would be
			const copy = path.join(folder, path.basename(tarball));
			cpSync(tarball, copy);
			const { version } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
			packed = { tarball: copy, version };
		});
		afterAll(async () => {
			await n8n?.dispose();
			await sandbox?.close();
			if (folder) rmSync(folder, { recursive: true, force: true });
		});
		beforeEach(() => sandbox.clearRequests());

		/** Runs the saved workflow and checks its exact items and requests. */
		async function runsTheSavedWorkflow(instance: N8nInstance): Promise<ExecutionResult> {
			const result = await instance.execute(WORKFLOW.id);
			expect({ status: result.status, error: result.describeError() }).toEqual({ status: 'success', error: '' });
			const ids = result.output(NODE).map((item) => item.json.business_id);
			expect(ids).toEqual(sandbox.universe.searchBusinesses(FILTERS).slice(0, 250).map((business) => business.business_id));
			expect(sandbox.requests.map((request) => [request.method, request.path, request.status])).toEqual([
				['POST', '/v1/businesses', 200],
				['POST', '/v1/businesses', 200],
				['POST', '/v1/businesses', 200],
			]);
			return result;
		}

		test('installs into an empty ~/.n8n/nodes without the registry; n8n loads it and runs a saved workflow', async () => {
			mkdirSync(nodesDir, { recursive: true });
			await installAsUsersDo(line, nodesDir, packed.tarball);
			expect(installedVersion(nodesDir)).toBe(packed.version);
			// nothing but the package: its peer n8n-workflow comes from n8n's own tree
			expect(readdirSync(path.join(nodesDir, 'node_modules')).filter((name) => !name.startsWith('.'))).toEqual([PACKAGE_NAME]);

			n8n = await N8nInstance.create({ line, userFolder, tarball: packed.tarball, packageInstalled: true, log });
			if (runsOnServer) {
				await n8n.start();
				await n8n.setupOwner();
			}
			// API v1 named: the example's node version runs on either API, the sandbox's v1 is the one counted here
			await n8n.importCredential({ ...CREDENTIAL, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url, apiVersion: 'v1' } });
			await n8n.importWorkflow(WORKFLOW);
			const result = await runsTheSavedWorkflow(n8n);
			// the released code: no hint, the description of the repository
			expect(hintsOf(result)).toEqual([]);
			if (runsOnServer) expect(await servedDescription(n8n)).toBe(RELEASED_DESCRIPTION);
			await n8n.stop();
		});

		test('a newer tarball installed over it in the same folder: after a restart the new code runs the saved workflow and gives the same items', async () => {
			if (!n8n) throw new Error('the first install did not complete');
			const newer = newerTarball(packed.tarball, folder);
			expect(newer.version).not.toBe(packed.version);
			await installAsUsersDo(line, nodesDir, newer.tarball);
			expect(installedVersion(nodesDir)).toBe(newer.version);
			expect(readdirSync(path.join(nodesDir, 'node_modules')).filter((name) => !name.startsWith('.'))).toEqual([PACKAGE_NAME]);
			expect(JSON.parse(readFileSync(path.join(nodesDir, 'package.json'), 'utf8'))).toEqual({
				dependencies: { [PACKAGE_NAME]: `file:${path.relative(nodesDir, newer.tarball)}` },
			});

			if (runsOnServer) await n8n.start();
			const result = await runsTheSavedWorkflow(n8n);
			// the new code ran the workflow, and is what n8n serves to the editor
			expect(hintsOf(result)).toEqual([newCodeHint(newer.version)]);
			if (runsOnServer) {
				expect(await servedDescription(n8n)).toBe(`${RELEASED_DESCRIPTION} (${newer.version})`);
				// n8n's list of community packages (its database) holds what its own installer installed,
				// not a manual install: no version of ours is there; the hint and description above are
				// what n8n shows of the version it loaded
				expect(await n8n.rest('GET', '/community-packages')).toEqual([]);
				// the workflow saved before the update, unchanged
				const saved = await n8n.rest<{ nodes: Array<{ type: string; typeVersion: number }> }>('GET', `/workflows/${WORKFLOW.id}`);
				expect(saved.nodes.map((node) => [node.type, node.typeVersion])).toEqual(
					(EXAMPLE.nodes as Array<{ type: string; typeVersion: number }>).map((node) => [node.type, node.typeVersion]),
				);
			}
			expect(n8n.packageLoadErrors()).toEqual([]);
			expect(existsSync(path.join(nodesDir, 'node_modules', PACKAGE_NAME, 'dist', 'nodes', 'SearchBusinesses', 'SearchBusinesses.node.js'))).toBe(true);
			await n8n.stop();
		});
	},
);
