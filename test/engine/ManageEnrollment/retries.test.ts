/**
 * Manage Enrollment on API v2 (node version 2 at Per Node Version) in n8n-core's engine against the
 * sandbox: create is retried only when the service surely did not act (a 429), never after a 500 or
 * a dropped connection; update is retried (it is idempotent); a failure part-way through a split
 * says what already exists. The same on v1: retries.v1.test.ts. Set-up and helpers: ./setup.ts.
 */
import { ENDPOINTS } from '../../../nodes/shared/api';
import { businessIds, byId, createBusiness, registerV2Webhook, runOn, sandbox, setUpSandbox } from './setup';

setUpSandbox();

const run = runOn('v2');
const calls = () => sandbox.requests.map((request) => `${request.method} ${request.path} ${request.status}`);
const ENROLLMENTS = ENDPOINTS.createBusinessEnrollment.path;

describe('create is not idempotent: retried only when the service surely did not act', () => {
	const one = () => [{ business_id: businessIds(1)[0] }];
	let webhookId: string;
	const create = () => createBusiness({ webhookId: byId(webhookId) });
	beforeEach(async () => {
		webhookId = await registerV2Webhook('receiver');
	});

	// every business create first lists the existing enrollments (the 'ok' step): create is kept by key
	test('a 500 on create is not retried: 1 request, the error, no enrollment', async () => {
		sandbox.configure({ faults: { sequence: ['ok', '500'] } });
		const created = await run(one(), create());
		expect(calls()).toEqual([`GET ${ENROLLMENTS} 200`, `POST ${ENROLLMENTS} 500`]);
		expect(created.error?.httpCode).toBe('500');
		expect(sandbox.enrollments.businessesV2.size).toBe(0);
	});

	test('a dropped connection on create is not retried either', async () => {
		sandbox.configure({ faults: { sequence: ['ok', 'drop'] } });
		const created = await run(one(), create());
		expect(calls()).toEqual([`GET ${ENROLLMENTS} 200`, `POST ${ENROLLMENTS} 0`]);
		expect(created.error?.message).toMatch(/^Could not get an answer from the service/);
		expect(sandbox.enrollments.businessesV2.size).toBe(0);
	});

	test('a 429 on create is retried: 2 requests, exactly one enrollment', async () => {
		sandbox.configure({ faults: { sequence: ['ok', '429'] } });
		const created = await run(one(), create());
		expect(created.error).toBeUndefined();
		expect(calls()).toEqual([`GET ${ENROLLMENTS} 200`, `POST ${ENROLLMENTS} 429`, `POST ${ENROLLMENTS} 201`]);
		expect(sandbox.enrollments.businessesV2.size).toBe(1);
	});

	test('a 500 on update is retried (an update is idempotent)', async () => {
		await run(one(), create());
		const [enrollment] = sandbox.enrollments.businessesV2.values();
		sandbox.clearRequests();
		sandbox.configure({ faults: { sequence: ['500'] } });
		const updated = await run(one(), {
			resource: 'businessEnrollment',
			operation: 'update',
			enrollment: byId(enrollment.enrollment_id),
			enrollmentKey: 'k-watch',
			eventTypes: ['new_product'],
		});
		expect(updated.error).toBeUndefined();
		const path = `${ENROLLMENTS}/${enrollment.enrollment_id}`;
		expect(calls()).toEqual([`PATCH ${path} 500`, `PATCH ${path} 200`]);
		expect(sandbox.enrollments.businessesV2.get(enrollment.enrollment_id)?.event_types).toEqual(['new_product']);
	});

	test('a failure part-way through a split says which enrollments already exist', async () => {
		sandbox.configure({ faults: { sequence: ['ok', 'ok', '500'] } });
		const created = await run(
			businessIds(45).map((business_id) => ({ business_id })),
			create(),
		);
		expect(calls()).toEqual([`GET ${ENROLLMENTS} 200`, `POST ${ENROLLMENTS} 201`, `POST ${ENROLLMENTS} 500`]);
		const [first] = sandbox.enrollments.businessesV2.values();
		expect(first.business_ids).toEqual(businessIds(20));
		expect(created.error?.httpCode).toBe('500');
		expect(created.error?.itemIndex).toBe(20);
		expect(created.error?.description).toContain(`Already created before this failure: k-watch (${first.enrollment_id}). Not sent: k-watch-3.`);
	});
});
