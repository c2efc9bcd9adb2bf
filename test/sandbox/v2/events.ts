/**
 * POST /v2/businesses/events (v2-migration-research.md §6): the same stored events as v1, asked
 * for and served under v2's names (executive_joined_company; funding_* inside payloads), and
 * bounded above by timestamp_to as the prospect events already were.
 */
import type { z } from 'zod/v3';

import { BUSINESS_EVENT_TYPES_V2, type getBusinessEventsBody, LIMITS, V2_EVENT_TYPE_RENAMES, v2EventType } from '../../../nodes/shared/api';
import { invalid, validationError } from '../errors';
import type { HandlerContext, Reply } from '../handlers/context';
import { lowerBound } from '../handlers/events';
import { unknownEventTypes } from '../handlers/eventTypes';
import { upperBound } from '../handlers/prospectEvents';
import { responseContextV2 } from './context';
import { withV2FieldNames } from './renames';

const DAY_MS = 86_400_000;

/** v2 name → the name the universe stores (v1's) */
const V1_NAME_OF = new Map(Object.entries(V2_EVENT_TYPE_RENAMES).map(([v1, v2]) => [v2, v1]));
const v1Name = (v2: string) => V1_NAME_OF.get(v2) ?? v2;

export function getBusinessEventsV2(body: z.infer<typeof getBusinessEventsBody>, ctx: HandlerContext): Reply {
	const nowMs = ctx.now.getTime();
	const afterMs = lowerBound(body.timestamp_from, nowMs - LIMITS.eventWindowDays * DAY_MS);
	const untilMs = upperBound(body.timestamp_to, nowMs);
	const problems = [
		...unknownEventTypes(body.event_types, BUSINESS_EVENT_TYPES_V2),
		...(typeof afterMs === 'number' ? [] : [afterMs]),
		...(typeof untilMs === 'number' ? [] : [untilMs]),
	];
	if (typeof afterMs === 'number' && typeof untilMs === 'number' && untilMs < afterMs) {
		problems.push(invalid(['timestamp_to'], 'must not be earlier than timestamp_from'));
	}
	if (problems.length || typeof afterMs !== 'number' || typeof untilMs !== 'number') throw validationError(problems);
	const events = ctx.universe.eventStore
		.query({ business_ids: body.business_ids, event_types: body.event_types.map(v1Name), afterMs })
		.filter((event) => Date.parse(event.event_time) <= untilMs);
	return {
		body: {
			response_context: responseContextV2(ctx),
			output_events: events.map((event) => ({
				...event,
				event_name: v2EventType(event.event_name),
				data: withV2FieldNames(event.data),
			})),
		},
	};
}
