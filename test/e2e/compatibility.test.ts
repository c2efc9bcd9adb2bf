/**
 * The package on every supported n8n line (scripts/provision/n8nLines.ts): n8n 2.x on Node 24 and
 * n8n 1.x on Node 22, each a real n8n process with the packed package installed as users install
 * it, against the sandbox. The same checks run on each line: the package loads with every node,
 * tool variant and the credential; n8n's credential test; every example workflow; a published
 * trigger firing; and the tools an MCP Server Trigger lists and calls. The rest of the e2e suite
 * runs on the current line only. A published webhook trigger's pushed events (API v1's partner
 * webhook): compatibility.v1.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { BUSINESS_EVENT_TYPES } from '../../nodes/shared/api';
import { OLDEST_NODE } from '../../scripts/provision/n8nLines';
import { ensureNode } from '../../scripts/provision/node';
import { startSandbox, type Sandbox } from '../sandbox';
import { loadExampleWorkflows } from './harness/exampleWorkflows';
import { useN8n } from './harness/jest';
import { CREDENTIAL_TYPE, type N8nInstance, type WorkflowJson } from './harness/n8nInstance';
import { ensureN8nInstalled, N8N_LINES, PREVIOUS_LINE } from './harness/n8nInstall';
import { packPackage } from './harness/packPackage';
import { connectMcpClient } from './support/mcpClient';
import { MCP_SERVER_TOOLS } from './support/mcpServerExample';
import { expectedCredentialTypes, expectedNodeTypes, readManifest } from './support/packageManifest';

/** The credential's Partner ID: the service keeps webhooks per partner. */
const PARTNER = 'partner-compat';
type NodeJson = { name: string; type: string; parameters: IDataObject };
const nodesOf = (workflow: WorkflowJson) => workflow.nodes as NodeJson[];

/** One workflow's outcome in the results file of `n8n execute-batch`. */
interface BatchExecution {
	workflowId: string;
	executionStatus: string;
	error?: string;
}

interface BatchRun {
	executions: BatchExecution[];
	/** what the process printed and the results file */
	printed: string;
	/** the whole execution data of each workflow that succeeded (n8n's snapshot file), by workflow id */
	runData: Record<string, string>;
}

/**
 * Runs workflows one after another in one `n8n execute-batch` process, in the CLI mode of
 * `n8n execute`: one n8n start for all of them instead of one each (a start costs seconds).
 */
async function executeBatch(instance: N8nInstance, workflowIds: string[]): Promise<BatchRun> {
	const folder = mkdtempSync(path.join(tmpdir(), 'bpd-batch-'));
	const resultsFile = path.join(folder, 'results.json');
	const snapshots = path.join(folder, 'snapshots');
	mkdirSync(snapshots);
	try {
		// --retries=0: a workflow that fails is reported, not run again until it passes
		const args = ['execute-batch', `--ids=${workflowIds.join(',')}`, '--retries=0', `--output=${resultsFile}`, `--snapshot=${snapshots}`];
		const run = await instance.cli(args, 600_000);
		const printed = `--- stdout ---\n${run.stdout}\n--- stderr ---\n${run.stderr}`;
		if (run.timedOut || !existsSync(resultsFile)) {
			throw new Error(`n8n execute-batch wrote no results (exit code ${run.exitCode}${run.timedOut ? ', timed out' : ''}).\n${printed.slice(-6000)}`);
		}
		const results = readFileSync(resultsFile, 'utf8');
		const runData = Object.fromEntries(
			workflowIds
				.map((id) => [id, path.join(snapshots, `${id}-snapshot.json`)])
				.filter(([, file]) => existsSync(file))
				.map(([id, file]) => [id, readFileSync(file, 'utf8')]),
		);
		return { executions: (JSON.parse(results) as { executions: BatchExecution[] }).executions, printed: `${printed}\n${results}`, runData };
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}

describe.each(N8N_LINES.map((line) => [`${line.name} (n8n ${line.version} on Node ${line.node})`, line] as const))(
	'the package on n8n %s',
	(_title, line) => {
		let sandbox: Sandbox;
		beforeAll(async () => {
			sandbox = await startSandbox({ partnerId: PARTNER });
		});
		afterAll(async () => await sandbox?.close());

		const credential = { id: 'compatCredential1', name: 'Business Prospect Data (sandbox)' };
		const examples = loadExampleWorkflows(credential);
		const example = (file: string) => examples.find((candidate) => candidate.file === file)!.workflow;
		const mcpServer = example('mcp-server.json');
		// The example trigger, polling only at activation (next: January 1st) and looking 30 days back,
		// so it fires once at publish time with every event of those 30 days.
		const trigger = structuredClone({ ...example('events-trigger.json'), id: 'compatEventsTrigger1', name: 'Events, 30 days back' });
		const triggerNode = nodesOf(trigger).find((node) => node.type.endsWith('.businessEventsTrigger'))!;
		// The push example, published: its webhook trigger registers with the sandbox as n8n starts (its
		// pushed events: compatibility.v1.test.ts).
		const pushExample = example('events-webhook.json');
		let watched: string[] = [];

		const n8n = useN8n({
			line,
			start: true,
			prepare: async (instance) => {
				watched = sandbox.universe.businesses.slice(20, 50).map((business) => business.business_id);
				Object.assign(triggerNode.parameters, {
					pollTimes: { item: [{ mode: 'custom', cronExpression: '0 0 1 1 *' }] },
					businessIds: watched.join(', '),
					eventTypes: [...BUSINESS_EVENT_TYPES],
					options: { lookBackDays: 30 },
				});
				await instance.importCredential({ ...credential, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url, partnerId: PARTNER } });
				await instance.importWorkflows([...examples.map((candidate) => candidate.workflow), trigger]);
				await instance.publish(trigger.id);
				await instance.publish(mcpServer.id);
				await instance.publish(pushExample.id);
			},
		});

		test(`runs n8n ${line.version} on Node ${line.node}`, async () => {
			expect((await n8n().cli(['--version'])).stdout.trim().split('\n').pop()).toBe(line.version);
			expect(n8n().install.node.version.split('.')[0]).toBe(line.node);
		});

		test('loads the package: exactly the node types of the manifest, their tool variants and the credential', async () => {
			expect(n8n().packageLoadErrors()).toEqual([]);
			const packageName = readManifest().name;
			const ours = (names: string[]) => names.filter((name) => name.startsWith(`${packageName}.`)).sort();
			const served = await n8n().rest<Array<{ name: string }>>('GET', '/types/nodes.json');
			expect(ours(served.map((type) => type.name))).toEqual(expectedNodeTypes());
			const credentials = n8n()
				.credentialTypes()
				.filter((type) => type.name === CREDENTIAL_TYPE);
			expect(credentials.map((type) => type.name)).toEqual(expectedCredentialTypes().map((type) => type.name));
		});

		test("n8n's credential test passes with the key and explains a wrong one", async () => {
			expect(await n8n().testCredential({ apiKey: sandbox.apiKey, baseUrl: sandbox.url })).toEqual({
				status: 'OK',
				message: 'Connection successful!',
			});
			// n8n 1.x's request helper drops the answer from the error, so the credential's own rule
			// for a 401 never applies there and n8n says it in its words (the README says so).
			expect(await n8n().testCredential({ apiKey: 'wrong-key-0000', baseUrl: sandbox.url })).toEqual({
				status: 'Error',
				message:
					line === PREVIOUS_LINE
						? 'Authorization failed - please check your credentials'
						: 'The service rejected the API key (401). Check the API key and, if set, the partner ID.',
			});
		});

		// every example that starts with a Manual Trigger, all run by the first test that needs them
		const manualExamples = examples.filter((candidate) => candidate.manual);
		let batch: ReturnType<typeof executeBatch> | undefined;
		const runExamples = async () => await (batch ??= executeBatch(n8n(), manualExamples.map((candidate) => candidate.workflow.id)));

		test.each(manualExamples.map((candidate) => [candidate.file, candidate.workflow.id]))('runs the example %s', async (_file, workflowId) => {
			const { executions, printed, runData } = await runExamples();
			const runs = executions.filter((execution) => execution.workflowId === workflowId);
			expect(runs.map((execution) => ({ status: execution.executionStatus, error: execution.error ?? '' }))).toEqual([
				{ status: 'success', error: '' },
			]);
			// the whole run (every node's output) as n8n saved it
			expect((JSON.parse(runData[workflowId] ?? '{}') as { status?: string }).status).toBe('success');
			expect(`${printed}${runData[workflowId]}`).not.toContain(sandbox.apiKey);
		});

		test('a published Business Events Trigger fires at activation with the events of its look-back window', async () => {
			const [execution] = await n8n().waitForExecutions(trigger.id, 1, { timeoutMs: 30_000 });
			expect(execution.status).toBe('success');
			const fired = execution.items(triggerNode.name);
			const ids = new Set(watched);
			const from = Date.now() - 30 * 86_400_000;
			const expected = sandbox.universe.events
				.filter((event) => ids.has(event.business_id) && Date.parse(event.event_time) > from + 120_000)
				.map((event) => event.event_id);
			expect(expected.length).toBeGreaterThan(10);
			// events within two minutes of the window's edge may fall on either side of it
			expect(fired.map((event) => event.event_id)).toEqual(expect.arrayContaining(expected));
			expect(fired.length).toBeLessThanOrEqual(expected.length + 5);
			expect(new Set(fired.map((event) => event.event_id)).size).toBe(fired.length);
		});

		test('an MCP Server Trigger lists the tool variants and runs them', async () => {
			const path = String(nodesOf(mcpServer).find((node) => node.type === '@n8n/n8n-nodes-langchain.mcpTrigger')!.parameters.path);
			const client = await connectMcpClient(n8n().baseUrl, path, 'e2e-compatibility');
			try {
				const { tools } = await client.listTools();
				expect(tools.map((tool) => tool.name).sort()).toEqual(MCP_SERVER_TOOLS);
				const prospect = sandbox.universe.prospects.find((candidate) => candidate.matchable)!;
				const { email } = sandbox.universe.contactFor(prospect, 'email') as { email: string };
				const answer = (await client.callTool({ name: 'Match_Prospects', arguments: { email } })) as {
					isError?: boolean;
					content: Array<{ text?: string }>;
				};
				expect(answer.isError ?? false).toBe(false);
				expect(JSON.parse(answer.content.map((part) => part.text ?? '').join(''))).toEqual([
					{ prospect_id: prospect.prospect_id, matched: true },
				]);
			} finally {
				await client.close();
			}
		});

		test("never writes the key into n8n's output", () => {
			expect(n8n().serverOutput(Infinity)).not.toContain(sandbox.apiKey);
		});
	},
);

test(`the compiled package loads on Node ${OLDEST_NODE}, the oldest Node that n8n ${PREVIOUS_LINE.name} accepts`, async () => {
	const node = await ensureNode(OLDEST_NODE);
	const n8n1 = await ensureN8nInstalled({ line: PREVIOUS_LINE });
	// The package as shipped, unpacked outside the repository, so that nothing resolves from its
	// node_modules: each class of the manifest is instantiated with n8n 1.x's n8n-workflow.
	const { tarball } = await packPackage();
	const folder = mkdtempSync(path.join(tmpdir(), 'bpd-oldest-node-'));
	execFileSync('tar', ['-xzf', tarball, '-C', folder]);
	const unpacked = path.join(folder, 'package');
	const script = `
		const path = require('node:path');
		const { n8n } = require(path.join(process.cwd(), 'package.json'));
		const loaded = [...n8n.nodes, ...n8n.credentials].map((file) => {
			const name = path.basename(file).split('.')[0];
			const instance = new (require(path.join(process.cwd(), file))[name])();
			return instance.description ? instance.description.name : instance.name;
		});
		console.log(JSON.stringify({ node: process.version, loaded }));`;
	let output: string;
	try {
		output = execFileSync(node.execPath, ['-e', script], {
			cwd: unpacked,
			env: { PATH: process.env.PATH, NODE_PATH: path.join(n8n1.dir, 'node_modules') },
			encoding: 'utf8',
		});
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
	const manifest = readManifest() as unknown as { n8n: { nodes: string[]; credentials: string[] } };
	const { node: version, loaded } = JSON.parse(output) as { node: string; loaded: string[] };
	expect(version).toBe(`v${OLDEST_NODE}`);
	expect(loaded).toHaveLength(manifest.n8n.nodes.length + manifest.n8n.credentials.length);
	expect(loaded).toContain(CREDENTIAL_TYPE);
});
