/**
 * Match Prospects and Enrich run through n8n-core's WorkflowExecute against the sandbox: Match
 * Prospects 2's 20 requests of 50 on v2, Include Input Fields off, validation before any request, a
 * single item (a tool call), posts one item per post, an id that is not text, and items whose every
 * enrichment failed under Continue on Fail; matchEnrich.cases.ts on v2 (fields, posts, profiles,
 * business enrichments, de-duplication, Enrichment Parameters, a failing service). The 1,000-contact
 * chain at version 1 and the cases on v1: matchEnrich.v1.test.ts. Request counts and batch sizes are
 * read from the sandbox's request log.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { LIMITS } from '../../nodes/shared/api';
import { onItems, packageNode, runWorkflow, sandboxCredentials, useSandbox, type WorkflowNode } from './harness';
import { typeVersionFor } from './harness/apiVersions';
import { matchEnrichCases } from './matchEnrich.cases';
import { contactTable, expectedProspectId } from './matchEnrichContacts';

// No request budget: this file sends a few hundred requests within a minute, more than the
// service's 200 a minute; pacing is tested elsewhere, counts are what this file checks.
const sandbox = useSandbox({ rateLimit: false }, (started) => started.configure({ faults: {} }));

const credentials = () => sandboxCredentials(sandbox);

const matchNode = (parameters: INodeParameters = {}, settings: Partial<WorkflowNode> = {}): WorkflowNode =>
	packageNode('matchProspects', 'Match Prospects', parameters, settings);
const enrichNode = (parameters: INodeParameters = {}, settings: Partial<WorkflowNode> = {}): WorkflowNode =>
	packageNode('enrich', 'Enrich', parameters, settings);

async function run(items: IDataObject[], ...nodes: WorkflowNode[]) {
	return await runWorkflow(onItems(items, ...nodes), {
		credentials: credentials(),
	});
}

const pairedIndexes = (pairs: Array<Array<{ item: number }>>) => pairs.map((pair) => pair.map((p) => p.item));
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('Match Prospects 2 on a v2 credential', () => {
	test('1,000 contacts: exactly 20 requests of 50 (v2 takes 50 a request, research §10), the items as on v1', async () => {
		const contacts = contactTable(sandbox.universe);
		const expectedIds = contacts.map((row) => expectedProspectId(sandbox.universe, row) ?? null);
		const node = matchNode({}, { typeVersion: typeVersionFor('matchProspects', 'v2') });
		const result = await runWorkflow(onItems(contacts, node), { credentials: sandboxCredentials(sandbox, { apiVersion: 'v2' }) });
		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((request) => `${request.method} ${request.path}`)).toEqual(Array(20).fill('POST /v2/prospects/match'));
		expect(LIMITS.matchItems).toBe(50);
		const sent = sandbox.requests.map((request) => (request.body as { prospects_to_match: IDataObject[] }).prospects_to_match);
		expect(sent.map((batch) => batch.length)).toEqual(Array(20).fill(50));
		expect(sent.flat()).toHaveLength(1_000);
		const matched = result.json('Match Prospects');
		expect(matched.map((item) => item.row)).toEqual(range(1_000));
		expect(matched.map((item) => item.prospect_id)).toEqual(expectedIds);
		expect(pairedIndexes(result.pairedItems('Match Prospects'))).toEqual(range(1_000).map((i) => [i]));
	});
});

describe('Match Prospects', () => {
	const universe = () => sandbox.universe;

	test('Include Input Fields off: the result alone; a miss has prospect_id null', async () => {
		const result = await run(
			[{ email: 'nobody@unknown.invalid', crm_id: 7 }],
			matchNode({ options: { includeInputFields: false } }),
		);
		expect(result.json('Match Prospects')).toEqual([
			{
				prospect_id: null,
				matched: false,
				match_input: { email: 'nobody@unknown.invalid' },
			},
		]);
	});

	const invalidRows = () => {
		const valid = universe().prospects.filter((p) => p.matchable);
		const rows: IDataObject[] = range(43).map((i) => ({ email: valid[i].email }));
		rows[5] = { phone_number: '0151 234567' };
		rows[17] = { full_name: 'Jane Doe' };
		// a bad business_id next to a valid email would be left out (with a warning): both are bad here
		rows[30] = { email: 'not an email', business_id: 'a'.repeat(33) };
		return { rows, valid };
	};

	test('invalid rows stop the run before any request, naming the row, the field and the rule', async () => {
		const { rows } = invalidRows();
		const result = await run(rows, matchNode());

		expect(sandbox.requests).toHaveLength(0);
		expect(result.error).toMatchObject({
			node: 'Match Prospects',
			itemIndex: 5,
			message:
				'Item 5: phone_number must be in international form: a plus sign, the country calling code, then 1 to 12 digits',
		});
		for (const [row, message] of [
			[17, 'Item 17: company_name is required when full_name is given'],
			[30, 'Item 30: business_id must be 32 lowercase hexadecimal characters; email must be an email address'],
		] as const) {
			const only = await run([rows[row]], matchNode());
			expect(only.error?.message).toBe(message.replace(`Item ${row}`, 'Item 0'));
		}
	});

	test('a single item (as a tool call sends it) costs one request', async () => {
		const [a] = universe().prospects.filter((p) => p.matchable);
		const result = await run([{ profnet: a.profnet }], matchNode());
		expect(sandbox.requests).toHaveLength(1);
		expect(result.json('Match Prospects')[0]).toMatchObject({ prospect_id: a.prospect_id, matched: true });
	});
});

describe('Enrich', () => {
	const universe = () => sandbox.universe;

	describe('social posts: a prospect with 3 posts and one with none', () => {
		const pick = () => {
			const three = universe().prospects.find((p) => p.posts.length === 3);
			const none = universe().prospects.find((p) => p.posts.length === 0);
			if (!three || !none) throw new Error('the universe has no prospect with 3 posts or none');
			return { three, none };
		};
		const postsParameters = (postsOutput: string) => ({ prospectEnrichments: ['posts'], postsOutput });

		test('one item per post: three items paired to the first prospect, one with post null for the other', async () => {
			const { three, none } = pick();
			const result = await run(
				[{ prospect_id: three.prospect_id, name: 'three' }, { prospect_id: none.prospect_id, name: 'none' }],
				enrichNode(postsParameters('split')),
			);

			expect(sandbox.requests).toHaveLength(1);
			expect(result.json('Enrich')).toEqual([
				...three.posts.map((post) => ({ prospect_id: three.prospect_id, name: 'three', enrichment_status: 'enriched', enrichment_reason: null, post })),
				{ prospect_id: none.prospect_id, name: 'none', enrichment_status: 'enriched', enrichment_reason: null, post: null },
			]);
			expect(pairedIndexes(result.pairedItems('Enrich'))).toEqual([[0], [0], [0], [1]]);
		});
	});

	test('an id that is not text is an error naming the item and the field', async () => {
		const result = await run([{ prospect_id: 'p' }, { prospect_id: ['a', 'b'] }], enrichNode());
		expect(sandbox.requests).toHaveLength(0);
		expect(result.error).toMatchObject({ itemIndex: 1, message: 'Item 1: prospect_id must be text, got a list' });
	});

	test('Continue on Fail: items for which every selected enrichment failed become paired error items', async () => {
		const ids = universe().prospects.slice(0, 60).map((p) => p.prospect_id);
		// the first request of each enrichment (ids 0-49) is refused (a 403 is not retried)
		sandbox.configure({ faults: { sequence: ['403', 'ok', '403', 'ok'] } });
		const result = await run(
			ids.map((prospect_id) => ({ prospect_id })),
			enrichNode({ prospectEnrichments: ['profile', 'posts'], options: { concurrency: 1 } }, { onError: 'continueRegularOutput' }),
		);

		expect(result.error).toBeUndefined();
		const output = result.json('Enrich');
		expect(output).toHaveLength(60);
		expect(pairedIndexes(result.pairedItems('Enrich'))).toEqual(range(60).map((i) => [i]));
		expect(sandbox.requests.map((request) => request.status)).toEqual([403, 200, 403, 200]);
		for (const item of output.slice(0, 50)) expect(String(item.error)).toContain('(403)');
		for (const item of output.slice(50)) expect(item.enrichment_status).toBe('enriched');

		// without Continue on Fail the run stops with that error
		sandbox.configure({ faults: { sequence: ['403', 'ok', '403', 'ok'] } });
		const stopped = await run(
			ids.map((prospect_id) => ({ prospect_id })),
			enrichNode({ prospectEnrichments: ['profile', 'posts'], options: { concurrency: 1 } }),
		);
		expect(stopped.error?.message).toContain('(403)');
	});
});

describe('API v2 (each node at its first v2 version)', () => matchEnrichCases('v2', sandbox));
