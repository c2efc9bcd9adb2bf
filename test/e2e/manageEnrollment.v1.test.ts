/**
 * Manage Enrollment 1 in a real n8n 2.41 process with the packed package installed, on API v1:
 * 45 businesses from 45 items become 3 enrollments (20, 20, 5) keyed k, k-2, k-3, which the
 * List operation then shows; a prospect enrollment goes through create, update and delete in
 * one workflow; an enrollment key that is too short stops the run before any request (on API v2,
 * version 1 asks for a webhook first). Node version 2 (API v2): manageEnrollment.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../sandbox';
import { useN8n } from './harness/jest';
import { CREDENTIAL, step, workflow } from './manageEnrollment.cases';

const BUSINESS_PATH = '/v1/businesses/events/enrollments';
const PROSPECT_PATH = '/v1/prospects/events/enrollments';

describe('Manage Enrollment in real n8n', () => {
	let sandbox: Sandbox;
	let businessIds: string[];
	let prospectIds: string[];
	beforeAll(async () => {
		sandbox = await startSandbox();
		businessIds = sandbox.universe.businesses.slice(0, 45).map((business) => business.business_id);
		prospectIds = sandbox.universe.prospects.slice(0, 4).map((prospect) => prospect.prospect_id);
	});
	afterAll(async () => {
		await sandbox?.close();
	});
	beforeEach(() => sandbox.clearRequests());

	const n8n = useN8n({
		shared: true,
		prepare: async (instance) => {
			await instance.importCredential({ ...CREDENTIAL, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url } });
			await instance.importWorkflows([
				workflow('exEnrollSplit001', 'business_id', businessIds, [
					step('Enroll', {
						resource: 'businessEnrollment',
						operation: 'create',
						enrollmentKey: 'k-e2e',
						eventTypes: ['new_funding_round', 'new_investment'],
					}),
					step('List', { resource: 'businessEnrollment', operation: 'list', filters: { enrollmentKey: 'k-e2e' } }),
				]),
				workflow('exEnrollProspect', 'prospect_id', prospectIds, [
					step('Create', {
						resource: 'prospectEnrollment',
						operation: 'create',
						enrollmentKey: 'job-watch',
						options: { ttlDays: 14 },
					}),
					step('Update', {
						resource: 'prospectEnrollment',
						operation: 'update',
						enrollmentKey: 'job-watch-2',
						prospectIds: `={{ ${JSON.stringify(prospectIds.slice(0, 2))} }}`,
						eventTypes: ['prospect_changed_role'],
					}),
					step('Delete', { resource: 'prospectEnrollment', operation: 'delete' }),
				]),
				workflow('exEnrollBadKey01', 'business_id', businessIds.slice(0, 2), [
					step('Enroll', { resource: 'businessEnrollment', operation: 'create', enrollmentKey: 'k' }),
				]),
			]);
		},
	});

	test('45 items: 3 enrollments (20, 20, 5) keyed k, k-2, k-3, each paired to its items; List shows them', async () => {
		const result = await n8n().execute('exEnrollSplit001');
		expect({ status: result.status, error: result.describeError() }).toEqual({ status: 'success', error: '' });

		const posts = sandbox.requests.filter((request) => request.method === 'POST' && request.path === BUSINESS_PATH);
		expect(posts).toHaveLength(3);
		expect(posts.map((request) => (request.body as IDataObject).enrollment_key)).toEqual(['k-e2e', 'k-e2e-2', 'k-e2e-3']);
		expect(posts.map((request) => ((request.body as IDataObject).business_ids as string[]).length)).toEqual([20, 20, 5]);
		expect(posts.flatMap((request) => (request.body as IDataObject).business_ids as string[])).toEqual(businessIds);

		const enrolled = result.output('Enroll');
		expect(enrolled.map((item) => item.json.enrollment_key)).toEqual(['k-e2e', 'k-e2e-2', 'k-e2e-3']);
		const paired = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => ({ item: from + i }));
		expect(enrolled.map((item) => item.pairedItem)).toEqual([paired(0, 20), paired(20, 40), paired(40, 45)]);

		// create lists the existing keys first; List ran once for its 3 input items: the three
		// enrollments as the sandbox holds them
		const lists = sandbox.requests.filter((request) => request.method === 'GET');
		expect(lists).toHaveLength(2);
		expect(sandbox.requests).toHaveLength(5);
		expect(result.items('List')).toEqual([...sandbox.enrollments.businesses.values()]);
		expect(result.items('List').map((enrollment) => enrollment.enrollment_id)).toEqual(
			enrolled.map((item) => item.json.enrollment_id),
		);
		expect(enrolled.map((item) => item.json.already_existed)).toEqual([false, false, false]);

		// run again: the keys exist with the same businesses, so nothing is created twice
		sandbox.clearRequests();
		const again = await n8n().execute('exEnrollSplit001');
		expect(again.status).toBe('success');
		expect(sandbox.requests.map((request) => request.method)).toEqual(['GET', 'GET']);
		expect(again.items('Enroll')).toEqual(
			enrolled.map((item) => ({ ...item.json, already_existed: true })),
		);
		expect(sandbox.enrollments.businesses.size).toBe(3);
	});

	test('prospect enrollment: create, update and delete in one workflow', async () => {
		const result = await n8n().execute('exEnrollProspect');
		expect({ status: result.status, error: result.describeError() }).toEqual({ status: 'success', error: '' });
		expect(sandbox.requests.map((request) => [request.method, request.path, request.status])).toEqual([
			['POST', PROSPECT_PATH, 200],
			['PATCH', PROSPECT_PATH, 200],
			['DELETE', PROSPECT_PATH, 200],
		]);
		const [created] = result.items('Create');
		expect(created).toEqual({
			enrollment_id: expect.any(String),
			enrollment_key: 'job-watch',
			event_types: ['prospect_changed_company', 'prospect_changed_role'],
			ttl_days: 14,
			prospect_ids: prospectIds,
		});
		expect(sandbox.requests[1].body).toEqual({
			enrollment_key: 'job-watch-2',
			event_types: ['prospect_changed_role'],
			enrollment_id: created.enrollment_id,
			prospect_ids: prospectIds.slice(0, 2),
		});
		expect(result.items('Delete')).toEqual([{ enrollment_id: created.enrollment_id, deleted: true, status: 'success' }]);
		expect(sandbox.enrollments.prospects.size).toBe(0);
	});

	test('an enrollment key shorter than 4 characters stops the run before any request', async () => {
		const result = await n8n().execute('exEnrollBadKey01');
		expect(result.status).toBe('error');
		expect(result.error?.message).toBe('Item 0: enrollment_key must be at least 4 characters long');
		expect(sandbox.requests).toHaveLength(0);
	});
});
