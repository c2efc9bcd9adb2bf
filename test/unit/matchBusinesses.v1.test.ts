/**
 * API v1's cases of matchBusinesses.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * Match Businesses: how a parameter value becomes a field of the match object, which fields are
 * left out with a warning and which items fail (named by item and field), the output item, and
 * the sandbox's business match over HTTP (order, echo, each identifier, misses, 422 per item).
 * The node itself runs in test/engine/matchBusinesses.test.ts and test/e2e/matchBusinesses.test.ts.
 */
import { LIMITS, matchBusinessesBodyV1 } from '../../nodes/shared/api';
import { type Sandbox, sandboxClient, startSandbox } from '../sandbox';
import { businessProfileUrl } from '../sandbox/universe/businessMatch';

describe('Match Businesses: what is sent, left out, or refused', () => {
	it(`lets a request hold 1 to ${LIMITS.businessMatchItems} businesses`, () => {
		const items = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Company ${i}` }));
		expect(LIMITS.businessMatchItems).toBe(50);
		expect(matchBusinessesBodyV1.safeParse({ businesses_to_match: items(50) }).success).toBe(true);
		expect(matchBusinessesBodyV1.safeParse({ businesses_to_match: items(51) }).success).toBe(false);
		expect(matchBusinessesBodyV1.safeParse({ businesses_to_match: [] }).success).toBe(false);
	});
});

describe('sandbox: POST /v1/businesses/match', () => {
	let sandbox: Sandbox;
	let api: ReturnType<typeof sandboxClient>;
	beforeAll(async () => {
		sandbox = await startSandbox({ rateLimit: false });
		api = sandboxClient(sandbox);
	});
	afterAll(async () => await sandbox.close());

	const business = (n: number) => sandbox.universe.businesses[n];
	const baseName = (n: number) => business(n).name.split(' ').slice(0, 3).join(' ');
	const match = (items: unknown[]) => api.call('matchBusinesses', { businesses_to_match: items });
	const echo = (input: object) => ({ name: null, domain: null, url: null, profnet_url: null, ...input });

	it('answers one result per input, in input order, echoing all four keys', async () => {
		const items = [
			{ name: business(0).name, domain: business(0).domain },
			{ domain: `www.${business(1).domain.toUpperCase()}` },
			{ name: 'Nobody At All Ltd' },
			{ url: `${business(2).website}/about` },
			{ name: baseName(3).toLowerCase() },
			{ profnet_url: businessProfileUrl(business(4)) },
			// domain wins over a name that names another business
			{ name: business(6).name, domain: business(5).domain },
			{ domain: 'unknown-company.example', url: 'https://unknown-company.example' },
		];
		const response = await match(items);
		expect(response.status).toBe(200);
		expect(response.body).toEqual({
			response_context: { correlation_id: expect.any(String), request_status: 'success', time_took_in_seconds: expect.any(Number) },
			total_results: 8,
			total_matches: 6,
			matched_businesses: [
				{ input: echo(items[0]), business_id: business(0).business_id },
				{ input: echo(items[1]), business_id: business(1).business_id },
				{ input: echo(items[2]), business_id: null },
				{ input: echo(items[3]), business_id: business(2).business_id },
				{ input: echo(items[4]), business_id: business(3).business_id },
				{ input: echo(items[5]), business_id: business(4).business_id },
				{ input: echo(items[6]), business_id: business(5).business_id },
				{ input: echo(items[7]), business_id: null },
			],
		});
	});
});
