/**
 * The Business Events Trigger's poll, at the trigger version that speaks one API version, against
 * an in-memory event service that answers on that version's paths: businessEventsTrigger.test.ts
 * runs these cases on v2, businessEventsTrigger.v1.test.ts on v1 (retiring v1 deletes that file).
 * The poll against an in-memory event service: cursor, de-duplication,
 * first activation and look-back, manual samples, the poll budget, and failures (429, 401) that
 * must leave the state alone. The real n8n path is covered in test/engine and test/e2e.
 */
import type { IDataObject, IHttpRequestOptions, INode, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, ObservableObject } from 'n8n-workflow';

import { BusinessEventsTrigger } from '../../nodes/BusinessEventsTrigger/BusinessEventsTrigger.node';
import { readState, writeState } from '../../nodes/BusinessEventsTrigger/helpers/pollState';
import { type ApiVersion, v1EventType, v2EventType } from '../../nodes/shared/api';
import { DEFAULT_BUSINESS_EVENT_TYPES } from '../../nodes/shared/eventTypes';
import { LISTED_ON_V2, NO_PROSPECT_ENROLLMENTS_TEXT, searchBusinessEnrollments, searchProspectEnrollments } from '../../nodes/shared/methods';

export function businessEventsTriggerCases(api: ApiVersion): void {
	/** v2's pickers say that they list only v2's enrollments */
	const onlyV2 = api === 'v2' ? ` (${LISTED_ON_V2})` : '';

	const NODE: INode = {
		id: 'trigger-1',
		name: 'Business Events Trigger',
		type: 'n8n-nodes-business-prospect-data.businessEventsTrigger',
		typeVersion: api === 'v2' ? 2 : 1,
		position: [0, 0],
		parameters: {},
	};

	const MIN = 60_000;
	const DAY = 86_400_000;
	const hex = (n: number) => n.toString(16).padStart(32, '0');

	interface Reply {
		statusCode: number;
		body: unknown;
		headers?: Record<string, string>;
	}

	/** A tiny stand-in of the events endpoints: filters by id, type and time like the service. */
	class FakeService {
		events: IDataObject[] = [];
		enrollments: IDataObject[] = [];
		prospectEnrollments: IDataObject[] = [];
		requests: Array<{ method: string; path: string; body: IDataObject }> = [];
		/** replies used (in order) instead of the normal answer */
		faults: Reply[] = [];
		/** how far the mocked clock moves per request */
		latencyMs = 0;
		onRequest: (ms: number) => void = () => {};

		add(id: string, business: number, time: number, type = 'new_funding_round') {
			this.events.push({
				event_id: id,
				event_name: type,
				event_time: new Date(time).toISOString(),
				business_id: hex(business),
				data: { note: id },
			});
		}

		answer(request: IHttpRequestOptions): Reply {
			const path = new URL(String(request.url)).pathname;
			const body = (request.body ?? {}) as IDataObject;
			this.requests.push({ method: String(request.method), path, body: JSON.parse(JSON.stringify(body)) });
			this.onRequest(this.latencyMs);
			const fault = this.faults.shift();
			if (fault) return fault;
			if (path === `/${api}/businesses/events/enrollments`) return { statusCode: 200, body: { enrollments: this.enrollments } };
			if (path === `/${api}/prospects/events/enrollments`) return { statusCode: 200, body: { enrollments: this.prospectEnrollments } };
			const ids = new Set(body.business_ids as string[]);
			// the service's names on the wire (v2 renamed one), the fake's events in the package's
			const types = new Set((body.event_types as string[]).map(v1EventType));
			const from = Date.parse(String(body.timestamp_from));
			const output_events = this.events.filter(
				(e) => ids.has(e.business_id as string) && types.has(e.event_name as string) && Date.parse(e.event_time as string) > from,
			);
			return { statusCode: 200, body: { response_context: { request_status: 'success' }, output_events } };
		}

		eventRequests() {
			return this.requests.filter((r) => r.path === `/${api}/businesses/events`);
		}
	}

	interface PollSetup {
		params: IDataObject;
		mode?: 'trigger' | 'manual';
		staticData?: IDataObject;
		budgetMs?: number;
		/**
		 * How n8n hands the node its state: 'workflow' (default) as part of the workflow's static data,
		 * an ObservableObject, as n8n does unless durable poll cursors are on; 'durable' as a plain
		 * copy of the stored cursor, which n8n stores with the execution the poll starts
		 */
		cursor?: 'workflow' | 'durable';
	}

	let contexts = 0;

	function pollContext(service: FakeService, setup: PollSetup) {
		const credentialKey = `secret-key-${api}-${++contexts}`;
		const plain = setup.staticData ?? {};
		const staticData = setup.cursor === 'durable' ? plain : (ObservableObject.create(plain) as IDataObject);
		const ctx = {
			getNode: () => NODE,
			// a workflow per test: the trigger remembers its last fire per workflow and node in this process
			getWorkflow: () => ({ id: `workflow-${api}-${testIndex}`, active: true }),
			getMode: () => setup.mode ?? 'trigger',
			getActivationMode: () => 'activate',
			getWorkflowStaticData: () => staticData,
			getPollBudgetMs: () => setup.budgetMs ?? 5 * MIN,
			// a key per context: each test has its own share of the per-key rate budget
			getCredentials: async () => ({ apiKey: credentialKey, baseUrl: 'https://api.example.test' }),
			getNodeParameter: (name: string, fallback?: unknown, options?: { extractValue?: boolean }) => {
				let value: unknown = setup.params;
				for (const part of name.split('.')) value = (value as IDataObject | undefined)?.[part];
				if (value === undefined) return fallback;
				if (options?.extractValue && value && typeof value === 'object') return (value as IDataObject).value;
				return value;
			},
			helpers: {
				httpRequestWithAuthentication: async (_type: string, request: IHttpRequestOptions) => service.answer(request),
			},
		};
		return { ctx: ctx as unknown as IPollFunctions, staticData };
	}

	const trigger = new BusinessEventsTrigger();
	const poll = (ctx: IPollFunctions) => trigger.poll.call(ctx);
	const ids = (result: Awaited<ReturnType<typeof poll>>) => (result ? result[0].map((item) => item.json.event_id) : null);

	let now = Date.parse('2026-05-01T12:00:00.000Z');
	let testIndex = 0;
	beforeEach(() => {
		testIndex++;
		now = Date.parse('2026-05-01T12:00:00.000Z');
		jest.spyOn(Date, 'now').mockImplementation(() => now);
	});
	afterEach(() => jest.restoreAllMocks());

	const watch = (count: number, extra: IDataObject = {}) => ({
		source: 'ids',
		businessIds: Array.from({ length: count }, (_, i) => hex(i + 1)).join(', '),
		...extra,
	});

	describe('Business Events Trigger: polling', () => {
		it('on first activation starts from now, fires nothing, and then fires each new event once', async () => {
			const service = new FakeService();
			service.add('old-1', 1, now - 5 * MIN); // before activation: never fires
			const { ctx, staticData } = pollContext(service, { params: watch(3) });

			expect(await poll(ctx)).toBeNull();
			expect(service.eventRequests()).toHaveLength(1);
			expect(service.eventRequests()[0].body).toMatchObject({
				business_ids: [hex(1), hex(2), hex(3)],
				timestamp_from: '2026-05-01T12:00:00.000Z',
			});
			// Event Types left at its default: the 6 standard types, as in Get Events and Manage Enrollment
			expect(service.eventRequests()[0].body.event_types).toEqual(api === 'v2' ? DEFAULT_BUSINESS_EVENT_TYPES.map(v2EventType) : DEFAULT_BUSINESS_EVENT_TYPES);
			expect(readState(staticData)?.floor).toBe(now);

			now += MIN;
			service.add('e1', 1, now - 30_000);
			service.add('e2', 2, now - 20_000);
			expect(ids(await poll(ctx))).toEqual(['e1', 'e2']);

			now += MIN;
			expect(await poll(ctx)).toBeNull(); // same window again: nothing repeats
			service.add('e3', 3, now - 10_000);
			now += MIN;
			expect(ids(await poll(ctx))).toEqual(['e3']);
			expect(await poll(ctx)).toBeNull();
		});

		it('fires events with tied times and late arrivals inside the overlap exactly once', async () => {
			const service = new FakeService();
			const { ctx } = pollContext(service, { params: watch(2) });
			await poll(ctx);
			const t = now + 30_000;
			now += MIN;
			service.add('tie-a', 1, t);
			expect(ids(await poll(ctx))).toEqual(['tie-a']);

			// a second event with the very same time reaches the service later, and one from before the last poll
			service.add('tie-b', 2, t);
			service.add('late', 1, t - 10_000);
			now += 5 * MIN;
			expect(ids(await poll(ctx))).toEqual(['late', 'tie-b']);
			now += 5 * MIN;
			expect(await poll(ctx)).toBeNull();
			// windows overlap: every query starts at the floor, which stays an hour behind the last poll
			const froms = service.eventRequests().map((r) => r.body.timestamp_from);
			expect(new Set(froms).size).toBe(1);
		});

		it('asks for 40 ids per request and moves the floor an hour behind each completed poll', async () => {
			const service = new FakeService();
			const { ctx, staticData } = pollContext(service, { params: watch(100) });
			await poll(ctx);
			expect(service.eventRequests().map((r) => (r.body.business_ids as string[]).length)).toEqual([40, 40, 20]);
			const start = now;
			now += 3 * 60 * MIN;
			await poll(ctx);
			expect(readState(staticData)?.floor).toBe(start + 2 * 60 * MIN);
			expect(service.eventRequests()[3].body.timestamp_from).toBe(new Date(start).toISOString());
		});

		it('with Look Back (Days) fires the events of that window on first activation, then only new ones', async () => {
			const service = new FakeService();
			service.add('d1', 1, now - 1 * DAY);
			service.add('d2', 2, now - 2 * DAY);
			service.add('d5', 1, now - 5 * DAY);
			const { ctx } = pollContext(service, { params: watch(2, { options: { lookBackDays: 3 } }) });
			expect(ids(await poll(ctx))).toEqual(['d2', 'd1']);
			expect(service.eventRequests()[0].body.timestamp_from).toBe(new Date(now - 3 * DAY).toISOString());
			now += MIN;
			expect(await poll(ctx)).toBeNull();
		});

		it('a manual test run shows the 5 most recent events of the last 7 days and keeps no state', async () => {
			const service = new FakeService();
			for (let i = 1; i <= 8; i++) service.add(`m${i}`, i % 2 === 0 ? 1 : 2, now - i * DAY + 1);
			const staticData: IDataObject = {};
			const { ctx } = pollContext(service, { params: watch(2), mode: 'manual', staticData });
			expect(ids(await poll(ctx))).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
			expect(service.eventRequests()[0].body.timestamp_from).toBe(new Date(now - 7 * DAY).toISOString());
			expect(staticData).toEqual({});
		});

		it('a short 429 is waited out inside the poll', async () => {
			const service = new FakeService();
			const { ctx } = pollContext(service, { params: watch(1) });
			await poll(ctx);
			service.add('s1', 1, now + 1000);
			service.faults.push({ statusCode: 429, body: { code: 429, retry_after: 0 }, headers: { 'retry-after': '0' } });
			now += MIN;
			expect(ids(await poll(ctx))).toEqual(['s1']);
			expect(service.eventRequests()).toHaveLength(3);
		});

		it('a Retry-After longer than the poll budget allows fails the poll at once, as rate limited', async () => {
			const service = new FakeService();
			// n8n's durable poller gives a poll 36 s; waiting 35 s (less than the transport's own cap) leaves no time
			const { ctx, staticData } = pollContext(service, { params: watch(1), budgetMs: 36_000 });
			await poll(ctx);
			const before = JSON.stringify(staticData);
			service.faults.push({ statusCode: 429, body: { code: 429, retry_after: 35 }, headers: { 'retry-after': '35' } });
			const started = performance.now();
			const error = (await poll(ctx).catch((e: unknown) => e)) as NodeApiError;
			expect(performance.now() - started).toBeLessThan(1000);
			expect(error.failure).toEqual({ cause: 'rate-limited', retryAfterMs: 35_000 });
			expect(service.eventRequests()).toHaveLength(2);
			expect(JSON.stringify(staticData)).toBe(before);
		});

		it('stops starting requests when the poll budget runs out and resumes at the next chunk', async () => {
			const service = new FakeService();
			service.latencyMs = 1000;
			service.onRequest = (ms) => (now += ms);
			// half the budget is spent on starting requests: 500 ms, less than one request takes
			const { ctx, staticData } = pollContext(service, { params: watch(100), budgetMs: 1000 });
			const start = now;
			await poll(ctx); // one chunk per poll
			expect(service.eventRequests()).toHaveLength(1);
			expect(readState(staticData)?.pending).toMatchObject({ startedAt: start, nextChunk: 1 });

			service.add('b1', 1, now + 1000); // chunk 0, fetched again only in the next cycle
			service.add('b2', 90, now + 2000); // chunk 2
			now += 2 * 60 * MIN;
			expect(await poll(ctx)).toBeNull();
			now += MIN;
			expect(ids(await poll(ctx))).toEqual(['b2']);
			// the cycle completed: the floor moves to an hour before the cycle's first poll (not below the start)
			expect(readState(staticData)?.floor).toBe(start);
			expect(readState(staticData)?.pending).toBeUndefined();
			now += MIN;
			expect(ids(await poll(ctx))).toEqual(['b1']);
			expect(service.eventRequests().map((r) => (r.body.business_ids as string[])[0])).toEqual([
				hex(1),
				hex(41),
				hex(81),
				hex(1),
			]);
		});

		it("a poll that reads the state from before this process's last fire waits for its hand-off: nothing fires twice, and nothing is lost if n8n never stores it", async () => {
			const service = new FakeService();
			let stored: IDataObject = {};
			const pollDurable = async (node = NODE) => {
				const { ctx, staticData } = pollContext(service, { params: watch(1), cursor: 'durable', staticData: structuredClone(stored) });
				const result = await poll({ ...ctx, getNode: () => node } as IPollFunctions);
				return { result, staticData };
			};
			stored = (await pollDurable()).staticData;
			now += MIN;
			service.add('h1', 1, now - 30_000);
			const fired = await pollDurable();
			expect(ids(fired.result)).toEqual(['h1']);
			// n8n has not stored that poll's state yet (it hands the items off without waiting) when the
			// next poll starts: that poll reads the state from before the fire, fires nothing, changes nothing
			now += 5_000;
			const early = await pollDurable();
			expect(early.result).toBeNull();
			expect(early.staticData).toEqual(stored);
			expect(service.eventRequests()).toHaveLength(2);
			// another trigger is not held back
			expect((await pollDurable({ ...NODE, id: 'trigger-2' })).result).not.toBeNull();
			// stored: the next poll goes on from it
			stored = fired.staticData;
			now += 5_000;
			expect((await pollDurable()).result).toBeNull();
			expect(service.eventRequests()).toHaveLength(4);
			// a hand-off n8n never stored (its lease lost): a minute after the fire, its events fire again
			service.add('h2', 1, now - 1_000);
			const unstored = await pollDurable();
			expect(ids(unstored.result)).toEqual(['h2']);
			now += 30_000;
			expect((await pollDurable()).result).toBeNull();
			now += 30_000;
			expect(ids((await pollDurable()).result)).toEqual(['h2']);
		});

		it('overdue polls started at once (after a restart), the first slow to get going: one fires, the others skip', async () => {
			const service = new FakeService();
			const durablePoll = (stored: IDataObject, gate?: Promise<void>) => {
				const { ctx, staticData } = pollContext(service, { params: watch(1), cursor: 'durable', staticData: structuredClone(stored) });
				// the credential read (the poll's first await) held until the gate opens
				const getCredentials = ctx.getCredentials.bind(ctx);
				const held = { ...ctx, getCredentials: async (type: string) => (await gate, await getCredentials(type)) } as IPollFunctions;
				return { result: poll(held), staticData };
			};
			const first = durablePoll({});
			await first.result;
			const stored = first.staticData;
			now += MIN;
			service.add('o1', 1, now - 30_000);
			service.latencyMs = 1_000;
			service.onRequest = (ms) => (now += ms);
			// both read the same stored cursor; the first to start is slower to get going than the second
			// would be to fire: the second skips, the first fires once
			let open = () => {};
			const slow = durablePoll(stored, new Promise<void>((resolve) => (open = resolve)));
			const quick = durablePoll(stored);
			expect(await quick.result).toBeNull();
			expect(quick.staticData).toEqual(stored);
			open();
			expect(ids(await slow.result)).toEqual(['o1']);
			expect(service.eventRequests()).toHaveLength(2);
		});

		it('the hand-off wait counts from when the poll was called: a slow credential read does not make an old state look settled', async () => {
			const service = new FakeService();
			const durablePoll = (stored: IDataObject, readMs = 0) => {
				const { ctx, staticData } = pollContext(service, { params: watch(1), cursor: 'durable', staticData: structuredClone(stored) });
				const getCredentials = ctx.getCredentials.bind(ctx);
				const slow = { ...ctx, getCredentials: async (type: string) => ((now += readMs), await getCredentials(type)) } as IPollFunctions;
				return { result: poll(slow), staticData };
			};
			const first = durablePoll({});
			await first.result;
			now += MIN;
			service.add('s1', 1, now - 30_000);
			expect(ids(await durablePoll(first.staticData).result)).toEqual(['s1']);
			// called 10 s after that fire with the state from before it (n8n has not stored the fire's
			// yet); its credential read takes 55 s: it still waits for the hand-off
			now += 10_000;
			const stale = durablePoll(first.staticData, 55_000);
			expect(await stale.result).toBeNull();
			expect(service.eventRequests()).toHaveLength(2);
		});

		it('a clock that went back since the last fire does not hold the next poll back: its hand-off counts as failed', async () => {
			const service = new FakeService();
			const pollOn = async (stored: IDataObject) => {
				const { ctx, staticData } = pollContext(service, { params: watch(1), cursor: 'durable', staticData: structuredClone(stored) });
				return { result: await poll(ctx), staticData };
			};
			const { staticData: stored } = await pollOn({});
			now += MIN;
			service.add('c1', 1, now - 30_000);
			expect(ids((await pollOn(stored)).result)).toEqual(['c1']);
			// the system clock stepped back 10 minutes; n8n never stored that fire: it fires again at once
			now -= 10 * MIN;
			expect(ids((await pollOn(stored)).result)).toEqual(['c1']);
			expect(service.eventRequests()).toHaveLength(3);
		});

		it('under durable cursors, a poll without state starts one poll gap and a minute back (n8n keeps no state of a poll at publishing that found nothing); elsewhere from now', async () => {
			const service = new FakeService();
			const params = watch(1, { pollTimes: { item: [{ mode: 'everyHour', minute: 0 }] } });
			service.add('before-reach', 1, now - 62 * MIN);
			service.add('in-reach', 1, now - 60 * MIN);
			const durable = pollContext(service, { params, cursor: 'durable' });
			expect(ids(await poll(durable.ctx))).toEqual(['in-reach']);
			expect(service.eventRequests()[0].body.timestamp_from).toBe(new Date(now - 61 * MIN).toISOString());
			// other triggers: this one's fire would hold their polls back (the hand-off wait)
			const asNode = (ctx: IPollFunctions, id: string) => ({ ...ctx, getNode: () => ({ ...NODE, id }) }) as IPollFunctions;
			const workflow = pollContext(service, { params });
			expect(await poll(asNode(workflow.ctx, 'trigger-2'))).toBeNull();
			expect(service.eventRequests()[1].body.timestamp_from).toBe(new Date(now).toISOString());
			// Look Back (Days) further back wins
			const lookBack = pollContext(service, { params: { ...params, options: { lookBackDays: 1 } }, cursor: 'durable' });
			expect(ids(await poll(asNode(lookBack.ctx, 'trigger-3')))).toEqual(['before-reach', 'in-reach']);
		});

		it('after a restart, asks far enough back for an event to fire again that is below the floor, and gives up on one the service no longer returns', async () => {
			const service = new FakeService();
			const { ctx, staticData } = pollContext(service, { params: watch(1) });
			await poll(ctx);
			const start = now;
			service.add('kept', 1, start + 1000);
			const floor = start + 5 * MIN;
			// a state as a restart leaves it: two events to settle from another process, the floor above one
			writeState(staticData, {
				floor,
				seen: {},
				unconfirmed: { token: 'a-process-before-the-restart', keys: { 'id:kept': start + 1000, 'id:vanished': start + 2000 } },
			});
			now = start + 10 * MIN;
			const again = (await poll(ctx))![0].map((item) => item.json);
			expect(again.map((event) => [event.event_id, event.redelivered])).toEqual([['kept', true]]);
			expect(service.eventRequests().at(-1)!.body.timestamp_from).toBe(new Date(start + 999).toISOString());
			// that poll completed a cycle without the vanished event: it is not asked for again
			expect(readState(staticData)!.redeliver).toBeUndefined();
			// confirmed by the next poll, which asks from the floor again and fires nothing
			now += MIN;
			expect(await poll(ctx)).toBeNull();
			expect(service.eventRequests().at(-1)!.body.timestamp_from).toBe(new Date(floor).toISOString());
		});

		it('more events than it remembers in one chunk of an unfinished cycle: the next chunk still fires its older events', async () => {
			const service = new FakeService();
			service.latencyMs = 1000;
			service.onRequest = (ms) => (now += ms);
			// one chunk of 40 ids per poll; 41 ids make two chunks
			const { ctx, staticData } = pollContext(service, { params: watch(41), budgetMs: 1000 });
			await poll(ctx); // activation, chunk 0
			await poll(ctx); // chunk 1: the first cycle completes
			const floor = readState(staticData)!.floor;
			// chunk 0 (business 1): 10,500 events from 11 minutes after the floor on; chunk 1 (business 41): one at +10 minutes
			for (let i = 0; i < 10_500; i++) service.add(`bulk-${i}`, 1, floor + 11 * MIN + i);
			service.add('chunk-1-event', 41, floor + 10 * MIN);
			now = floor + 20 * MIN;
			expect((await poll(ctx))?.[0]).toHaveLength(10_500); // chunk 0 only: the cycle is unfinished
			expect(readState(staticData)!.floor).toBe(floor);
			expect(readState(staticData)!.pending?.nextChunk).toBe(1);
			expect(ids(await poll(ctx))).toEqual(['chunk-1-event']);
			expect(service.eventRequests().slice(-2).map((r) => r.body.timestamp_from)).toEqual([
				new Date(floor).toISOString(),
				new Date(floor).toISOString(),
			]);
		});

		it('a poll that starts while the previous one still runs skips instead of firing twice', async () => {
			const service = new FakeService();
			const { ctx } = pollContext(service, { params: watch(1) });
			await poll(ctx);
			service.add('p1', 1, now + 1000);
			now += MIN;
			const [first, second] = await Promise.all([poll(ctx), poll(ctx)]);
			expect(ids(first)).toEqual(['p1']);
			expect(second).toBeNull();
			expect(service.eventRequests()).toHaveLength(2);
		});

		it('the overlap guard holds when each poll gets its own copy of the static data (n8n 2.41 stages them)', async () => {
			const service = new FakeService();
			const stored: IDataObject = {};
			const { ctx } = pollContext(service, { params: watch(1), staticData: stored });
			// each poll works on its own copy of the static data, saved when it ends (n8n's durable poll cursors)
			const stagedPoll = async (context: IPollFunctions) => {
				const copy = JSON.parse(JSON.stringify(stored)) as IDataObject;
				const result = await poll({ ...context, getWorkflowStaticData: () => copy } as IPollFunctions);
				Object.assign(stored, copy);
				return result;
			};
			expect(await stagedPoll(ctx)).toBeNull();
			service.add('p1', 1, now + 1000);
			now += MIN;
			const [a, b] = await Promise.all([stagedPoll(ctx), stagedPoll(ctx)]);
			expect([ids(a), ids(b)]).toEqual([['p1'], null]);
			expect(service.eventRequests()).toHaveLength(2);
			// another trigger (another node id) is not held back by it
			const other = { ...ctx, getNode: () => ({ ...NODE, id: 'trigger-2' }) } as IPollFunctions;
			await Promise.all([stagedPoll(ctx), stagedPoll(other)]);
			expect(service.eventRequests()).toHaveLength(4);
		});
	});

	describe('Business Events Trigger: watching an enrollment', () => {
		const enrollments = [
			{ enrollment_id: 'en-2', enrollment_key: 'zeta-watch', business_ids: [hex(7)], event_types: ['ipo_announcement'] },
			{ enrollment_id: 'en-1', enrollment_key: 'acme-watch', business_ids: [hex(1), hex(2)], event_types: ['new_office', 'new_product'] },
		];

		it('lists enrollments for the picker, filtered by key', async () => {
			const service = new FakeService();
			service.enrollments = enrollments;
			const { ctx } = pollContext(service, { params: {} });
			const all = await searchBusinessEnrollments.call(ctx as never);
			expect(all.results).toEqual([
				{ name: 'acme-watch (2 businesses, 2 event types)', value: 'en-1' },
				{ name: 'zeta-watch (1 business, 1 event type)', value: 'en-2' },
			]);
			expect((await searchBusinessEnrollments.call(ctx as never, 'ZETA')).results.map((r) => r.value)).toEqual(['en-2']);
		});

		it('says how to create an enrollment when the account has none (a filter finds nothing as usual)', async () => {
			const service = new FakeService();
			service.enrollments = [];
			const { ctx } = pollContext(service, { params: {} });
			expect((await searchBusinessEnrollments.call(ctx as never)).results).toEqual([
				{
					name: `No business enrollments yet: create one with the Manage Enrollment node (Business Enrollment › Create)${onlyV2}`,
					value: '',
				},
			]);
			expect((await searchBusinessEnrollments.call(ctx as never, 'acme')).results).toEqual([]);
		});

		it("polls the enrollment's businesses and event types", async () => {
			const service = new FakeService();
			service.enrollments = enrollments;
			const { ctx } = pollContext(service, { params: { source: 'enrollment', enrollment: { mode: 'list', value: 'en-1' } } });
			await poll(ctx);
			service.add('o1', 2, now + 1000, 'new_office');
			service.add('x1', 2, now + 1000, 'ipo_announcement');
			now += MIN;
			expect(ids(await poll(ctx))).toEqual(['o1']);
			expect(service.eventRequests()[1].body).toMatchObject({
				business_ids: [hex(1), hex(2)],
				event_types: ['new_office', 'new_product'],
			});
		});
	});

	describe('Business Events Trigger: watching prospects', () => {
		it('lists prospect enrollments for the picker, and says how to create one when there is none', async () => {
			const service = new FakeService();
			const { ctx } = pollContext(service, { params: {} });
			expect((await searchProspectEnrollments.call(ctx as never)).results).toEqual([{ name: `${NO_PROSPECT_ENROLLMENTS_TEXT}${onlyV2}`, value: '' }]);
			expect(NO_PROSPECT_ENROLLMENTS_TEXT).toBe(
				'No prospect enrollments yet: create one with the Manage Enrollment node (Prospect Enrollment › Create)',
			);
			expect((await searchProspectEnrollments.call(ctx as never, 'movers')).results).toEqual([]);
			service.prospectEnrollments = [
				{ enrollment_id: 'pe-2', enrollment_key: 'zeta-people', prospect_ids: ['p1'], event_types: ['prospect_changed_role'] },
				{ enrollment_id: 'pe-1', enrollment_key: 'movers', prospect_ids: ['p1', 'p2'], event_types: ['prospect_changed_company', 'prospect_changed_role'] },
			];
			expect((await searchProspectEnrollments.call(ctx as never)).results).toEqual([
				{ name: 'movers (2 prospects, 2 event types)', value: 'pe-1' },
				{ name: 'zeta-people (1 prospect, 1 event type)', value: 'pe-2' },
			]);
			expect((await searchProspectEnrollments.call(ctx as never, 'ZETA')).results.map((r) => r.value)).toEqual(['pe-2']);
			expect(service.requests.map((r) => `${r.method} ${r.path}`)).toEqual(Array(4).fill(`GET /${api}/prospects/events/enrollments`));
		});
	});
}
