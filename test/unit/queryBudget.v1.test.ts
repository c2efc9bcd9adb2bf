/**
 * API v1's cases of queryBudget.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
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
