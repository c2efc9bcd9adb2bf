/**
 * "On Error: Continue (using error output)": n8n-core's WorkflowExecute sends an item to the
 * error output (output 1) only when `item.error` is set or its json holds nothing but `error`,
 * `message` and `details`. Every error item of this package must land there, with the failing
 * input item's fields merged in by n8n, while the successes stay on output 0, in input order,
 * each paired to its input item.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { onItems, packageNode, runWorkflow, sandboxCredentials, useSandbox, type WorkflowNode } from './harness';

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
