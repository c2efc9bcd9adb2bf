/**
 * Prospect endpoints of the sandbox over HTTP: match (order, length, echo, each fetcher, misses,
 * the business_id restriction, 422 with item indexes) and the profile and posts enrichments
 * (input order, unknown ids absent, 0 and 3 posts, the uniqueness and bulk-id rules).
 */
import { LIMITS } from '../../nodes/shared/api';
import { type Sandbox, sandboxClient, startSandbox } from '../sandbox';
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
const match = (items: unknown[]) => api.call('matchProspects', { prospects_to_match: items });

describe('match', () => {
	it('uses the first fetcher that names someone, and matches the business_id of that prospect', async () => {
		const p = matchable(5);
		const { body } = await match([
			{ ...sandbox.universe.unknownContact('email', 3), phone_number: p.phone_number },
			{ ...sandbox.universe.contactFor(p, 'name'), business_id: p.business_id },
		]);
		expect(body.matched_prospects.map((result: { prospect_id: string }) => result.prospect_id)).toEqual([
			p.prospect_id,
			p.prospect_id,
		]);
	});

	it('misses about 10% of the known prospects, deterministically', () => {
		const share = prospects().filter((prospect) => !prospect.matchable).length / prospects().length;
		expect(share).toBeGreaterThan(0.08);
		expect(share).toBeLessThan(0.12);
		for (const prospect of prospects().slice(0, 200)) {
			expect(sandbox.universe.matchProspect(sandbox.universe.contactFor(prospect, 'email'))).toBe(
				prospect.matchable ? prospect : undefined,
			);
		}
	});

	it.each([
		['no items', [], [['body', 'prospects_to_match']]],
		[
			'an item without a fetcher',
			[{ email: 'a@b.example' }, { business_id: '0'.repeat(32) }],
			[['body', 'prospects_to_match', 1]],
		],
		['a name without a company', [{ full_name: 'Ana Silva' }], [['body', 'prospects_to_match', 0, 'company_name']]],
		[
			'a bad phone number',
			[{ email: 'a@b.example' }, { email: 'c@d.example' }, { phone_number: '555-1234' }],
			[['body', 'prospects_to_match', 2, 'phone_number']],
		],
		[
			'an uppercase business_id',
			[{ email: 'a@b.example', business_id: 'A'.repeat(32) }],
			[['body', 'prospects_to_match', 0, 'business_id']],
		],
		['an unknown key', [{ email: 'a@b.example', linkedin: 'x' }], [['body', 'prospects_to_match', 0, 'linkedin']]],
	])('answers 422 for %s, located at the item', async (_, items, locs) => await refusedAt(match(items), locs));
});

describe('profile enrichment', () => {
	it('returns the profiles of the known ids in input order; unknown ids are absent', async () => {
		const [a, b] = [prospects()[10], prospects()[20]];
		const response = await api.call('enrichProspectProfiles', {
			prospect_ids: [b.prospect_id, 'f'.repeat(40), a.prospect_id],
		});
		expect(response.body).toEqual({
			response_context: expect.objectContaining({ request_status: 'success' }),
			data: [
				{ prospect_id: b.prospect_id, data: b.profile },
				{ prospect_id: a.prospect_id, data: a.profile },
			],
			total_results: 2,
		});
		expect(Object.keys(a.profile)).toEqual([
			'full_name',
			'country_name',
			'profnet',
			'experience',
			'education',
			'company_name',
			'company_website',
			'job_title',
		]);
		expect(a.profile.experience[0]).toEqual(
			expect.objectContaining({ company_name: a.company_name, is_current: true, end_date: null }),
		);
	});

	it.each([
		['a duplicate id', (ids: string[]) => [...ids, ids[3]], ['body', 'prospect_ids'], 'value_error'],
		[
			'a null id',
			(ids: string[]) => ids.map((id, n) => (n === 7 ? null : id)),
			['body', 'prospect_ids', 7],
			'type_error.string',
		],
		[
			'an empty id',
			(ids: string[]) => ids.map((id, n) => (n === 7 ? '' : id)),
			['body', 'prospect_ids', 7],
			'value_error.too_small',
		],
		[
			'more than the limit',
			() =>
				prospects()
					.slice(0, LIMITS.prospectEnrichIds + 1)
					.map((p) => p.prospect_id),
			['body', 'prospect_ids'],
			'value_error.too_big',
		],
		['no ids', () => [], ['body', 'prospect_ids'], 'value_error.too_small'],
	])('answers 422 for %s', async (_, build, loc, type) => {
		const ids = prospects()
			.slice(0, 10)
			.map((prospect) => prospect.prospect_id);
		for (const name of ['enrichProspectProfiles', 'enrichProspectPosts'] as const) {
			const response = await api.call(name, { prospect_ids: build(ids) });
			expect(response.status).toBe(422);
			expect(response.body.detail).toEqual([{ loc, msg: expect.any(String), type }]);
		}
	});
});

describe('posts enrichment', () => {
	it('dates posts back from the sandbox start, newest first', () => {
		const anchor = sandbox.universe.anchor.getTime();
		for (const prospect of prospects().slice(0, 100)) {
			const days = prospect.posts.map((post) => post.days_since_posted);
			expect(days).toEqual([...days].sort((x, y) => x - y));
			for (const post of prospect.posts) {
				expect(post.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
				const age = anchor - Date.parse(`${post.created_at}Z`);
				expect(Math.floor(age / 86_400_000)).toBe(post.days_since_posted);
			}
		}
	});

	it('has prospects with no posts and with exactly three', () => {
		expect(prospects().filter((prospect) => prospect.posts.length === 0).length).toBeGreaterThan(100);
		expect(prospects().filter((prospect) => prospect.posts.length === 3).length).toBeGreaterThan(100);
	});
});
