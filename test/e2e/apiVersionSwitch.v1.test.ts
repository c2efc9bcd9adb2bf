/**
 * Issue 21's switch test, in the run's shared n8n with the packed package: every shipped example
 * runs on a credential whose API Version is v1, the credential is switched to v2 over n8n's REST
 * API (as saving it in the editor does), the same workflows run again, and every node's output is
 * the same item for item, except the fields docs/api-v2.md lists as removed in v2 (REMOVED_IN_V2).
 * The sandbox serves both versions from one universe; each round starts from the same service
 * state (no enrollments). Request counts are asserted on each version, computed from the catalog.
 *
 * v2's enrollments deliver to a webhook: before the v2 round events-webhook.json is published, as
 * its notes tell the user, and its Business Events Webhook Trigger 2 registers a webhook of its own
 * (the Manage Enrollment nodes, Webhook ID empty, bind to the account's only webhook). What v2 adds to an output (the
 * enrollment's webhook and status) is listed in ADDED_IN_V2 and checked, then left out.
 *
 * What cannot run headless is said in PLANS, and covered as said there.
 */
import { readdirSync } from 'node:fs';


import type { IDataObject } from 'n8n-workflow';

import { type ApiVersion, catalogFor, ENDPOINTS, V1_LIMITS } from '../../nodes/shared/api';
import { BUSINESS_SEARCH_V2 } from '../../nodes/SearchBusinesses/helpers/versions';
import { PROSPECT_SEARCH_V2 } from '../../nodes/shared/search/prospectFilters';
import { FIRST_V2_NODE_VERSION } from '../../nodes/shared/transport/apiVersion';
import { sandboxClient, startSandbox, type Sandbox } from '../sandbox';
import { EXAMPLES_DIR, loadExampleWorkflows } from './harness/exampleWorkflows';
import { useN8n } from './harness/jest';
import { waitFor } from './harness/processes';
import { connectMcpClient } from './support/mcpClient';
import { CREDENTIAL_TYPE, PACKAGE_NAME, type WorkflowJson } from './harness/n8nInstance';
import type { ExecutionResult } from './harness/executionResult';

const CREDENTIAL = { id: 'switchCredential1', name: 'Business Prospect Data (switch test)' };
/** The examples are imported under ids of their own: the shared n8n holds other files' copies. */
const idOf = (exampleId: string) => `switch-${exampleId}`;

/**
 * Nodes of the examples that have no API v2 version yet: they speak v1 whatever the credential
 * says, so on the v2 round their requests still go to /v1 and their output is trivially the same.
 * When a node's v2 version lands (an entry in FIRST_V2_NODE_VERSION), this test fails until its
 * line here is removed; from then on its requests are expected on /v2 and its output truly
 * compared. One line per node.
 */
const STILL_V1: Record<string, string> = {};

/**
 * Fields v2 no longer returns (docs/api-v2.md, "What v2 no longer returns"; V2_REMOVED_FIELDS): absent on
 * v2 by design, so left out of the v1 output before comparing. By example and node, one line each.
 */
const REMOVED_IN_V2: Array<{ example: string; node: string; field: string; why: string }> = [
	{
		example: 'build-a-prospect-list.json',
		node: 'Enrich',
		field: 'contact_information.emails',
		why: 'Contact Information: v2 removed emails (professions_email stays)',
	},
];

/**
 * Fields v2 adds to an output (docs/api-v2.md, "What differs between the node versions": Manage
 * Enrollment's outputs show `webhook_id` and `status`): checked on v2, then left out before
 * comparing. By example and node, one line each.
 */
const ADDED_IN_V2: Array<{ example: string; node: string; fields: string[]; why: string }> = [
	{ example: 'accounts-to-events.json', node: 'Watch Active Accounts', fields: ['webhook_id', 'status'], why: 'a v2 enrollment names its webhook and its status' },
	{ example: 'events-webhook.json', node: 'Enroll Key Accounts', fields: ['webhook_id', 'status'], why: 'a v2 enrollment names its webhook and its status' },
];
/** The MCP tools whose answers hold enrollments: the same fields are left out of their v2 answers. */
const ENROLLMENT_TOOLS = new Set(['Create_Business_Enrollment', 'List_Business_Enrollments']);

type Plan =
	/** run from its Manual Trigger, or `startFrom` another trigger (a polling trigger polls once in manual mode) */
	| { run: 'manual' | { startFrom: string }; note?: string }
	/** not run here: how it is covered instead */
	| { covered: string };

/** How each shipped example is run (every file in examples/ needs an entry). */
const PLANS: Record<string, Plan> = {
	'accounts-to-events.json': { run: 'manual' },
	'agent-tools.json': {
		covered:
			'a chat trigger and an AI agent with an LLM chat model: nothing runs without a model. Its tools are the tool nodes of mcp-server.json (same types, versions and parameters, checked below), called over MCP on both versions below',
	},
	'build-a-prospect-list.json': { run: 'manual' },
	'enrich-within-credits.json': { run: 'manual', note: 'the enrichment branch (the sandbox has credits enough); the stop: checkCredits.test.ts' },
	'events-on-schedule.json': { run: 'manual', note: 'from its Manual Trigger; the schedule runs the same nodes' },
	'events-trigger.json': { run: { startFrom: 'Business Events Trigger' }, note: 'one poll in manual mode, as Fetch Test Event; a published poll: businessEventsTrigger.v1.test.ts (v1)' },
	'events-webhook.json': {
		run: 'manual',
		note: 'the enrollment part; its webhook trigger needs a published workflow and deliveries: webhookTrigger.v1.test.ts (both versions)',
	},
	'match-then-enrich.json': { run: 'manual' },
	'mcp-server.json': { covered: 'published, its tools called over MCP with the same arguments on both versions (below); every tool in detail: mcpTools.test.ts (v1)' },
	'search-businesses.json': { run: 'manual' },
};

/** The tool calls made on each version through the MCP example (its tools, by the names clients see). */
const MCP_CALLS: Array<[string, (sandbox: Sandbox) => IDataObject]> = [
	['Search_Businesses', () => ({ filters: { country_code: { values: ['us'] } } })],
	['Match_Businesses', (sandbox) => ({ domain: sandbox.universe.businesses[0].domain })],
	['Get_Events', (sandbox) => ({ business_ids: sandbox.universe.businesses.slice(0, 5).map((business) => business.business_id).join(', ') })],
	['Match_Prospects', (sandbox) => ({ email: sandbox.universe.prospects.find((prospect) => prospect.email)!.email })],
	['Enrich_Prospect', (sandbox) => ({ prospect_id: sandbox.universe.prospects[0].prospect_id })],
	['Create_Business_Enrollment', (sandbox) => ({ enrollment_key: 'switch-mcp-watch', business_ids: sandbox.universe.businesses[1].business_id })],
	['List_Business_Enrollments', () => ({})],
];

interface NodeJson {
	name: string;
	type: string;
	typeVersion: number;
	parameters: IDataObject;
	credentials?: IDataObject;
}

const nodesOf = (workflow: WorkflowJson) => workflow.nodes as NodeJson[];
const ownName = (type: string) => type.slice(PACKAGE_NAME.length + 1).replace(/Tool$/, '');
const ours = (node: NodeJson) => node.type.startsWith(`${PACKAGE_NAME}.`);

/** The API version a node of ours speaks on a credential set to `credential` (STILL_V1 nodes: v1). */
const speaks = (node: NodeJson | string, credential: ApiVersion): ApiVersion =>
	Object.hasOwn(STILL_V1, typeof node === 'string' ? node : ownName(node.type)) ? 'v1' : credential;

/** `version:operation` of a request, from the catalogs' methods and paths (`{name}` segments too). */
function operationOf(request: { method: string; path: string }): string {
	for (const version of ['v1', 'v2'] as const) {
		for (const [name, definition] of Object.entries(catalogFor(version))) {
			const pattern = new RegExp(`^${definition.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
			if (definition.method === request.method && pattern.test(request.path)) return `${version}:${name}`;
		}
	}
	return `unknown:${request.method} ${request.path}`;
}

function countOperations(requests: ReadonlyArray<{ method: string; path: string }>): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const request of requests) {
		const key = operationOf(request);
		counts[key] = (counts[key] ?? 0) + 1;
	}
	return counts;
}

/** Requests of one batched operation for `ids` distinct ids, by the version's catalog limit. */
function batches(version: ApiVersion, operation: string, ids: number): number {
	const limit = (catalogFor(version) as Record<string, { batch?: { limit?: number } }>)[operation].batch?.limit;
	return limit === undefined ? 1 : Math.ceil(ids / limit);
}

/** Pages of a search of `records` records at the node version's default page size on the version. */
function pages(version: ApiVersion, defaultPageSize: number, records: number): number {
	const pageSize = version === 'v1' ? Math.min(defaultPageSize, V1_LIMITS.searchPageSize.max) : defaultPageSize;
	return Math.max(1, Math.ceil(records / pageSize));
}

const distinct = (items: IDataObject[], field: string) => new Set(items.map((item) => item[field]).filter((value) => typeof value === 'string' && value !== '')).size;

/**
 * One business enrollment created with Webhook ID empty: the create first reads the existing
 * enrollments (a key is created once), and on v2 the account's webhooks (once per run).
 */
const enrollmentCreate = (v: ApiVersion): Record<string, number> => ({
	...(v === 'v2' ? { 'v2:listWebhooks': 1 } : {}),
	[`${v}:listBusinessEnrollments`]: 1,
	[`${v}:createBusinessEnrollment`]: 1,
});

/**
 * The requests each example sends on a credential set to `credential`, where its count is known:
 * computed from the catalog's batch limits, the search's page size and the run's own items.
 */
const EXPECTED_REQUESTS: Record<string, (credential: ApiVersion, result: ExecutionResult) => Record<string, number>> = {
	'search-businesses.json': (v, result) => {
		const records = result.items('Search Businesses').length;
		return { [`${v}:searchBusinesses`]: pages(v, BUSINESS_SEARCH_V2.defaultPageSize!, records) };
	},
	'build-a-prospect-list.json': (v, result) => {
		const found = result.items('Search Prospects');
		return {
			[`${v}:searchProspects`]: pages(v, PROSPECT_SEARCH_V2.defaultPageSize!, found.length),
			[`${v}:enrichProspectContacts`]: batches(v, 'enrichProspectContacts', distinct(found, 'prospect_id')),
		};
	},
	'enrich-within-credits.json': (v, result) => ({
		[`${v}:credits`]: 1,
		[`${v}:matchProspects`]: batches(v, 'matchProspects', result.items('Contacts').length),
		[`${v}:enrichProspectProfiles`]: batches(v, 'enrichProspectProfiles', distinct(result.items('Match Prospects'), 'prospect_id')),
	}),
	'match-then-enrich.json': (v, result) => ({
		[`${v}:matchProspects`]: batches(v, 'matchProspects', result.items('Contacts').length),
		[`${v}:enrichProspectProfiles`]: batches(v, 'enrichProspectProfiles', distinct(result.items('Match Prospects'), 'prospect_id')),
	}),
	'events-on-schedule.json': (v, result) => {
		const ids = String(result.items('Businesses to Watch')[0].business_ids).split(/[\s,]+/).filter(Boolean);
		return { [`${v}:getBusinessEvents`]: batches(v, 'getBusinessEvents', new Set(ids).size) };
	},
	'accounts-to-events.json': (v, result) => {
		const enrollment = speaks('manageEnrollment', v);
		return {
			[`${v}:matchBusinesses`]: batches(v, 'matchBusinesses', result.items('Accounts').length),
			[`${v}:getBusinessEvents`]: batches(v, 'getBusinessEvents', distinct(result.items('Match Businesses'), 'business_id')),
			...enrollmentCreate(enrollment),
		};
	},
	'events-webhook.json': (v) => enrollmentCreate(speaks('manageEnrollment', v)),
};

/**
 * The requests of MCP_CALLS on a credential set to `v`: one a call (the search asks for one page
 * of 25), the enrollment tools' on their own version; the create reads the enrollments first.
 */
const mcpRequests = (v: ApiVersion): Record<string, number> => {
	const enrollment = speaks('manageEnrollment', v);
	return {
		[`${v}:searchBusinesses`]: 1,
		[`${v}:matchBusinesses`]: 1,
		[`${v}:getBusinessEvents`]: 1,
		[`${v}:matchProspects`]: 1,
		[`${v}:enrichProspectProfiles`]: 1,
		...enrollmentCreate(enrollment),
		[`${enrollment}:listBusinessEnrollments`]: 2,
	};
};

/** Every node's output items, in the order the nodes ran. */
function outputsOf(result: ExecutionResult): Record<string, IDataObject[]> {
	return Object.fromEntries(result.executedNodes.map((name) => [name, result.items(name)]));
}

/** The object holding a dotted field's last part, and that part. */
function holderOf(item: IDataObject, field: string): [IDataObject | undefined, string] {
	const parts = field.split('.');
	const last = parts.pop()!;
	let holder: unknown = item;
	for (const part of parts) holder = holder !== null && typeof holder === 'object' ? (holder as IDataObject)[part] : undefined;
	return [holder !== null && typeof holder === 'object' ? (holder as IDataObject) : undefined, last];
}
const valueAt = (item: IDataObject, field: string) => {
	const [holder, last] = holderOf(item, field);
	return holder?.[last];
};

/**
 * The outputs as compared: without the fields v2 removed (v1's side only), and with the id of an
 * enrollment the run itself created written as a placeholder: the service gives every new
 * enrollment a fresh id, and each round creates its own from the same state.
 */
function comparable(file: string, outputs: Record<string, IDataObject[]>, created: ReadonlySet<string>, version: ApiVersion) {
	const copy = structuredClone(outputs);
	for (const items of Object.values(copy)) {
		for (const item of items) if (typeof item.enrollment_id === 'string' && created.has(item.enrollment_id)) item.enrollment_id = '<created by this run>';
	}
	if (version === 'v2') {
		for (const { node, fields } of ADDED_IN_V2.filter((entry) => entry.example === file)) {
			for (const item of copy[node] ?? []) for (const field of fields) delete item[field];
		}
		return copy;
	}
	for (const { node, field } of REMOVED_IN_V2.filter((entry) => entry.example === file)) {
		for (const item of copy[node] ?? []) {
			const [holder, last] = holderOf(item, field);
			if (holder) delete holder[last];
		}
	}
	return copy;
}

/** Ids of the enrollments the sandbox holds (both versions' stores). */
const enrollmentIds = (sandbox: Sandbox) =>
	new Set([...sandbox.enrollments.businesses.keys(), ...sandbox.enrollments.businessesV2.keys(), ...sandbox.enrollments.prospects.keys(), ...sandbox.enrollments.prospectsV2.keys()]);
const clearEnrollments = (sandbox: Sandbox) => {
	for (const store of [sandbox.enrollments.businesses, sandbox.enrollments.businessesV2, sandbox.enrollments.prospects, sandbox.enrollments.prospectsV2]) store.clear();
};

type McpAnswer = { isError: boolean; text: string };

/**
 * A tool's answer without the fields v2 adds to an enrollment (an object with an enrollment_id),
 * its keys sorted: v2's enrollments list their fields in another order, which a model reading the
 * JSON does not care about (the workflows' items are compared as objects, where order never counts).
 */
function withoutAddedFields(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(withoutAddedFields);
	if (value === null || typeof value !== 'object') return value;
	const copy = Object.fromEntries(
		Object.entries(value)
			.sort(([a], [b]) => a.localeCompare(b))
			.map(([key, inner]) => [key, withoutAddedFields(inner)]),
	);
	if ('enrollment_id' in copy) for (const field of ADDED_IN_V2[0].fields) delete copy[field];
	return copy;
}

describe('switching the credential from API v1 to v2: every example gives the same output (issue 21)', () => {
	let sandbox: Sandbox;
	const examples = loadExampleWorkflows(CREDENTIAL);
	const example = (file: string) => examples.find((candidate) => candidate.file === file)!;
	const runnable = examples.filter((candidate) => 'run' in PLANS[candidate.file]);
	const mcpExample = structuredClone(example('mcp-server.json').workflow);
	const mcpTrigger = nodesOf(mcpExample).find((node) => node.type === '@n8n/n8n-nodes-langchain.mcpTrigger')!;
	// a path of its own: mcpTools.test.ts publishes the example's path in the same n8n
	mcpTrigger.parameters = { ...mcpTrigger.parameters, path: `${String(mcpTrigger.parameters.path)}-switch` };
	(mcpTrigger as unknown as { webhookId: string }).webhookId = '5a7c2e10-3b4d-4e6f-8a9b-0c1d2e3f4a5b';

	const rounds: Record<ApiVersion, Map<string, { result: ExecutionResult; requests: Record<string, number>; created: Set<string> }>> = {
		v1: new Map(),
		v2: new Map(),
	};
	type McpRound = { answers: McpAnswer[]; created: Set<string>; requests: Record<string, number> };
	const mcpRounds: Record<ApiVersion, McpRound> = { v1: { answers: [], created: new Set(), requests: {} }, v2: { answers: [], created: new Set(), requests: {} } };

	beforeAll(async () => {
		sandbox = await startSandbox();
	});
	afterAll(async () => await sandbox?.close());

	const n8n = useN8n({
		shared: true,
		prepare: async (instance) => {
			await instance.importCredential({ ...CREDENTIAL, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url, apiVersion: 'v1' } });
			await instance.importWorkflows([
				...runnable.map(({ workflow }) => ({ ...workflow, id: idOf(workflow.id) })),
				{ ...mcpExample, id: idOf(mcpExample.id) },
			]);
			await instance.publish(idOf(mcpExample.id));
		},
	});

	/** One round: each runnable example from the same service state, then the MCP tools. */
	async function round(credential: ApiVersion): Promise<void> {
		for (const { file, workflow } of runnable) {
			clearEnrollments(sandbox);
			// the whole allocation again: the credit balance an example reads is the same on both rounds
			sandbox.configure({ credits: {} });
			sandbox.clearRequests();
			const plan = PLANS[file] as Extract<Plan, { run: unknown }>;
			const result = await n8n().execute(idOf(workflow.id), plan.run === 'manual' ? {} : { startFrom: plan.run.startFrom });
			expect({ file, status: result.status, error: result.describeError() }).toEqual({ file, status: 'success', error: '' });
			rounds[credential].set(file, { result, requests: countOperations(sandbox.requests), created: enrollmentIds(sandbox) });
		}
		clearEnrollments(sandbox);
		sandbox.clearRequests();
		const answers = await callMcpTools();
		mcpRounds[credential] = { answers, created: enrollmentIds(sandbox), requests: countOperations(sandbox.requests) };
		clearEnrollments(sandbox);
	}

	async function callMcpTools(): Promise<McpAnswer[]> {
		const client = await connectMcpClient(n8n().baseUrl, String(mcpTrigger.parameters.path), 'e2e-switch-client');
		try {
			const answers: McpAnswer[] = [];
			for (const [name, args] of MCP_CALLS) {
				const answer = (await client.callTool({ name, arguments: args(sandbox) })) as { isError?: boolean; content: Array<{ text?: string }> };
				answers.push({ isError: answer.isError === true, text: answer.content.map((part) => part.text ?? '').join('') });
			}
			return answers;
		} finally {
			await client.close();
		}
	}

	test('every example has a plan, and the nodes without a v2 version are the ones STILL_V1 names', () => {
		expect(examples.map((candidate) => candidate.file)).toEqual(readdirSync(EXAMPLES_DIR).filter((file) => file.endsWith('.json')).sort());
		expect(Object.keys(PLANS).sort()).toEqual(examples.map((candidate) => candidate.file));
		const withoutV2 = new Set(
			examples.flatMap(({ workflow }) => nodesOf(workflow).filter(ours).map((node) => ownName(node.type))).filter((name) => !Object.hasOwn(FIRST_V2_NODE_VERSION, name)),
		);
		// a name in STILL_V1 that has a v2 version now: remove its line; one missing: add it
		expect(Object.keys(STILL_V1).filter((name) => Object.hasOwn(FIRST_V2_NODE_VERSION, name))).toEqual([]);
		for (const name of withoutV2) expect({ name, listed: Object.hasOwn(STILL_V1, name) }).toEqual({ name, listed: true });
		// the examples are at the node versions that speak v2 (what a user adding the nodes gets)
		for (const { file, workflow } of examples) {
			for (const node of nodesOf(workflow).filter(ours)) {
				const first = FIRST_V2_NODE_VERSION[ownName(node.type)];
				if (first !== undefined) expect({ file, node: node.name, typeVersion: node.typeVersion }).toEqual({ file, node: node.name, typeVersion: first });
			}
		}
		// agent-tools.json's tools are mcp-server.json's, which are compared over MCP below
		const tool = (node: NodeJson) => ({ name: node.name, type: node.type, typeVersion: node.typeVersion, parameters: node.parameters });
		const mcpTools = nodesOf(example('mcp-server.json').workflow).filter(ours).map(tool);
		for (const agentTool of nodesOf(example('agent-tools.json').workflow).filter(ours).map(tool)) expect(mcpTools).toContainEqual(agentTool);
	});

	test('round 1: every runnable example on the credential set to v1 sends only v1 requests', async () => {
		await round('v1');
		for (const [file, { requests }] of rounds.v1) {
			expect({ file, versions: [...new Set(Object.keys(requests).map((key) => key.split(':')[0]))] }).toEqual({ file, versions: ['v1'] });
		}
		expect(mcpRounds.v1.requests).toEqual(mcpRequests('v1'));
	});

	test('the credential is switched to v2 over the REST API, as the editor saves it', async () => {
		const { id } = n8n().credentialRef(CREDENTIAL);
		await n8n().rest('PATCH', `/credentials/${id}`, {
			name: CREDENTIAL.name,
			type: CREDENTIAL_TYPE,
			data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url, apiVersion: 'v2' },
		});
		const saved = await n8n().rest<{ data?: IDataObject }>('GET', `/credentials/${id}?includeData=true`);
		expect(saved.data?.apiVersion).toBe('v2');
	});

	let v2WebhookId = '';

	test('round 2: the same workflows on v2 (nodes without a v2 version still on v1)', async () => {
		// v2's enrollments deliver to a webhook: publish events-webhook.json first, as its notes say;
		// its trigger registers a webhook of its own, and an empty Webhook ID binds to the only one
		const pushExample = example('events-webhook.json').workflow;
		await n8n().publish(idOf(pushExample.id));
		const webhooks = await waitFor(
			'the published Business Events Webhook Trigger 2 to register its webhook',
			async () => {
				const listed = (await sandboxClient(sandbox, ENDPOINTS).call('listWebhooks', {})).body.webhooks as IDataObject[];
				return listed.length > 0 ? listed : undefined;
			},
			{ timeoutMs: 30_000, intervalMs: 250 },
		);
		expect(webhooks.map((webhook) => ({ name: webhook.name, legacy: webhook.legacy ?? false, status: webhook.status }))).toEqual([
			{ name: `n8n: ${String(pushExample.name)} / Business Events Webhook Trigger`, legacy: false, status: 'active' },
		]);
		v2WebhookId = String(webhooks[0].webhook_id);
		await round('v2');
		for (const [file, { requests }] of rounds.v2) {
			const { workflow } = example(file);
			const expected = [...new Set(nodesOf(workflow).filter(ours).map((node) => speaks(node, 'v2')))].sort();
			// every example sends requests, and only on the versions its nodes speak (all v2 now)
			expect({ file, versions: [...new Set(Object.keys(requests).map((key) => key.split(':')[0]))].sort() }).toEqual({ file, versions: expected });
			expect(Object.keys(requests).filter((key) => key.startsWith('unknown:'))).toEqual([]);
		}
		expect(mcpRounds.v2.requests).toEqual(mcpRequests('v2'));
	});

	describe.each(Object.keys(PLANS).filter((file) => 'run' in PLANS[file]))('%s', (file) => {
		test('the same output on v2 as on v1, item for item (less the fields v2 removed)', () => {
			const v1 = rounds.v1.get(file)!;
			const v2 = rounds.v2.get(file)!;
			expect(v1 && v2).toBeTruthy();
			expect(v2.result.executedNodes).toEqual(v1.result.executedNodes);
			// equal but empty proves nothing: each of our nodes gave items, and no enrichment failed
			const { workflow } = example(file);
			const ran = nodesOf(workflow).filter((node) => ours(node) && v1.result.executedNodes.includes(node.name));
			expect(ran.length).toBeGreaterThan(0);
			for (const node of ran) {
				for (const [version, round] of [['v1', v1], ['v2', v2]] as const) {
					const items = round.result.items(node.name);
					expect({ version, node: node.name, hasItems: items.length > 0 }).toEqual({ version, node: node.name, hasItems: true });
					const failed = items.filter((item) => item.enrichment_status === 'failed' || item.enrichment_status === 'partial' || item.error !== undefined);
					expect({ version, node: node.name, failed }).toEqual({ version, node: node.name, failed: [] });
				}
			}
			const before = comparable(file, outputsOf(v1.result), v1.created, 'v1');
			const after = comparable(file, outputsOf(v2.result), v2.created, 'v2');
			for (const node of v1.result.executedNodes) {
				expect({ node, items: after[node].length }).toEqual({ node, items: before[node].length });
				after[node].forEach((item, index) => expect({ node, index, item }).toEqual({ node, index, item: before[node][index] }));
			}
			// what v2 adds is there on v2: the webhook the enrollments were bound to, and their status
			for (const { node, fields } of ADDED_IN_V2.filter((entry) => entry.example === file)) {
				expect(fields).toEqual(['webhook_id', 'status']);
				for (const item of v2.result.items(node)) expect({ node, webhook_id: item.webhook_id, status: item.status }).toEqual({ node, webhook_id: v2WebhookId, status: 'active' });
				expect(v2.result.items(node).length).toBeGreaterThan(0);
			}
			// what is left out was there on v1 and is gone on v2, so the list names real removals
			for (const { node, field } of REMOVED_IN_V2.filter((entry) => entry.example === file)) {
				expect(v1.result.items(node).some((item) => valueAt(item, field) !== undefined)).toBe(true);
				expect(v2.result.items(node).some((item) => valueAt(item, field) !== undefined)).toBe(false);
			}
		});

		if (EXPECTED_REQUESTS[file]) {
			test('the requests on each version, counted from the catalog', () => {
				for (const version of ['v1', 'v2'] as const) {
					const { result, requests } = rounds[version].get(file)!;
					expect({ version, requests }).toEqual({ version, requests: EXPECTED_REQUESTS[file](version, result) });
				}
			});
		}
	});

	test('search-businesses.json: 250 businesses, in three pages on v1 and one on v2', () => {
		// the figures the catalog gives, written out once for the reader
		expect(rounds.v1.get('search-businesses.json')!.requests).toEqual({ 'v1:searchBusinesses': 3 });
		expect(rounds.v2.get('search-businesses.json')!.requests).toEqual({ 'v2:searchBusinesses': 1 });
		expect(rounds.v2.get('search-businesses.json')!.result.items('Search Businesses')).toHaveLength(250);
	});

	test('mcp-server.json: each tool answers the same on v2 as on v1', () => {
		// an enrollment id the round itself created, as in the workflows' outputs
		// and, for the enrollment tools, without what v2 adds to an enrollment (ADDED_IN_V2's fields)
		const comparableAnswer = ({ answers, created }: { answers: McpAnswer[]; created: Set<string> }, index: number): McpAnswer => {
			let text = answers[index].text;
			for (const id of created) text = text.replaceAll(id, '<created by this round>');
			if (ENROLLMENT_TOOLS.has(MCP_CALLS[index][0])) text = JSON.stringify(withoutAddedFields(JSON.parse(text)));
			return { ...answers[index], text };
		};
		expect(mcpRounds.v1.answers).toHaveLength(MCP_CALLS.length);
		expect(mcpRounds.v1.created.size).toBe(1);
		MCP_CALLS.forEach(([name], index) => {
			const v1 = comparableAnswer(mcpRounds.v1, index);
			expect({ name, isError: v1.isError }).toEqual({ name, isError: false });
			expect({ name, answer: comparableAnswer(mcpRounds.v2, index) }).toEqual({ name, answer: v1 });
		});
	});
});

