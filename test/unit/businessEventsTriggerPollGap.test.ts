/**
 * The longest gap between two polls, read from Poll Times: how far back a durable-cursor poll
 * without state starts (poll.ts), so no event between publishing and the first stored poll is lost.
 */
import { longestPollGapMs } from '../../nodes/BusinessEventsTrigger/helpers/pollGap';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const LONGEST = 90 * DAY;
const gap = (...item: object[]) => longestPollGapMs({ item }, LONGEST);

describe('Business Events Trigger: longest poll gap', () => {
	it('reads each Poll Times mode as the longest time between two of its polls', () => {
		expect(gap({ mode: 'everyMinute' })).toBe(MIN);
		expect(gap({ mode: 'everyHour', minute: 15 })).toBe(HOUR);
		expect(gap({ mode: 'everyDay', hour: 9, minute: 0 })).toBe(DAY);
		expect(gap({ mode: 'everyWeek', hour: 9, minute: 0, weekday: '1' })).toBe(7 * DAY);
		expect(gap({ mode: 'everyMonth', hour: 9, minute: 0, dayOfMonth: 1 })).toBe(31 * DAY);
		expect(gap({ mode: 'everyX', value: 15, unit: 'minutes' })).toBe(15 * MIN);
		expect(gap({ mode: 'everyX', value: 6, unit: 'hours' })).toBe(6 * HOUR);
	});

	it('bounds a custom cron by its fields, and errs long on what it cannot read', () => {
		expect(gap({ mode: 'custom', cronExpression: '*/5 * * * *' })).toBe(5 * MIN);
		expect(gap({ mode: 'custom', cronExpression: '15 * * * * *' })).toBe(MIN);
		expect(gap({ mode: 'custom', cronExpression: '0 0,30 * * * *' })).toBe(HOUR);
		expect(gap({ mode: 'custom', cronExpression: '0 */3 * * *' })).toBe(3 * HOUR);
		expect(gap({ mode: 'custom', cronExpression: '0 30 9 * * *' })).toBe(DAY);
		expect(gap({ mode: 'custom', cronExpression: '0 30 9-17 * * *' })).toBe(DAY);
		expect(gap({ mode: 'custom', cronExpression: '0 9 * * 1-5' })).toBe(7 * DAY);
		expect(gap({ mode: 'custom', cronExpression: '0 9 1 * *' })).toBe(LONGEST);
		expect(gap({ mode: 'custom', cronExpression: '0 9 * 6 *' })).toBe(LONGEST);
		expect(gap({ mode: 'custom', cronExpression: 'not a cron' })).toBe(LONGEST);
		expect(gap({ mode: 'everyX', value: 'x', unit: 'minutes' })).toBe(LONGEST);
		expect(gap({ mode: 'a future mode' })).toBe(LONGEST);
	});

	it('takes the shortest entry for several (they poll at least as often together), at most the longest, and every minute for none', () => {
		expect(gap({ mode: 'everyDay', hour: 9, minute: 0 }, { mode: 'everyHour', minute: 0 })).toBe(HOUR);
		expect(gap({ mode: 'custom', cronExpression: '0 9 1 1 *' })).toBe(LONGEST);
		expect(longestPollGapMs({ item: [] }, LONGEST)).toBe(MIN);
		expect(longestPollGapMs(undefined, LONGEST)).toBe(MIN);
	});
});
