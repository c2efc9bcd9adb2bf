/**
 * The longest time between two polls of a trigger, read from its Poll Times (n8n's `pollTimes`
 * parameter, turned into cron expressions by n8n-workflow's `toCronExpression`). Used where the
 * first stored poll may come up to one gap after publishing (poll.ts): it must look back that far
 * to lose nothing. Errs long: a longer gap fires a few events from before publishing, a shorter
 * one would lose events.
 */
import type { IDataObject } from 'n8n-workflow';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** A cron field's step when it fires at every step over its whole range: 1 for a star, n for a star with step n. */
function everyStep(field: string): number | undefined {
	if (field === '*' || field === '?') return 1;
	const step = /^\*\/(\d+)$/.exec(field);
	return step && Number(step[1]) > 0 ? Number(step[1]) : undefined;
}

/**
 * A custom cron expression's gap, bounded from its fields: one that picks days of the month or
 * months polls up to `longest` apart (the service's event window: no floor goes further); one that
 * picks weekdays, up to a week; otherwise at most a day, an hour when its hour field runs every
 * hour, or its minute step when its minute field runs over every hour too (a star, or one with a step).
 */
function cronGap(expression: string, longest: number): number {
	const fields = expression.trim().split(/\s+/);
	// 5 fields (minute first) or 6 (second first)
	if (fields.length !== 5 && fields.length !== 6) return longest;
	const [minute, hour, dayOfMonth, month, weekday] = fields.slice(-5);
	if (everyStep(dayOfMonth) !== 1 || everyStep(month) !== 1) return longest;
	if (everyStep(weekday) !== 1) return 7 * DAY_MS;
	const hourStep = everyStep(hour);
	if (hourStep === undefined) return DAY_MS;
	const minuteStep = everyStep(minute);
	return hourStep === 1 && minuteStep !== undefined ? minuteStep * MINUTE_MS : hourStep * HOUR_MS;
}

/** One Poll Times entry's longest gap in ms. */
function itemGap(item: IDataObject, longest: number): number {
	switch (item.mode) {
		case 'everyMinute':
			return MINUTE_MS;
		case 'everyHour':
			return HOUR_MS;
		case 'everyDay':
			return DAY_MS;
		case 'everyWeek':
			return 7 * DAY_MS;
		case 'everyMonth':
			return 31 * DAY_MS;
		case 'everyX': {
			const value = Number(item.value);
			const unit = item.unit === 'hours' ? HOUR_MS : item.unit === 'minutes' ? MINUTE_MS : Number.NaN;
			return Number.isFinite(value) && value > 0 && Number.isFinite(unit) ? value * unit : longest;
		}
		case 'custom':
			return cronGap(String(item.cronExpression ?? ''), longest);
		default:
			return longest;
	}
}

/**
 * The longest gap between two polls of all Poll Times entries together, capped at `longest`:
 * together they poll at least as often as each alone, so the shortest entry's gap bounds it.
 * No entries: every minute, as n8n's default Poll Times.
 */
export function longestPollGapMs(pollTimes: unknown, longest: number): number {
	const items = (pollTimes as IDataObject | undefined)?.item;
	if (!Array.isArray(items) || items.length === 0) return MINUTE_MS;
	const gaps = items.map((item) => (item && typeof item === 'object' ? itemGap(item as IDataObject, longest) : longest));
	return Math.min(longest, ...gaps);
}
