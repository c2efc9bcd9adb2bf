/**
 * API v1's cases of sandbox.prospects.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * Prospect endpoints of the sandbox over HTTP: match (order, length, echo, each fetcher, misses,
 * the business_id restriction, 422 with item indexes) and the profile and posts enrichments
 * (input order, unknown ids absent, 0 and 3 posts, the uniqueness and bulk-id rules).
 */
import { V1_LIMITS } from '../../nodes/shared/api';
import { type Fetcher, type Sandbox, sandboxClient, type SandboxProspect, startSandbox } from '../sandbox';
import { refusedAt } from './sandbox.prospects.cases';

let sandbox: Sandbox;
let api: ReturnType<typeof sandboxClient>;
beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false });
	api = sandboxClient(sandbox);
});
afterAll(async () => await sandbox.close());

const prospects = () => sandbox.universe.prospects;
const matchable = (n: number) => prospects().filter((prospect) => prospect.matchable)[n];
const unmatchable = (n: number) => prospects().filter((prospect) => !prospect.matchable)[n];
const withPosts = (count: number, n = 0) => prospects().filter((prospect) => prospect.posts.length === count)[n];
const match = (items: unknown[]) => api.call('matchProspects', { prospects_to_match: items });
const echo = (input: Record<string, string>) => ({
	business_id: null,
	full_name: null,
	company_name: null,
	email: null,
	phone_number: null,
	profnet: null,
	...input,
});

describe('match', () => {
	it('answers one result per input, in input order, echoing all six keys', async () => {
		const [a, b, c, d] = [matchable(0), matchable(1), matchable(2), matchable(3)];
		const items = [
			{ email: a.email },
			sandbox.universe.unknownContact('email', 1),
			{ phone_number: b.phone_number, business_id: b.business_id },
			{ full_name: c.full_name.toUpperCase(), company_name: c.company_name.toLowerCase() },
			{ email: unmatchable(0).email },
			{ profnet: d.profnet, business_id: a.business_id === d.business_id ? matchable(4).business_id : a.business_id },
			{ profnet: `${d.profnet}/` },
		];
		const response = await match(items);
		expect(response.status).toBe(200);
		expect(response.body).toEqual({
			response_context: {
				correlation_id: expect.any(String),
				request_status: 'success',
				time_took_in_seconds: expect.any(Number),
			},
			total_results: 7,
			total_matches: 4,
			matched_prospects: [
				{ input: echo(items[0] as Record<string, string>), prospect_id: a.prospect_id },
				{ input: echo(items[1] as Record<string, string>), prospect_id: null },
				{ input: echo(items[2] as Record<string, string>), prospect_id: b.prospect_id },
				{ input: echo(items[3] as Record<string, string>), prospect_id: c.prospect_id },
				{ input: echo(items[4] as Record<string, string>), prospect_id: null }, // an unmatchable prospect
				{ input: echo(items[5] as Record<string, string>), prospect_id: null }, // the wrong business
				{ input: echo(items[6] as Record<string, string>), prospect_id: d.prospect_id },
			],
		});
	});

	it.each<Fetcher>(['email', 'phone_number', 'profnet', 'name'])(
		'contactFor(prospect, %s) hits exactly the matchable prospects, unknownContact always misses',
		async (fetcher) => {
			const sample = prospects().slice(0, V1_LIMITS.matchItems - 2);
			const items = [
				...sample.map((prospect) => sandbox.universe.contactFor(prospect, fetcher)),
				sandbox.universe.unknownContact(fetcher, 0),
				sandbox.universe.unknownContact(fetcher, 1),
			];
			const { body } = await match(items);
			expect(body.matched_prospects.map((result: { prospect_id: string | null }) => result.prospect_id)).toEqual([
				...sample.map((prospect) => (prospect.matchable ? prospect.prospect_id : null)),
				null,
				null,
			]);
			expect(sample.some((prospect) => !prospect.matchable)).toBe(true);
		},
	);

	it.each([
		[
			'too many items',
			Array.from({ length: V1_LIMITS.matchItems + 1 }, (_, n) => ({ email: `p${n}@x.example` })),
			[['body', 'prospects_to_match']],
		],
	])('answers 422 for %s, located at the item', async (_, items, locs) => await refusedAt(match(items), locs));
});

describe('posts enrichment', () => {
	it('returns 0..n elements per prospect in input order, with total_results', async () => {
		const none = withPosts(0);
		const three = withPosts(3);
		const one = withPosts(1);
		const response = await api.call('enrichProspectPosts', {
			prospect_ids: [three.prospect_id, none.prospect_id, 'f'.repeat(40), one.prospect_id],
		});
		const element = (prospect: SandboxProspect) =>
			prospect.posts.map((post) => ({ prospect_id: prospect.prospect_id, data: post }));
		expect(response.body).toEqual({
			response_context: expect.objectContaining({ request_status: 'success' }),
			data: [...element(three), ...element(one)],
			total_results: 4,
		});
	});
});
