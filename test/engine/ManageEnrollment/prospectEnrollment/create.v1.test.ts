/**
 * Manage Enrollment, Prospect Enrollment > Create, on API v1 (node version 1 at Per Node Version),
 * in n8n-core's engine against the sandbox: ttl_days checked before sending; a re-run creates the
 * enrollment again (the service cannot list prospect enrollments). The create -> update -> delete
 * round trip is in ../roundTrip.test.ts. Retiring v1 deletes this file (docs/development.md,
 * "Retiring API v1"). Set-up and helpers: ../setup.ts.
 */
import { PROSPECT_PATH, prospectIds, requestsTo, runOn, sandbox, setUpSandbox } from '../setup';

setUpSandbox();

/** the node at version 1, the newest that speaks v1 at Per Node Version: these are v1's cases */
const run = runOn('v1');

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
