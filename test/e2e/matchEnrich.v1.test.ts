/**
 * Acceptance of Match Prospects -> Enrich in a real n8n process (`n8n execute`), the packed
 * package installed as users install it, the sandbox as the service:
 * - 1,000 contacts (mixed fetchers, duplicates, ~10% unmatched) -> Match Prospects -> Enrich with
 *   default parameters: 25 match requests, ceil(unique matched ids / 50) enrich requests, no
 *   request over a limit, 1,000 items in input order with correct pairedItem, unmatched rows kept;
 * - the shipped example `examples/match-then-enrich.json`, as imported by a user.
 * The contacts come from a Code node (n8n-nodes-base, as a user would paste a table); Match and
 * Enrich carry no parameters at all, so n8n fills in their defaults.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { LIMITS, V1_LIMITS } from '../../nodes/shared/api';
import { REQUEST_METERING, UNPACED_PER_MINUTE } from '../sandbox';
import { contactTable, expectedProspectId } from '../engine/matchEnrichContacts';
import type { WorkflowJson } from './harness/n8nInstance';
import { useSandboxN8n } from './harness/sandboxN8n';

const EXAMPLE = path.resolve(__dirname, '../../examples/match-then-enrich.json');
const MATCH_PATH = '/v1/prospects/match';
const PROFILE_PATH = '/v1/prospects/profiles/bulk_enrich';
const CREDENTIAL = { id: 'sandbox-credential', name: 'Business Prospect Data (sandbox)' };
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** Manual Trigger -> Code (the contact table) -> Match Prospects -> Enrich, all defaults. */
function chainWorkflow(contacts: IDataObject[]): WorkflowJson {
	const credentials = { businessProspectDataApi: CREDENTIAL };
	const node = (name: string, type: string, typeVersion: number, x: number, parameters: IDataObject, extra = {}) => ({
		id: `e2e-match-enrich-${x}`,
		name,
		type,
		typeVersion,
		position: [x, 0],
		parameters,
		...extra,
	});
	const link = (to: string) => ({ main: [[{ node: to, type: 'main', index: 0 }]] });
	return {
		id: 'e2eMatchEnrich1000',
		name: '1,000 contacts -> Match Prospects -> Enrich',
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

const pairedIndexes = (items: Array<{ pairedItem?: unknown }>) =>
	items.map(({ pairedItem }) => (Array.isArray(pairedItem) ? pairedItem : [pairedItem]).map((p) => (p as { item: number }).item));

describe('Match Prospects -> Enrich in real n8n', () => {
	let contacts: IDataObject[] = [];
	const example = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as WorkflowJson;

	const { sandbox, n8n } = useSandboxN8n({
		// the older request metering, and the credential's pacing left to the headers: this file is
		// about what is sent (2,000 queries would wait out ten query windows); queryMetering.test.ts is about the rate
		sandbox: { rateLimit: REQUEST_METERING },
		credential: CREDENTIAL,
		// API v1 named: the examples are at their API v2 node versions (apiVersionSwitch.v1.test.ts runs them on both)
		credentialData: { apiVersion: 'v1', maxRequestsPerMinute: UNPACED_PER_MINUTE },
		workflows: (started) => {
			contacts = contactTable(started.universe);
			return [example, chainWorkflow(contacts)];
		},
	});

	/** The large run, on the running n8n: its stored execution (1,000 enriched items, ~4 MB) is read back whole. */
	async function executeLarge(workflowId: string) {
		const result = await n8n().execute(workflowId, { timeoutMs: 300_000 });
		expect({ status: result.status, error: result.describeError() }).toEqual({ status: 'success', error: '' });
		return result;
	}
	const bodies = (requestPath: string) =>
		sandbox.requests.filter((request) => request.path === requestPath).map((request) => request.body as IDataObject);

	test('the example workflow runs headless with the sandbox credential', async () => {
		const result = await n8n().execute(example.id);
		expect(result.describeError()).toBe('');

		expect(bodies(MATCH_PATH)).toHaveLength(1);
		expect(bodies(PROFILE_PATH)).toHaveLength(1);
		const contactsOut = result.items('Contacts');
		const enriched = result.items('Enrich');
		expect(enriched).toHaveLength(contactsOut.length);
		expect(pairedIndexes(result.output('Enrich'))).toEqual(range(contactsOut.length).map((i) => [i]));
		enriched.forEach((item, i) => {
			const expected = expectedProspectId(sandbox.universe, contactsOut[i]);
			expect(item.contact).toBe(contactsOut[i].contact);
			expect(item.prospect_id).toBe(expected ?? null);
			expect(item.enrichment_status).toBe(expected ? 'enriched' : 'skipped');
		});
		// the example shows four ways to match and one miss
		expect(enriched.map((item) => item.enrichment_status)).toEqual(['enriched', 'enriched', 'enriched', 'enriched', 'skipped']);
	});

	test('1,000 contacts with default parameters: 25 + ceil(unique / 50) requests, 1,000 paired items in order', async () => {
		const expectedIds = contacts.map((row) => expectedProspectId(sandbox.universe, row) ?? null);
		const uniqueMatched = new Set(expectedIds.filter((id): id is string => id !== null));
		const unmatched = expectedIds.filter((id) => id === null).length;

		const result = await executeLarge('e2eMatchEnrich1000');
		expect(result.describeError()).toBe('');
		expect(result.status).toBe('success');

		const matchBodies = bodies(MATCH_PATH);
		const enrichBodies = bodies(PROFILE_PATH);
		const figures = {
			contacts: contacts.length,
			unmatched,
			uniqueMatched: uniqueMatched.size,
			matchRequests: matchBodies.length,
			enrichRequests: enrichBodies.length,
			largestMatchBatch: Math.max(...matchBodies.map((body) => (body.prospects_to_match as unknown[]).length)),
			largestEnrichBatch: Math.max(...enrichBodies.map((body) => (body.prospect_ids as unknown[]).length)),
		};
		process.stderr.write(`[e2e] match -> enrich figures: ${JSON.stringify(figures)}\n`);

		expect(matchBodies).toHaveLength(25);
		expect(enrichBodies).toHaveLength(Math.ceil(uniqueMatched.size / LIMITS.prospectEnrichIds));
		expect(sandbox.requests).toHaveLength(matchBodies.length + enrichBodies.length);
		expect(sandbox.requests.every((request) => request.status === 200)).toBe(true);
		expect(figures.largestMatchBatch).toBeLessThanOrEqual(V1_LIMITS.matchItems);
		expect(figures.largestEnrichBatch).toBeLessThanOrEqual(LIMITS.prospectEnrichIds);
		const sentIds = enrichBodies.flatMap((body) => body.prospect_ids as string[]);
		expect(sentIds).toHaveLength(uniqueMatched.size);
		expect(new Set(sentIds)).toEqual(uniqueMatched);
		expect(matchBodies.flatMap((body) => body.prospects_to_match as IDataObject[])).toHaveLength(1_000);

		const matched = result.output('Match Prospects');
		expect(matched).toHaveLength(1_000);
		expect(pairedIndexes(matched)).toEqual(range(1_000).map((i) => [i]));
		expect(matched.map((item) => item.json.prospect_id)).toEqual(expectedIds);

		const enriched = result.output('Enrich');
		expect(enriched).toHaveLength(1_000);
		expect(pairedIndexes(enriched)).toEqual(range(1_000).map((i) => [i]));
		enriched.forEach(({ json }, i) => {
			expect(json.row).toBe(i);
			expect(json.prospect_id).toBe(expectedIds[i]);
			if (expectedIds[i] === null) {
				expect(json).toMatchObject({ matched: false, enrichment_status: 'skipped', enrichment_reason: 'no prospect ID' });
				expect(json).not.toHaveProperty('profile');
			} else {
				expect(json).toMatchObject({ matched: true, enrichment_status: 'enriched' });
				expect(json.profile).toEqual(sandbox.universe.prospect(expectedIds[i] as string)?.profile);
			}
		});
	});
});
