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
 * first install is a user's first install. The saved workflow's requests are counted on API v1 (the
 * credential set to v1); the install command's refused registry: tarballInstall.test.ts.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { startSandbox, type Sandbox } from '../sandbox';
import type { ExecutionResult } from './harness/executionResult';
import { N8nInstance, PACKAGE_NAME } from './harness/n8nInstance';
import { N8N_LINES, REPO_ROOT } from './harness/n8nInstall';
import { packPackage } from './harness/packPackage';
import {
	CREDENTIAL,
	EXAMPLE,
	FILTERS,
	hintsOf,
	installAsUsersDo,
	installedVersion,
	newCodeHint,
	newerTarball,
	NODE,
	RELEASED_DESCRIPTION,
	servedDescription,
	WORKFLOW,
} from './tarballInstall.cases';

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
