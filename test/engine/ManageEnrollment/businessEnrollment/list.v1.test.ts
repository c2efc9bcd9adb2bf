/**
 * Manage Enrollment, Business Enrollment > List, on API v1 (node version 1 at Per Node Version), in
 * n8n-core's engine against the sandbox: the partner_id header only when the credential has one.
 * Retiring v1 deletes this file (docs/development.md, "Retiring API v1"). Set-up and helpers:
 * ../setup.ts.
 */
import { BUSINESS_PATH, businessIds, createBusiness, requestsTo, runOn, sandbox, setUpSandbox } from '../setup';

setUpSandbox();

/** the node at version 1, the newest that speaks v1 at Per Node Version: these are v1's cases */
const run = runOn('v1');

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
