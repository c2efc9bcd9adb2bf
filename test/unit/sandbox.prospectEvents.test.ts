/**
 * The sandbox's prospect events over HTTP: the named prospects and types, strictly after
 * timestamp_from and up to timestamp_to, only the last 90 days, the schema's rules (1 to 40 unique
 * ids, known types, entity_type) as 422s, deterministic per seed and clock, and the list of
 * prospect enrollments. The sandbox runs on a fixed clock so times are exact.
 */
import { LIMITS } from '../../nodes/shared/api';
import { type ProspectEvent, type Sandbox, sandboxClient, startSandbox } from '../sandbox';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const DAY_MS = 86_400_000;

let sandbox: Sandbox;
let api: ReturnType<typeof sandboxClient>;
beforeAll(async () => {
	sandbox = await startSandbox({ now: () => NOW, rateLimit: false });
	api = sandboxClient(sandbox);
});
afterAll(async () => await sandbox.close());

const events = (body: Record<string, unknown>) => api.call('getProspectEvents', body);

describe('prospect events', () => {
	it('is the same for the same seed and clock', async () => {
		const again = await startSandbox({ now: () => NOW, rateLimit: false });
		try {
			expect(again.universe.prospectEvents).toEqual(sandbox.universe.prospectEvents);
		} finally {
			await again.close();
		}
	});

	it('keeps the requested types, strictly after timestamp_from and up to timestamp_to', async () => {
		// 40 prospects whose role changes spread over the whole window, and who have other events too
		const roleChanges = sandbox.universe.prospectEvents.filter((event) => event.event_name === 'prospect_changed_role');
		const step = Math.floor(roleChanges.length / LIMITS.prospectEventIds);
		const ids = roleChanges.filter((_, n) => n % step === 0).slice(0, LIMITS.prospectEventIds).map((event) => event.prospect_id);
		expect(new Set(ids).size).toBe(LIMITS.prospectEventIds);
		expect(sandbox.universe.prospectEvents.some((event) => ids.includes(event.prospect_id) && event.event_name !== 'prospect_changed_role')).toBe(true);
		const from = new Date(NOW.getTime() - 60 * DAY_MS).toISOString();
		const to = new Date(NOW.getTime() - 20 * DAY_MS).toISOString();
		const expected = sandbox.universe.prospectEvents.filter(
			(event: ProspectEvent) =>
				ids.includes(event.prospect_id) &&
				event.event_name === 'prospect_changed_role' &&
				Date.parse(event.event_time) > Date.parse(from) &&
				Date.parse(event.event_time) <= Date.parse(to),
		);
		expect(expected.length).toBeGreaterThan(0);
		// the check means something: these prospects have role changes before and after the period too
		const roles = sandbox.universe.prospectEvents.filter((event) => ids.includes(event.prospect_id) && event.event_name === 'prospect_changed_role');
		expect(roles.some((event) => Date.parse(event.event_time) <= Date.parse(from))).toBe(true);
		expect(roles.some((event) => Date.parse(event.event_time) > Date.parse(to))).toBe(true);
		const response = await events({ prospect_ids: ids, event_types: ['prospect_changed_role'], timestamp_from: from, timestamp_to: to });
		expect(response.body.output_events).toEqual(expected);
	});

	it.each([
		['no ids', { prospect_ids: [], event_types: ['prospect_changed_role'] }, [['body', 'prospect_ids']]],
		[
			'41 ids',
			{ prospect_ids: Array.from({ length: LIMITS.prospectEventIds + 1 }, (_, n) => `p${n}`), event_types: ['prospect_changed_role'] },
			[['body', 'prospect_ids']],
		],
		['a repeated id', { prospect_ids: ['p1', 'p1'], event_types: ['prospect_changed_role'] }, [['body', 'prospect_ids']]],
		['no event types', { prospect_ids: ['p1'], event_types: [] }, [['body', 'event_types']]],
		['a business event type', { prospect_ids: ['p1'], event_types: ['prospect_changed_role', 'new_product'] }, [['body', 'event_types', 1]]],
		['another entity_type', { prospect_ids: ['p1'], event_types: ['prospect_changed_role'], entity_type: 'business' }, [['body', 'entity_type']]],
		[
			'a timestamp_from older than 90 days',
			{ prospect_ids: ['p1'], event_types: ['prospect_changed_role'], timestamp_from: '2025-02-01' },
			[['body', 'timestamp_from']],
		],
		[
			'a timestamp_to before timestamp_from',
			{ prospect_ids: ['p1'], event_types: ['prospect_changed_role'], timestamp_from: '2025-05-10', timestamp_to: '2025-05-01' },
			[['body', 'timestamp_to']],
		],
	])('answers 422 for %s', async (_, body, locs) => {
		const response = await events(body);
		expect(response.status).toBe(422);
		expect(response.body.detail.map((entry: { loc: unknown }) => entry.loc)).toEqual(locs);
	});

	it('accepts 40 unique ids and an explicit entity_type "prospect"', async () => {
		const ids = Array.from({ length: LIMITS.prospectEventIds }, (_, n) => `p${n}`);
		const response = await events({ prospect_ids: ids, event_types: ['prospect_changed_role'], entity_type: 'prospect' });
		expect(response.status).toBe(200);
		expect(response.body.output_events).toEqual([]);
	});
});
