/**
 * Manage Enrollment on API v1 (node version 1 at Per Node Version) in n8n-core's engine against the
 * sandbox: create is retried only when the service surely did not act (a 429), never after a 500 or
 * a dropped connection; update is retried (it is idempotent); a failure part-way through a split
 * says what already exists. Retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 * Set-up and helpers: ./setup.ts.
 */
import { businessIds, createBusiness, runOn, sandbox, setUpSandbox } from './setup';

setUpSandbox();

/** the node at version 1, the newest that speaks v1 at Per Node Version: these are v1's cases */
const run = runOn('v1');

describe('create is not idempotent: retried only when the service surely did not act', () => {
	const one = () => [{ business_id: businessIds(1)[0] }];

	// every business create first lists the existing enrollments (the 'ok' step)
	test('a 500 on create is not retried: 1 request, the error, no enrollment', async () => {
		sandbox.configure({ faults: { sequence: ['ok', '500'] } });
		const created = await run(one(), createBusiness());
		expect(sandbox.requests.map((request) => `${request.method} ${request.status}`)).toEqual(['GET 200', 'POST 500']);
		expect(created.error?.httpCode).toBe('500');
		expect(sandbox.enrollments.businesses.size).toBe(0);
	});

	test('a dropped connection on create is not retried either', async () => {
		sandbox.configure({ faults: { sequence: ['ok', 'drop'] } });
		const created = await run(one(), createBusiness());
		expect(sandbox.requests.map((request) => `${request.method} ${request.status}`)).toEqual(['GET 200', 'POST 0']);
		expect(created.error?.message).toMatch(/Could not get an answer from the service/);
	});

	test('a 429 on create is retried: 2 requests, exactly one enrollment', async () => {
		sandbox.configure({ faults: { sequence: ['ok', '429'] } });
		const created = await run(one(), createBusiness());
		expect(created.error).toBeUndefined();
		expect(sandbox.requests.map((request) => `${request.method} ${request.status}`)).toEqual(['GET 200', 'POST 429', 'POST 200']);
		expect(sandbox.enrollments.businesses.size).toBe(1);
	});

	test('a 500 on update is retried (an update is idempotent)', async () => {
		await run(one(), createBusiness());
		const [enrollment] = sandbox.enrollments.businesses.values();
		sandbox.clearRequests();
		sandbox.configure({ faults: { sequence: ['500'] } });
		const updated = await run(one(), {
			resource: 'businessEnrollment',
			operation: 'update',
			enrollment: { __rl: true, mode: 'id', value: enrollment.enrollment_id },
			enrollmentKey: 'k-watch',
			eventTypes: ['new_product'],
		});
		expect(updated.error).toBeUndefined();
		expect(sandbox.requests.map((request) => `${request.method} ${request.status}`)).toEqual(['PATCH 500', 'PATCH 200']);
	});

	test('a failure part-way through a split says which enrollments already exist', async () => {
		sandbox.configure({ faults: { sequence: ['ok', 'ok', '500'] } });
		const created = await run(
			businessIds(45).map((business_id) => ({ business_id })),
			createBusiness(),
		);
		expect(sandbox.requests.map((request) => `${request.method} ${request.status}`)).toEqual(['GET 200', 'POST 200', 'POST 500']);
		const [first] = sandbox.enrollments.businesses.values();
		expect(created.error?.httpCode).toBe('500');
		expect(created.error?.itemIndex).toBe(20);
		expect(created.error?.description).toContain(
			`Already created before this failure: k-watch (${first.enrollment_id}). Not sent: k-watch-3.`,
		);
	});
});
