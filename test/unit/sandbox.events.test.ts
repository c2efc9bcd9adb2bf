/**
 * Business endpoints of the sandbox over HTTP besides search: events (ids, types, strictly after
 * timestamp_from, the 90-day window, events added later), the enrollment lifecycle, and the four
 * business enrichments. The sandbox runs on a fixed clock so times are exact.
 */
import { LIMITS } from '../../nodes/shared/api';
import { type Sandbox, sandboxClient, startSandbox } from '../sandbox';

const NOW = new Date('2025-06-01T12:00:00.000Z');

let clock = NOW.getTime();
let sandbox: Sandbox;
let api: ReturnType<typeof sandboxClient>;
beforeAll(async () => {
	sandbox = await startSandbox({ now: () => new Date(clock), rateLimit: false });
	api = sandboxClient(sandbox);
});
afterAll(async () => await sandbox.close());
const events = (body: Record<string, unknown>) => api.call('getBusinessEvents', body);
/** The first `count` businesses that have seeded events. */
function businessesWithEvents(count: number): string[] {
	const ids = [...new Set(sandbox.universe.events.map((event) => event.business_id))];
	return ids.slice(0, count);
}

describe('events', () => {
	it('keeps only the requested types', async () => {
		const ids = businessesWithEvents(LIMITS.businessEventIds);
		const wanted = ['new_investment', 'new_product'];
		const expected = sandbox.universe.events.filter(
			(event) => ids.includes(event.business_id) && wanted.includes(event.event_name),
		);
		expect(expected.length).toBeGreaterThan(0);
		expect((await events({ event_types: wanted, business_ids: ids })).body.output_events).toEqual(expected);
	});

	it('serves the contract payload for new_investment', () => {
		const investment = sandbox.universe.events.find((event) => event.event_name === 'new_investment')!;
		expect(investment.event_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
		expect(investment.data).toEqual({
			event_name: 'new_investment',
			investment_date: investment.event_time,
			investment_amount: expect.any(Number),
			investment_target: expect.any(String),
			investment_type: expect.any(String),
			link: expect.stringMatching(/^https:\/\//),
		});
		expect(new Set(sandbox.universe.events.map((event) => event.event_id)).size).toBe(sandbox.universe.events.length);
	});

	it.each([
		['no event types', { event_types: [], business_ids: ['a'] }, [['body', 'event_types']]],
		[
			'an unknown event type',
			{ event_types: ['new_product', 'weather_change'], business_ids: ['a'] },
			[['body', 'event_types', 1]],
		],
		[
			'too many ids',
			{
				event_types: ['new_product'],
				business_ids: Array.from({ length: LIMITS.businessEventIds + 1 }, (_, n) => `b${n}`),
			},
			[['body', 'business_ids']],
		],
		['an empty id', { event_types: ['new_product'], business_ids: ['a', ''] }, [['body', 'business_ids', 1]]],
		[
			'a malformed timestamp',
			{ event_types: ['new_product'], business_ids: ['a'], timestamp_from: 'yesterday' },
			[['body', 'timestamp_from']],
		],
		[
			'an unknown type and an old timestamp',
			{ event_types: ['x'], business_ids: ['a'], timestamp_from: '2020-01-01' },
			[
				['body', 'event_types', 0],
				['body', 'timestamp_from'],
			],
		],
	])('answers 422 for %s', async (_, body, locs) => {
		const response = await events(body);
		expect(response.status).toBe(422);
		expect(response.body.detail.map((entry: { loc: unknown }) => entry.loc)).toEqual(locs);
	});
});

describe('business enrichment', () => {
	const publicCompany = () => sandbox.universe.businesses.find((business) => business.public_company)!;
	const privateCompany = () => sandbox.universe.businesses.find((business) => !business.public_company)!;
	const request = () => [
		publicCompany().business_id,
		'unknown-id',
		privateCompany().business_id,
		publicCompany().business_id,
	];

	it.each([
		[
			'enrichBusinessFunding',
			'funding',
			true,
			['company_name', 'total_funding_amount', 'funding_rounds', 'acquisitions'],
		],
		['enrichBusinessWebsiteChanges', 'website_changes', true, ['website', 'changes']],
		[
			'enrichBusinessStrategy',
			'strategy',
			false,
			['company_name', 'fiscal_year', 'source', 'corporate_focus', 'partnerships', 'competitive_strategies'],
		],
		[
			'enrichBusinessChallenges',
			'challenges',
			false,
			['company_name', 'fiscal_year', 'source', 'risks', 'operational_challenges'],
		],
	] as const)('%s: one element per known business, in input order', async (name, kind, forPrivate, keys) => {
		const expectedIds = [publicCompany().business_id, ...(forPrivate ? [privateCompany().business_id] : [])];
		const response = await api.call(name, { business_ids: request() });
		expect(response.body).toEqual({
			response_context: expect.objectContaining({ request_status: 'success' }),
			data: expectedIds.map((id) => ({ business_id: id, data: sandbox.universe.businessEnrichment(kind, id) })),
			total_results: expectedIds.length,
		});
		expect(Object.keys(response.body.data[0].data)).toEqual(keys);
	});

	it('dates website changes back from the sandbox start, newest first', () => {
		const withChanges = sandbox.universe.businesses
			.map((business) => sandbox.universe.businessEnrichment('website_changes', business.business_id)!)
			.find((data) => (data.changes as unknown[]).length >= 2)!;
		const changes = withChanges.changes as Array<{ detected_at: string; page_url: string; section: string }>;
		const times = changes.map((change) => Date.parse(change.detected_at));
		expect(times).toEqual([...times].sort((a, b) => b - a));
		for (const change of changes) {
			expect(Date.parse(change.detected_at)).toBeLessThan(NOW.getTime());
			expect(change.page_url).toBe(`${withChanges.website}/${change.section}`);
		}
	});

	it('answers 422 for an empty id or too many ids', async () => {
		const empty = await api.call('enrichBusinessFunding', { business_ids: ['a', ' ', 'b'] });
		expect(empty.body.detail).toEqual([
			{ loc: ['body', 'business_ids', 1], msg: expect.any(String), type: 'value_error.too_small' },
		]);
		const many = await api.call('enrichBusinessStrategy', {
			business_ids: Array.from({ length: LIMITS.businessEnrichIds + 1 }, (_, n) => `b${n}`),
		});
		expect(many.body.detail.map((entry: { loc: unknown }) => entry.loc)).toEqual([['body', 'business_ids']]);
	});
});
