/**
 * API v1's cases of enrichJobTexts.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * What Enrich says about its async jobs: the progress message (the enrichment's name, the job's
 * position when an enrichment runs several) and the batch limit its texts take from the catalog.
 */
import { withLimits } from './enrichJobTexts.cases';

describe('the batch limit in the texts comes from the catalog, per enrichment', () => {
	it('says the prospect enrichment\'s limit for prospects, and both in the option when they differ', () => {
		const { asyncJobs } = withLimits(40);
		const requests = Array.from({ length: 5 }, (_, itemIndex) => ({ itemIndex, entries: [`id-${itemIndex}`] }));
		const settings = { threshold: 5, timeoutMs: 60_000 };
		expect(asyncJobs.noJobOnV1Hint('v1', settings, requests, 'enrichProspectProfiles')).toBe(
			"No async job ran for these 5 IDs: async jobs need API v2, and the credential's API Version is v1, so they were sent 40 a request.",
		);
		expect(asyncJobs.noJobOnV1Hint('v1', settings, requests, 'enrichBusinessFirmographics')).toMatch(/so they were sent 50 a request\.$/);
		const option = asyncJobs.jobOptions.find((property) => property.name === 'jobThreshold');
		expect(option?.description).toContain('instead of one request per 40 prospect IDs or 50 business IDs.');
	});
});
