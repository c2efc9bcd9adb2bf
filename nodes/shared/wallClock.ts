/**
 * Dates and wall-clock times in an IANA time zone, with the JavaScript engine's own Intl: what Get
 * Events' Since and Check Credits' period need, without Luxon. Luxon would come from n8n's tree at run time, a copy the
 * package does not control (n8n 1.123.81 ships 3.4.4, 2.41.1 3.7.2).
 */

/**
 * `2025-01-31`, `2025-01-31T09`, `2025-01-31T09:30`, `2025-01-31 09:30:15.250` (or `T093015`),
 * a time with an optional `Z`, `+02:00`, `+0200` or `+02`.
 */
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2})(?::?(\d{2})(?::?(\d{2})(?:[.,](\d{1,9}))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

export interface ParsedIso {
	/** the moment, in ms since the epoch */
	instant: number;
	/** written as a date only */
	dateOnly: boolean;
}

/**
 * The other ISO forms Luxon's fromISO reads, written in the extended form ISO matches: a year
 * (`2025`) or a month (`2025-06`) is its first day; a basic date (`20250608`, `20250608T0930`).
 */
function extendedForm(text: string): string {
	const reduced = /^(\d{4})(?:-(\d{2}))?$/.exec(text);
	if (reduced) return `${reduced[1]}-${reduced[2] ?? '01'}-01`;
	return text.replace(/^(\d{4})(\d{2})(\d{2})(?=$|T)/, '$1-$2-$3');
}

/** A calendar date as text, a day past the month's end carried into the next (2025-01-32 is 2025-02-01). */
function dateText(year: number, month: number, day: number): string {
	return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** Whether the engine knows the IANA time zone (or UTC). */
export function isKnownTimeZone(timeZone: string): boolean {
	try {
		new Intl.DateTimeFormat('en-US', { timeZone });
		return true;
	} catch {
		return false;
	}
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(timeZone: string, instant: number): Record<string, number> {
	let formatter = formatters.get(timeZone);
	if (!formatter) {
		formatter = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		});
		formatters.set(timeZone, formatter);
	}
	return Object.fromEntries(formatter.formatToParts(instant).filter((part) => part.type !== 'literal').map((part) => [part.type, Number(part.value)]));
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(timeZone: string, instant: number): number {
	const wall = partsIn(timeZone, instant);
	const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
	return wallAsUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

const DAY_MS = 86_400_000;

/**
 * The moment a wall-clock time (given as if it were UTC) has in the zone. A time the clocks skip
 * in spring moves forward by the change (02:30 becomes 03:30), as Luxon has it. A time they repeat
 * in autumn is its first occurrence, at the offset before the change (02:30 on 2026-10-25 in
 * Berlin is 00:30Z, not 01:30Z): Luxon picks the occurrence of the offset it starts from (fromISO:
 * the zone's offset on the day the code runs), so its moment changes with the date; this one does not.
 */
function wallClockToInstant(wallAsUtc: number, timeZone: string): number {
	// the zone's offsets a day either side: at most one change lies between them
	const before = offsetAt(timeZone, wallAsUtc - DAY_MS);
	const after = offsetAt(timeZone, wallAsUtc + DAY_MS);
	const fits = [before, after].filter((offset) => offsetAt(timeZone, wallAsUtc - offset) === offset);
	// repeated: both fit, the larger offset is the earlier moment; skipped: neither fits
	if (fits.length > 0) return wallAsUtc - Math.max(...fits);
	return wallAsUtc - Math.min(before, after);
}

/** The zone's wall-clock time at `instant`, written as if it were UTC (ms): what calendar days are counted on. */
function wallClockAt(timeZone: string, instant: number): number {
	return instant + offsetAt(timeZone, instant);
}

/**
 * The moment `days` calendar days before `instant` in the zone, at the same wall-clock time: 30
 * days before 9:00 is 9:00, whether or not the clocks changed in between (a time they skip
 * moves forward by the change).
 */
export function calendarDaysBefore(timeZone: string, instant: number, days: number): number {
	return wallClockToInstant(wallClockAt(timeZone, instant) - days * DAY_MS, timeZone);
}

/**
 * The time from `from` to `to` on the zone's wall clock, in ms: a calendar day counts 24 hours
 * even on the days the clocks change (23 or 25 hours of real time).
 */
export function wallClockSpan(timeZone: string, from: number, to: number): number {
	return wallClockAt(timeZone, to) - wallClockAt(timeZone, from);
}

/** The calendar date (`2025-01-31`) of a moment in the zone. */
export function dateIn(timeZone: string, instant: number): string {
	const { year, month, day } = partsIn(timeZone, instant);
	return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Reads an ISO 8601 date or datetime; without an offset it is a wall-clock time in `timeZone`
 * (a date means its midnight). Undefined when the text is not such a value or names a day or
 * time that does not exist (2025-02-30, 25:00).
 */
export function parseIsoInZone(text: string, timeZone: string): ParsedIso | undefined {
	const match = ISO.exec(extendedForm(text));
	if (!match) return undefined;
	const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '', offset] = match.map((part) => part ?? undefined);
	const numbers = [year, month, day, hour, minute, second].map(Number);
	const ms = Math.floor(Number(`0.${fraction || '0'}`) * 1000);
	// 24:00 (and only 24:00:00.000) is the end of the day, as ISO 8601 and Luxon have it
	const endOfDay = numbers[3] === 24 && numbers[4] === 0 && numbers[5] === 0 && ms === 0;
	const wallAsUtc = Date.UTC(numbers[0], numbers[1] - 1, numbers[2], endOfDay ? 0 : numbers[3], numbers[4], numbers[5], ms);
	const check = new Date(wallAsUtc);
	const exists =
		check.getUTCFullYear() === numbers[0] &&
		check.getUTCMonth() === numbers[1] - 1 &&
		check.getUTCDate() === numbers[2] &&
		check.getUTCHours() === (endOfDay ? 0 : numbers[3]) &&
		check.getUTCMinutes() === numbers[4] &&
		check.getUTCSeconds() === numbers[5];
	if (!exists) return undefined;
	if (endOfDay) return parseIsoInZone(`${dateText(numbers[0], numbers[1], numbers[2] + 1)}T00:00${offset ?? ''}`, timeZone);
	const dateOnly = match[4] === undefined;
	if (offset === undefined) return { instant: wallClockToInstant(wallAsUtc, timeZone), dateOnly };
	if (offset.toUpperCase() === 'Z') return { instant: wallAsUtc, dateOnly };
	const digits = offset.slice(1).replace(':', '');
	const offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
	if (Number(digits.slice(2) || '0') > 59) return undefined;
	return { instant: wallAsUtc - (offset[0] === '-' ? -1 : 1) * offsetMinutes * 60_000, dateOnly };
}
