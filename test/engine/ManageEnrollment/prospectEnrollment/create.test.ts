/**
 * Manage Enrollment, Prospect Enrollment > Create, in n8n-core's engine against the sandbox:
 * ttl_days checked before sending; a re-run creates the enrollment again (the service cannot list
 * prospect enrollments). The create -> update -> delete round trip is in ../roundTrip.test.ts.
 * Set-up and helpers: ../setup.ts.
 */
import { PROSPECT_PATH, prospectIds, requestsTo, run, sandbox, setUpSandbox } from '../setup';

setUpSandbox();

describe('prospect enrollment: create', () => {
	test('ttl_days must be a positive whole number', async () => {
		const created = await run([{ prospect_id: prospectIds(1)[0] }], {
			resource: 'prospectEnrollment',
			operation: 'create',
			enrollmentKey: 'job-changes',
			options: { ttlDays: 2.5 },
		});
		expect(created.error?.message).toBe('Item 0: ttl_days must be a whole number');
		expect(sandbox.requests).toHaveLength(0);
	});
});

describe('prospect create cannot check existing keys', () => {
	test('prospect create says that a re-run creates the enrollment again (the service cannot list them)', async () => {
		const parameters = { resource: 'prospectEnrollment', operation: 'create', enrollmentKey: 'job-changes' };
		await run([{ prospect_id: prospectIds(1)[0] }], parameters);
		await run([{ prospect_id: prospectIds(1)[0] }], parameters);
		expect(requestsTo(PROSPECT_PATH, 'POST')).toHaveLength(2);
		expect(sandbox.enrollments.prospects.size).toBe(2);
	});
});
