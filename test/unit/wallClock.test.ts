/**
 * Get Events' Since and Check Credits' period read dates and wall-clock times with Intl (nodes/shared/wallClock.ts)
 * instead of Luxon from n8n's tree: the same moments as Luxon's DateTime.fromISO, compared here
 * with the Luxon of the development tree over time zones with and without daylight saving (the
 * days the clocks change included, half-hour zones too) and the ISO forms users write.
 */
import { DateTime, Settings } from 'luxon';

import { calendarDaysBefore, dateIn, isKnownTimeZone, parseIsoInZone, wallClockSpan } from '../../nodes/shared/wallClock';

const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'America/Sao_Paulo', 'Asia/Tokyo'];
/** the days around the clock changes of 2025 in those zones, and ordinary days */
const DAYS = ['2025-03-09', '2025-03-30', '2025-04-06', '2025-10-05', '2025-10-26', '2025-11-02', '2025-06-15', '2024-02-29', '2025-01-01'];

/**
 * The moment Luxon reads; of a time the clocks repeat, the first of the two Luxon names
 * (getPossibleOffsets): its fromISO picks by the zone's offset on the day it runs.
 */
const luxon = (text: string, zone: string) => {
	const parsed = DateTime.fromISO(text.replace(/^(\d{4}-\d{2}-\d{2}) (?=\d)/, '$1T'), { zone });
	return parsed.isValid ? Math.min(...parsed.getPossibleOffsets().map((possible) => possible.toMillis())) : undefined;
};

describe('wall-clock times in a time zone, as Luxon reads them', () => {
	afterEach(() => {
		jest.restoreAllMocks();
		Settings.now = () => Date.now();
	});

	const at = (iso: string) => Date.parse(iso);
	// the same moments whatever the date the code runs on: in summer and in winter of each hemisphere
	describe.each([['2026-07-01T12:00:00Z'], ['2026-12-07T12:00:00Z']])('on %s', (now) => {
		beforeEach(() => {
			jest.spyOn(Date, 'now').mockReturnValue(at(now));
			Settings.now = () => at(now);
		});

		it.each([
			['Europe/Berlin', '2026-10-25T02:30', '2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z'],
			['America/New_York', '2026-11-01T01:30', '2026-11-01T05:30:00Z', '2026-11-01T06:30:00Z'],
			['Australia/Lord_Howe', '2026-04-05T01:45', '2026-04-04T14:45:00Z', '2026-04-04T15:15:00Z'],
		])('a time the clocks repeat in %s (%s) is its first occurrence, the earlier of the two Luxon names', (zone, text, first, second) => {
			const possible = DateTime.fromISO(text, { zone }).getPossibleOffsets().map((moment) => moment.toMillis());
			expect(possible).toEqual([at(first), at(second)]);
			expect(parseIsoInZone(text, zone)).toEqual({ instant: at(first), dateOnly: false });
			// the minute before the repeated hour and the first minute after it are one moment each
			expect(parseIsoInZone(`${text.slice(0, 10)}T00:59`, zone)?.instant).toBe(luxon(`${text.slice(0, 10)}T00:59`, zone));
			expect(parseIsoInZone(`${text.slice(0, 10)}T03:00`, zone)?.instant).toBe(luxon(`${text.slice(0, 10)}T03:00`, zone));
		});

		it.each([
			['Europe/Berlin', '2026-03-29T02:30', '2026-03-29T01:30:00Z'],
			['America/New_York', '2026-03-08T02:30', '2026-03-08T07:30:00Z'],
			['Australia/Lord_Howe', '2026-10-04T02:15', '2026-10-03T15:45:00Z'],
		])('a time the clocks skip in %s (%s) moves forward by the change, as Luxon has it', (zone, text, instant) => {
			expect(DateTime.fromISO(text, { zone }).toMillis()).toBe(at(instant));
			expect(parseIsoInZone(text, zone)).toEqual({ instant: at(instant), dateOnly: false });
		});

		it('30 calendar days back onto a repeated time is its first occurrence; onto a skipped one, moved forward', () => {
			// 02:30 CET, 01:30 EST, 02:30 CEST
			expect(calendarDaysBefore('Europe/Berlin', at('2026-11-24T01:30:00Z'), 30)).toBe(at('2026-10-25T00:30:00Z'));
			expect(calendarDaysBefore('America/New_York', at('2026-12-01T06:30:00Z'), 30)).toBe(at('2026-11-01T05:30:00Z'));
			expect(calendarDaysBefore('Europe/Berlin', at('2026-04-28T00:30:00Z'), 30)).toBe(at('2026-03-29T01:30:00Z'));
			expect(DateTime.fromMillis(at('2026-04-28T00:30:00Z'), { zone: 'Europe/Berlin' }).minus({ days: 30 }).toMillis()).toBe(
				at('2026-03-29T01:30:00Z'),
			);
			// one calendar day on the wall clock, whichever occurrence
			expect(wallClockSpan('Europe/Berlin', at('2026-10-25T00:30:00Z'), at('2026-10-26T01:30:00Z'))).toBe(86_400_000);
		});
	});

	it('every quarter hour of days with and without a clock change, in seven zones', () => {
		const differences: string[] = [];
		let compared = 0;
		for (const zone of ZONES) {
			for (const day of DAYS) {
				for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
					const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
					for (const text of [`${day}T${time}`, `${day} ${time}:00`, `${day}T${time}:00.250`]) {
						compared += 1;
						const ours = parseIsoInZone(text, zone)?.instant;
						if (ours !== luxon(text, zone)) differences.push(`${zone} ${text}: ${ours} vs Luxon ${luxon(text, zone)}`);
					}
				}
				if (parseIsoInZone(day, zone)?.instant !== luxon(day, zone)) differences.push(`${zone} ${day}`);
			}
		}
		expect(compared).toBe(ZONES.length * DAYS.length * 96 * 3);
		expect(differences).toEqual([]);
	});

	it.each([
		['2025-06-08T09:30:00+02:00'],
		['2025-06-08T09:30:00+0200'],
		['2025-06-08T09:30:00-04'],
		['2025-06-08T09:30:00Z'],
		['2025-06-08T09:30:00.123456Z'],
		['2025-06-08T09'],
		['2025-06-08T0930'],
		['2025-06-08T00:00:00.000-04:00'],
		// forms Luxon read before Since moved off it: saved workflows may hold them
		['2025'],
		['2025-06'],
		['20250608'],
		['20250608T0930'],
		['20250608T093015Z'],
		['2025-06-08T24:00'],
		['2025-12-31T24:00:00'],
		['2025-03-29T24:00+01:00'],
	])('%s is the moment Luxon reads', (text) => {
		expect(parseIsoInZone(text, 'Europe/Berlin')?.instant).toBe(luxon(text, 'Europe/Berlin'));
	});

	it.each([['2025-02-30'], ['2025-13-01'], ['2025-06-08T25:00'], ['2025-06-08T24:30'], ['2025-13'], ['2025-06-08T09:60'], ['2025-06-08T09:30:00+02:75'], ['last week'], ['2025-6-8']])(
		'%s is no date or datetime',
		(text) => {
			expect(parseIsoInZone(text, 'UTC')).toBeUndefined();
		},
	);

	it('says whether a value is a date only', () => {
		expect(parseIsoInZone('2025-06-08', 'UTC')).toEqual({ instant: Date.parse('2025-06-08T00:00:00Z'), dateOnly: true });
		expect(parseIsoInZone('2025-06-08T00:00', 'UTC')).toEqual({ instant: Date.parse('2025-06-08T00:00:00Z'), dateOnly: false });
	});

	it('knows time zones as Luxon does, and gives the calendar date of a moment in one', () => {
		expect(['UTC', 'Europe/Berlin', 'Asia/Kolkata', 'Not/AZone', 'Mars/Olympus'].map(isKnownTimeZone)).toEqual(
			['UTC', 'Europe/Berlin', 'Asia/Kolkata', 'Not/AZone', 'Mars/Olympus'].map((zone) => DateTime.now().setZone(zone).isValid),
		);
		const instant = Date.parse('2025-03-17T20:30:00Z');
		for (const zone of ZONES) expect([zone, dateIn(zone, instant)]).toEqual([zone, DateTime.fromMillis(instant, { zone }).toISODate()]);
	});

	it('counts calendar days in the zone as Luxon does: the same wall-clock time days before, and spans across clock changes', () => {
		const differences: string[] = [];
		for (const zone of ZONES) {
			for (const day of DAYS) {
				for (const time of ['00:00', '09:15:30.500', '23:00']) {
					const to = DateTime.fromISO(`${day}T${time}`, { zone });
					for (const days of [1, 7, 30, 60]) {
						const ours = calendarDaysBefore(zone, to.toMillis(), days);
						const theirs = to.minus({ days }).toMillis();
						if (ours !== theirs) differences.push(`${zone} ${day}T${time} - ${days} days: ${ours} vs Luxon ${theirs}`);
						// a span from the moment Luxon finds is the whole days on the wall clock
						if (wallClockSpan(zone, theirs, to.toMillis()) !== days * 86_400_000) differences.push(`${zone} ${day}T${time} span of ${days} days`);
					}
				}
			}
		}
		expect(differences).toEqual([]);
		// 169 hours in Berlin, 7 calendar days
		const week = [Date.parse('2025-10-19T22:00:00Z'), Date.parse('2025-10-26T23:00:00Z')];
		expect([week[1] - week[0], wallClockSpan('Europe/Berlin', week[0], week[1])]).toEqual([169 * 3_600_000, 7 * 86_400_000]);
	});
});
