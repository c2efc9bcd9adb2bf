/**
 * Issue 28's acceptance in a real n8n (the shared n8n 2.x, the packed package): the service meters
 * queries (rate-limits.md), and the sandbox does so by default. Match Prospects -> Enrich of 300
 * contacts with default parameters and the credential's default 200 queries a minute, the sandbox
 * answering after 50 ms: every row out in order and paired, at most 3 answers 429 (the aim is 0),
 * and the run within 1.1x of the query floor, (ceil(queries / 200) - 1) minutes, the queries
 * counted from the sandbox's log. Takes about two minutes: the floor of some 550 queries. On API
 * v1 (the credential set to v1); the timeout check, which sends nothing: queryMetering.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { LIMITS, V1_LIMITS } from '../../nodes/shared/api';
import { contactTable, expectedProspectId } from '../engine/matchEnrichContacts';
import { useSandboxN8n } from './harness/sandboxN8n';
import { chainWorkflow, CONTACTS, CREDENTIAL, LATENCY_MS, WORKFLOW_ID } from './queryMetering.cases';

const MATCH_PATH = '/v1/prospects/match';
const PROFILE_PATH = '/v1/prospects/profiles/bulk_enrich';

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
			return [chainWorkflow(contacts)];
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
});
