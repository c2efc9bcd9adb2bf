/**
 * enrichment_status with Similar Companies (a list): a company whose similar companies came back
 * has data, so it is not "not_found" ("none of the selected enrichments has data") just because a
 * record enrichment selected with it had nothing. Posts keep their documented rule: they never
 * decide the status.
 */
import { RESOURCES } from '../../nodes/Enrich/helpers/enrichments';
import { enrichedItems, type EnrichmentResults, STATUS } from '../../nodes/Enrich/helpers/output';

const business = RESOURCES.business;
const prospect = RESOURCES.prospect;
const find = (resource: typeof business, value: string) => resource.enrichments.find((e) => e.value === value)!;
const similar = (n: number) => Array.from({ length: n }, (_, i) => ({ business_id: 'b1', data: { name: `Similar ${i}`, similarity_score: 0.9 } }));

describe('Enrich status with Similar Companies', () => {
	it('similar companies found while the company profile is not: enriched, not not_found', () => {
		const results: EnrichmentResults = new Map([
			[find(business, 'firmographics'), []],
			[find(business, 'lookalikes'), similar(3)],
		]);
		const [item] = enrichedItems({}, business, 'b1', results, 'list');
		expect(item.similar_companies).toHaveLength(3);
		expect(item.enrichment_status).toBe(STATUS.enriched);
		expect(item.enrichment_reason).toBeNull();
	});

	it('nothing at all for the id, Similar Companies alone or with a record enrichment: not_found', () => {
		const alone: EnrichmentResults = new Map([[find(business, 'lookalikes'), []]]);
		expect(enrichedItems({}, business, 'b1', alone, 'list')[0]).toMatchObject({
			similar_companies: [],
			enrichment_status: STATUS.notFound,
			enrichment_reason: 'none of the selected enrichments has data for this business ID',
		});
		const both: EnrichmentResults = new Map([
			[find(business, 'firmographics'), []],
			[find(business, 'lookalikes'), []],
		]);
		expect(enrichedItems({}, business, 'b1', both, 'list')[0].enrichment_status).toBe(STATUS.notFound);
	});

	it('posts still never decide the status (prospect and business posts)', () => {
		const profileMissing: EnrichmentResults = new Map([
			[find(prospect, 'profile'), []],
			[find(prospect, 'posts'), [{ prospect_id: 'p1', data: { post_text: 'hello' } }]],
		]);
		expect(enrichedItems({}, prospect, 'p1', profileMissing, 'list')[0].enrichment_status).toBe(STATUS.notFound);
		const postsOnly: EnrichmentResults = new Map([[find(business, 'businessPosts'), []]]);
		expect(enrichedItems({}, business, 'b1', postsOnly, 'list')[0].enrichment_status).toBe(STATUS.enriched);
	});
});
