/**
 * API v1's cases of sandbox.prospectEvents.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * The sandbox's prospect events over HTTP: the named prospects and types, strictly after
 * timestamp_from and up to timestamp_to, only the last 90 days, the schema's rules (1 to 40 unique
 * ids, known types, entity_type) as 422s, deterministic per seed and clock, and the list of
 * prospect enrollments. The sandbox runs on a fixed clock so times are exact.
 */
import { LIMITS, PROSPECT_EVENT_TYPES } from '../../nodes/shared/api';
import { type Sandbox, sandboxClient, startSandbox } from '../sandbox';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const DAY_MS = 86_400_000;
const ALL_TYPES = [...PROSPECT_EVENT_TYPES];

let sandbox: Sandbox;
let api: ReturnType<typeof sandboxClient>;
beforeAll(async () => {
	sandbox = await startSandbox({ now: () => NOW, rateLimit: false });
	api = sandboxClient(sandbox);
});
afterAll(async () => await sandbox.close());

const events = (body: Record<string, unknown>) => api.call('getProspectEvents', body);
/** The first `count` prospects with seeded events. */
const prospectsWithEvents = (count: number) =>
	[...new Set(sandbox.universe.prospectEvents.map((event) => event.prospect_id))].slice(0, count);

describe('prospect events', () => {
	it('returns the events of the named prospects in the window, oldest first, in the documented shape', async () => {
		const ids = prospectsWithEvents(LIMITS.prospectEventIds);
		const expected = sandbox.universe.prospectEvents.filter((event) => ids.includes(event.prospect_id));
		expect(expected.length).toBeGreaterThanOrEqual(LIMITS.prospectEventIds);
		const response = await events({ prospect_ids: ids, event_types: ALL_TYPES });
		expect(response.status).toBe(200);
		expect(response.body).toEqual({
			response_context: { correlation_id: expect.any(String), request_status: 'success', time_took_in_seconds: expect.any(Number) },
			output_events: expected,
		});
		const times = expected.map((event) => Date.parse(event.event_time));
		expect(times).toEqual([...times].sort((a, b) => a - b));
		for (const event of expected) {
			expect(Object.keys(event)).toEqual(['event_name', 'event_time', 'event_id', 'prospect_id', 'data']);
			expect(Date.parse(event.event_time)).toBeLessThan(NOW.getTime());
			expect(Date.parse(event.event_time)).toBeGreaterThan(NOW.getTime() - LIMITS.eventWindowDays * DAY_MS);
			const keys = Object.keys(event.data).sort();
			expect(keys).toEqual(
				event.event_name === 'prospect_job_start_anniversary'
					? ['company_name', 'full_name', 'job_anniversary_date', 'job_title', 'profnet_url', 'years_at_company']
					: [
							'current_company_id',
							'current_company_name',
							'current_job_title',
							'previous_company_id',
							'previous_company_name',
							'previous_job_title',
						],
			);
		}
	});
});

describe('prospect enrollments list', () => {
	it('lists the prospect enrollments created through the API', async () => {
		expect((await api.call('listProspectEnrollments')).body).toEqual({
			response_context: expect.objectContaining({ request_status: 'success' }),
			enrollments: [],
		});
		const created = await api.call('createProspectEnrollment', {
			enrollment_key: 'movers',
			prospect_ids: ['p1', 'p2'],
			event_types: ['prospect_changed_company'],
			ttl_days: 30,
		});
		expect(created.status).toBe(200);
		const listed = await api.call('listProspectEnrollments');
		expect(listed.body.enrollments).toEqual([
			{
				enrollment_id: created.body.enrollment_id,
				enrollment_key: 'movers',
				prospect_ids: ['p1', 'p2'],
				event_types: ['prospect_changed_company'],
				ttl_days: 30,
			},
		]);
	});
});
