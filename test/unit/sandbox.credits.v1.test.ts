/**
 * API v1's cases of sandbox.credits.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * Credits: the aggregation schema of both versions (modes, resolutions and the span each covers,
 * the time zone, v2's strictness) and the sandbox's credit ledger over real HTTP: the balance on
 * v1 and v2, one credit per enriched id (v1 bulk_enrich, v2 enrich, v2 jobs at submission and
 * back on cancel), 403 when the credits run short, and the aggregation by day, hour and endpoint.
 */
import { creditsAggregationBody, creditsAggregationBodyV1, type EndpointName, ENDPOINTS, V1_ENDPOINTS, type V1EndpointName } from '../../nodes/shared/api';
import { type Sandbox, sandboxClient, startSandbox } from '../sandbox';
import { type Body, checksTheAggregationRequest, issues, period } from './sandbox.credits.cases';

describe('the aggregation request, both versions', () => {
	test.each([['v1', creditsAggregationBodyV1]] as const)(
		'%s: a resolution for a timely period, the span each resolution covers, a known time zone',
		(_version, schema) => checksTheAggregationRequest(schema),
	);

	test('v2 refuses unknown keys; v1 lets them through, as the v1 service does', () => {
		const body = { ...period, resolution: 'day', key_name: 'production-key' };
		expect(issues(creditsAggregationBody, body)).toEqual([' Unrecognized key(s) in object: \'key_name\'']);
		expect(issues(creditsAggregationBodyV1, body)).toEqual([]);
	});
});

describe('the sandbox ledger', () => {
	const T0 = new Date('2026-12-02T10:30:00Z');
	let sandbox: Sandbox;
	let v1: ReturnType<typeof sandboxClient<V1EndpointName>>;
	let v2: ReturnType<typeof sandboxClient<EndpointName>>;
	beforeAll(async () => {
		sandbox = await startSandbox({ now: () => T0, rateLimit: false, credits: { allocated: 10 } });
		v1 = sandboxClient(sandbox, V1_ENDPOINTS);
		v2 = sandboxClient(sandbox, ENDPOINTS);
	});
	afterAll(async () => await sandbox.close());
	beforeEach(() => sandbox.configure({ credits: { allocated: 10 } }));

	const businesses = (count: number) => sandbox.universe.businesses.slice(0, count).map((business) => business.business_id);
	const NOBODY = 'f'.repeat(32);
	const remaining = async (client: typeof v1 | typeof v2) => ((await client.call<Body>('credits')).body as Body).remaining_credits;

	test('the balance on both versions: allocation, remaining and account type, each in its envelope', async () => {
		sandbox.configure({ credits: { allocated: 25, accountType: 'trial' } });
		const [one, two] = [await v1.call<Body>('credits'), await v2.call<Body>('credits')];
		expect(one.body).toEqual({
			response_context: expect.objectContaining({ time_took_in_seconds: expect.any(Number) }),
			allocated_credits: 25,
			remaining_credits: 25,
			account_type: 'trial',
		});
		expect(two.body).toEqual({ ...one.body, response_context: expect.objectContaining({ time_taken_in_seconds: expect.any(Number) }) });
	});

	test('one credit per id with data: v1 bulk_enrich and v2 enrich of 3 known ids, one unknown and one repeated each', async () => {
		const ids = [...businesses(3), NOBODY, businesses(1)[0]];
		expect((await v1.call('enrichBusinessFirmographics', { business_ids: ids })).status).toBe(200);
		expect(await remaining(v1)).toBe(7);
		expect((await v2.call('enrichBusinessFirmographics', { business_ids: ids })).status).toBe(200);
		expect(await remaining(v2)).toBe(4);
		// not billed: a match, a search, the balance itself
		await v2.call('matchBusinesses', { businesses_to_match: [{ domain: sandbox.universe.businesses[0].domain }] });
		expect(await remaining(v1)).toBe(4);
		expect(sandbox.credits.entries.map(({ endpoint, credits }) => [endpoint, credits])).toEqual([
			['/v1/businesses/firmographics/bulk_enrich', 3],
			['/v2/businesses/firmographics/enrich', 3],
		]);
	});

	test('a request needing more than remains: 403 insufficient credits, nothing debited; one that fits passes', async () => {
		await v1.call('enrichBusinessFirmographics', { business_ids: businesses(8) });
		const refused = await v2.call<Body>('enrichBusinessFirmographics', { business_ids: businesses(3) });
		expect(refused.status).toBe(403);
		expect(refused.body).toEqual({ details: 'Insufficient credits: this request needs 3 and 2 remain', correlation_id: expect.any(String) });
		expect(await remaining(v2)).toBe(2);
		expect((await v2.call('enrichBusinessFirmographics', { business_ids: businesses(2) })).status).toBe(200);
		expect(await remaining(v2)).toBe(0);
		// nothing to bill passes even at 0
		expect((await v1.call('enrichBusinessFirmographics', { business_ids: [NOBODY] })).status).toBe(200);
	});

	test('the aggregation: by day and by hour in the request time zone, by endpoint, and empty outside the period', async () => {
		await v1.call('enrichBusinessFirmographics', { business_ids: businesses(2) });
		await v2.call('enrichBusinessTechnographics', { business_ids: businesses(3) });
		const period = { from_date: '2026-12-01T00:00:00Z', to_date: '2026-12-03T00:00:00Z' };
		const aggregate = async (client: typeof v1 | typeof v2, body: Body) => {
			const { response_context: _context, ...rest } = (await client.call<Body>('creditsAggregation', body)).body;
			return rest;
		};
		expect(await aggregate(v1, { ...period, resolution: 'day' })).toEqual({
			...period,
			mode: 'timely',
			resolution: 'day',
			timezone: 'UTC',
			total_credits: 5,
			aggregations: [{ date: '2026-12-02', credits: 5 }],
		});
		expect((await aggregate(v2, { ...period, resolution: 'hour', timezone: 'Asia/Tokyo' })).aggregations).toEqual([
			{ date: '2026-12-02', hour: '19:00', credits: 5 },
		]);
		expect((await aggregate(v2, { ...period, resolution: 'month' })).aggregations).toEqual([{ month: '2026-12', credits: 5 }]);
		expect(await aggregate(v2, { ...period, mode: 'endpoints' })).toEqual({
			...period,
			mode: 'endpoints',
			resolution: null,
			timezone: 'UTC',
			total_credits: 5,
			aggregations: [
				{ endpoint: '/v2/businesses/technographics/enrich', credits: 3 },
				{ endpoint: '/v1/businesses/firmographics/bulk_enrich', credits: 2 },
			],
		});
		expect((await aggregate(v1, { from_date: '2026-12-02T10:30:01Z', to_date: '2026-12-03', resolution: 'day' })).total_credits).toBe(0);
		const refused = await v2.call<Body>('creditsAggregation', { ...period, resolution: 'fortnight' });
		expect(refused.status).toBe(422);
	});
});
