import { createHash } from 'crypto';
import { sleep } from 'n8n-workflow';

import { type EndpointDefinition, LIMITS } from '../api';
import { QueryMeter } from './queryMeter';

/**
 * Slack added to the sliding window: a request booked here arrives at the service a little
 * later, so a window exactly as long as the service's could let request 201 arrive while the
 * service still counts request 1.
 */
export const WINDOW_SLACK_MS = 1_000;
/** longest pause a Retry-After imposes on the key in this process */
const MAX_PAUSE_MS = 10 * 60_000;
/** a pause is waited out in steps, so a waiting request sees a later, shorter or cleared pause */
const PAUSE_STEP_MS = 1_000;
/** share of the rate kept after the service answers 429 (multiplicative decrease) */
const DECREASE_FACTOR = 0.5;
/**
 * 429s within this time of the decrease (or within its Retry-After pause) are the same
 * congestion: requests already in flight when the window filled. They lower the rate once.
 */
const DECREASE_HOLD_MS = 2_000;
/** rate regained per query of a clean answer while below the ceiling (additive increase) */
const INCREASE_PER_QUERY = 0.2;
/**
 * How long a key seen used by another process counts as shared: several windows, because a
 * process's reports can miss the others for a whole window (their queries sat between its own).
 */
const SHARED_MEMORY_WINDOWS = 5;
/** X-RateLimit-Reset is whole seconds: a report is trusted for learning up to a second before it */
const RESET_MARGIN_MS = 1_000;
/**
 * Queries of the service's window left unused once another process is seen using the key: a
 * request starts only if this many are left after it, so that processes do not overrun it together.
 */
const SERVICE_RESERVE = 2;
/**
 * Share of the service's window below which requests go one at a time, each answer telling how
 * many slots are left before the next request starts.
 */
const SERVICE_LOW_SHARE = 0.1;
/**
 * The nearly full mark is at least this many times the most queries this process has had in
 * flight: other processes sharing the key send about as many at once, and every request started
 * before the next report arrives uses a slot the report did not count.
 */
const SERVICE_LOW_PER_IN_FLIGHT = 4;
/** how often a request waiting for its turn in one-at-a-time mode looks again */
const TURN_STEP_MS = 20;
/** how often a request of a process sharing the key looks again for room its own queries freed */
const OWN_ROOM_STEP_MS = 200;
/**
 * A request in flight for longer than this no longer holds up the next one in one-at-a-time
 * mode (an attempt gives up after a minute; this only guards against a count gone wrong).
 */
const TURN_MAX_WAIT_MS = 90_000;

/**
 * What the service said about the key's window on an answer: `X-RateLimit-Limit`,
 * `X-RateLimit-Remaining` and `X-RateLimit-Reset` (seconds until a slot frees, or a Unix time).
 * The service counts every request of the key, from every process: this is how processes that
 * share a key see each other without talking to each other.
 */
export interface ServiceWindow {
	limit?: number;
	remaining: number;
	resetSeconds?: number;
}

function headerNumber(headers: Record<string, unknown> | undefined, name: string): number | undefined {
	const raw = headers?.[name];
	const value = Number(Array.isArray(raw) ? raw[0] : raw);
	return raw === undefined || raw === null || raw === '' || !Number.isFinite(value) || value < 0 ? undefined : value;
}

/** The service's window from an answer's headers (lower-case names), or undefined without them. */
export function readServiceWindow(headers: Record<string, unknown> | undefined): ServiceWindow | undefined {
	const remaining = headerNumber(headers, 'x-ratelimit-remaining');
	if (remaining === undefined) return undefined;
	return {
		remaining: Math.floor(remaining),
		limit: headerNumber(headers, 'x-ratelimit-limit'),
		resetSeconds: headerNumber(headers, 'x-ratelimit-reset'),
	};
}

/** A request booked by `book`: what it weighs, and what the learning of its weight needs. */
export interface Booking {
	/** queries booked for it */
	weight: number;
	/** what learns from the drop in X-RateLimit-Remaining across it; absent: nothing to learn */
	learning?: { definition: EndpointDefinition; entities: number };
	/** nothing else of this key was in flight here when it was booked */
	alone: boolean;
	/** the service's report in force when it was booked (its number), if fresh */
	reportBefore?: number;
	/** when it was booked */
	at: number;
	/** its place among every booking of the budget (the first is 0) */
	index: number;
}

/**
 * The query budget of one API key in this n8n process: a sliding window of at most `rate`
 * queries per minute (the service counts queries, not requests: a bulk call weighs its entities,
 * queryMeter.ts), shared by every node run, poll and option loader that uses the key, so that
 * Match and Enrich in one workflow, two workflows side by side, or the trigger and a workflow
 * together never exceed the account's limit.
 *
 * The rate adapts to the service: a 429 pauses every request until its Retry-After and halves
 * the rate (once per congestion, however many requests were in flight); clean answers raise it
 * again slowly, up to the credential's ceiling, or at once to the room the service reports. When the service reports its window
 * (`X-RateLimit-Remaining`), which counts the queries of every process using the key, a request
 * starts only when its weight fits what is left (with a reserve once another process is seen
 * using the key, which a process holding as much of the window as the others takes on a toss), and
 * requests go one at a time once the window is nearly full. Once the last report is stale, a
 * process sharing the key sends only into the room its own queries freed. Processes that share a
 * key (n8n queue mode workers) thus settle on the key's limit without talking to each other.
 */
export class RateBudget {
	/** booking times and weights of the requests in the window, oldest first, from `head` on */
	private stamps: number[] = [];
	/** bookings dropped from the front of `stamps` when it was compacted (a booking's index less this is its place) */
	private compacted = 0;
	private weights: number[] = [];
	private head = 0;
	/** queries booked in the window (the sum of `weights` from `head` on) */
	private windowWeight = 0;
	private rate: number;
	/** nobody sends before this time (the service's last Retry-After) */
	private pausedUntil = 0;
	private pauseMs = 0;
	/** when the last refused `acquire` could have had its slot */
	refusedUntil = 0;
	/** no 429 lowers the rate again before this time */
	private decreaseHeldUntil = 0;
	/** requests booked here and not answered yet */
	private inFlight = 0;
	/** the most queries this process has had in flight at once */
	private peakInFlightWeight = 0;
	private inFlightWeight = 0;
	private lastBookedAt = 0;
	/** bookings since the service's last report, and their queries */
	private bookedSinceReport = 0;
	private weightSinceReport = 0;
	/** the number of the service's last report (learning needs the report just before a request) */
	private reports = 0;
	/**
	 * The service's window as last reported, `remaining` lowered by every query booked since;
	 * `reported` is the figure as the service gave it; `until` is when it frees a query (the report
	 * is stale from then on).
	 */
	private service:
		| {
				limit: number;
				remaining: number;
				reported: number;
				until: number;
				/** when the answer came, and the last booking the report can count (the request that brought it) */
				answeredAt: number;
				countedThrough: number;
				/** the queries of this process in the service's window at the report (with those in flight), and the others' */
				own: number;
				others: number;
		  }
		| undefined;
	/** the tie over the last call's room last tossed for (the window as reported), and the toss */
	private toss: { tie: string; won: boolean } | undefined;
	/** until when the key counts as shared with another process (its queries seen in a report) */
	private sharedUntil = 0;
	/**
	 * an answer came back since the budget was made: until then bulk calls go one at a time, so that
	 * processes starting together on one key do not each spend the whole window before any of them
	 * hears how full it is
	 */
	private heard = false;
	/** the tickets of the requests waiting to book, first come first: only the first books */
	private readonly queue: number[] = [];
	private nextTicket = 0;
	/** the weights this key's headers taught, by endpoint */
	readonly meter = new QueryMeter();

	constructor(
		private ceiling: number = LIMITS.rateLimit.queries,
		private readonly windowMs: number = LIMITS.rateLimit.windowMs + WINDOW_SLACK_MS,
		private readonly now: () => number = () => Date.now(),
		/** the toss that breaks a tie between processes sharing the key (seeded in simulations) */
		private readonly random: () => number = Math.random,
	) {
		this.rate = ceiling;
	}

	/** the queries per window allowed now */
	get currentRate(): number {
		return Math.max(1, Math.floor(this.rate + 1e-9));
	}

	/**
	 * The most queries one request may weigh: the key's limit per minute, the credential's and the
	 * service's (as last reported), whichever is lower. A heavier request could never fit.
	 */
	get queriesPerMinute(): number {
		return Math.min(this.ceiling, this.service?.limit ?? Number.POSITIVE_INFINITY);
	}

	/** A new ceiling from the credential; the current rate never exceeds it. */
	setCeiling(ceiling: number): void {
		if (ceiling === this.ceiling) return;
		const atCeiling = this.rate >= this.ceiling;
		this.ceiling = ceiling;
		this.rate = atCeiling ? ceiling : Math.max(1, Math.min(this.rate, ceiling));
	}

	/**
	 * Resolves when `weight` more queries fit, and books them. With `deadline`, resolves to false
	 * (booking nothing) when the wait would run past it.
	 */
	async acquire(weight = 1, deadline?: number): Promise<boolean> {
		return (await this.book(weight, deadline)) !== undefined;
	}

	/**
	 * `acquire` for a request the client sends: the booking it returns goes back with the answer
	 * (`answered`, `throttled`, `released`), so that the drop in X-RateLimit-Remaining across it can
	 * teach its endpoint's weight. Undefined when the wait would run past `deadline`, or as soon as
	 * `giveUp` says the request is no longer wanted.
	 */
	async book(weight: number, deadline?: number, learning?: Booking['learning'], giveUp?: () => boolean): Promise<Booking | undefined> {
		const ticket = this.nextTicket++;
		this.queue.push(ticket);
		try {
			return await this.wait(ticket, weight, deadline, learning, giveUp);
		} finally {
			this.leaveLine(ticket);
		}
	}

	/** Takes a ticket out of the line (once booked, at once: a request asking in the same tick is next). */
	private leaveLine(ticket: number): void {
		const position = this.queue.indexOf(ticket);
		if (position !== -1) this.queue.splice(position, 1);
	}

	/**
	 * Waits for the turn of `ticket` (first come, first booked: a small request that would fit
	 * never overtakes a larger one waiting for the window, which would leave the window part
	 * used and the larger one waiting a whole window more) and for room for its weight.
	 */
	private async wait(
		ticket: number,
		weight: number,
		deadline: number | undefined,
		learning: Booking['learning'],
		giveUp: (() => boolean) | undefined,
	): Promise<Booking | undefined> {
		for (;;) {
			// the caller no longer needs the request (the key was refused meanwhile, the run stopped)
			if (giveUp?.()) return undefined;
			const now = this.now();
			if (this.queue[0] !== ticket) {
				if (deadline !== undefined && now >= deadline) return this.refuse(now + TURN_STEP_MS);
				await sleep(TURN_STEP_MS);
				continue;
			}
			// a clock set back never stretches a pause beyond what the service asked for
			if (this.pausedUntil - now > this.pauseMs) this.pausedUntil = now + this.pauseMs;
			if (now < this.pausedUntil) {
				if (deadline !== undefined && this.pausedUntil > deadline) return this.refuse(this.pausedUntil);
				await sleep(Math.min(this.pausedUntil - now, PAUSE_STEP_MS));
				continue;
			}
			const serviceWait = this.serviceWait(now, weight);
			if (serviceWait !== undefined) {
				if (deadline !== undefined && now + serviceWait > deadline) return this.refuse(now + serviceWait);
				await sleep(Math.min(serviceWait, PAUSE_STEP_MS));
				continue;
			}
			this.expire(now);
			// a request heavier than the rate goes alone in an empty window, or it would never go
			if (this.windowWeight + weight <= this.currentRate || this.windowWeight === 0) {
				this.leaveLine(ticket);
				return this.take(now, weight, learning);
			}
			const readyAt = this.readyAt(weight);
			if (deadline !== undefined && readyAt > deadline) return this.refuse(readyAt);
			await sleep(Math.max(1, Math.min(readyAt - now, PAUSE_STEP_MS)));
		}
	}

	private take(now: number, weight: number, learning: Booking['learning']): Booking {
		const fresh = this.service !== undefined && now < this.service.until;
		const booking: Booking = {
			at: now,
			weight,
			learning,
			alone: this.inFlight === 0,
			index: this.compacted + this.stamps.length,
			reportBefore: fresh && this.bookedSinceReport === 0 ? this.reports : undefined,
		};
		this.stamps.push(now);
		this.weights.push(weight);
		this.windowWeight += weight;
		this.inFlight++;
		this.inFlightWeight += weight;
		this.bookedSinceReport++;
		this.weightSinceReport += weight;
		this.lastBookedAt = now;
		this.peakInFlightWeight = Math.max(this.peakInFlightWeight, this.inFlightWeight);
		if (this.service && fresh) this.service.remaining -= weight;
		return booking;
	}

	/** When enough of the window's queries have left it for `weight` more to fit. */
	private readyAt(weight: number): number {
		let left = this.windowWeight;
		for (let i = this.head; i < this.stamps.length; i++) {
			left -= this.weights[i];
			if (left + weight <= this.currentRate || left === 0) return this.stamps[i] + this.windowMs;
		}
		return this.now();
	}

	private refuse(readyAt: number): undefined {
		this.refusedUntil = readyAt;
		return undefined;
	}

	/**
	 * The service answered 429: nobody sends before `retryAfterMs` is over, and the rate halves,
	 * unless an earlier 429 of the same congestion already lowered it.
	 */
	throttled(retryAfterMs: number | undefined, window?: ServiceWindow, booking?: Booking): void {
		this.settle(booking);
		this.unbook(booking);
		this.heard = true;
		const now = this.now();
		const pauseMs = retryAfterMs === undefined || retryAfterMs <= 0 ? 0 : Math.min(retryAfterMs, MAX_PAUSE_MS);
		if (now >= this.decreaseHeldUntil) {
			this.rate = Math.max(1, this.rate * DECREASE_FACTOR);
			this.decreaseHeldUntil = now + Math.max(pauseMs, DECREASE_HOLD_MS);
		}
		// the Retry-After governs the wait; the window as reported (a 429 need not mean it is full)
		if (window) this.report(window, now, booking);
		if (pauseMs === 0) return;
		const ends = now + pauseMs;
		if (ends <= this.pausedUntil) return;
		this.pausedUntil = ends;
		this.pauseMs = pauseMs;
	}

	/**
	 * An answer that was not a 429: the rate climbs back towards the ceiling, what the service
	 * says about its window (when it says) guides the next requests, and a drop attributable to
	 * this request alone teaches its endpoint's weight.
	 */
	answered(window?: ServiceWindow, booking?: Booking): void {
		const attributable =
			booking?.learning !== undefined &&
			booking.alone &&
			this.inFlight === 1 &&
			this.bookedSinceReport === 1 &&
			booking.reportBefore === this.reports &&
			window !== undefined &&
			this.service !== undefined &&
			// no other process spends the key: its queries would be in the drop (queue-mode workers)
			this.now() >= this.sharedUntil &&
			// against the service's own window: a query of this process 60 to 61 s old, still in this
			// budget's window (its slack), would hide one of another process's in the drop
			(window.limit ?? this.service.limit) - window.remaining <= this.bookedSince(booking.at - this.serviceWindowMs) &&
			// nothing left the service's window in between (its reset is whole seconds: a second's margin)
			(this.service.reported === this.service.limit || this.now() < this.service.until - RESET_MARGIN_MS);
		if (attributable && booking?.learning && window && this.service) {
			this.meter.learn(booking.learning.definition, booking.learning.entities, this.service.reported - window.remaining);
		}
		this.settle(booking);
		this.heard = true;
		const weight = booking?.weight ?? 1;
		if (this.rate < this.ceiling) this.rate = Math.min(this.ceiling, this.rate + INCREASE_PER_QUERY * weight);
		if (!window) return;
		const now = this.now();
		this.report(window, now, booking);
		// the room the service reports is room this process may use: once the congestion is over, a
		// rate halved by it never leaves that room empty (it did for minutes, climbing back query by query)
		if (now >= this.decreaseHeldUntil) this.rate = Math.max(this.rate, Math.min(this.ceiling, this.windowWeight + window.remaining));
	}

	/** A booked request that got no answer (network failure, cancelled, refused by n8n). */
	released(booking?: Booking): void {
		this.settle(booking);
	}

	/**
	 * Takes a refused request's queries out of the window: the service did not count them, and kept
	 * in, they held the retry back past the moment the service has room (until another process's
	 * next request took it, and the retry was refused again).
	 */
	private unbook(booking: Booking | undefined): void {
		const i = booking ? booking.index - this.compacted : -1;
		if (i < this.head || i >= this.stamps.length) return;
		this.windowWeight -= this.weights[i];
		this.weights[i] = 0;
	}

	private settle(booking: Booking | undefined): void {
		if (this.inFlight > 0) this.inFlight--;
		this.inFlightWeight = Math.max(0, this.inFlightWeight - (booking?.weight ?? 1));
	}

	private report(window: ServiceWindow, now: number, booking?: Booking): void {
		const reset = window.resetSeconds ?? 0;
		// a Unix time (seconds) or seconds from now; never further than the window
		const until = reset > 1e9 ? reset * 1000 : now + reset * 1000;
		const limit = window.limit ?? this.service?.limit ?? LIMITS.rateLimit.queries;
		this.expire(now);
		// the service counts more than this process booked in the service's window before the answered
		// request: another process uses the key. Not this budget's whole window: its slack keeps a query
		// of 60.5 s ago that the service no longer counts. From the booking, not the answer: the service
		// counted from the request's arrival, and a query a round trip older than the answer is still in.
		const bookedAt = booking?.at ?? now;
		const own = this.bookedSince(bookedAt - this.serviceWindowMs);
		if (limit - window.remaining > own) {
			this.sharedUntil = now + SHARED_MEMORY_WINDOWS * this.windowMs;
		}
		this.service = {
			answeredAt: now,
			countedThrough: booking?.index ?? this.compacted + this.stamps.length - 1,
			own,
			others: Math.max(0, limit - window.remaining - own),
			limit,
			remaining: window.remaining,
			reported: window.remaining,
			until: Math.min(Math.max(until, now), now + this.windowMs),
		};
		this.reports++;
		this.bookedSinceReport = 0;
		this.weightSinceReport = 0;
	}

	/**
	 * How long to wait before a request of `weight` by what the service reported, or undefined to
	 * go ahead: while the report is fresh, until the window has room for the weight (and the
	 * reserve, when the key is shared); nearly full, one request at a time. A report gone stale
	 * leaves a nearly full window one request at a time until the next answer.
	 */
	private serviceWait(now: number, weight: number): number | undefined {
		const service = this.service;
		if (!this.heard && weight > 1) return this.oneAtATime(now);
		if (!service) return undefined;
		const reserve = now < this.sharedUntil ? SERVICE_RESERVE : 0;
		const low = Math.max(
			SERVICE_RESERVE + 2,
			Math.ceil(service.limit * SERVICE_LOW_SHARE),
			Math.min(SERVICE_LOW_PER_IN_FLIGHT * this.peakInFlightWeight, Math.floor(service.limit / 2)),
		);
		const fresh = now < service.until;
		if (fresh && service.remaining - weight < reserve && !this.winsTie(service, weight)) return service.until - now;
		if (service.remaining - weight >= low) return undefined;
		// the stale report left no room for it: only the room this process's own queries freed since
		if (!fresh && now < this.sharedUntil && service.remaining - weight < reserve) return this.ownRoomWait(now, weight, service);
		return this.oneAtATime(now);
	}

	/**
	 * Whether this process takes the room for exactly one more call that the reserve keeps when the
	 * key is shared: only when it holds as many of the window's queries as the others, on a toss (one
	 * a tie). Two processes of one share each kept the reserve and left that call's room empty
	 * every minute (160 of 200 queries a minute at calls of 40); a process holding more or less
	 * leaves it, as before, so that at most one of two takes it, save on a tie both win (a 429).
	 */
	private winsTie(service: NonNullable<RateBudget['service']>, weight: number): boolean {
		if (this.sharedUntil <= this.now() || service.remaining < weight || service.others === 0) return false;
		if (service.own + this.weightSinceReport !== service.others) return false;
		// one toss a tie: a report that finds the window as the last one did asks again, and more tosses
		// would raise the odds that both processes take the room
		const tie = `${service.own}/${service.others}/${service.reported}`;
		if (this.toss?.tie !== tie) this.toss = { tie, won: this.random() < 0.5 };
		return this.toss.won;
	}

	/**
	 * A process sharing the key, its last report stale (a query has left the service's window since)
	 * and the window nearly full: it sends only into the room its own queries freed, which it knows
	 * from their times. Room another process's queries freed is that process's next request's: taken
	 * here, that request was refused. With none of its queries in the service's window (it starts,
	 * or every request was refused), it sends one at a time to hear the window again.
	 */
	private ownRoomWait(now: number, weight: number, service: NonNullable<RateBudget['service']>): number | undefined {
		// the report's queries of this process that have left the window since the budget last looked
		// (surely counted: booked within the service's window before the answer, and not after the request)
		let freed = 0;
		for (let i = this.head; i < this.stamps.length && this.stamps[i] <= now - this.windowMs; i++) {
			const counted = this.stamps[i] > service.answeredAt - this.serviceWindowMs && this.compacted + i <= service.countedThrough;
			if (counted) freed += this.weights[i];
		}
		if (freed - this.weightSinceReport >= weight) return undefined;
		if (this.bookedSince(now - this.serviceWindowMs) === 0) return this.oneAtATime(now);
		return OWN_ROOM_STEP_MS;
	}

	/** The service's own window (this budget's is longer by its slack, or the same in unit tests). */
	private get serviceWindowMs(): number {
		return Math.min(this.windowMs, LIMITS.rateLimit.windowMs);
	}

	/** The queries this process booked after `since` (within its window). */
	private bookedSince(since: number): number {
		let sum = 0;
		for (let i = this.stamps.length - 1; i >= this.head && this.stamps[i] > since; i--) sum += this.weights[i];
		return sum;
	}

	/** Waits while a request of this process is in flight (and not lost for longer than a retry would take). */
	private oneAtATime(now: number): number | undefined {
		return this.inFlight > 0 && now - this.lastBookedAt < TURN_MAX_WAIT_MS ? TURN_STEP_MS : undefined;
	}

	private expire(now: number): void {
		while (this.head < this.stamps.length && this.stamps[this.head] <= now - this.windowMs) {
			this.windowWeight -= this.weights[this.head];
			this.head++;
		}
		// compact now and then, so the arrays do not grow with the life of the process
		if (this.head > 1024 && this.head * 2 > this.stamps.length) {
			this.stamps = this.stamps.slice(this.head);
			this.weights = this.weights.slice(this.head);
			this.compacted += this.head;
			this.head = 0;
		}
	}
}

/**
 * The budgets of this process, one per API key and base URL. Keyed by a hash: the key itself is
 * never kept here. Entries live as long as the process; each is a few kilobytes at most.
 */
const budgets = new Map<string, RateBudget>();

export function budgetFingerprint(baseUrl: string, apiKey: string): string {
	return createHash('sha256').update(`${baseUrl}\n${apiKey}`).digest('hex');
}

/** The shared budget of a key, created on first use; `ceiling` follows the credential. */
export function sharedBudget(fingerprint: string, ceiling: number): RateBudget {
	let budget = budgets.get(fingerprint);
	if (!budget) {
		budget = new RateBudget(ceiling);
		budgets.set(fingerprint, budget);
	} else {
		budget.setCeiling(ceiling);
	}
	return budget;
}
