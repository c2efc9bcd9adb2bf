/** The period of a credit usage aggregation and its checks (beyond-contract.md §7, v2-migration-research.md §15). */
import { z } from 'zod/v3';

import { LIMITS } from '../limits';
import { wallClockSpan } from '../../../wallClock';
import { requestContext, timestamp } from './fields';

/** How a credit usage aggregation groups the credits: by time (`timely`, the service's default) or by endpoint. */
export const CREDITS_MODES = ['timely', 'endpoints'] as const;

export type CreditsMode = (typeof CREDITS_MODES)[number];

/** The time buckets of a `timely` aggregation; each covers at most LIMITS.creditsAggregationDays. */
export const CREDITS_RESOLUTIONS = ['hour', 'day', 'month'] as const;

export type CreditsResolution = (typeof CREDITS_RESOLUTIONS)[number];

const DAY_MS = 86_400_000;

/** [I] The longest span of an aggregation by endpoint, which has no resolution: the month's. */
export const creditsSpanDays = (mode: CreditsMode | undefined, resolution: CreditsResolution | undefined): number =>
	LIMITS.creditsAggregationDays[mode === 'endpoints' ? 'month' : (resolution ?? 'day')];

export const CREDITS_ORDER_RULE = 'must be after from_date';

export const TIMEZONE_RULE = 'must be an IANA time zone such as UTC or America/New_York';

export const RESOLUTION_REQUIRED_RULE = 'is required when mode is timely';

export const spanRule = (days: number, resolution: string | undefined) =>
	`must be at most ${days} days after from_date${resolution ? ` at resolution ${resolution}` : ''}`;

/** Whether the runtime knows a time zone name (Intl refuses unknown ones). */
export function isTimeZone(name: string): boolean {
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: name });
		return true;
	} catch {
		return false;
	}
}

/** The aggregation request's fields, which v2 keeps (research §15); each version adds its strictness. */
export const creditsAggregationFields = z.object({
	from_date: timestamp,
	to_date: timestamp,
	mode: z.enum(CREDITS_MODES).optional(),
	resolution: z.enum(CREDITS_RESOLUTIONS).optional(),
	timezone: z.string().refine(isTimeZone, TIMEZONE_RULE).optional(),
	request_context: requestContext,
});

/** The rules across fields: a resolution for a timely aggregation, and a period the resolution can cover. */
export function checkCreditsPeriod(body: z.infer<typeof creditsAggregationFields>, issues: z.RefinementCtx): void {
	if ((body.mode ?? 'timely') === 'timely' && body.resolution === undefined) {
		issues.addIssue({ code: 'custom', path: ['resolution'], message: RESOLUTION_REQUIRED_RULE });
	}
	const from = Date.parse(body.from_date);
	const to = Date.parse(body.to_date);
	if (Number.isNaN(from) || Number.isNaN(to)) return;
	if (to <= from) {
		issues.addIssue({ code: 'custom', path: ['to_date'], message: CREDITS_ORDER_RULE });
		return;
	}
	const days = creditsSpanDays(body.mode, body.resolution);
	// calendar days in the request's time zone: a week across a clock change is 167 or 169 hours
	const zone = body.timezone !== undefined && isTimeZone(body.timezone) ? body.timezone : 'UTC';
	if (wallClockSpan(zone, from, to) > days * DAY_MS) {
		issues.addIssue({ code: 'custom', path: ['to_date'], message: spanRule(days, body.mode === 'endpoints' ? undefined : body.resolution) });
	}
}
