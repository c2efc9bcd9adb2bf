/**
 * Manage Enrollment, Business Enrollment > Create, on API v2 (node version 2 at Per Node Version,
 * Webhook ID set), in n8n-core's engine against the sandbox: combined ids split into key, key-2,
 * key-3 at v2's limit, one enrollment per item, idempotent by key (a re-run creates only what is
 * missing), failed items on the error output. The same on v1: create.v1.test.ts. Set-up and
 * helpers: ../setup.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import type { INodeParameters } from 'n8n-workflow';

import { ENDPOINTS, LIMITS } from '../../../../nodes/shared/api';
import { businessIds, byId, createBusiness as createOn, itemsOf, NODE, range, registerV2Webhook, requestsTo, runOn, sandbox, setUpSandbox } from '../setup';

setUpSandbox();

const run = runOn('v2');
const BUSINESS_PATH = ENDPOINTS.createBusinessEnrollment.path;
/** every v2 enrollment delivers to a webhook: the test's own, named by its id (no webhook list) */
let webhookId: string;
beforeEach(async () => {
	webhookId = await registerV2Webhook('receiver');
});
const createBusiness = (parameters: INodeParameters = {}) => createOn({ webhookId: byId(webhookId), ...parameters });

describe('business enrollment: create with 45 combined ids', () => {
	test('3 enrollments of 20, 20 and 5 with keys k, k-2, k-3, each paired to its items; list shows them', async () => {
		const ids = businessIds(45);
		const created = await run(
			ids.map((business_id) => ({ business_id })),
			createBusiness(),
		);
		expect(created.error).toBeUndefined();

		// one list (existing keys are not created again), then the 3 creates
		const posts = requestsTo(BUSINESS_PATH, 'POST');
		expect(sandbox.requests.map((request) => request.method)).toEqual(['GET', 'POST', 'POST', 'POST']);
		expect(posts.map((request) => (request.body as IDataObject).enrollment_key)).toEqual([
			'k-watch',
			'k-watch-2',
			'k-watch-3',
		]);
		expect(posts.map((request) => ((request.body as IDataObject).business_ids as string[]).length)).toEqual([
			LIMITS.businessEnrollmentIds,
			LIMITS.businessEnrollmentIds,
			5,
		]);
		expect(posts.flatMap((request) => (request.body as IDataObject).business_ids as string[])).toEqual(ids);
		for (const request of posts) {
			expect((request.body as IDataObject).event_types).toEqual(['new_funding_round', 'new_product']);
		}

		const output = created.json(NODE);
		const stored = [...sandbox.enrollments.businessesV2.values()];
		expect(output).toEqual(
			stored.map((enrollment) => ({
				enrollment_id: enrollment.enrollment_id,
				enrollment_key: enrollment.enrollment_key,
				business_ids: enrollment.business_ids,
				event_types: enrollment.event_types,
				webhook_id: webhookId,
				status: 'active',
				already_existed: false,
			})),
		);
		expect(created.pairedItems(NODE).map(itemsOf)).toEqual([range(0, 20), range(20, 40), range(40, 45)]);

		sandbox.clearRequests();
		const listed = await run([{}], {
			resource: 'businessEnrollment',
			operation: 'list',
			filters: { enrollmentKey: 'k-watch' },
		});
		expect(requestsTo(BUSINESS_PATH, 'GET')).toHaveLength(1);
		expect(sandbox.requests).toHaveLength(1);
		expect(listed.json(NODE)).toEqual(stored);
		expect(listed.json(NODE).map((enrollment) => enrollment.enrollment_key)).toEqual([
			'k-watch',
			'k-watch-2',
			'k-watch-3',
		]);
	});

	test('repeated ids are enrolled once and the enrollment is paired with every item that named them', async () => {
		const ids = businessIds(3);
		const created = await run(
			[{ business_id: ids[0] }, { business_id: [ids[1], ids[0]] }, { business_id: `${ids[2]}, ${ids[1]}` }],
			createBusiness(),
		);
		expect(requestsTo(BUSINESS_PATH, 'POST')).toHaveLength(1);
		expect((requestsTo(BUSINESS_PATH, 'POST')[0].body as IDataObject).business_ids).toEqual(ids);
		expect(created.pairedItems(NODE).map(itemsOf)).toEqual([[0, 1, 2]]);
	});

	test('One Enrollment per Item: one create per item, keys from an expression', async () => {
		const ids = businessIds(3);
		const created = await run(
			ids.map((business_id, n) => ({ business_id, account: `account-${n}` })),
			createBusiness({ combine: 'each', enrollmentKey: '={{ $json.account }}' }),
		);
		expect(created.error).toBeUndefined();
		const posts = requestsTo(BUSINESS_PATH, 'POST').map((request) => request.body as IDataObject);
		expect(posts.map((body) => [body.enrollment_key, body.business_ids])).toEqual(
			ids.map((id, n) => [`account-${n}`, [id]]),
		);
		expect(created.pairedItems(NODE).map(itemsOf)).toEqual([[0], [1], [2]]);
	});
});

describe('business create is idempotent by key', () => {
	test('a split create that failed at part 3, run again, creates only part 3', async () => {
		const items = businessIds(45).map((business_id) => ({ business_id }));
		sandbox.configure({ faults: { sequence: ['ok', 'ok', 'ok', '500'] } });
		const failed = await run(items, createBusiness());
		expect(failed.error?.httpCode).toBe('500');
		expect(sandbox.enrollments.businessesV2.size).toBe(2);
		const before = [...sandbox.enrollments.businessesV2.values()];

		sandbox.clearRequests();
		const rerun = await run(items, createBusiness());
		expect(rerun.error).toBeUndefined();
		expect(sandbox.requests.map((request) => request.method)).toEqual(['GET', 'POST']);
		expect((sandbox.requests[1].body as IDataObject).enrollment_key).toBe('k-watch-3');
		expect(sandbox.enrollments.businessesV2.size).toBe(3);
		const after = [...sandbox.enrollments.businessesV2.values()];
		expect(rerun.json(NODE).map((json) => [json.enrollment_key, json.enrollment_id, json.already_existed])).toEqual([
			['k-watch', before[0].enrollment_id, true],
			['k-watch-2', before[1].enrollment_id, true],
			['k-watch-3', after[2].enrollment_id, false],
		]);
		expect(rerun.pairedItems(NODE).map(itemsOf)).toEqual([range(0, 20), range(20, 40), range(40, 45)]);
	});

	test('a key that exists with other businesses: an error, nothing created', async () => {
		await run([{ business_id: businessIds(1)[0] }], createBusiness());
		sandbox.clearRequests();
		const [enrollment] = sandbox.enrollments.businessesV2.values();
		const again = await run([{ business_id: businessIds(2)[1] }], createBusiness());
		expect(again.error?.message).toBe(
			`Item 0: an enrollment with the key "k-watch" already exists (${enrollment.enrollment_id}) with other businesses, event types or webhook`,
		);
		expect(sandbox.requests.map((request) => request.method)).toEqual(['GET']);
		expect(sandbox.enrollments.businessesV2.size).toBe(1);
	});
});

describe('business create under Continue on Fail', () => {
	test('with the error output: failed items reach output 1, enrollments output 0', async () => {
		const ids = businessIds(3);
		const created = await run(
			[
				{ business_id: ids[0], key: 'good-key' },
				{ business_id: ids[1], key: 'bad' },
				{ business_id: ids[2], key: 'good-key-2' },
			],
			createBusiness({ combine: 'each', enrollmentKey: '={{ $json.key }}' }),
			{ settings: { onError: 'continueErrorOutput' } },
		);
		expect(created.error).toBeUndefined();
		expect(created.json(NODE, 0).map((json) => json.enrollment_key)).toEqual(['good-key', 'good-key-2']);
		expect(created.pairedItems(NODE, 0).map(itemsOf)).toEqual([[0], [2]]);
		// n8n puts the failed input item on the error output, with the error fields added
		expect(created.json(NODE, 1)).toEqual([
			{
				business_id: ids[1],
				key: 'bad',
				error: 'Item 1: enrollment_key must be at least 4 characters long',
				details: 'Nothing was sent to the service for this item.',
			},
		]);
		expect(created.pairedItems(NODE, 1).map(itemsOf)).toEqual([[1]]);
	});
});
