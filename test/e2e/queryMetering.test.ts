/**
 * Issue 28's acceptance in a real n8n (the shared n8n 2.x, the packed package): the service meters
 * queries (rate-limits.md), and the sandbox does so by default. Match Prospects -> Enrich of 300
 * contacts with default parameters and the credential's default 200 queries a minute, the sandbox
 * answering after 50 ms: every row out in order and paired, at most 3 answers 429 (the aim is 0),
 * and the run within 1.1x of the query floor, (ceil(queries / 200) - 1) minutes, the queries
 * counted from the sandbox's log. Takes about two minutes: the floor of some 550 queries.
 */
import type { IDataObject } from 'n8n-workflow';

import { LIMITS, V1_LIMITS } from '../../nodes/shared/api';
import { contactTable, expectedProspectId } from '../engine/matchEnrichContacts';
import type { WorkflowJson } from './harness/n8nInstance';
import { useSandboxN8n } from './harness/sandboxN8n';

const CONTACTS = 300;
const LATENCY_MS = 50;
const MATCH_PATH = '/v1/prospects/match';
const PROFILE_PATH = '/v1/prospects/profiles/bulk_enrich';
const CREDENTIAL = { id: 'query-metering-credential', name: 'Business Prospect Data (query metering)' };
const WORKFLOW_ID = 'e2eQueryMetering300';

/** Manual Trigger -> Code (the contact table) -> Match Prospects -> Enrich, all defaults. */
function chainWorkflow(contacts: IDataObject[]): WorkflowJson {
	const credentials = { businessProspectDataApi: CREDENTIAL };
	const node = (name: string, type: string, typeVersion: number, x: number, parameters: IDataObject, extra = {}) => ({
		id: `e2e-query-metering-${x}`,
		name,
		type,
		typeVersion,
		position: [x, 0],
		parameters,
		...extra,
	});
	const link = (to: string) => ({ main: [[{ node: to, type: 'main', index: 0 }]] });
	return {
		id: WORKFLOW_ID,
		name: '300 contacts -> Match Prospects -> Enrich under query metering',
		nodes: [
			node('Start', 'n8n-nodes-base.manualTrigger', 1, 0, {}),
			node('Contacts', 'n8n-nodes-base.code', 2, 200, { jsCode: `return ${JSON.stringify(contacts)}.map((json) => ({ json }));` }),
			node('Match Prospects', 'n8n-nodes-business-prospect-data.matchProspects', 1, 400, {}, { credentials }),
			node('Enrich', 'n8n-nodes-business-prospect-data.enrich', 1, 600, {}, { credentials }),
		],
		connections: { Start: link('Contacts'), Contacts: link('Match Prospects'), 'Match Prospects': link('Enrich') },
		settings: { executionOrder: 'v1' },
	};
}

const TIMEOUT_WORKFLOW_ID = 'e2eQueryMeterTime';
const WAIT_SECONDS = 25;

/**
 * Manual Trigger -> Code (250 contacts) -> Wait 25 s -> Match Prospects, in a workflow whose
 * timeout is 80 s: the match needs at least a minute of the key's 200 queries, which the timeout
 * alone would hold, but not the time left once the wait has spent its share.
 */
function timeoutWorkflow(contacts: IDataObject[]): WorkflowJson {
	const workflow = chainWorkflow(contacts);
	const [start, code, match] = workflow.nodes as Array<{ name: string; position: number[] }>;
	const wait = {
		id: 'e2e-query-metering-wait',
		name: 'Wait',
		type: 'n8n-nodes-base.wait',
		typeVersion: 1.1,
		position: [300, 0],
		parameters: { resume: 'timeInterval', amount: WAIT_SECONDS, unit: 'seconds' },
	};
	const link = (to: string) => ({ main: [[{ node: to, type: 'main', index: 0 }]] });
	return {
		...workflow,
		id: TIMEOUT_WORKFLOW_ID,
		name: '250 contacts -> Wait -> Match Prospects, timeout 80 s',
		nodes: [start, code, wait, match],
		connections: { [start.name]: link(code.name), [code.name]: link('Wait'), Wait: link(match.name) },
		settings: { executionOrder: 'v1', executionTimeout: 80 },
	};
}

describe('Match Prospects -> Enrich under query metering, in real n8n', () => {
	let contacts: IDataObject[] = [];
	const { sandbox, n8n } = useSandboxN8n({
		// the service as its page describes it: 200 queries a minute, a bulk call weighing its entities
		sandbox: { latencyMs: LATENCY_MS },
		// the credential's pacing left at its default: the key's 200 queries a minute
		credential: CREDENTIAL,
		credentialData: { apiVersion: 'v1' },
		workflows: (started) => {
			contacts = contactTable(started.universe, CONTACTS);
			return [chainWorkflow(contacts), timeoutWorkflow(contacts.slice(0, 250))];
		},
	});

	test('300 contacts at 200 queries a minute: rows in order and paired, at most 3 answers 429, within 1.1x of the query floor', async () => {
		const expectedIds = contacts.map((row) => expectedProspectId(sandbox.universe, row) ?? null);
		const unique = new Set(expectedIds.filter((id): id is string => id !== null));
		sandbox.clearRequests();

		const started = Date.now();
		const result = await n8n().execute(WORKFLOW_ID, { timeoutMs: 400_000 });
		const elapsedMs = Date.now() - started;
		expect({ status: result.status, error: result.describeError() }).toEqual({ status: 'success', error: '' });

		// the queries the service counted: the entities of every call it let through
		const answered = sandbox.requests.filter((request) => request.status === 200);
		const entities = (path: string, list: string) =>
			answered.filter((request) => request.path === path).reduce((sum, request) => sum + ((request.body as IDataObject)[list] as unknown[]).length, 0);
		const matchQueries = entities(MATCH_PATH, 'prospects_to_match');
		const enrichQueries = entities(PROFILE_PATH, 'prospect_ids');
		expect(matchQueries).toBe(CONTACTS);
		expect(enrichQueries).toBe(unique.size);
		expect(answered).toHaveLength(Math.ceil(CONTACTS / V1_LIMITS.matchItems) + Math.ceil(unique.size / LIMITS.prospectEnrichIds));
		const queries = matchQueries + enrichQueries;
		const throttled = sandbox.requests.filter((request) => request.status === 429).length;
		const floorMs = (Math.ceil(queries / LIMITS.rateLimit.queries) - 1) * LIMITS.rateLimit.windowMs;
		console.log(`query metering e2e: ${queries} queries, ${answered.length} requests, ${throttled} answered 429, ${elapsedMs} ms (floor ${floorMs} ms)`);
		expect(throttled).toBeLessThanOrEqual(3);
		expect(elapsedMs).toBeLessThanOrEqual(1.1 * floorMs);

		const enriched = result.items('Enrich');
		expect(enriched).toHaveLength(CONTACTS);
		const paired = result.output('Enrich').map(({ pairedItem }) => (Array.isArray(pairedItem) ? pairedItem : [pairedItem]).map((p) => (p as { item: number }).item));
		expect(paired).toEqual(contacts.map((_, item) => [item]));
		enriched.forEach((item, i) => {
			expect(item.prospect_id).toBe(expectedIds[i]);
			expect(item.enrichment_status).toBe(expectedIds[i] ? 'enriched' : 'skipped');
		});

		// the cost before and after, as the user sees it under each node's output
		const hints = (node: string) => (result.run.data.resultData.runData[node]?.[0]?.hints ?? []).map((hint) => hint.message);
		expect(hints('Match Prospects')).toEqual([
			`This run needs about ${CONTACTS} queries: at least 1 minute at 200 queries per minute`,
			`This run spent ${CONTACTS} queries in ${Math.ceil(CONTACTS / V1_LIMITS.matchItems)} requests`,
		]);
	});

	test("the timeout check counts the time the execution already spent (n8n's own deadline): refused after a 25 s wait, nothing sent", async () => {
		sandbox.clearRequests();
		const result = await n8n().execute(TIMEOUT_WORKFLOW_ID, { timeoutMs: 120_000 });
		expect(result.status).toBe('error');
		expect(result.error?.message).toBe(
			'This run needs about 250 queries: at least 1 minute at 200 queries per minute, longer than the time left before the workflow times out (less than a minute); nothing was sent',
		);
		expect(sandbox.requests).toEqual([]);
	});
});
