/**
 * Manage Enrollment, Business Enrollment > List, in n8n-core's engine against the sandbox: the
 * partner_id header only when the credential has one, a failed list under Continue on Fail.
 * Set-up and helpers: ../setup.ts.
 */
import { BUSINESS_PATH, businessIds, createBusiness, NODE, requestsTo, run, sandbox, setUpSandbox } from '../setup';

setUpSandbox();

describe('business enrollment: list', () => {
	test('list sends partner_id only when the credential has one', async () => {
		sandbox.configure({ partnerId: 'partner-42' });
		await run([{}], { resource: 'businessEnrollment', operation: 'list' }, { credentials: { partnerId: 'partner-42' } });
		await run([{}], { resource: 'businessEnrollment', operation: 'list' });
		const lists = requestsTo(BUSINESS_PATH, 'GET');
		expect(lists).toHaveLength(2);
		expect(lists[0].headers.partner_id).toBe('partner-42');
		expect(lists[1].headers).not.toHaveProperty('partner_id');
		expect(lists.map((request) => request.status)).toEqual([200, 200]);

		// and never on the other endpoints
		await run([{ business_id: businessIds(1)[0] }], createBusiness(), { credentials: { partnerId: 'partner-42' } });
		expect(requestsTo(BUSINESS_PATH, 'POST')[0].headers).not.toHaveProperty('partner_id');
	});
});

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
