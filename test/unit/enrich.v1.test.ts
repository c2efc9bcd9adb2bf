/**
 * API v1's cases of enrich.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * Narrow logic of Enrich: the enrichment table and how results for one id become output items.
 * The node itself runs in test/engine and test/e2e.
 */
import { V1_ENDPOINTS } from '../../nodes/shared/api';
import { RESOURCES } from '../../nodes/Enrich/helpers/enrichments';

const prospect = RESOURCES.prospect;
const business = RESOURCES.business;

describe('Enrich: enrichment table', () => {
	it('points every enrichment at a batched endpoint joined by its resource id', () => {
		for (const resource of Object.values(RESOURCES)) {
			for (const enrichment of resource.enrichments) {
				const endpoint = V1_ENDPOINTS[enrichment.endpoint];
				expect(endpoint.result?.join).toEqual({ by: 'id', field: resource.idField });
				expect(endpoint.batch?.limit).toBe(50);
			}
		}
		expect(business.enrichments.map((e) => e.outputKey)).toEqual([
			'funding_and_acquisitions',
			'strategic_insights',
			'website_changes',
			'business_challenges',
			'firmographics',
			'technographics',
			'employee_ratings',
			'financial_indicators',
			'workforce_trends',
			'competitive_landscape',
			'posts',
			'website_keywords',
			'similar_companies',
			'website_technologies',
			'company_hierarchy',
			'website_traffic',
			'business_intent',
		]);
		expect(prospect.enrichments.map((e) => [e.value, e.outputKey])).toEqual([
			['profile', 'profile'],
			['posts', 'posts'],
			['contactInformation', 'contact_information'],
		]);
	});
});
