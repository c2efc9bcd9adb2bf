/**
 * The "Since" parameter: turns what the user set (a date, a datetime with or without offset, a
 * Luxon DateTime or a JS Date from an expression) into the `timestamp_from` the service takes,
 * and checks that it lies inside the service's event window. Empty means 7 days ago.
 */
import { showValue } from '../../shared/inputRules';
import { LIMITS } from '../../shared/api';
import { dateIn, isKnownTimeZone, parseIsoInZone } from '../../shared/wallClock';

const DAY_MS = 86_400_000;
/** what an empty Since means, as the parameter's default */
export const DEFAULT_DAYS_BACK = 7;
/** a date on the window's first day is sent as the window's start plus this (the request takes time) */
const WINDOW_START_MARGIN_MS = 60_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const LOOKS_LIKE_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]|$)/;
const EXPECTED = 'must be a date such as 2025-01-31 or a datetime such as 2025-01-31T09:00:00Z';

export type SinceResult = { timestampFrom: string } | { error: string };

interface Moment {
	instant: number;
	/** a date without a time: checked against the window by day */
	dateOnly: boolean;
	/** as the user wrote it, for messages */
	text: string;
}

/** The workflow's time zone, or UTC when the engine does not know it. */
function validZone(timeZone: string): string {
	return timeZone && isKnownTimeZone(timeZone) ? timeZone : 'UTC';
}

const isLuxonLike = (value: unknown): value is { toISO: () => string | null } =>
	typeof value === 'object' && value !== null && typeof (value as { toISO?: unknown }).toISO === 'function';

function normalize(value: unknown, zone: string, now: number): Moment | string {
	if (value instanceof Date) {
		if (Number.isNaN(value.getTime())) return 'is not a valid date';
		return { instant: value.getTime(), dateOnly: false, text: value.toISOString() };
	}
	if (isLuxonLike(value)) return normalize(value.toISO() ?? '', zone, now);
	if (value === undefined || value === null) return normalize('', zone, now);
	if (typeof value !== 'string') return `${EXPECTED}, got ${typeof value}`;
	const text = value.trim();
	if (text === '') return normalize(new Date(now - DEFAULT_DAYS_BACK * DAY_MS), zone, now);

	// dates and datetimes without an offset are wall-clock times in the workflow's time zone
	const parsed = parseIsoInZone(text, zone);
	if (!parsed) {
		if (!LOOKS_LIKE_DATE.test(text)) return `${EXPECTED}, got ${showValue(text)}`;
		return `${showValue(text)} is not a valid ${DATE_ONLY.test(text) ? 'date' : 'datetime'}`;
	}
	return { instant: parsed.instant, dateOnly: parsed.dateOnly, text };
}

/**
 * Resolves "Since" into a UTC datetime (`2025-01-31T08:00:00.000Z`). Dates mean midnight and
 * datetimes without an offset are read in the workflow's time zone. Earlier than the event window
 * (LIMITS.eventWindowDays) is an error that names the earliest allowed moment; a date on the
 * window's first day is accepted and sent as the window's start. Later than `latest` (the clock
 * when the value was read; `now` by default) is an error too: the service refuses a Since in the
 * future. `now` is the run's start, so that items share the window's start.
 */
export function resolveSince(value: unknown, timeZone: string, now: number, latest = now): SinceResult {
	const zone = validZone(timeZone);
	const moment = normalize(value, zone, now);
	if (typeof moment === 'string') return { error: moment };
	if (moment.instant > Math.max(now, latest)) {
		return {
			error: `must not be in the future (only events after it are returned): got ${moment.text}, the time now is ${new Date(Math.max(now, latest)).toISOString()}`,
		};
	}
	const earliest = now - LIMITS.eventWindowDays * DAY_MS;
	const earliestDay = dateIn(zone, earliest);
	const tooOld = moment.dateOnly ? moment.text < earliestDay : moment.instant < earliest;
	if (tooOld) {
		const allowed = moment.dateOnly ? earliestDay : new Date(earliest).toISOString();
		return {
			error:
				`must be within the last ${LIMITS.eventWindowDays} days (the service keeps events for about three months): ` +
				`the earliest allowed is ${allowed}, got ${moment.text}`,
		};
	}
	const instant = moment.instant < earliest ? earliest + WINDOW_START_MARGIN_MS : moment.instant;
	return { timestampFrom: new Date(instant).toISOString() };
}
