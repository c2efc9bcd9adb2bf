/**
 * API v1's cases of sandbox.events.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * Business endpoints of the sandbox over HTTP besides search: events (ids, types, strictly after
 * timestamp_from, the 90-day window, events added later), the enrollment lifecycle, and the four
 * business enrichments. The sandbox runs on a fixed clock so times are exact.
 */
import { BUSINESS_EVENT_TYPES, LIMITS } from '../../nodes/shared/api';
import { type BusinessEvent, type Sandbox, sandboxClient, startSandbox } from '../sandbox';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const DAY_MS = 86_400_000;

let clock = NOW.getTime();
let sandbox: Sandbox;
let api: ReturnType<typeof sandboxClient>;
beforeAll(async () => {
	sandbox = await startSandbox({ now: () => new Date(clock), rateLimit: false });
	api = sandboxClient(sandbox);
});
afterAll(async () => await sandbox.close());

const ALL_TYPES = [...BUSINESS_EVENT_TYPES];
const events = (body: Record<string, unknown>) => api.call('getBusinessEvents', body);
const idsOf = (list: BusinessEvent[]) => list.map((event) => event.event_id);
/** The first `count` businesses that have seeded events. */
function businessesWithEvents(count: number): string[] {
	const ids = [...new Set(sandbox.universe.events.map((event) => event.business_id))];
	return ids.slice(0, count);
}

describe('events', () => {
	it('returns the events of the named businesses in the window, oldest first', async () => {
		const ids = businessesWithEvents(LIMITS.businessEventIds);
		const watched = new Set(ids);
		const expected = sandbox.universe.events.filter((event) => watched.has(event.business_id));
		expect(expected.length).toBeGreaterThan(LIMITS.businessEventIds);

		const response = await events({ event_types: ALL_TYPES, business_ids: ids });
		expect(response.status).toBe(200);
		expect(response.body).toEqual({
			response_context: {
				correlation_id: expect.any(String),
				request_status: 'success',
				time_took_in_seconds: expect.any(Number),
			},
			output_events: expected,
		});
		const times = expected.map((event) => Date.parse(event.event_time));
		expect(times).toEqual([...times].sort((a, b) => a - b));
		for (const time of times) {
			expect(time).toBeLessThan(NOW.getTime());
			expect(time).toBeGreaterThan(NOW.getTime() - LIMITS.eventWindowDays * DAY_MS);
		}
	});

	it('returns only events strictly after timestamp_from', async () => {
		const ids = businessesWithEvents(LIMITS.businessEventIds);
		const all = sandbox.universe.events.filter((event) => ids.includes(event.business_id));
		const pivot = all[Math.floor(all.length / 2)];
		const { body } = await events({ event_types: ALL_TYPES, business_ids: ids, timestamp_from: pivot.event_time });
		expect(idsOf(body.output_events)).toEqual(
			idsOf(all.filter((event) => Date.parse(event.event_time) > Date.parse(pivot.event_time))),
		);
		expect(idsOf(body.output_events)).not.toContain(pivot.event_id);
	});

	it('answers an empty list when nothing qualifies', async () => {
		const quiet = sandbox.universe.businesses.find(
			(business) => !sandbox.universe.events.some((event) => event.business_id === business.business_id),
		)!;
		const { body } = await events({ event_types: ALL_TYPES, business_ids: [quiet.business_id, 'unknown-id'] });
		expect(body.output_events).toEqual([]);
	});

	it('accepts timestamp_from back to the window start, as a datetime or as the date it falls on', async () => {
		const ids = businessesWithEvents(2);
		const windowStart = NOW.getTime() - LIMITS.eventWindowDays * DAY_MS;
		const at = (ms: number) => new Date(ms).toISOString();
		const status = async (timestamp_from: string) =>
			(await events({ event_types: ALL_TYPES, business_ids: ids, timestamp_from })).status;

		expect(await status(at(windowStart))).toBe(200);
		expect(await status(at(windowStart).slice(0, 10))).toBe(200); // 2025-03-03, the day the window starts
		expect(await status('2025-05-01 08:30')).toBe(200);
		expect(await status('2025-05-01T10:30:00+0200')).toBe(200);

		const tooOld = await events({ event_types: ALL_TYPES, business_ids: ids, timestamp_from: at(windowStart - 1000) });
		expect(tooOld.status).toBe(422);
		expect(tooOld.body).toEqual({
			detail: [
				{
					loc: ['body', 'timestamp_from'],
					msg: 'must be within the last 90 days (no historical events)',
					type: 'value_error',
				},
			],
		});
		expect(await status('2025-03-02')).toBe(422);
		const impossible = await events({ event_types: ALL_TYPES, business_ids: ids, timestamp_from: '2025-02-30' });
		expect(impossible.body.detail).toEqual([
			{ loc: ['body', 'timestamp_from'], msg: 'is not a valid date or datetime', type: 'value_error' },
		]);
	});

	it('serves events added later, as a poller would see them', async () => {
		const [id] = businessesWithEvents(1);
		const before = new Date(clock).toISOString();
		clock += 5_000;
		const added = sandbox.addEvent({ business_id: id, event_name: 'new_investment' });
		const later = sandbox.addEvent({
			business_id: id,
			event_name: 'new_office',
			event_time: '2025-06-01T12:00:10.250+00:00',
		});
		expect(added).toEqual({
			event_name: 'new_investment',
			event_time: '2025-06-01T12:00:05+00:00',
			event_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
			data: expect.objectContaining({ event_name: 'new_investment', investment_date: '2025-06-01T12:00:05+00:00' }),
			business_id: id,
		});
		expect(sandbox.universe.events.slice(-2)).toEqual([added, later]);

		const { body } = await events({ event_types: ALL_TYPES, business_ids: [id], timestamp_from: before });
		expect(body.output_events).toEqual([added, later]);
		const { body: after } = await events({
			event_types: ALL_TYPES,
			business_ids: [id],
			timestamp_from: added.event_time,
		});
		expect(after.output_events).toEqual([later]);
		expect(() => sandbox.addEvent({ ...later })).toThrow(`An event with event_id ${later.event_id} exists already`);
	});

	it('calls the answer hook once each answer has left, with the logged request and the body sent', async () => {
		const [id] = businessesWithEvents(1);
		const seen: Array<{ path: string; body: unknown; logged: boolean }> = [];
		sandbox.afterAnswer((request, body) => seen.push({ path: request.path, body, logged: sandbox.requests.includes(request) }));
		try {
			const { body } = await events({ event_types: ALL_TYPES, business_ids: [id], timestamp_from: new Date(clock - DAY_MS).toISOString() });
			// the client may read the answer a moment before the server sees it leave
			for (let wait = 0; seen.length === 0 && wait < 100; wait++) await new Promise((resolve) => setTimeout(resolve, 10));
			expect(seen).toEqual([{ path: '/v1/businesses/events', body, logged: true }]);
		} finally {
			sandbox.afterAnswer(undefined);
		}
		await events({ event_types: ALL_TYPES, business_ids: [id], timestamp_from: new Date(clock - DAY_MS).toISOString() });
		expect(seen).toHaveLength(1);
	});
});

describe('enrollments', () => {
	const ids = () => sandbox.universe.businesses.slice(0, 25).map((business) => business.business_id);

	it('creates, lists and replaces business enrollments', async () => {
		const created = await api.call('createBusinessEnrollment', {
			enrollment_key: 'key-one',
			business_ids: ids().slice(0, 3),
			event_types: ['new_product'],
		});
		expect(created.body).toEqual({
			request_context: {
				correlation_id: expect.any(String),
				request_status: 'success',
				time_took_in_seconds: expect.any(Number),
			},
			enrollment_key: 'key-one',
			enrollment_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
		});
		const second = await api.call('createBusinessEnrollment', {
			enrollment_key: 'key-one',
			business_ids: [ids()[5]],
			event_types: ['new_office', 'ipo_announcement'],
		});
		expect(second.body.enrollment_id).not.toBe(created.body.enrollment_id);

		const updated = await api.call('updateBusinessEnrollment', {
			enrollment_id: created.body.enrollment_id,
			enrollment_key: 'key-two',
			business_ids: ids().slice(10, 30),
			event_types: ['new_partnership'],
		});
		expect(updated.body).toEqual({
			request_context: expect.objectContaining({ request_status: 'success' }),
			enrollment_key: 'key-two',
			enrollment_id: created.body.enrollment_id,
		});

		const listed = await api.call('listBusinessEnrollments');
		expect(listed.body).toEqual({
			response_context: expect.objectContaining({ request_status: 'success' }),
			enrollments: [
				{
					enrollment_id: created.body.enrollment_id,
					enrollment_key: 'key-two',
					business_ids: ids().slice(10, 30),
					event_types: ['new_partnership'],
				},
				{
					enrollment_id: second.body.enrollment_id,
					enrollment_key: 'key-one',
					business_ids: [ids()[5]],
					event_types: ['new_office', 'ipo_announcement'],
				},
			],
		});
		expect(sandbox.enrollments.businesses.size).toBe(2);
	});

	it('creates, replaces and deletes prospect enrollments; unknown ids are 404', async () => {
		const prospectIds = sandbox.universe.prospects.slice(0, 3).map((prospect) => prospect.prospect_id);
		const created = await api.call('createProspectEnrollment', {
			enrollment_key: 'people',
			prospect_ids: prospectIds,
			event_types: ['prospect_changed_role'],
			ttl_days: 30,
		});
		expect(created.body).toEqual({
			request_context: expect.objectContaining({ request_status: 'success' }),
			enrollment_key: 'people',
			enrollment_id: expect.any(String),
		});
		const id = created.body.enrollment_id as string;
		expect(sandbox.enrollments.prospects.get(id)).toEqual({
			enrollment_id: id,
			enrollment_key: 'people',
			prospect_ids: prospectIds,
			event_types: ['prospect_changed_role'],
			ttl_days: 30,
		});

		const updated = await api.call('updateProspectEnrollment', {
			enrollment_id: id,
			enrollment_key: 'people-2',
			prospect_ids: prospectIds.slice(1),
			event_types: ['prospect_changed_company', 'prospect_job_start_anniversary'],
		});
		expect(updated.body).toMatchObject({ enrollment_key: 'people-2', enrollment_id: id });
		expect(sandbox.enrollments.prospects.get(id)).toMatchObject({ prospect_ids: prospectIds.slice(1), ttl_days: 30 });

		const deleted = await api.call('deleteProspectEnrollment', { enrollment_id: id });
		expect(deleted).toMatchObject({ status: 200, body: { status: 'success' } });
		expect(sandbox.enrollments.prospects.has(id)).toBe(false);

		const again = await api.call('deleteProspectEnrollment', { enrollment_id: id });
		expect(again).toMatchObject({
			status: 404,
			body: { details: `Enrollment ${id} was not found`, correlation_id: expect.any(String) },
		});
		const update = await api.call('updateProspectEnrollment', {
			enrollment_id: 'nope',
			enrollment_key: 'people',
			prospect_ids: prospectIds,
			event_types: ['prospect_changed_role'],
		});
		expect(update.status).toBe(404);
		const business = await api.call('updateBusinessEnrollment', {
			enrollment_id: 'nope',
			enrollment_key: 'key-one',
			business_ids: ids().slice(0, 1),
			event_types: ['new_product'],
		});
		expect(business.status).toBe(404);
	});

	it.each([
		[
			'createBusinessEnrollment',
			'a short key',
			{ enrollment_key: 'abc', business_ids: ['a'], event_types: ['new_product'] },
			[['body', 'enrollment_key']],
		],
		[
			'createBusinessEnrollment',
			'too many ids',
			{
				enrollment_key: 'abcd',
				business_ids: Array.from({ length: LIMITS.businessEnrollmentIds + 1 }, (_, n) => `b${n}`),
				event_types: ['new_product'],
			},
			[['body', 'business_ids']],
		],
		[
			'createBusinessEnrollment',
			'a prospect event type',
			{ enrollment_key: 'abcd', business_ids: ['a'], event_types: ['prospect_changed_role'] },
			[['body', 'event_types', 0]],
		],
		[
			'updateBusinessEnrollment',
			'no enrollment_id',
			{ enrollment_key: 'abcd', business_ids: ['a'], event_types: ['new_product'] },
			[['body', 'enrollment_id']],
		],
		[
			'createProspectEnrollment',
			'a business event type',
			{ enrollment_key: 'abcd', prospect_ids: ['p'], event_types: ['new_product'] },
			[['body', 'event_types', 0]],
		],
		[
			'createProspectEnrollment',
			'ttl_days 0',
			{ enrollment_key: 'abcd', prospect_ids: ['p'], event_types: ['prospect_changed_role'], ttl_days: 0 },
			[['body', 'ttl_days']],
		],
		['deleteProspectEnrollment', 'no enrollment_id', {}, [['body', 'enrollment_id']]],
	] as const)('%s answers 422 for %s', async (name, _, body, locs) => {
		const response = await api.call(name, body);
		expect(response.status).toBe(422);
		expect(response.body.detail.map((entry: { loc: unknown }) => entry.loc)).toEqual(locs);
	});
});
