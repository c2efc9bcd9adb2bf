/**
 * Narrow logic of Enrich: the enrichment table and how results for one id become output items.
 * The node itself runs in test/engine and test/e2e.
 */
import type { IDataObject } from 'n8n-workflow';

import { ENDPOINTS, isTrafficMonth, LIMITS } from '../../nodes/shared/api';
import { Enrich } from '../../nodes/Enrich/Enrich.node';
import { RESOURCES, selectedEnrichments } from '../../nodes/Enrich/helpers/enrichments';
import { type EnrichmentResults, enrichedItems, payloadOf, skippedItem, STATUS } from '../../nodes/Enrich/helpers/output';
import { previousMonth } from '../../nodes/Enrich/helpers/parameters';

const prospect = RESOURCES.prospect;
const business = RESOURCES.business;
const [profile, posts] = prospect.enrichments;
const post = (n: number) => ({ prospect_id: 'p1', data: { post_text: `post ${n}` } });

describe('Enrich: enrichment table', () => {
	it('keeps the table order whatever the selection order', () => {
		expect(selectedEnrichments('prospect', ['posts', 'profile']).map((e) => e.value)).toEqual(['profile', 'posts']);
		expect(selectedEnrichments('business', ['nope'])).toEqual([]);
	});

	it('tells AI agents which ID it needs and where it comes from, not batch limits', () => {
		expect(new Enrich().description.description).toBe(
			'Add profiles, contact information and social posts to prospects by prospect_id, or company profile, technologies, financials, traffic, intent and more to businesses by business_id',
		);
	});

	it('defaults to Prospect and Professional Profile, reading prospect_id', () => {
		// normal mode: tool mode's parameters (shown with '@tool') are tested in toolMode.test.ts
		const properties = new Enrich().description.properties.filter((p) => !p.displayOptions?.show?.['@tool']);
		const byName = Object.fromEntries(properties.map((p) => [p.name, p.default]));
		expect(byName.resource).toBe('prospect');
		expect(byName.prospectEnrichments).toEqual(['profile']);
		expect(byName.prospectId).toBe('={{ $json.prospect_id }}');
		expect(byName.businessId).toBe('={{ $json.business_id }}');
		expect(byName.postsOutput).toBe('list');
	});
});

describe('Enrich: output items', () => {
	const row = { email: 'a@b.co', prospect_id: 'p1', matched: true };

	it('puts the profile under its key, merged with the input fields', () => {
		const results: EnrichmentResults = new Map([[profile, [{ prospect_id: 'p1', data: { full_name: 'Jane' } }]]]);
		expect(enrichedItems(row, prospect, 'p1', results, 'list')).toEqual([
			{ ...row, profile: { full_name: 'Jane' }, enrichment_status: 'enriched', enrichment_reason: null },
		]);
	});

	it('marks a profile the service did not return as not found, not as an error', () => {
		const results: EnrichmentResults = new Map([[profile, []]]);
		expect(enrichedItems(row, prospect, 'p1', results, 'list')).toEqual([
			{
				...row,
				profile: null,
				enrichment_status: 'not_found',
				enrichment_reason: 'none of the selected enrichments has data for this prospect ID',
			},
		]);
	});

	it('posts, one item per prospect: a list, empty when there are none', () => {
		const three: EnrichmentResults = new Map([[posts, [post(1), post(2), post(3)]]]);
		expect(enrichedItems(row, prospect, 'p1', three, 'list')).toEqual([
			{ ...row, posts: [{ post_text: 'post 1' }, { post_text: 'post 2' }, { post_text: 'post 3' }], enrichment_status: 'enriched', enrichment_reason: null },
		]);
		expect(enrichedItems(row, prospect, 'p1', new Map([[posts, []]]), 'list')).toEqual([
			{ ...row, posts: [], enrichment_status: 'enriched', enrichment_reason: null },
		]);
	});

	it('posts, one item per post: each post in `post`; none gives one item with post null', () => {
		const both: EnrichmentResults = new Map([
			[profile, [{ prospect_id: 'p1', data: { full_name: 'Jane' } }]],
			[posts, [post(1), post(2), post(3)]],
		]);
		const items = enrichedItems(row, prospect, 'p1', both, 'split');
		expect(items).toHaveLength(3);
		expect(items.map((item) => item.post)).toEqual([{ post_text: 'post 1' }, { post_text: 'post 2' }, { post_text: 'post 3' }]);
		for (const item of items) expect(item).toMatchObject({ ...row, profile: { full_name: 'Jane' }, enrichment_status: 'enriched', enrichment_reason: null });
		expect(items[0]).not.toHaveProperty('posts');
		expect(enrichedItems(row, prospect, 'p1', new Map([[posts, []]]), 'split')).toEqual([
			{ ...row, post: null, enrichment_status: 'enriched', enrichment_reason: null },
		]);
	});

	it('several business enrichments: each under its key, missing ones null', () => {
		const [funding, strategy, website] = business.enrichments;
		const results: EnrichmentResults = new Map([
			[funding, [{ business_id: 'b1', data: { rounds: [] } }]],
			[strategy, []],
			[website, [{ business_id: 'b1', data: { changes: [1] } }]],
		]);
		expect(enrichedItems({}, business, 'b1', results, 'list')).toEqual([
			{
				business_id: 'b1',
				funding_and_acquisitions: { rounds: [] },
				strategic_insights: null,
				website_changes: { changes: [1] },
				enrichment_status: 'enriched',
				enrichment_reason: null,
			},
		]);
		expect(enrichedItems({}, business, 'b1', new Map([[funding, []], [strategy, []]]), 'list')[0].enrichment_status).toBe(
			STATUS.notFound,
		);
	});

	it('emits the results of an id no other item asked for without copying them, except across split posts', () => {
		const own: EnrichmentResults = new Map([
			[profile, [{ prospect_id: 'p1', data: { full_name: 'Jane', roles: [{ title: 'CTO' }] } }]],
			[posts, [post(1), post(2)]],
		]);
		const [single] = enrichedItems(row, prospect, 'p1', own, 'list', { copy: false });
		expect(single.profile).toBe((own.get(profile) as IDataObject[])[0].data);
		const split = enrichedItems(row, prospect, 'p1', own, 'split', { copy: false });
		expect(split).toHaveLength(2);
		expect(split[0].profile).toEqual(split[1].profile);
		expect(split[0].profile).not.toBe(split[1].profile);
		expect(split.map((item) => item.post)).toEqual([post(1).data, post(2).data]);
	});

	it('gives every emitted item its own copy of results the engine shares between items', () => {
		const shared: EnrichmentResults = new Map([
			[profile, [{ prospect_id: 'p1', data: { full_name: 'Jane', roles: [{ title: 'CTO' }] } }]],
			[posts, [post(1), post(2)]],
		]);
		const [first] = enrichedItems(row, prospect, 'p1', shared, 'list');
		const [second] = enrichedItems(row, prospect, 'p1', shared, 'list');
		expect(second.profile).toEqual(first.profile);
		expect(second.profile).not.toBe(first.profile);
		expect((second.profile as { roles: unknown[] }).roles).not.toBe((first.profile as { roles: unknown[] }).roles);
		expect(second.posts).not.toBe(first.posts);
		expect(first.profile).not.toBe((shared.get(profile) as IDataObject[])[0].data);

		const split = enrichedItems(row, prospect, 'p1', shared, 'split');
		expect(split).toHaveLength(2);
		expect(split[1].profile).not.toBe(split[0].profile);
		expect(split[0].post).toEqual({ post_text: 'post 1' });
		expect(split[0].post).not.toBe((shared.get(posts) as IDataObject[])[0].data);
	});

	it('items without an id pass through unchanged apart from the status', () => {
		expect(skippedItem(row, prospect, true)).toEqual({ ...row, enrichment_status: 'skipped', enrichment_reason: 'no prospect ID' });
		expect(skippedItem(row, business, false)).toEqual({
			business_id: null,
			enrichment_status: 'skipped',
			enrichment_reason: 'no business ID',
		});
		// a status an IF node can compare with: one of a small fixed set
		expect(Object.values(STATUS)).toEqual(['enriched', 'not_found', 'skipped', 'partial']);
	});

	it('reads the data object of an element, or the element without its id', () => {
		expect(payloadOf({ prospect_id: 'p1', data: { a: 1 } }, 'prospect_id')).toEqual({ a: 1 });
		expect(payloadOf({ business_id: 'b1', rounds: [1] }, 'business_id')).toEqual({ rounds: [1] });
	});
});

describe('Enrich: every enrichment', () => {
	const byValue = (value: string) => [...prospect.enrichments, ...business.enrichments].find((e) => e.value === value)!;

	it('a failed enrichment holds its error under its key; the others are filled and the status is partial', () => {
		const results: EnrichmentResults = new Map([
			[byValue('firmographics'), [{ business_id: 'b1', data: { name: 'Acme' } }]],
			[byValue('websiteTraffic'), { failed: { message: 'The service is unavailable (503)', httpCode: '503' } }],
			[byValue('businessIntent'), { failed: { message: 'Could not get an answer', httpCode: undefined } }],
		]);
		expect(enrichedItems({ row: 1 }, business, 'b1', results, 'list')).toEqual([
			{
				row: 1,
				business_id: 'b1',
				firmographics: { name: 'Acme' },
				website_traffic: { error: 'The service is unavailable (503)', http_code: 503 },
				business_intent: { error: 'Could not get an answer', http_code: null },
				enrichment_status: 'partial',
				enrichment_reason:
					'Website Traffic and Buying Intent failed; the other enrichments are filled (see their fields for the error)',
			},
		]);
	});

	it('failed posts with one item per post: the prospect keeps one item, post null and the error under posts', () => {
		const results: EnrichmentResults = new Map([
			[profile, [{ prospect_id: 'p1', data: { full_name: 'Jane' } }]],
			[posts, { failed: { message: 'boom (500)', httpCode: '500' } }],
		]);
		expect(enrichedItems({}, prospect, 'p1', results, 'split')).toEqual([
			{
				prospect_id: 'p1',
				profile: { full_name: 'Jane' },
				posts: { error: 'boom (500)', http_code: 500 },
				post: null,
				enrichment_status: 'partial',
				enrichment_reason: 'Social Posts failed; the other enrichments are filled (see its field for the error)',
			},
		]);
	});

	it('display names are Title Case plain English, without jargon such as pc_ or 10-K', () => {
		for (const enrichment of [...prospect.enrichments, ...business.enrichments]) {
			expect(enrichment.name).toMatch(/^[A-Z][a-z]*(?: (?:and|[A-Z][a-z]*|\([A-Z][a-z]+(?: [A-Z][a-z]+)*\)))*$/);
			expect(enrichment.name).not.toMatch(/10-?K|pc_|_/i);
		}
		expect(byValue('competitiveLandscape').name).toBe('Competitive Landscape (Annual Report)');
	});

	it('parameter fields show only with their enrichment; the intent score defaults to the service minimum', () => {
		const properties = new Enrich().description.properties;
		const field = (name: string) => properties.find((p) => p.name === name)!;
		expect(field('websiteKeywords').displayOptions?.show).toEqual({ resource: ['business'], businessEnrichments: ['websiteKeywords'] });
		expect(field('websiteKeywords').required).toBe(true);
		expect(field('financialIndicatorsDate').displayOptions?.show?.businessEnrichments).toEqual(['financialIndicators']);
		expect(field('websiteTrafficMonth').displayOptions?.show?.businessEnrichments).toEqual(['websiteTraffic']);
		expect(field('intentTopics').displayOptions?.show?.businessEnrichments).toEqual(['businessIntent']);
		expect(field('intentMinScore').default).toBe(LIMITS.intentScore.min);
		expect(field('intentMinScore').typeOptions).toMatchObject({ minValue: 60, maxValue: 100 });
		// every enrichment with parameters has its fields, and only those
		expect(business.enrichments.filter((e) => e.parameters).map((e) => e.value)).toEqual([
			'financialIndicators',
			'websiteKeywords',
			'websiteTraffic',
			'businessIntent',
		]);
	});

	it('an empty Traffic Month means the previous calendar month (UTC)', () => {
		expect(previousMonth(new Date('2026-11-23T23:59:00Z'))).toBe('2026-10');
		expect(previousMonth(new Date('2026-01-01T00:00:00Z'))).toBe('2025-12');
		expect(previousMonth(new Date('2026-03-31T12:00:00Z'))).toBe('2026-02');
	});

	it('the traffic month rule: YYYY-MM, a real month, from 2017-01', () => {
		for (const month of ['2017-01', '2024-12', '2030-06']) expect([month, isTrafficMonth(month)]).toEqual([month, true]);
		for (const month of ['2016-12', '2024-13', '2024-00', '2024-5', '24-05', '2024-05-01', '']) {
			expect([month, isTrafficMonth(month)]).toEqual([month, false]);
		}
	});
});

describe('Enrich: enrichment table on v2', () => {
	it("points every enrichment at v2's batched enrich endpoint, joined by its resource id, 50 ids a request", () => {
		for (const resource of Object.values(RESOURCES)) {
			for (const enrichment of resource.enrichments) {
				const endpoint = ENDPOINTS[enrichment.endpoint];
				expect([enrichment.endpoint, endpoint.path.endsWith('/enrich'), endpoint.result?.join, endpoint.batch?.limit]).toEqual([
					enrichment.endpoint,
					true,
					{ by: 'id', field: resource.idField },
					LIMITS.businessEnrichIds,
				]);
			}
		}
		expect(LIMITS.businessEnrichIds).toBe(50);
	});
});
