/**
 * Manage Enrollment in n8n-core's engine against the sandbox: the prospect enrollment create ->
 * update -> delete round trip, each step checked against the sandbox's stored enrollment.
 * Set-up and helpers: ./setup.ts.
 */
import { itemsOf, NODE, PROSPECT_PATH, prospectIds, requestsTo, run, sandbox, setUpSandbox } from './setup';

setUpSandbox();

describe('prospect enrollment: create, update, delete round trip', () => {
	test('each step changes the sandbox\'s enrollment as sent, and delete removes it', async () => {
		const ids = prospectIds(5);
		const created = await run(
			ids.slice(0, 3).map((prospect_id) => ({ prospect_id })),
			{
				resource: 'prospectEnrollment',
				operation: 'create',
				enrollmentKey: 'job-changes',
				options: { ttlDays: 30 },
			},
		);
		expect(created.error).toBeUndefined();
		expect(requestsTo(PROSPECT_PATH, 'POST')).toHaveLength(1);
		expect(sandbox.requests[0].body).toEqual({
			enrollment_key: 'job-changes',
			event_types: ['prospect_changed_company', 'prospect_changed_role'],
			ttl_days: 30,
			prospect_ids: ids.slice(0, 3),
		});
		const [output] = created.json(NODE);
		const enrollmentId = String(output.enrollment_id);
		expect(sandbox.enrollments.prospects.get(enrollmentId)).toEqual({
			enrollment_id: enrollmentId,
			enrollment_key: 'job-changes',
			prospect_ids: ids.slice(0, 3),
			event_types: ['prospect_changed_company', 'prospect_changed_role'],
			ttl_days: 30,
		});
		expect(created.pairedItems(NODE).map(itemsOf)).toEqual([[0, 1, 2]]);

		// the created item flows on: its enrollment_id is the default of Update and Delete
		sandbox.clearRequests();
		const updated = await run(
			ids.slice(2).map((prospect_id) => ({ prospect_id, enrollment_id: enrollmentId })),
			{
				resource: 'prospectEnrollment',
				operation: 'update',
				enrollmentKey: 'job-changes-v2',
				eventTypes: ['prospect_changed_role'],
			},
		);
		expect(updated.error).toBeUndefined();
		expect(sandbox.requests.map((request) => `${request.method} ${request.path}`)).toEqual([`PATCH ${PROSPECT_PATH}`]);
		expect(sandbox.requests[0].body).toEqual({
			enrollment_key: 'job-changes-v2',
			event_types: ['prospect_changed_role'],
			enrollment_id: enrollmentId,
			prospect_ids: ids.slice(2),
		});
		expect(sandbox.enrollments.prospects.get(enrollmentId)).toMatchObject({
			enrollment_key: 'job-changes-v2',
			prospect_ids: ids.slice(2),
			event_types: ['prospect_changed_role'],
		});
		expect(updated.pairedItems(NODE).map(itemsOf)).toEqual([[0, 1, 2]]);

		sandbox.clearRequests();
		const deleted = await run([{ enrollment_id: enrollmentId }, { enrollment_id: enrollmentId }], {
			resource: 'prospectEnrollment',
			operation: 'delete',
		});
		expect(deleted.error).toBeUndefined();
		expect(sandbox.requests.map((request) => [request.method, request.body])).toEqual([
			['DELETE', { enrollment_id: enrollmentId }],
		]);
		expect(deleted.json(NODE)).toEqual([{ enrollment_id: enrollmentId, deleted: true, status: 'success' }]);
		expect(deleted.pairedItems(NODE).map(itemsOf)).toEqual([[0, 1]]);
		expect(sandbox.enrollments.prospects.size).toBe(0);
	});
});
