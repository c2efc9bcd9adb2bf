/**
 * The sandbox's bulk enrichments beyond the contract: shapes, consistency with the universe, and
 * parameter validation answered with 422 as the other endpoints do.
 */
import { LIMITS } from '../../nodes/shared/api';
import { type Sandbox, sandboxClient, startSandbox } from '../sandbox';

let sandbox: Sandbox;
let api: ReturnType<typeof sandboxClient>;
beforeAll(async () => {
	sandbox = await startSandbox({ now: () => new Date('2025-06-15T12:00:00Z'), rateLimit: false });
	api = sandboxClient(sandbox);
});
afterAll(async () => await sandbox.close());

const ids = (n: number) => sandbox.universe.businesses.slice(0, n).map((b) => b.business_id);
type Element = { business_id?: string; prospect_id?: string; data: Record<string, any> };

/** Many ids, 50 per call as the endpoint allows: the elements of all answers. */
async function callAll(name: Parameters<typeof api.call>[0], businessIds: string[]): Promise<Element[]> {
	const elements: Element[] = [];
	for (let start = 0; start < businessIds.length; start += LIMITS.businessEnrichIds) {
		const { status, body } = await api.call(name, { business_ids: businessIds.slice(start, start + LIMITS.businessEnrichIds) });
		expect(status).toBe(200);
		elements.push(...body.data);
	}
	return elements;
}

describe('sandbox: bulk enrichments beyond the contract', () => {
	it('answers in the shared envelope, in input order, unknown ids absent, a repeated id once', async () => {
		const [a, b] = ids(2);
		const unknown = 'f'.repeat(32);
		const { status, body } = await api.call('enrichBusinessFirmographics', { business_ids: [b, unknown, a, b] });
		expect(status).toBe(200);
		expect(body.response_context.request_status).toBe('success');
		expect(body.data.map((e: Element) => e.business_id)).toEqual([b, a]);
		expect(body.total_results).toBe(2);
		expect(body.data[1].data).toMatchObject({ name: sandbox.universe.business(a)?.name, website: sandbox.universe.business(a)?.website });
	});

	it('financial indicators and the competitive landscape exist for public companies only', async () => {
		const all = ids(300);
		const publicIds = all.filter((id) => sandbox.universe.business(id)?.public_company);
		expect(publicIds.length).toBeGreaterThan(0);
		expect(publicIds.length).toBeLessThan(all.length);
		for (const name of ['enrichBusinessFinancialIndicators', 'enrichBusinessCompetitiveLandscape'] as const) {
			expect((await callAll(name, all)).map((e) => e.business_id)).toEqual(publicIds);
		}
	});

	it('website keywords: found when the website mentions them', async () => {
		const business = sandbox.universe.businesses[0];
		const known = business.facets.website_keywords[0];
		const { body } = await api.call('enrichBusinessWebsiteKeywords', {
			business_ids: [business.business_id],
			parameters: { keywords: [known, 'zzz-never'] },
		});
		expect(body.data[0].data).toMatchObject({
			url: business.website,
			keywords_indicator: true,
			text_results: [
				{ keyword: known, found: true },
				{ keyword: 'zzz-never', found: false, text: null },
			],
		});
	});

	it('buying intent: filtered by topics and minimum score', async () => {
		const { body: all } = await api.call('enrichBusinessIntent', { business_ids: ids(50), parameters: { min_score: 60 } });
		const { body: high } = await api.call('enrichBusinessIntent', { business_ids: ids(50), parameters: { min_score: 90 } });
		expect(high.data.length).toBeLessThan(all.data.length);
		for (const { data } of high.data as Element[]) {
			for (const topic of data.intent_topics) expect(topic.score).toBeGreaterThanOrEqual(90);
			expect(data.level_of_intent).toBe('very_high_intent');
		}
	});

	it.each([
		['keywords missing', 'enrichBusinessWebsiteKeywords', undefined, ['body', 'parameters'], 'field required'],
		['keywords empty', 'enrichBusinessWebsiteKeywords', { keywords: [] }, ['body', 'parameters', 'keywords'], 'must hold at least 1 keyword'],
		['month format', 'enrichBusinessWebsiteTraffic', { month_period: '2024-5' }, ['body', 'parameters', 'month_period'], 'must be a month written as YYYY-MM, from 2017-01 on (such as 2024-05)'],
		['month too early', 'enrichBusinessWebsiteTraffic', { month_period: '2016-12' }, ['body', 'parameters', 'month_period'], 'must be a month written as YYYY-MM, from 2017-01 on (such as 2024-05)'],
		['min score low', 'enrichBusinessIntent', { min_score: LIMITS.intentScore.min - 1 }, ['body', 'parameters', 'min_score'], 'must be a whole number from 60 to 100'],
		['min score high', 'enrichBusinessIntent', { min_score: 101 }, ['body', 'parameters', 'min_score'], 'must be a whole number from 60 to 100'],
		['date missing', 'enrichBusinessFinancialIndicators', {}, ['body', 'parameters', 'date'], 'field required'],
		['offline mode', 'enrichBusinessPosts', { offline_mode: true }, ['body', 'parameters', 'offline_mode'], expect.any(String)],
	] as const)('%s: 422 naming the field', async (_, name, parameters, loc, msg) => {
		const { status, body } = await api.call(name, { business_ids: ids(1), ...(parameters === undefined ? {} : { parameters }) });
		expect(status).toBe(422);
		expect(body.detail).toEqual([expect.objectContaining({ loc, msg })]);
	});

	it('50 ids per request, like every bulk enrichment', async () => {
		expect((await api.call('enrichBusinessWebstack', { business_ids: ids(LIMITS.businessEnrichIds) })).status).toBe(200);
		expect((await api.call('enrichBusinessWebstack', { business_ids: ids(LIMITS.businessEnrichIds + 1) })).status).toBe(422);
	});
});
