/**
 * Manage Enrollment in n8n-core's engine against the sandbox: combined ids split into
 * key, key-2, key-3 at the contract's limit; list; the prospect create/update/delete round
 * trip; validation before sending; create never retried once it may have reached the service;
 * the partner_id header only when the credential has one.
 */
import type { IDataObject, INodeParameters, IPairedItemData } from 'n8n-workflow';

import { LIMITS } from '../../nodes/shared/limits';
import { type Sandbox, startSandbox } from '../sandbox';
import {
	type BusinessProspectDataCredentials,
	itemsNode,
	linearWorkflow,
	manualTriggerNode,
	runWorkflow,
	type WorkflowNode,
} from './harness';

const NODE = 'Manage Enrollment';
const BUSINESS_PATH = '/v1/businesses/events/enrollments';
const PROSPECT_PATH = '/v1/prospects/events/enrollments';

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ retryAfterSeconds: 0 });
});
afterAll(async () => await sandbox.close());
beforeEach(() => {
	sandbox.clearRequests();
	sandbox.configure({ faults: {}, partnerId: undefined });
	sandbox.enrollments.businesses.clear();
	sandbox.enrollments.prospects.clear();
});

function enrollmentNode(parameters: INodeParameters, settings: Partial<WorkflowNode> = {}): WorkflowNode {
	return {
		name: NODE,
		type: 'n8n-nodes-business-prospect-data.manageEnrollment',
		typeVersion: 1,
		parameters,
		...settings,
	};
}

async function run(
	items: IDataObject[],
	parameters: INodeParameters,
	options: { settings?: Partial<WorkflowNode>; credentials?: Partial<BusinessProspectDataCredentials> } = {},
) {
	const workflow = linearWorkflow([manualTriggerNode(), itemsNode(items), enrollmentNode(parameters, options.settings)]);
	return await runWorkflow(workflow, {
		credentials: {
			businessProspectDataApi: { apiKey: sandbox.apiKey, baseUrl: sandbox.url, ...options.credentials },
		},
	});
}

const requestsTo = (path: string, method?: string) =>
	sandbox.requests.filter((request) => request.path === path && (method === undefined || request.method === method));
const itemsOf = (pairs: IPairedItemData[]) => pairs.map((pair) => pair.item).sort((a, b) => a - b);
const businessIds = (count: number, from = 0) =>
	sandbox.universe.businesses.slice(from, from + count).map((business) => business.business_id);
const prospectIds = (count: number) => sandbox.universe.prospects.slice(0, count).map((prospect) => prospect.prospect_id);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

const createBusiness = (parameters: INodeParameters = {}): INodeParameters => ({
	resource: 'businessEnrollment',
	operation: 'create',
	enrollmentKey: 'k-watch',
	eventTypes: ['new_funding_round', 'new_product'],
	...parameters,
});

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
		const stored = [...sandbox.enrollments.businesses.values()];
		expect(output).toEqual(
			stored.map((enrollment) => ({
				enrollment_id: enrollment.enrollment_id,
				enrollment_key: enrollment.enrollment_key,
				business_ids: enrollment.business_ids,
				event_types: enrollment.event_types,
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

describe('business enrollment: update', () => {
	test('picked from the list with the key left empty: keeps the current key, replaces ids and types', async () => {
		await run([{ business_id: businessIds(1)[0] }], createBusiness({ enrollmentKey: 'keep-this-key' }));
		const [enrollment] = sandbox.enrollments.businesses.values();
		sandbox.clearRequests();

		const ids = businessIds(2, 10);
		const updated = await run(
			ids.map((business_id) => ({ business_id })),
			{
				resource: 'businessEnrollment',
				operation: 'update',
				enrollment: { __rl: true, mode: 'list', value: enrollment.enrollment_id },
				enrollmentKey: '',
				eventTypes: ['ipo_announcement'],
			},
		);
		expect(updated.error).toBeUndefined();
		expect(sandbox.requests.map((request) => request.method)).toEqual(['GET', 'PATCH']);
		expect(sandbox.requests[1].body).toEqual({
			event_types: ['ipo_announcement'],
			enrollment_key: 'keep-this-key',
			enrollment_id: enrollment.enrollment_id,
			business_ids: ids,
		});
		expect(updated.json(NODE)).toEqual([
			{
				enrollment_id: enrollment.enrollment_id,
				enrollment_key: 'keep-this-key',
				business_ids: ids,
				event_types: ['ipo_announcement'],
			},
		]);
		expect(sandbox.enrollments.businesses.get(enrollment.enrollment_id)?.business_ids).toEqual(ids);
	});

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

describe('validation before sending', () => {
	test.each([
		['abc', 'Item 0: enrollment_key must be at least 4 characters long'],
		[' ab ', 'Item 0: enrollment_key must be at least 4 characters long'],
	])('enrollment key %p is rejected and nothing is sent', async (enrollmentKey, message) => {
		const created = await run([{ business_id: businessIds(1)[0] }], createBusiness({ enrollmentKey }));
		expect(created.error?.message).toBe(message);
		expect(created.error?.itemIndex).toBe(0);
		expect(sandbox.requests).toHaveLength(0);
	});

	test('no event type', async () => {
		const created = await run([{ business_id: businessIds(1)[0] }], createBusiness({ eventTypes: [] }));
		expect(created.error?.message).toBe('Item 0: event_types must hold at least 1 event type');
		expect(sandbox.requests).toHaveLength(0);
	});

	test('an item without ids names the item, even when other items are fine', async () => {
		const created = await run([{ business_id: businessIds(1)[0] }, { name: 'no id' }], createBusiness());
		expect(created.error?.message).toBe(
			'Item 1: Business IDs is empty: the item has no business_id. Map a field that holds the IDs, or type them.',
		);
		expect(sandbox.requests).toHaveLength(0);
	});

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

	test('under Continue on Fail an invalid item becomes a paired error item and the others are enrolled', async () => {
		const ids = businessIds(2);
		const created = await run(
			[{ business_id: ids[0], key: 'good-key' }, { business_id: ids[1], key: 'bad' }],
			createBusiness({ combine: 'each', enrollmentKey: '={{ $json.key }}' }),
			{ settings: { onError: 'continueRegularOutput' } },
		);
		expect(requestsTo(BUSINESS_PATH, 'POST')).toHaveLength(1);
		expect(created.json(NODE)).toEqual([
			expect.objectContaining({ enrollment_key: 'good-key', business_ids: [ids[0]] }),
			{ error: 'Item 1: enrollment_key must be at least 4 characters long', details: 'Nothing was sent to the service for this item.' },
		]);
		expect(created.pairedItems(NODE).map(itemsOf)).toEqual([[0], [1]]);
	});
});

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

	test('delete without an enrollment id names the item and sends nothing', async () => {
		const deleted = await run([{ other: 1 }], { resource: 'prospectEnrollment', operation: 'delete' });
		expect(deleted.error?.message).toBe('Item 0: enrollment_id must not be empty');
		expect(sandbox.requests).toHaveLength(0);
	});
});

describe('update: the items of one enrollment make one update', () => {
	async function existing(ids: string[], eventTypes = ['new_funding_round', 'new_product']) {
		await run(
			ids.map((business_id) => ({ business_id })),
			createBusiness({ enrollmentKey: 'one-update', eventTypes }),
		);
		const [enrollment] = sandbox.enrollments.businesses.values();
		sandbox.clearRequests();
		return enrollment;
	}
	const update = (enrollmentId: string, parameters: INodeParameters = {}): INodeParameters => ({
		resource: 'businessEnrollment',
		operation: 'update',
		enrollment: { __rl: true, mode: 'id', value: enrollmentId },
		enrollmentKey: 'one-update',
		...parameters,
	});

	test('two items with different event types: an error naming both, no PATCH sent', async () => {
		const enrollment = await existing(businessIds(1));
		const ids = businessIds(2, 30);
		const updated = await run(
			ids.map((business_id, n) => ({ business_id, type: n === 0 ? 'new_product' : 'ipo_announcement' })),
			update(enrollment.enrollment_id, { eventTypes: '={{ [$json.type] }}' }),
		);
		expect(updated.error?.message).toBe(
			`Item 0: items 0, 1 update enrollment ${enrollment.enrollment_id} but disagree on what to set. ` +
				'Event Types: item 0 sets new_product; item 1 sets ipo_announcement.',
		);
		expect(updated.error?.description).toBe(
			'Items that update the same enrollment are combined into one update, so they must set the same Enrollment Key and Event Types. Nothing was sent to the service for this item.',
		);
		expect(requestsTo(BUSINESS_PATH, 'PATCH')).toHaveLength(0);
		expect(sandbox.enrollments.businesses.get(enrollment.enrollment_id)?.business_ids).toEqual(businessIds(1));
	});

	test('two items that agree: one PATCH with both items\' ids, paired to both', async () => {
		const enrollment = await existing(businessIds(1));
		const ids = businessIds(2, 30);
		const updated = await run(
			ids.map((business_id) => ({ business_id })),
			update(enrollment.enrollment_id, { eventTypes: ['ipo_announcement', 'new_product'] }),
		);
		expect(updated.error).toBeUndefined();
		const patches = requestsTo(BUSINESS_PATH, 'PATCH');
		expect(patches).toHaveLength(1);
		expect(patches[0].body).toEqual({
			enrollment_id: enrollment.enrollment_id,
			enrollment_key: 'one-update',
			event_types: ['ipo_announcement', 'new_product'],
			business_ids: ids,
		});
		expect(updated.pairedItems(NODE).map(itemsOf)).toEqual([[0, 1]]);
	});

	test('Event Types left empty keeps the enrollment\'s current types (read from the list), not the standard six', async () => {
		const enrollment = await existing(businessIds(1), ['company_award', 'cost_cutting']);
		const ids = businessIds(2, 40);
		const updated = await run(
			ids.map((business_id) => ({ business_id })),
			{ resource: 'businessEnrollment', operation: 'update', enrollment: { __rl: true, mode: 'id', value: enrollment.enrollment_id } },
		);
		expect(updated.error).toBeUndefined();
		expect(sandbox.requests.map((request) => request.method)).toEqual(['GET', 'PATCH']);
		expect(sandbox.requests[1].body).toEqual({
			enrollment_id: enrollment.enrollment_id,
			enrollment_key: 'one-update',
			event_types: ['company_award', 'cost_cutting'],
			business_ids: ids,
		});
		expect(sandbox.enrollments.businesses.get(enrollment.enrollment_id)?.event_types).toEqual(['company_award', 'cost_cutting']);
	});

	test('a prospect update without event types is refused before sending', async () => {
		const parameters: INodeParameters = { resource: 'prospectEnrollment', operation: 'update', enrollmentKey: 'job-changes' };
		const item = { prospect_id: prospectIds(1)[0], enrollment_id: 'e-1' };
		// n8n itself refuses the required parameter when it is left empty
		await expect(run([item], parameters)).rejects.toThrow('Parameter "Event Types" is required.');
		// an expression that gives no types is refused by the node
		const updated = await run([item], { ...parameters, eventTypes: '={{ [] }}' });
		expect(updated.error?.message).toBe('Item 0: event_types must hold at least 1 event type');
		expect(sandbox.requests).toHaveLength(0);
	});
});

describe('business create is idempotent by key', () => {
	test('a split create that failed at part 3, run again, creates only part 3', async () => {
		const items = businessIds(45).map((business_id) => ({ business_id }));
		sandbox.configure({ faults: { sequence: ['ok', 'ok', 'ok', '500'] } });
		const failed = await run(items, createBusiness());
		expect(failed.error?.httpCode).toBe('500');
		expect(sandbox.enrollments.businesses.size).toBe(2);
		const before = [...sandbox.enrollments.businesses.values()];

		sandbox.clearRequests();
		const rerun = await run(items, createBusiness());
		expect(rerun.error).toBeUndefined();
		expect(sandbox.requests.map((request) => request.method)).toEqual(['GET', 'POST']);
		expect((sandbox.requests[1].body as IDataObject).enrollment_key).toBe('k-watch-3');
		expect(sandbox.enrollments.businesses.size).toBe(3);
		const after = [...sandbox.enrollments.businesses.values()];
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
		const [enrollment] = sandbox.enrollments.businesses.values();
		const again = await run([{ business_id: businessIds(2)[1] }], createBusiness());
		expect(again.error?.message).toBe(
			`Item 0: an enrollment with the key "k-watch" already exists (${enrollment.enrollment_id}) with other businesses or event types`,
		);
		expect(sandbox.requests.map((request) => request.method)).toEqual(['GET']);
		expect(sandbox.enrollments.businesses.size).toBe(1);
	});

	test('prospect create says that a re-run creates the enrollment again (the service cannot list them)', async () => {
		const parameters = { resource: 'prospectEnrollment', operation: 'create', enrollmentKey: 'job-changes' };
		await run([{ prospect_id: prospectIds(1)[0] }], parameters);
		await run([{ prospect_id: prospectIds(1)[0] }], parameters);
		expect(requestsTo(PROSPECT_PATH, 'POST')).toHaveLength(2);
		expect(sandbox.enrollments.prospects.size).toBe(2);
	});
});

describe('Continue on Fail', () => {
	test('list: a failed request becomes one error item paired to item 0', async () => {
		const listed = await run(
			[{}, {}],
			{ resource: 'businessEnrollment', operation: 'list' },
			{ settings: { onError: 'continueRegularOutput' }, credentials: { apiKey: 'wrong-key' } },
		);
		expect(listed.error).toBeUndefined();
		expect(listed.json(NODE)).toEqual([
			{ error: expect.stringMatching(/^The service rejected the API key or partner ID \(401\)/), details: expect.stringMatching(/^Correlation id: /) },
		]);
		expect(listed.pairedItems(NODE)).toEqual([[{ item: 0 }]]);
	});

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
