/**
 * Business events: a seeded history over the event window before the sandbox started, plus the
 * events tests add later (a trigger that polls should see exactly those). Queries follow the
 * contract: only the named ids and types, only events strictly after timestamp_from.
 *
 * The history is drawn once per seed as ages ("so long before the start") and dated per sandbox.
 */
import { BUSINESS_EVENT_TYPES, LIMITS } from '../../../nodes/shared/api';
import { Random } from '../random';
import { datedPayload, eventPayload } from './eventPayloads';
import type { BusinessEvent, SandboxBusiness } from './types';

/** The contract's own types are the common ones; the rest of the open list shows up too. */
const CONTRACT_TYPES = new Set([
	'ipo_announcement',
	'new_funding_round',
	'new_investment',
	'new_product',
	'new_office',
	'new_partnership',
]);
/** Relative frequency of 0 to 5 events per business. */
const EVENT_COUNT_WEIGHTS = [25, 25, 20, 15, 10, 5];

/** ISO 8601 with an explicit UTC offset, as the contract's event_time; whole seconds stay short. */
export function isoWithOffset(ms: number): string {
	const iso = new Date(ms).toISOString();
	return (ms % 1000 === 0 ? iso.replace('.000Z', 'Z') : iso).replace('Z', '+00:00');
}

/** An event of the seeded history, before it is dated. */
export interface EventSeed {
	/** how long before the sandbox's start it happened, in whole seconds */
	ageMs: number;
	event_name: string;
	event_id: string;
	business_id: string;
	payload: Record<string, unknown>;
}

/** The history of a seed, oldest first. */
export function generateEventSeeds(seed: number, businesses: readonly SandboxBusiness[]): EventSeed[] {
	const random = Random.derive(seed, 'events');
	const windowSeconds = LIMITS.eventWindowDays * 86_400;
	const seeds: EventSeed[] = [];
	for (const business of businesses) {
		const count = random.weighted([0, 1, 2, 3, 4, 5], (n) => EVENT_COUNT_WEIGHTS[n]);
		for (let n = 0; n < count; n++) {
			const eventName = random.weighted(BUSINESS_EVENT_TYPES, (type) => (CONTRACT_TYPES.has(type) ? 8 : 1));
			seeds.push({
				// at least a minute old, and an hour clear of the window's far edge
				ageMs: random.int(60, windowSeconds - 3_600) * 1000,
				event_name: eventName,
				event_id: random.uuid(),
				business_id: business.business_id,
				payload: eventPayload(eventName, random, business),
			});
		}
	}
	return seeds.sort((a, b) => b.ageMs - a.ageMs || a.event_id.localeCompare(b.event_id));
}

/** The history as served by a sandbox started at `anchorMs`. */
export function dateEvents(seeds: readonly EventSeed[], anchorMs: number): BusinessEvent[] {
	return seeds.map((seed) => {
		const eventTime = isoWithOffset(anchorMs - seed.ageMs);
		return {
			event_name: seed.event_name,
			event_time: eventTime,
			event_id: seed.event_id,
			data: datedPayload(seed.event_name, seed.payload, eventTime),
			business_id: seed.business_id,
		};
	});
}

function byTime(a: BusinessEvent, b: BusinessEvent): number {
	return Date.parse(a.event_time) - Date.parse(b.event_time) || a.event_id.localeCompare(b.event_id);
}

export interface EventQuery {
	business_ids: readonly string[];
	event_types: readonly string[];
	/** exclusive lower bound, in ms */
	afterMs: number;
}

/** The event log of one sandbox, indexed by business so a query reads at most 40 short lists. */
export class EventStore {
	private readonly list: BusinessEvent[] = [];
	private readonly byBusiness = new Map<string, BusinessEvent[]>();
	private readonly ids = new Set<string>();

	constructor(events: readonly BusinessEvent[]) {
		for (const event of events) this.add(event);
	}

	get all(): readonly BusinessEvent[] {
		return this.list;
	}

	add(event: BusinessEvent): void {
		this.list.push(event);
		this.ids.add(event.event_id);
		const forBusiness = this.byBusiness.get(event.business_id) ?? [];
		forBusiness.push(event);
		this.byBusiness.set(event.business_id, forBusiness);
	}

	has(eventId: string): boolean {
		return this.ids.has(eventId);
	}

	/** Oldest first, so a poller can keep the last event_time it saw. */
	query({ business_ids, event_types, afterMs }: EventQuery): BusinessEvent[] {
		const types = new Set(event_types);
		return [...new Set(business_ids)]
			.flatMap((id) => this.byBusiness.get(id) ?? [])
			.filter((event) => types.has(event.event_name) && Date.parse(event.event_time) > afterMs)
			.sort(byTime);
	}
}
