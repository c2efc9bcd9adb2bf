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

/**
 * A custom cron expression's gap, bounded from its day fields: a cron that leaves day of month,
 * month and weekday open fires every day, so at most a day apart; one that only picks weekdays,
 * at most a week; anything else, `longest` (the service's event window: no floor goes further).
 */
function cronGap(expression: string, longest: number): number {
	const fields = expression.trim().split(/\s+/);
	// 5 fields (minute first) or 6 (second first): the day fields are the last three
	if (fields.length < 5) return longest;
	const [dayOfMonth, month, weekday] = fields.slice(-3);
	const open = (field: string) => field === '*' || field === '?';
	if (!open(dayOfMonth) || !open(month)) return longest;
	return open(weekday) ? DAY_MS : 7 * DAY_MS;
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
