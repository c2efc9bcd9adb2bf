/**
 * The period of Get Usage: From Date and To Date as the user set them (a date, a datetime with or
 * without offset, a Luxon DateTime or a JS Date from an expression), read in the request's time
 * zone, into the UTC datetimes the service takes. Empty To Date is now; empty From Date is
 * DEFAULT_DAYS_BACK calendar days before To Date, or fewer when the resolution covers less.
 * Read with Intl (../../shared/wallClock), not Luxon: Luxon would be n8n's copy, not ours.
 */
import { showValue } from '../../shared/inputRules';
import { calendarDaysBefore, parseIsoInZone } from '../../shared/wallClock';

const DAY_MS = 86_400_000;
/** what an empty From Date means: the last 30 days (fewer when the resolution covers fewer) */
export const DEFAULT_DAYS_BACK = 30;
const EXPECTED = 'must be a date such as 2025-01-31 or a datetime such as 2025-01-31T09:00:00Z';
const INVALID = 'is not a valid date';

/** A Luxon DateTime from an expression, recognised by its shape: n8n's Luxon is not ours to import. */
const isLuxonLike = (value: unknown): value is { toISO: () => unknown } =>
	typeof value === 'object' && value !== null && typeof (value as { toISO?: unknown }).toISO === 'function';

/** An instant (ms), undefined for an empty value, or the rule it breaks. */
export function readMoment(value: unknown, zone: string): number | undefined | { problem: string } {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? { problem: INVALID } : value.getTime();
	if (isLuxonLike(value)) {
		// an invalid DateTime writes itself as null: a bad date, not an empty one
		const iso = value.toISO();
		return typeof iso === 'string' && iso !== '' ? readMoment(iso, zone) : { problem: INVALID };
	}
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'string') return { problem: `${EXPECTED}, got ${typeof value}` };
	const text = value.trim();
	if (text === '') return undefined;
	// dates and datetimes without an offset are wall-clock times in the request's time zone
	const parsed = parseIsoInZone(text, zone);
	return parsed ? parsed.instant : { problem: `${EXPECTED}, got ${showValue(text)}` };
}

/** A UTC datetime as the service's examples write it: 2025-08-23T00:00:00Z. */
export const wireDate = (instant: number): string => new Date(instant).toISOString().replace(/\.000Z$/, 'Z');

/** An empty From Date: `days` calendar days before To Date in the request's time zone. */
export const defaultFrom = (to: number, days: number, zone: string): number => calendarDaysBefore(zone, to, days);

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
const PART_UNITS: Array<[number, string]> = [
	[3_600_000, 'hour'],
	[60_000, 'minute'],
	[1000, 'second'],
	[1, 'millisecond'],
];

/**
 * A wall-clock span for messages, exact so that a span just over a limit never reads as the
 * limit: "8 days", "7 days and 1 hour", "7 days and 1 second".
 */
export function spanText(span: number): string {
	const days = Math.floor(span / DAY_MS);
	const rest = span - days * DAY_MS;
	if (rest === 0) return plural(days, 'day');
	const [size, unit] = PART_UNITS.find(([unitMs]) => rest % unitMs === 0) ?? PART_UNITS[3];
	return `${plural(days, 'day')} and ${plural(rest / size, unit)}`;
}
