/**
 * Manage Enrollment, Prospect Enrollment > Delete, in n8n-core's engine against the sandbox: an
 * item without an enrollment id; a 404 counts as deleted only after an earlier attempt may have
 * reached the service. The create -> update -> delete round trip is in ../roundTrip.test.ts.
 * Set-up and helpers: ../setup.ts.
 */
import { NODE, run, sandbox, setUpSandbox } from '../setup';

setUpSandbox();

describe('prospect enrollment: delete', () => {
	test('delete without an enrollment id names the item and sends nothing', async () => {
		const deleted = await run([{ other: 1 }], { resource: 'prospectEnrollment', operation: 'delete' });
		expect(deleted.error?.message).toBe('Item 0: enrollment_id must not be empty');
		expect(sandbox.requests).toHaveLength(0);
	});
});

describe('delete is idempotent', () => {
	test('a 404 on the retry after a failed first attempt means the enrollment is gone: deleted', async () => {
		// the first attempt fails (the service may have acted on it); the retry finds nothing
		sandbox.configure({ faults: { sequence: ['500'] } });
		const deleted = await run([{ enrollment_id: 'gone-after-first-attempt' }], {
			resource: 'prospectEnrollment',
			operation: 'delete',
		});
		expect(sandbox.requests.map((request) => request.status)).toEqual([500, 404]);
		expect(deleted.error).toBeUndefined();
		expect(deleted.json(NODE)).toEqual([{ enrollment_id: 'gone-after-first-attempt', deleted: true }]);
	});

	test('a 404 on the first attempt is still an error: the enrollment never existed', async () => {
		const deleted = await run([{ enrollment_id: 'never-existed' }], { resource: 'prospectEnrollment', operation: 'delete' });
		expect(sandbox.requests.map((request) => request.status)).toEqual([404]);
		expect(deleted.error?.httpCode).toBe('404');
	});
});
