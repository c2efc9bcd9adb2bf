/** POST /v1/businesses/events: recent events of the named businesses and types (v2's: ../v2/events.ts). */
import type { z } from 'zod/v3';

import { BUSINESS_EVENT_TYPES, type getBusinessEventsBodyV1, LIMITS } from '../../../nodes/shared/api';
import { validationError } from '../errors';
import { type HandlerContext, type Reply, responseContext } from '../handlers/context';
import { lowerBound } from '../handlers/events';
import { unknownEventTypes } from '../handlers/eventTypes';

type EventsBody = z.infer<typeof getBusinessEventsBodyV1>;

const DAY_MS = 86_400_000;

export function getBusinessEvents(body: EventsBody, ctx: HandlerContext): Reply {
	const afterMs = lowerBound(body.timestamp_from, ctx.now.getTime() - LIMITS.eventWindowDays * DAY_MS);
	const problems = [
		...unknownEventTypes(body.event_types, BUSINESS_EVENT_TYPES),
		...(typeof afterMs === 'number' ? [] : [afterMs]),
	];
	if (problems.length || typeof afterMs !== 'number') throw validationError(problems);
	return {
		body: {
			response_context: responseContext(ctx),
			output_events: ctx.universe.eventStore.query({
				business_ids: body.business_ids,
				event_types: body.event_types,
				afterMs,
			}),
		},
	};
}
