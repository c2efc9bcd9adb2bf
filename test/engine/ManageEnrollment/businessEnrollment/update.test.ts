/**
 * Manage Enrollment, Business Enrollment > Update, in n8n-core's engine against the sandbox: more
 * ids than one enrollment holds refused before sending, the service's 404 explained. v1's cases
 * (the enrollment picked from the list, the key and types kept when left empty, the items of one
 * enrollment combined into one update): update.v1.test.ts. Set-up and helpers: ../setup.ts.
 */
import { businessIds, run, sandbox, setUpSandbox } from '../setup';

setUpSandbox();

describe('business enrollment: update', () => {

	test('more ids than one enrollment holds: rejected before sending', async () => {
		const updated = await run(
			businessIds(21).map((business_id) => ({ business_id })),
			{
				resource: 'businessEnrollment',
				operation: 'update',
				enrollment: { __rl: true, mode: 'id', value: 'e-1' },
				enrollmentKey: 'k-watch',
				eventTypes: ['new_product'],
			},
		);
		expect(updated.error?.message).toMatch(/^Item 0: Business IDs hold 21 IDs for enrollment e-1/);
		expect(sandbox.requests).toHaveLength(0);
	});

	test('an unknown enrollment: the service\'s 404, explained', async () => {
		const updated = await run([{ business_id: businessIds(1)[0] }], {
			resource: 'businessEnrollment',
			operation: 'update',
			enrollment: { __rl: true, mode: 'id', value: 'no-such-enrollment' },
			enrollmentKey: 'k-watch',
			eventTypes: ['new_product'],
		});
		expect(updated.error?.httpCode).toBe('404');
		expect(updated.error?.message).toContain('Enrollment no-such-enrollment was not found');
		expect(sandbox.requests).toHaveLength(1);
	});
});
