/**
 * Match Prospects and Enrich at the node versions that speak one API version, through n8n-core's
 * WorkflowExecute against the sandbox: matchEnrich.test.ts runs these cases on v2,
 * matchEnrich.v1.test.ts on v1 (retiring v1 deletes that file). What is sent for each field,
 * Continue on Fail, a name left out with a warning, posts and profiles, three business enrichments
 * on 120 items, de-duplication, Enrichment Parameters, and a failing service, on the version's
 * paths. Request counts and batch sizes are read from the sandbox's request log.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { ApiVersion } from '../../nodes/shared/api';
import { RETRY_POLICY } from '../../nodes/shared/transport/retryPolicy';
import type { Sandbox } from '../sandbox';
import { onItems, packageNode, runWorkflow, sandboxCredentials, type WorkflowNode } from './harness';
import { pathOn, typeVersionFor } from './harness/apiVersions';

/** A v1 enrichment path as the version sends it: v2 enriches at .../enrich, v1 at .../bulk_enrich. */
const enrichPathOn = (api: ApiVersion, v1Path: string): string => (api === 'v2' ? pathOn(api, v1Path).replace(/\/bulk_enrich$/, '/enrich') : v1Path);

/** The cases on `api`, against the test file's sandbox (started by its useSandbox). */
export function matchEnrichCases(api: ApiVersion, sandbox: Sandbox): void {
	const MATCH_PATH = pathOn(api, '/v1/prospects/match');
	const PROFILE_PATH = enrichPathOn(api, '/v1/prospects/profiles/bulk_enrich');
	const POSTS_PATH = enrichPathOn(api, '/v1/prospects/profnet_posts/bulk_enrich');
	const BUSINESS_PATHS = {
		funding: enrichPathOn(api, '/v1/businesses/funding_and_acquisition/bulk_enrich'),
		strategy: enrichPathOn(api, '/v1/businesses/pc_strategy_10k/bulk_enrich'),
		websiteChanges: enrichPathOn(api, '/v1/businesses/website_changes/bulk_enrich'),
		challenges: enrichPathOn(api, '/v1/businesses/pc_business_challenges_10k/bulk_enrich'),
	};
	const requestsTo = (path: string) => sandbox.requests.filter((request) => request.path === path);
	const bodies = (path: string) => requestsTo(path).map((request) => request.body as IDataObject);
	const matchNode = (parameters: INodeParameters = {}, settings: Partial<WorkflowNode> = {}): WorkflowNode =>
		packageNode('matchProspects', 'Match Prospects', parameters, { typeVersion: typeVersionFor('matchProspects', api), ...settings });
	const enrichNode = (parameters: INodeParameters = {}, settings: Partial<WorkflowNode> = {}): WorkflowNode =>
		packageNode('enrich', 'Enrich', parameters, { typeVersion: typeVersionFor('enrich', api), ...settings });
	const run = async (items: IDataObject[], ...nodes: WorkflowNode[]) => await runWorkflow(onItems(items, ...nodes), { credentials: sandboxCredentials(sandbox) });
	const pairedIndexes = (pairs: Array<Array<{ item: number }>>) => pairs.map((pair) => pair.map((p) => p.item));
	const range = (n: number) => Array.from({ length: n }, (_, i) => i);

	describe('Match Prospects', () => {
		const universe = () => sandbox.universe;

		test('reads each field from the item, omits empty ones, echoes the input and keeps the row', async () => {
			const [a, b] = universe().prospects.filter((p) => p.matchable);
			const rows = [
				{ id: 'r1', email: a.email, phone_number: '', profnet: null, full_name: '  ', note: 'keep me' },
				{ id: 'r2', full_name: b.full_name, company_name: b.company_name, business_id: b.business_id, prospect_id: 'stale' },
			];
			const result = await run(rows, matchNode());

			expect(bodies(MATCH_PATH)).toEqual([
				{ prospects_to_match: [{ email: a.email }, { full_name: b.full_name, company_name: b.company_name, business_id: b.business_id }] },
			]);
			const [first, second] = result.json('Match Prospects');
			expect(first).toEqual({
				...rows[0],
				prospect_id: a.prospect_id,
				matched: true,
				// only what was sent, under a name no contact table uses
				match_input: { email: a.email },
			});
			expect(second.match_input).toEqual({ full_name: b.full_name, company_name: b.company_name, business_id: b.business_id });
			expect(second).toMatchObject({ id: 'r2', prospect_id: b.prospect_id, matched: true });
		});

		test('fields mapped with expressions from other columns', async () => {
			const [a] = universe().prospects.filter((p) => p.matchable);
			const result = await run(
				[{ 'E-mail': a.email, email: 'ignored@unknown.invalid' }],
				matchNode({ email: '={{ $json["E-mail"] }}' }),
			);
			expect(bodies(MATCH_PATH)[0]).toEqual({ prospects_to_match: [{ email: a.email }] });
			expect(result.json('Match Prospects')[0].prospect_id).toBe(a.prospect_id);
		});

		const invalidRows = () => {
			const valid = universe().prospects.filter((p) => p.matchable);
			const rows: IDataObject[] = range(43).map((i) => ({ email: valid[i].email }));
			rows[5] = { phone_number: '0151 234567' };
			rows[17] = { full_name: 'Jane Doe' };
			// a bad business_id next to a valid email would be left out (with a warning): both are bad here
			rows[30] = { email: 'not an email', business_id: 'a'.repeat(33) };
			return { rows, valid };
		};

		test('Continue on Fail: invalid rows become paired error items, the 40 valid rows go in one request', async () => {
			const { rows, valid } = invalidRows();
			const result = await run(rows, matchNode({}, { onError: 'continueRegularOutput' }));

			expect(result.error).toBeUndefined();
			const sent = bodies(MATCH_PATH);
			expect(sent).toHaveLength(1);
			expect((sent[0].prospects_to_match as unknown[]).length).toBe(40);

			const output = result.json('Match Prospects');
			expect(output).toHaveLength(43);
			expect(pairedIndexes(result.pairedItems('Match Prospects'))).toEqual(range(43).map((i) => [i]));
			expect(output[5].error).toBe(
				'Item 5: phone_number must be in international form: a plus sign, the country calling code, then 1 to 12 digits',
			);
			expect(output[17].error).toBe('Item 17: company_name is required when full_name is given');
			expect(output[30].error).toBe('Item 30: business_id must be 32 lowercase hexadecimal characters; email must be an email address');
			for (const i of range(43).filter((i) => ![5, 17, 30].includes(i))) {
				expect(output[i]).toMatchObject({ email: valid[i].email, prospect_id: valid[i].prospect_id, matched: true });
			}
		});

		test("a name the service would reject (O'Brien) is left out when the email can match, with a warning", async () => {
			const [a] = universe().prospects.filter((p) => p.matchable);
			const result = await run(
				[{ email: a.email, full_name: "Conan O'Brien", company_name: 'Acme' }, { full_name: "Conan O'Brien", company_name: 'Acme' }],
				matchNode({}, { onError: 'continueRegularOutput' }),
			);
			expect(bodies(MATCH_PATH)).toEqual([{ prospects_to_match: [{ email: a.email }] }]);
			const [matched, failed] = result.json('Match Prospects');
			expect(matched).toMatchObject({ prospect_id: a.prospect_id, matched: true });
			expect(matched.warnings).toEqual([
				'full_name and company_name not sent, matched on the other fields: full_name may contain only letters, spaces, dots and hyphens (no apostrophes, digits or other signs)',
			]);
			expect(failed).toEqual({
				error: 'Item 1: full_name may contain only letters, spaces, dots and hyphens (no apostrophes, digits or other signs)',
				details: 'Nothing was sent to the service for this item.',
			});
		});
	});

	describe('Enrich', () => {
		const universe = () => sandbox.universe;

		test('ids are de-duplicated, items without an id never reach the service, unknown ids are "not found"', async () => {
			const [a, b] = universe().prospects;
			const unknownId = 'f'.repeat(40);
			const rows = [
				{ prospect_id: a.prospect_id },
				{ prospect_id: null, email: 'x@unknown.invalid' },
				{ prospect_id: b.prospect_id },
				{ prospect_id: a.prospect_id, note: 'again' },
				{},
				{ prospect_id: '   ' },
				{ prospect_id: unknownId },
			];
			const result = await run(rows, enrichNode());

			expect(bodies(PROFILE_PATH)).toEqual([{ prospect_ids: [a.prospect_id, b.prospect_id, unknownId] }]);
			const output = result.json('Enrich');
			expect(output).toEqual([
				{ prospect_id: a.prospect_id, profile: a.profile, enrichment_status: 'enriched', enrichment_reason: null },
				{ prospect_id: null, email: 'x@unknown.invalid', enrichment_status: 'skipped', enrichment_reason: 'no prospect ID' },
				{ prospect_id: b.prospect_id, profile: b.profile, enrichment_status: 'enriched', enrichment_reason: null },
				{ prospect_id: a.prospect_id, note: 'again', profile: a.profile, enrichment_status: 'enriched', enrichment_reason: null },
				{ enrichment_status: 'skipped', enrichment_reason: 'no prospect ID' },
				{ prospect_id: '   ', enrichment_status: 'skipped', enrichment_reason: 'no prospect ID' },
				{
					prospect_id: unknownId,
					profile: null,
					enrichment_status: 'not_found',
					enrichment_reason: 'none of the selected enrichments has data for this prospect ID',
				},
			]);
			expect(pairedIndexes(result.pairedItems('Enrich'))).toEqual(range(7).map((i) => [i]));
		});

		describe('social posts: a prospect with 3 posts and one with none', () => {
			const pick = () => {
				const three = universe().prospects.find((p) => p.posts.length === 3);
				const none = universe().prospects.find((p) => p.posts.length === 0);
				if (!three || !none) throw new Error('the universe has no prospect with 3 posts or none');
				return { three, none };
			};

			test('one item per prospect (default): a posts list, empty for none', async () => {
				const { three, none } = pick();
				const result = await run([{ prospect_id: three.prospect_id }, { prospect_id: none.prospect_id }], enrichNode({ prospectEnrichments: ['posts'] }));

				expect(bodies(POSTS_PATH)).toEqual([{ prospect_ids: [three.prospect_id, none.prospect_id] }]);
				expect(result.json('Enrich')).toEqual([
					{ prospect_id: three.prospect_id, posts: three.posts, enrichment_status: 'enriched', enrichment_reason: null },
					{ prospect_id: none.prospect_id, posts: [], enrichment_status: 'enriched', enrichment_reason: null },
				]);
				expect(pairedIndexes(result.pairedItems('Enrich'))).toEqual([[0], [1]]);
			});

			test('profile and posts together: two requests, both under their keys', async () => {
				const { three } = pick();
				const result = await run([{ prospect_id: three.prospect_id }], enrichNode({ prospectEnrichments: ['posts', 'profile'] }));
				expect(sandbox.requests.map((request) => request.path)).toEqual([PROFILE_PATH, POSTS_PATH]);
				expect(result.json('Enrich')).toEqual([
					{ prospect_id: three.prospect_id, profile: three.profile, posts: three.posts, enrichment_status: 'enriched', enrichment_reason: null },
				]);
			});
		});

		test('three business enrichments on 120 items: 3 x 3 requests, merged per item', async () => {
			const businesses = universe().businesses.slice(0, 120);
			const rows = businesses.map((business, i) => ({ business_id: business.business_id, name: business.name, i }));
			const result = await run(
				rows,
				enrichNode({ resource: 'business', businessEnrichments: ['strategicInsights', 'fundingAndAcquisitions', 'websiteChanges'] }),
			);

			expect(result.error).toBeUndefined();
			expect(sandbox.requests).toHaveLength(9);
			for (const path of [BUSINESS_PATHS.funding, BUSINESS_PATHS.strategy, BUSINESS_PATHS.websiteChanges]) {
				expect(bodies(path).map((body) => (body.business_ids as string[]).length)).toEqual([50, 50, 20]);
				expect(bodies(path).flatMap((body) => body.business_ids as string[])).toEqual(rows.map((row) => row.business_id));
			}
			expect(requestsTo(BUSINESS_PATHS.challenges)).toHaveLength(0);

			const output = result.json('Enrich');
			expect(output).toHaveLength(120);
			output.forEach((item, i) => {
				const id = businesses[i].business_id;
				expect(item).toEqual({
					...rows[i],
					funding_and_acquisitions: universe().businessEnrichment('funding', id) ?? null,
					strategic_insights: universe().businessEnrichment('strategy', id) ?? null,
					website_changes: universe().businessEnrichment('website_changes', id) ?? null,
					enrichment_status: 'enriched',
					enrichment_reason: null,
				});
			});
			// 10-K insights exist only for public companies: the others hold null, not an error
			expect(output.some((item) => item.strategic_insights === null)).toBe(true);
			expect(output.some((item) => item.strategic_insights !== null)).toBe(true);
			expect(pairedIndexes(result.pairedItems('Enrich'))).toEqual(range(120).map((i) => [i]));
		});

		test('Enrichment Parameters travel with each request; items with different parameters are not mixed', async () => {
			const [a, b, c] = universe().prospects;
			const rows = [
				{ prospect_id: a.prospect_id, lang: 'en' },
				{ prospect_id: b.prospect_id, lang: 'de' },
				{ prospect_id: c.prospect_id, lang: 'en' },
			];
			await run(rows, enrichNode({ options: { parameters: '={{ JSON.stringify({ language: $json.lang }) }}' } }));
			expect(bodies(PROFILE_PATH)).toEqual([
				{ prospect_ids: [a.prospect_id, c.prospect_id], parameters: { language: 'en' } },
				{ prospect_ids: [b.prospect_id], parameters: { language: 'de' } },
			]);
		});

		test('a profile request the service keeps failing: those items are partial, their posts are still asked for and filled', async () => {
			const ids = universe().prospects.slice(0, 60).map((p) => p.prospect_id);
			// the first profile request (ids 0-49) fails on every attempt; the second (50-59) succeeds
			sandbox.configure({ faults: { sequence: Array(RETRY_POLICY.maxAttempts).fill('503') } });
			const result = await run(
				ids.map((prospect_id) => ({ prospect_id })),
				enrichNode({ prospectEnrichments: ['profile', 'posts'], options: { concurrency: 1 } }),
			);

			// no Continue on Fail needed: one failed enrichment does not fail the item
			expect(result.error).toBeUndefined();
			expect(requestsTo(PROFILE_PATH).map((request) => request.status)).toEqual([...Array(RETRY_POLICY.maxAttempts).fill(503), 200]);
			// the posts are asked for every item, the ones whose profile failed included
			expect(bodies(POSTS_PATH)).toEqual([{ prospect_ids: ids.slice(0, 50) }, { prospect_ids: ids.slice(50) }]);
			const output = result.json('Enrich');
			expect(output).toHaveLength(60);
			expect(pairedIndexes(result.pairedItems('Enrich'))).toEqual(range(60).map((i) => [i]));
			output.slice(0, 50).forEach((item, i) => {
				expect(item.enrichment_status).toBe('partial');
				expect(item.enrichment_reason).toBe(
					'Professional Profile failed; the other enrichments are filled (see its field for the error)',
				);
				expect(item.profile).toEqual({ error: expect.stringContaining('(503)'), http_code: 503 });
				expect(item.posts).toEqual(universe().prospect(ids[i])?.posts);
			});
			for (const item of output.slice(50)) expect(item.enrichment_status).toBe('enriched');
		});
	});
}
