/**
 * The period of Get Usage: From Date and To Date as the user set them (a date, a datetime with or
 * without offset, a Luxon DateTime or a JS Date from an expression), read in the request's time
 * zone, into the UTC datetimes the service takes. Empty To Date is now; empty From Date is
 * DEFAULT_DAYS_BACK days before To Date.
 */
import { DateTime } from 'luxon';

import { showValue } from '../../shared/inputRules';

const DAY_MS = 86_400_000;
/** what an empty From Date means: the last 30 days */
export const DEFAULT_DAYS_BACK = 30;
const EXPECTED = 'must be a date such as 2025-01-31 or a datetime such as 2025-01-31T09:00:00Z';

const isLuxonLike = (value: unknown): value is { toISO: () => string | null } =>
	typeof value === 'object' && value !== null && typeof (value as { toISO?: unknown }).toISO === 'function';

/** An instant (ms), undefined for an empty value, or the rule it breaks. */
export function readMoment(value: unknown, zone: string): number | undefined | { problem: string } {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? { problem: 'is not a valid date' } : value.getTime();
	if (isLuxonLike(value)) return readMoment(value.toISO() ?? '', zone);
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'string') return { problem: `${EXPECTED}, got ${typeof value}` };
	const text = value.trim();
	if (text === '') return undefined;
	// dates and datetimes without an offset are wall-clock times in the request's time zone
	const parsed = DateTime.fromISO(text.replace(/^(\d{4}-\d{2}-\d{2}) (?=\d)/, '$1T'), { zone });
	return parsed.isValid ? parsed.toMillis() : { problem: `${EXPECTED}, got ${showValue(text)}` };
}

/** A UTC datetime as the service's examples write it: 2025-08-23T00:00:00Z. */
export const wireDate = (instant: number): string => new Date(instant).toISOString().replace(/\.000Z$/, 'Z');

export const defaultFrom = (to: number): number => to - DEFAULT_DAYS_BACK * DAY_MS;

/** Whole and part days between two instants, for messages: "90 days", "7.5 days". */
export function spanText(from: number, to: number): string {
	const days = Math.round(((to - from) / DAY_MS) * 10) / 10;
	return `${days} day${days === 1 ? '' : 's'}`;
}
