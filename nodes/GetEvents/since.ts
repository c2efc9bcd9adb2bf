/**
 * The "Since" parameter: turns what the user set (a date, a datetime with or without offset, a
 * Luxon DateTime or a JS Date from an expression) into the `timestamp_from` the service takes,
 * and checks that it lies inside the service's event window. Empty means 7 days ago.
 */
import { LIMITS } from '../shared/limits';

const DAY_MS = 86_400_000;
/** what an empty Since means, as the parameter's default */
export const DEFAULT_DAYS_BACK = 7;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const NAIVE_DATETIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

export type SinceResult = { timestampFrom: string } | { error: string };

/** Offset of `timeZone` from UTC at the given instant, in ms (positive east of Greenwich). */
export function zoneOffsetMs(instantMs: number, timeZone: string): number {
	let parts: Intl.DateTimeFormatPart[];
	try {
		parts = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		}).formatToParts(new Date(instantMs));
	} catch {
		return 0;
	}
	const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
	const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
	return asUtc - Math.floor(instantMs / 1000) * 1000;
}

/** A wall-clock time in `timeZone` as an instant (what the date picker means). */
function fromWallClock(fields: number[], milliseconds: number, timeZone: string): number {
	const [year, month, day, hour, minute, second] = fields;
	const guess = Date.UTC(year, month - 1, day, hour, minute, second, milliseconds);
	// the offset at the guessed instant, then again at the corrected one (daylight saving edges)
	const first = guess - zoneOffsetMs(guess, timeZone);
	return guess - zoneOffsetMs(first, timeZone);
}

const isLuxonLike = (value: unknown): value is { toISO: () => string | null } =>
	typeof value === 'object' && value !== null && typeof (value as { toISO?: unknown }).toISO === 'function';

function normalize(
	value: unknown,
	timeZone: string,
	now: number,
): { text: string; instant: number; dateOnly: boolean } | string {
	if (value instanceof Date) {
		if (Number.isNaN(value.getTime())) return 'is not a valid date';
		return { text: value.toISOString(), instant: value.getTime(), dateOnly: false };
	}
	if (isLuxonLike(value)) return normalize(value.toISO() ?? '', timeZone, now);
	if (value === undefined || value === null) return normalize('', timeZone, now);
	if (typeof value !== 'string') {
		return `must be a date such as 2025-01-31 or a datetime such as 2025-01-31T09:00:00Z, got ${typeof value}`;
	}
	const text = value.trim();
	if (text === '') return normalize(new Date(now - DEFAULT_DAYS_BACK * DAY_MS), timeZone, now);
	const date = DATE_ONLY.exec(text);
	if (date) {
		const instant = Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3]));
		if (Number.isNaN(instant) || new Date(instant).toISOString().slice(0, 10) !== text) {
			return `"${text}" is not a valid date`;
		}
		return { text, instant, dateOnly: true };
	}
	const naive = NAIVE_DATETIME.exec(text);
	if (naive) {
		const fields = naive.slice(1, 7).map((part) => Number(part ?? 0));
		const milliseconds = naive[7] ? Math.round(Number(naive[7]) * 1000) : 0;
		const instant = fromWallClock(fields, milliseconds, timeZone);
		if (Number.isNaN(instant)) return `"${text}" is not a valid datetime`;
		return { text: new Date(instant).toISOString(), instant, dateOnly: false };
	}
	if (WITH_OFFSET.test(text)) {
		const instant = Date.parse(text.replace(' ', 'T'));
		if (Number.isNaN(instant)) return `"${text}" is not a valid datetime`;
		return { text: new Date(instant).toISOString(), instant, dateOnly: false };
	}
	return `must be a date such as 2025-01-31 or a datetime such as 2025-01-31T09:00:00Z, got "${text}"`;
}

/**
 * Resolves "Since". Datetimes go out in UTC (`2025-01-31T08:00:00.000Z`), dates as given.
 * Earlier than the event window (LIMITS.eventWindowDays) is an error that names the earliest
 * allowed date; datetimes without an offset are read in the workflow's time zone.
 */
export function resolveSince(value: unknown, timeZone: string, now: number): SinceResult {
	const normalized = normalize(value, timeZone, now);
	if (typeof normalized === 'string') return { error: normalized };
	const earliest = now - LIMITS.eventWindowDays * DAY_MS;
	const earliestDay = new Date(earliest).toISOString().slice(0, 10);
	const tooOld = normalized.dateOnly ? normalized.text < earliestDay : normalized.instant < earliest;
	if (tooOld) {
		return {
			error:
				`must be within the last ${LIMITS.eventWindowDays} days (the service keeps events for about three months): ` +
				`the earliest allowed is ${normalized.dateOnly ? earliestDay : new Date(earliest).toISOString()}, got ${normalized.text}`,
		};
	}
	return { timestampFrom: normalized.text };
}
