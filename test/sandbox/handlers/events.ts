/** The period of an events fetch, as both versions read it: timestamp_from within the window. */
import { LIMITS } from '../../../nodes/shared/api';
import { invalid, type ValidationDetail } from '../errors';

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * timestamp_from as epoch ms. A datetime without an offset is read as UTC (the service's zone);
 * "+0200" is accepted like "+02:00". Impossible dates (2025-02-30) are undefined.
 */
export function parseTimestamp(text: string): number | undefined {
	let iso = DATE_ONLY.test(text) ? `${text}T00:00:00Z` : text.replace(' ', 'T');
	if (!/(?:Z|[+-]\d{2}:?\d{2})$/.test(iso)) iso += 'Z';
	iso = iso.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
	const ms = Date.parse(iso);
	if (Number.isNaN(ms)) return undefined;
	// Date.parse rolls 2025-02-30 over to March; the calendar date must survive the round trip.
	const calendarDate = text.slice(0, 10);
	const [year, month, day] = calendarDate.split('-').map(Number);
	const probe = new Date(Date.UTC(year, month - 1, day));
	return probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day ? ms : undefined;
}

/** The exclusive lower bound of the query, or the problem with timestamp_from. */
export function lowerBound(timestampFrom: string | undefined, windowStartMs: number): number | ValidationDetail {
	if (timestampFrom === undefined) return windowStartMs;
	const from = parseTimestamp(timestampFrom);
	if (from === undefined) return invalid(['timestamp_from'], 'is not a valid date or datetime');
	// A bare date names a whole day: the day the window starts in is still inside it.
	const earliest = DATE_ONLY.test(timestampFrom) ? windowStartMs - (windowStartMs % DAY_MS) : windowStartMs;
	if (from < earliest) {
		return invalid(['timestamp_from'], `must be within the last ${LIMITS.eventWindowDays} days (no historical events)`);
	}
	return Math.max(from, windowStartMs);
}
