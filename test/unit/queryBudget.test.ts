/**
 * The budget counts queries (rate-limits.md): a request books its weight in the key's window, waits
 * until the service's reported window has room for it, and learns the weight of an endpoint whose
 * weight the service does not publish from the drop in X-RateLimit-Remaining across it.
 */
import { ENDPOINTS, V1_ENDPOINTS } from '../../nodes/shared/api';
import { ApiClient } from '../../nodes/shared/transport/apiClient';
import { learnedMeter, weightOf } from '../../nodes/shared/transport/queryMeter';
import { RateBudget } from '../../nodes/shared/transport/rateBudget';
import { type Sandbox, startSandbox } from '../sandbox';
import { sandboxContext } from './support/sandboxContext';

const events = V1_ENDPOINTS.getBusinessEvents;
const enrich = V1_ENDPOINTS.enrichBusinessFirmographics;
const search = V1_ENDPOINTS.searchBusinesses;

describe('the catalog meters every endpoint of both versions', () => {
	it('weighs match and bulk enrichment by their entities (published), events and enrollment id lists by theirs (assumed), the rest as one (assumed)', () => {
		expect(V1_ENDPOINTS.matchProspects.meter).toEqual({ entities: 'prospects_to_match' });
		expect(ENDPOINTS.matchBusinesses.meter).toEqual({ entities: 'businesses_to_match' });
		expect(enrich.meter).toEqual({ entities: 'business_ids' });
		expect(ENDPOINTS.enrichProspectContacts.meter).toEqual({ entities: 'prospect_ids' });
		expect(events.meter).toEqual({ entities: 'business_ids', assumed: true });
		expect(ENDPOINTS.createProspectEnrollment.meter).toEqual({ entities: 'prospect_ids', assumed: true });
		expect(search.meter).toEqual({ queries: 1, assumed: true });
		expect(ENDPOINTS.enrichBusinessFirmographicsJob.meter).toEqual({ queries: 1, assumed: true });
		expect(ENDPOINTS.credits.meter).toEqual({ queries: 1, assumed: true });
		// every batched endpoint meters the list it batches
		for (const definition of [...Object.values(V1_ENDPOINTS), ...Object.values(ENDPOINTS)]) {
			if (definition.batch) expect(definition.meter).toMatchObject({ entities: definition.batch.key });
		}
	});

	it('weighs a body by its list, an empty or missing list as one call', () => {
		expect(weightOf(enrich.meter, { business_ids: ['a', 'b', 'c'] })).toBe(3);
		expect(weightOf(enrich.meter, { business_ids: [] })).toBe(1);
		expect(weightOf(enrich.meter, {})).toBe(1);
		expect(weightOf(search.meter, { size: 100 })).toBe(1);
	});

	it('learns from a drop: the entities confirm per entity, another drop is the weight; a published meter is never overruled', () => {
		expect(learnedMeter(events.meter, 40, 40)).toEqual({ entities: 'business_ids' });
		expect(learnedMeter(events.meter, 40, 1)).toEqual({ queries: 1 });
		expect(learnedMeter(events.meter, 1, 1)).toBeUndefined();
		expect(learnedMeter(search.meter, 1, 3)).toEqual({ queries: 3 });
		expect(learnedMeter(search.meter, 1, 0)).toBeUndefined();
		expect(learnedMeter(enrich.meter, 50, 1)).toBeUndefined();
		// more than one query per entity is other requests' queries in the same drop
		expect(learnedMeter(events.meter, 40, 140)).toBeUndefined();
	});
});

describe('RateBudget in queries', () => {
	beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
	afterEach(() => jest.useRealTimers());

	it('books each request by its weight in the sliding window', async () => {
		const budget = new RateBudget(100, 1000);
		expect(await budget.acquire(40)).toBe(true);
		budget.answered();
		expect(await budget.acquire(40)).toBe(true);
		// 80 booked: 40 more do not fit before the first 40 leave the window; 20 do
		expect(await budget.acquire(40, Date.now() + 999)).toBe(false);
		expect(budget.refusedUntil).toBe(Date.now() + 1000);
		expect(await budget.acquire(20)).toBe(true);
		await jest.advanceTimersByTimeAsync(1000);
		expect(await budget.acquire(40, Date.now())).toBe(true);
	});

	it('books first come first: a small request that would fit never overtakes a larger one waiting for the window', async () => {
		const budget = new RateBudget(100, 1000);
		expect(await budget.acquire(60)).toBe(true);
		budget.answered();
		const granted: number[] = [];
		const large = budget.acquire(60).then(() => granted.push(60));
		const small = budget.acquire(20).then(() => granted.push(20));
		await jest.advanceTimersByTimeAsync(500);
		// 40 are free: the 20 would fit, but the 60 asked first
		expect(granted).toEqual([]);
		await jest.advanceTimersByTimeAsync(600);
		await Promise.all([large, small]);
		expect(granted).toEqual([60, 20]);
	});

	it('lets a request heavier than the lowered rate go alone in an empty window, never holding it forever', async () => {
		const budget = new RateBudget(100, 1000);
		budget.throttled(undefined);
		expect(budget.currentRate).toBe(50);
		expect(await budget.acquire(80, Date.now())).toBe(true);
		expect(await budget.acquire(1, Date.now() + 999)).toBe(false);
	});

	it('starts a bulk call only when the service reports room for its weight, waiting for the window otherwise', async () => {
		const budget = new RateBudget(200, 60_000);
		expect(await budget.acquire(161)).toBe(true);
		budget.answered({ limit: 200, remaining: 39, resetSeconds: 30 });
		// 39 left: a 40-entity call waits until the service's window frees queries (30 s), a 39 goes
		expect(await budget.acquire(40, Date.now() + 29_000)).toBe(false);
		expect(budget.refusedUntil).toBe(Date.now() + 30_000);
		expect(await budget.acquire(39, Date.now())).toBe(true);
	});

	it('keeps a reserve once the service counts queries this process did not send (another process on the key)', async () => {
		const budget = new RateBudget(200, 60_000);
		expect(await budget.acquire(1)).toBe(true);
		// 100 used at the service, 1 of them here
		budget.answered({ limit: 200, remaining: 100, resetSeconds: 30 });
		expect(await budget.acquire(99, Date.now())).toBe(false);
		expect(await budget.acquire(98, Date.now())).toBe(true);
	});

	it('caps what one request may weigh at the key limit, the credential or the service, whichever is lower', () => {
		const budget = new RateBudget(200, 60_000);
		expect(budget.queriesPerMinute).toBe(200);
		budget.answered({ limit: 30, remaining: 30, resetSeconds: 0 });
		expect(budget.queriesPerMinute).toBe(30);
		budget.setCeiling(20);
		expect(budget.queriesPerMinute).toBe(20);
	});

	it('learns an assumed weight from a drop attributable to one request, and uses it from then on', async () => {
		const budget = new RateBudget(200, 60_000);
		const first = await budget.book(1, undefined, { definition: search, entities: 1 });
		budget.answered({ limit: 200, remaining: 199, resetSeconds: 60 }, first);
		const booking = await budget.book(40, undefined, { definition: events, entities: 40 });
		expect(booking).toMatchObject({ weight: 40, alone: true });
		budget.answered({ limit: 200, remaining: 198, resetSeconds: 60 }, booking);
		expect(budget.meter.meterOf(events)).toEqual({ queries: 1 });
		expect(budget.meter.meterOf(search)).toEqual(search.meter);
	});

	it('learns nothing on a key another process spends at the same time (queue-mode workers)', async () => {
		const budget = new RateBudget(100, 60_000);
		const first = await budget.book(1, undefined, { definition: search, entities: 1 });
		budget.answered({ limit: 200, remaining: 199, resetSeconds: 60 }, first);
		// a worker's two enrich calls of 50 reach the service while this search page is out
		const page = await budget.book(1, undefined, { definition: search, entities: 1 });
		budget.answered({ limit: 200, remaining: 98, resetSeconds: 60 }, page);
		expect(budget.meter.learnedMeters.size).toBe(0);
		// and, the sharing seen, not on the next request either, though its drop looks clean
		const events40 = await budget.book(40, undefined, { definition: events, entities: 40 });
		budget.answered({ limit: 200, remaining: 97, resetSeconds: 60 }, events40);
		expect(budget.meter.learnedMeters.size).toBe(0);
		expect(budget.meter.meterOf(search)).toEqual(search.meter);
	});

	it('learns nothing from a drop shared with another request in flight, or measured against a stale report', async () => {
		const budget = new RateBudget(200, 60_000);
		const a = await budget.book(1, undefined, { definition: search, entities: 1 });
		budget.answered({ limit: 200, remaining: 150, resetSeconds: 60 }, a);
		const b = await budget.book(40, undefined, { definition: events, entities: 40 });
		const c = await budget.book(1, undefined, { definition: search, entities: 1 });
		budget.answered({ limit: 200, remaining: 149, resetSeconds: 60 }, b);
		budget.answered({ limit: 200, remaining: 148, resetSeconds: 60 }, c);
		expect(budget.meter.learnedMeters.size).toBe(0);
		// stale: the window may have freed queries between the report and the answer
		await jest.advanceTimersByTimeAsync(60_000);
		const d = await budget.book(40, undefined, { definition: events, entities: 40 });
		budget.answered({ limit: 200, remaining: 199, resetSeconds: 60 }, d);
		expect(budget.meter.learnedMeters.size).toBe(0);
	});
});

describe('X-RateLimit-Reset as a Unix time (the service page) or as seconds from now: the budget learns the same', () => {
	const started: Sandbox[] = [];
	afterAll(async () => await Promise.all(started.map((sandbox) => sandbox.close())));

	/** One run against a sandbox sending the reset in one form: what the client learned and how it paced. */
	async function learnedUnder(reset: 'unixTime' | 'secondsFromNow') {
		// the events call weighs one query here, not one per id as the catalog assumes: something to learn
		const rateLimit = { queries: 50, windowMs: 60_000, reset, meters: { 'v1.getBusinessEvents': { queries: 1 } } };
		const sandbox = await startSandbox({ rateLimit });
		started.push(sandbox);
		const { ctx } = sandboxContext(sandbox);
		const client = await ApiClient.of(ctx);
		const ids = sandbox.universe.businesses.map((business) => business.business_id);
		await client.request('searchBusinesses', { mode: 'preview', size: 1, page_size: 1 });
		await client.request('getBusinessEvents', { business_ids: ids.slice(0, 40), event_types: ['new_funding_round'] });
		await client.request('enrichBusinessFirmographics', { business_ids: ids.slice(0, 48) });
		// the window is full until the first query leaves it, a minute on: a request that may wait a second is not sent
		const refused = await client
			.request('enrichBusinessFirmographics', { business_ids: ids.slice(48, 49) }, { deadline: Date.now() + 1_000 })
			.then(
				() => 'sent',
				(error: Error) => error.message,
			);
		const sent = sandbox.requests.map((request) => request.status);
		// the form the sandbox sends (an answer without the API key costs no query)
		const header = (await fetch(`${sandbox.url}/v1/businesses`, { method: 'POST' })).headers.get('x-ratelimit-reset');
		return { meter: client.meterOf('getBusinessEvents'), perMinute: client.queriesPerMinute, refused, sent, header: Number(header) };
	}

	it('learns the events weight, the limit and the full window alike from both forms', async () => {
		const unixTime = await learnedUnder('unixTime');
		const secondsFromNow = await learnedUnder('secondsFromNow');
		// the sandboxes did send the two forms
		expect(unixTime.header).toBeGreaterThan(1e9);
		expect(secondsFromNow.header).toBeLessThanOrEqual(60);
		const learned = ({ meter, perMinute, refused, sent }: typeof unixTime) => ({ meter, perMinute, refused, sent });
		const learnedFromUnix = learned(unixTime);
		const learnedFromSeconds = learned(secondsFromNow);
		expect(learnedFromUnix).toEqual({
			meter: { queries: 1 },
			perMinute: 50,
			// the limit the service reported, not the credential's far higher setting
			refused: "The API key's query budget (50 queries per minute) is used up for now; the request was not sent",
			sent: [200, 200, 200],
		});
		expect(learnedFromSeconds).toEqual(learnedFromUnix);
	});
});
