/**
 * "On Error: Continue (using error output)": n8n-core's WorkflowExecute sends an item to the
 * error output (output 1) only when `item.error` is set or its json holds nothing but `error`,
 * `message` and `details`. Every error item of this package must land there, with the failing
 * input item's fields merged in by n8n, while the successes stay on output 0, in input order,
 * each paired to its input item.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ENDPOINTS } from '../../nodes/shared/api';
import { RETRY_POLICY } from '../../nodes/shared/transport/retryPolicy';
import { onItems, packageNode, runWorkflow, sandboxCredentials, useSandbox, type WorkflowNode } from './harness';
import { typeVersionFor } from './harness/apiVersions';

const sandbox = useSandbox({ rateLimit: false }, (started) => started.configure({ faults: {} }));

const node = (type: string, name: string, parameters: INodeParameters = {}): WorkflowNode =>
	packageNode(type, name, parameters, { onError: 'continueErrorOutput' });

async function run(items: IDataObject[], tested: WorkflowNode) {
	return await runWorkflow(onItems(items, tested), {
		credentials: sandboxCredentials(sandbox),
	});
}

const indexes = (pairs: Array<Array<{ item: number }>>) => pairs.map((pair) => pair.map((p) => p.item));
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const NOTHING_SENT = 'Nothing was sent to the service for this item.';

describe('Continue (using error output)', () => {
	test('Match Prospects: invalid items go to the error output, valid ones to the success output, in order, paired', async () => {
		const valid = sandbox.universe.prospects.filter((p) => p.matchable).slice(0, 43);
		const rows: IDataObject[] = valid.map((p) => ({ email: p.email }));
		rows[5] = { phone_number: '0151 234567' };
		rows[17] = { full_name: 'Jane Doe' };
		// a bad business_id next to a valid email would be left out (with a warning): both are bad here
		rows[30] = { email: 'not an email', business_id: 'a'.repeat(33) };
		const failed = [5, 17, 30];
		const succeeded = range(43).filter((i) => !failed.includes(i));

		const result = await run(rows, node('matchProspects', 'Match Prospects'));

		expect(result.error).toBeUndefined();
		expect(sandbox.requests).toHaveLength(1);
		expect(result.output('Match Prospects', 0)).toHaveLength(40);
		expect(indexes(result.pairedItems('Match Prospects', 0))).toEqual(succeeded.map((i) => [i]));
		result.json('Match Prospects', 0).forEach((json, position) => {
			const i = succeeded[position];
			expect(json).toMatchObject({ email: valid[i].email, prospect_id: valid[i].prospect_id, matched: true });
			expect(json).not.toHaveProperty('error');
		});

		expect(indexes(result.pairedItems('Match Prospects', 1))).toEqual(failed.map((i) => [i]));
		expect(result.json('Match Prospects', 1)).toEqual([
			{
				phone_number: '0151 234567',
				error:
					'Item 5: phone_number must be in international form: a plus sign, the country calling code, then 1 to 12 digits',
				details: NOTHING_SENT,
			},
			{ full_name: 'Jane Doe', error: 'Item 17: company_name is required when full_name is given', details: NOTHING_SENT },
			{
				email: 'not an email',
				business_id: 'a'.repeat(33),
				error: 'Item 30: business_id must be 32 lowercase hexadecimal characters; email must be an email address',
				details: NOTHING_SENT,
			},
		]);
	});

	test('Enrich: an invalid Enrichment Parameters value and an id that is not text go to the error output', async () => {
		const [a, b] = sandbox.universe.prospects;
		const result = await run(
			[{ prospect_id: a.prospect_id }, { prospect_id: ['x'] }, { prospect_id: b.prospect_id, parameters: '{oops' }],
			node('enrich', 'Enrich', { options: { parameters: '={{ $json.parameters ?? "" }}' } }),
		);

		expect(result.error).toBeUndefined();
		expect(indexes(result.pairedItems('Enrich', 0))).toEqual([[0]]);
		expect(result.json('Enrich', 0)[0]).toMatchObject({ prospect_id: a.prospect_id, enrichment_status: 'enriched' });
		expect(indexes(result.pairedItems('Enrich', 1))).toEqual([[1], [2]]);
		const errors = result.json('Enrich', 1);
		expect(errors[0]).toEqual({
			prospect_id: ['x'],
			error: 'Item 1: prospect_id must be text, got a list',
			details: NOTHING_SENT,
		});
		expect(errors[1]).toMatchObject({ prospect_id: b.prospect_id, parameters: '{oops' });
		expect(String(errors[1].error)).toMatch(/^Item 2: Enrichment Parameters is not valid JSON \(/);
		expect(errors[1].details).toBe(`Write a JSON object such as {"key": "value"}, or leave it empty. ${NOTHING_SENT}`);
	});
});

/** each node at its first version that speaks v2 at Per Node Version */
const nodeV2 = (type: string, name: string, parameters: INodeParameters = {}): WorkflowNode =>
	packageNode(type, name, parameters, { typeVersion: typeVersionFor(type, 'v2'), onError: 'continueErrorOutput' });
describe('Continue (using error output), at the first v2 version', () => {
	test('Match Prospects: a batch the service keeps failing goes to the error output, the other batch to the success output', async () => {
		const limit = ENDPOINTS.matchProspects.batch!.limit!;
		const valid = sandbox.universe.prospects.filter((p) => p.matchable).slice(0, limit + 5);
		// batch 1 (items 0-49: v2 matches 50 a request) goes through; batch 2 (items 50-54) fails on every attempt
		sandbox.configure({ faults: { sequence: ['ok', ...Array(RETRY_POLICY.maxAttempts).fill('503')] } });
		const tested = nodeV2('matchProspects', 'Match Prospects', { options: { concurrency: 1 } });
		const result = await run(
			valid.map((p) => ({ email: p.email })),
			tested,
		);

		expect(result.error).toBeUndefined();
		expect(sandbox.requests.map((request) => [request.path, request.status, (request.body as IDataObject).prospects_to_match instanceof Array ? ((request.body as IDataObject).prospects_to_match as unknown[]).length : 0])).toEqual([
			[ENDPOINTS.matchProspects.path, 200, limit],
			...Array(RETRY_POLICY.maxAttempts).fill([ENDPOINTS.matchProspects.path, 503, 5]),
		]);
		expect(indexes(result.pairedItems('Match Prospects', 0))).toEqual(range(limit).map((i) => [i]));
		expect(indexes(result.pairedItems('Match Prospects', 1))).toEqual(range(5).map((i) => [limit + i]));
		for (const [position, json] of result.json('Match Prospects', 1).entries()) {
			expect(Object.keys(json).sort()).toEqual(['details', 'email', 'error']);
			expect(json.email).toBe(valid[limit + position].email);
			expect(String(json.error)).toContain('(503)');
		}
	});
});
