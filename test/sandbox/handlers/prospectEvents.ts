/**
 * POST /v1/prospects/events and /v2/prospects/events (v2 re-envelopes it): recent events of the
 * named prospects and types (only the last three months, as for businesses; timestamp_to bounds
 * the period from above).
 */
import type { z } from 'zod/v3';

import { type getProspectEventsBody, LIMITS, PROSPECT_EVENT_TYPES } from '../../../nodes/shared/api';
import { invalid, type ValidationDetail, validationError } from '../errors';
import { type HandlerContext, type Reply, responseContext } from './context';
import { lowerBound, parseTimestamp } from './events';
import { unknownEventTypes } from './eventTypes';

// v2's body: the fields read here are v1's too (the router validated the body with its version's schema)
type ProspectEventsBody = z.infer<typeof getProspectEventsBody>;

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The inclusive upper bound: a bare date means its whole day; none means now. */
export function upperBound(timestampTo: string | undefined, nowMs: number): number | ValidationDetail {
	if (timestampTo === undefined) return nowMs;
	const to = parseTimestamp(timestampTo);
	if (to === undefined) return invalid(['timestamp_to'], 'is not a valid date or datetime');
	return DATE_ONLY.test(timestampTo) ? to + DAY_MS - 1 : to;
}

export function getProspectEvents(body: ProspectEventsBody, ctx: HandlerContext): Reply {
	const nowMs = ctx.now.getTime();
	const afterMs = lowerBound(body.timestamp_from, nowMs - LIMITS.eventWindowDays * DAY_MS);
	const untilMs = upperBound(body.timestamp_to, nowMs);
	const problems = [
		...unknownEventTypes(body.event_types, PROSPECT_EVENT_TYPES),
		...(typeof afterMs === 'number' ? [] : [afterMs]),
		...(typeof untilMs === 'number' ? [] : [untilMs]),
	];
	if (typeof afterMs === 'number' && typeof untilMs === 'number' && untilMs < afterMs) {
		problems.push(invalid(['timestamp_to'], 'must not be earlier than timestamp_from'));
	}
	if (problems.length || typeof afterMs !== 'number' || typeof untilMs !== 'number') throw validationError(problems);
	return {
		body: {
			response_context: responseContext(ctx),
			output_events: ctx.universe.prospectEventStore.query({
				prospect_ids: body.prospect_ids,
				event_types: body.event_types,
				afterMs,
				untilMs,
			}),
		},
	};
}
