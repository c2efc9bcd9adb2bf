/**
 * Manage Enrollment, Business Enrollment > List, in n8n-core's engine against the sandbox: a failed
 * list under Continue on Fail. v1's case (the partner_id header only when the credential has one):
 * list.v1.test.ts. Set-up and helpers: ../setup.ts.
 */
import { NODE, run, setUpSandbox } from '../setup';

setUpSandbox();

describe('list under Continue on Fail', () => {
	test('list: a failed request becomes one error item paired to item 0', async () => {
		const listed = await run(
			[{}, {}],
			{ resource: 'businessEnrollment', operation: 'list' },
			{ settings: { onError: 'continueRegularOutput' }, credentials: { apiKey: 'wrong-key' } },
		);
		expect(listed.error).toBeUndefined();
		expect(listed.json(NODE)).toEqual([
			{ error: expect.stringMatching(/^The service rejected the API key or partner ID \(401\)/), details: expect.stringMatching(/^Correlation id: /) },
		]);
		expect(listed.pairedItems(NODE)).toEqual([[{ item: 0 }]]);
	});
});
