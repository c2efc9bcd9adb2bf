/**
 * Match Prospects and Enrich on API v1 (each at version 1, at Per Node Version) through n8n-core's
 * WorkflowExecute against the sandbox: the 1,000-contact chain with default parameters, and
 * matchEnrich.cases.ts on v1 (what is sent for each field, Continue on Fail, a name left out with a
 * warning, posts and profiles, three business enrichments on 120 items, de-duplication, Enrichment
 * Parameters, and a failing service), on v1's paths and limits. Request counts and batch sizes are read from the sandbox's request log.
 * Retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { LIMITS, V1_LIMITS } from '../../nodes/shared/api';
import { onItems, packageNode, runWorkflow, sandboxCredentials, useSandbox, type WorkflowNode } from './harness';
import { typeVersionFor } from './harness/apiVersions';
import { matchEnrichCases } from './matchEnrich.cases';
import { contactTable, expectedProspectId } from './matchEnrichContacts';

const MATCH_PATH = '/v1/prospects/match';
const PROFILE_PATH = '/v1/prospects/profiles/bulk_enrich';

// No request budget: this file sends a few hundred requests within a minute, more than the
// service's 200 a minute; pacing is tested elsewhere, counts are what this file checks.
const sandbox = useSandbox({ rateLimit: false }, (started) => started.configure({ faults: {} }));

const credentials = () => sandboxCredentials(sandbox);
const requestsTo = (path: string) => sandbox.requests.filter((request) => request.path === path);
const bodies = (path: string) => requestsTo(path).map((request) => request.body as IDataObject);

// each node at version 1, the newest that speaks v1 at Per Node Version: these are v1's cases
const matchNode = (parameters: INodeParameters = {}, settings: Partial<WorkflowNode> = {}): WorkflowNode =>
	packageNode('matchProspects', 'Match Prospects', parameters, { typeVersion: typeVersionFor('matchProspects', 'v1'), ...settings });
const enrichNode = (parameters: INodeParameters = {}, settings: Partial<WorkflowNode> = {}): WorkflowNode =>
	packageNode('enrich', 'Enrich', parameters, { typeVersion: typeVersionFor('enrich', 'v1'), ...settings });

async function run(items: IDataObject[], ...nodes: WorkflowNode[]) {
	return await runWorkflow(onItems(items, ...nodes), {
		credentials: credentials(),
	});
}

const pairedIndexes = (pairs: Array<Array<{ item: number }>>) => pairs.map((pair) => pair.map((p) => p.item));
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('Match Prospects -> Enrich with default parameters', () => {
	test('1,000 contacts: 25 match requests, ceil(unique matched / 50) enrich requests, 1,000 items in order', async () => {
		const contacts = contactTable(sandbox.universe);
		const expectedIds = contacts.map((row) => expectedProspectId(sandbox.universe, row) ?? null);
		const uniqueMatched = new Set(expectedIds.filter((id): id is string => id !== null));
		// the table is what the acceptance asks for: mixed fetchers, duplicates, ~10% unmatched
		const unmatched = expectedIds.filter((id) => id === null).length;
		expect(unmatched / contacts.length).toBeGreaterThan(0.08);
		expect(unmatched / contacts.length).toBeLessThan(0.25);
		expect(uniqueMatched.size).toBeLessThan(expectedIds.length - unmatched);

		const result = await run(contacts, matchNode(), enrichNode());
		expect(result.error).toBeUndefined();

		// requests: exactly as many as the limits allow, none over a limit, nothing else sent
		const matchBodies = bodies(MATCH_PATH);
		expect(matchBodies).toHaveLength(Math.ceil(1_000 / V1_LIMITS.matchItems));
		expect(matchBodies).toHaveLength(25);
		for (const body of matchBodies) expect((body.prospects_to_match as unknown[]).length).toBeLessThanOrEqual(40);
		const sentContacts = matchBodies.flatMap((body) => body.prospects_to_match as IDataObject[]);
		expect(sentContacts).toHaveLength(1_000);
		for (const entry of sentContacts) for (const value of Object.values(entry)) expect(value).not.toBe('');
		expect(sentContacts.filter((entry) => String(entry.phone_number ?? '').includes(' '))).toEqual([]);

		const enrichBodies = bodies(PROFILE_PATH);
		expect(enrichBodies).toHaveLength(Math.ceil(uniqueMatched.size / LIMITS.prospectEnrichIds));
		const sentIds = enrichBodies.flatMap((body) => body.prospect_ids as string[]);
		for (const body of enrichBodies) expect((body.prospect_ids as string[]).length).toBeLessThanOrEqual(50);
		expect(sentIds).toHaveLength(uniqueMatched.size);
		expect(new Set(sentIds)).toEqual(uniqueMatched);
		expect(sandbox.requests).toHaveLength(matchBodies.length + enrichBodies.length);
		// the credential is decrypted once per node run, not once per request (n8n reads its database each time)
		expect(result.credentialDecryptions).toBe(2);

		// Match output: one item per contact, in order, paired, the row kept
		const matched = result.json('Match Prospects');
		expect(matched).toHaveLength(1_000);
		expect(matched.map((item) => item.row)).toEqual(range(1_000));
		expect(matched.map((item) => item.prospect_id)).toEqual(expectedIds);
		expect(pairedIndexes(result.pairedItems('Match Prospects'))).toEqual(range(1_000).map((i) => [i]));

		// Enrich output: one item per contact, in order, paired, unmatched rows present
		const enriched = result.json('Enrich');
		expect(enriched).toHaveLength(1_000);
		expect(pairedIndexes(result.pairedItems('Enrich'))).toEqual(range(1_000).map((i) => [i]));
		enriched.forEach((item, i) => {
			expect(item.row).toBe(i);
			expect(item.source).toBe('crm export');
			expect(item.prospect_id).toBe(expectedIds[i]);
			if (expectedIds[i] === null) {
				expect(item).toEqual({ ...matched[i], enrichment_status: 'skipped', enrichment_reason: 'no prospect ID' });
			} else {
				expect(item.matched).toBe(true);
				expect(item.enrichment_status).toBe('enriched');
				expect(item.profile).toEqual(sandbox.universe.prospect(expectedIds[i] as string)?.profile);
			}
		});
	});
});

describe('API v1', () => matchEnrichCases('v1', sandbox));
