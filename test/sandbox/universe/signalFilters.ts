/**
 * The business filters beyond the contract's list, on both API versions (docs/v2-migration.md,
 * "The search filters of issue 21"), read from the same data the rest of the sandbox serves:
 * `events` from the event log Get Events reads, `business_intent_topics` from the scores the
 * intent enrichment answers, `city_region` from the business's city and region, `has_website`
 * from its website.
 */
import { INTENT_LEVELS, LIMITS } from '../../../nodes/shared/api';
import type { EventStore } from './events';
import { intentLevel, intentScores } from './moreEnrichments';
import type { SandboxBusiness } from './types';

const DAY_MS = 86_400_000;

export interface SignalFilters {
	city_region?: { values: string[] };
	has_website?: { value: boolean };
	events?: { values: string[]; last_occurrence?: number };
	business_intent_topics?: { topics: string[]; topic_intent_level?: (typeof INTENT_LEVELS)[number] };
}

/** What these filters read besides the business. */
export interface SignalWorld {
	seed: number;
	events: EventStore;
	nowMs: number;
}

/** "Austin, Texas, us" -> "austin, texas" */
const cityRegionOf = (business: SandboxBusiness) => business.facets.city_region_country.replace(/, [^,]+$/, '').toLowerCase();

/** Whether one business passes every signal filter given (values OR, filters AND). */
export function matchesSignals(business: SandboxBusiness, filters: SignalFilters, world: SignalWorld): boolean {
	const { city_region, has_website, events, business_intent_topics: intent } = filters;
	if (city_region && !city_region.values.some((value) => value.trim().toLowerCase() === cityRegionOf(business))) return false;
	if (has_website && (business.website !== '') !== has_website.value) return false;
	if (events) {
		// [I] within the last `last_occurrence` days, or the whole window the service keeps
		const days = events.last_occurrence ?? LIMITS.eventWindowDays;
		const found = world.events
			.query({ business_ids: [business.business_id], event_types: events.values, afterMs: world.nowMs - days * DAY_MS })
			.some((event) => Date.parse(event.event_time) <= world.nowMs);
		if (!found) return false;
	}
	if (intent) {
		// [I] a topic at the level asked or above
		const lowest = INTENT_LEVELS.indexOf(intent.topic_intent_level ?? INTENT_LEVELS[0]);
		const wanted = intent.topics.map((topic) => topic.trim().toLowerCase());
		const found = intentScores(world.seed, business).some(
			({ topic, score }) =>
				wanted.includes(topic.toLowerCase()) &&
				INTENT_LEVELS.indexOf(intentLevel(score) as (typeof INTENT_LEVELS)[number]) >= lowest,
		);
		if (!found) return false;
	}
	return true;
}

/** The filters split into the signal filters and the rest (which the facets answer). */
export function splitSignals<F extends object>(filters: F & SignalFilters): { signals: SignalFilters; rest: Omit<F, keyof SignalFilters> } {
	const { city_region, has_website, events, business_intent_topics, ...rest } = filters;
	return { signals: { city_region, has_website, events, business_intent_topics }, rest };
}
