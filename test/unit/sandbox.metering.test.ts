/**
 * The sandbox meters queries as the service's page says (rate-limits.md): a bulk call weighs one
 * query per entity of its payload, by the catalog's meter; X-RateLimit-Remaining falls by the
 * weight; a call that does not fit is 429 with Retry-After and the page's body. Request metering
 * (the older text) and per-endpoint meters other than the catalog's are options.
 */
import { ENDPOINTS, LIMITS } from '../../nodes/shared/api';
import { type Sandbox, sandboxClient, type SandboxOptions, startSandbox } from '../sandbox';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const started: Sandbox[] = [];
async function sandboxWith(options: SandboxOptions) {
	const sandbox = await startSandbox({ now: () => NOW, ...options });
	started.push(sandbox);
	return { sandbox, api: sandboxClient(sandbox), apiV2: sandboxClient(sandbox, ENDPOINTS) };
}
afterAll(async () => await Promise.all(started.map((sandbox) => sandbox.close())));

const matchBody = (n: number) => ({
	prospects_to_match: Array.from({ length: n }, (_, i) => ({ full_name: `Person ${String.fromCharCode(65 + (i % 26))}`, company_name: `Acme ${i}` })),
});
const remainingOf = (response: { headers: Headers }) => Number(response.headers.get('x-ratelimit-remaining'));

describe('query metering (the default)', () => {
	it('weighs match and enrichment calls by their entities and every other call as one, on both versions', async () => {
		const { sandbox, api, apiV2 } = await sandboxWith({});
		const ids = sandbox.universe.businesses.slice(0, 50).map((business) => business.business_id);
		const limit = LIMITS.rateLimit.queries;
		const enriched = await api.call('enrichBusinessFirmographics', { business_ids: ids });
		expect([enriched.status, remainingOf(enriched)]).toEqual([200, limit - 50]);
		const matched = await api.call('matchProspects', matchBody(10));
		expect(remainingOf(matched)).toBe(limit - 60);
		const events = await api.call('getBusinessEvents', { business_ids: ids.slice(0, 40), event_types: ['new_funding_round'] });
		expect(remainingOf(events)).toBe(limit - 100);
		const search = await api.call('searchBusinesses', { mode: 'preview', size: 1, page_size: 1 });
		expect(remainingOf(search)).toBe(limit - 101);
		// v1 and v2 share the key's one window
		const enrichedV2 = await apiV2.call('enrichBusinessFirmographics', { business_ids: ids.slice(0, 20) });
		expect([enrichedV2.status, remainingOf(enrichedV2)]).toEqual([200, limit - 121]);
	});

	it('answers 429 to a call whose weight does not fit what is left, with Retry-After until enough queries leave', async () => {
		let clock = NOW.getTime();
		const { sandbox, api } = await sandboxWith({ now: () => new Date(clock), rateLimit: { queries: 60, windowMs: 60_000 } });
		const ids = sandbox.universe.businesses.slice(0, 50).map((business) => business.business_id);
		expect(remainingOf(await api.call('enrichBusinessFirmographics', { business_ids: ids }))).toBe(10);
		clock += 5_000;
		const refused = await api.call('matchProspects', matchBody(20));
		expect(refused.status).toBe(429);
		expect(refused.body).toEqual({
			error: 'rate_limit_exceeded',
			message: 'Rate limit exceeded: 60 queries per 60 seconds (this call weighs 20)',
			retry_after: 55,
		});
		expect(refused.headers.get('retry-after')).toBe('55');
		// the refused call took nothing: 10 entities still fit
		expect(remainingOf(refused)).toBe(10);
		const fits = await api.call('matchProspects', matchBody(10));
		expect([fits.status, remainingOf(fits)]).toEqual([200, 0]);
		clock += 55_000;
		expect((await api.call('matchProspects', matchBody(20))).status).toBe(200);
	});

	it('never lets a call heavier than the whole limit pass', async () => {
		const { api } = await sandboxWith({ rateLimit: { queries: 30, windowMs: 60_000 } });
		const heavy = await api.call('matchProspects', matchBody(40));
		expect([heavy.status, heavy.headers.get('retry-after'), remainingOf(heavy)]).toEqual([429, '60', 30]);
	});
});

describe('request metering (the older text)', () => {
	it('weighs every request as one', async () => {
		const { sandbox, api } = await sandboxWith({ rateLimit: { requests: 3, windowMs: 10_000, metering: 'requests' } });
		const ids = sandbox.universe.businesses.slice(0, 50).map((business) => business.business_id);
		expect(remainingOf(await api.call('enrichBusinessFirmographics', { business_ids: ids }))).toBe(2);
		expect(remainingOf(await api.call('matchProspects', matchBody(40)))).toBe(1);
		expect(remainingOf(await api.call('matchProspects', matchBody(40)))).toBe(0);
		const refused = await api.call('matchProspects', matchBody(1));
		expect([refused.status, (refused.body as { message: string }).message]).toEqual([
			429,
			'Rate limit exceeded: 3 requests per 10 seconds',
		]);
	});
});
