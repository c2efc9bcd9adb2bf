import { resolveSince } from '../../nodes/GetEvents/helpers/since';
import { LIMITS } from '../../nodes/shared/api';

const DAY = 86_400_000;
const NOW = Date.parse('2025-06-15T12:00:00.000Z');

describe('Get Events: Since (timestamp_from)', () => {
	it('sends datetimes with an offset in UTC', () => {
		expect(resolveSince('2025-06-08T09:30:00+02:00', 'UTC', NOW)).toEqual({
			timestampFrom: '2025-06-08T07:30:00.000Z',
		});
		expect(resolveSince('2025-06-08T09:30:00Z', 'Europe/Berlin', NOW)).toEqual({
			timestampFrom: '2025-06-08T09:30:00.000Z',
		});
	});

	it('reads a datetime without offset (the date picker) in the workflow time zone', () => {
		// Berlin is UTC+2 in June (daylight saving)
		expect(resolveSince('2025-06-08T09:30:00', 'Europe/Berlin', NOW)).toEqual({
			timestampFrom: '2025-06-08T07:30:00.000Z',
		});
		// New York is UTC-5 in March before the switch, UTC-4 after it
		const march = Date.parse('2025-03-20T00:00:00Z');
		expect(resolveSince('2025-03-08T12:00:00', 'America/New_York', march)).toEqual({
			timestampFrom: '2025-03-08T17:00:00.000Z',
		});
		expect(resolveSince('2025-03-10T12:00:00', 'America/New_York', march)).toEqual({
			timestampFrom: '2025-03-10T16:00:00.000Z',
		});
		expect(resolveSince('2025-06-08 09:30', 'UTC', NOW)).toEqual({ timestampFrom: '2025-06-08T09:30:00.000Z' });
	});

	it('reads a plain date as midnight in the workflow time zone, like a datetime without offset', () => {
		expect(resolveSince('2025-06-01', 'Asia/Tokyo', NOW)).toEqual({ timestampFrom: '2025-05-31T15:00:00.000Z' });
		expect(resolveSince('2025-06-01', 'America/New_York', NOW)).toEqual({ timestampFrom: '2025-06-01T04:00:00.000Z' });
		expect(resolveSince('2025-06-01', 'UTC', NOW)).toEqual(resolveSince('2025-06-01T00:00:00', 'UTC', NOW));
	});

	it('accepts what expressions return: Luxon DateTime and JS Date', () => {
		const luxonLike = { toISO: () => '2025-06-08T00:00:00.000-04:00' };
		expect(resolveSince(luxonLike, 'UTC', NOW)).toEqual({ timestampFrom: '2025-06-08T04:00:00.000Z' });
		expect(resolveSince(new Date('2025-06-08T04:00:00Z'), 'UTC', NOW)).toEqual({
			timestampFrom: '2025-06-08T04:00:00.000Z',
		});
	});

	it(`accepts the edge of the ${LIMITS.eventWindowDays}-day window and rejects what lies before it`, () => {
		const edge = new Date(NOW - LIMITS.eventWindowDays * DAY).toISOString();
		expect(resolveSince(edge, 'UTC', NOW)).toEqual({ timestampFrom: edge });
		const before = new Date(NOW - LIMITS.eventWindowDays * DAY - 1000).toISOString();
		expect(resolveSince(before, 'UTC', NOW)).toEqual({
			error: `must be within the last ${LIMITS.eventWindowDays} days (the service keeps events for about three months): the earliest allowed is ${edge}, got ${before}`,
		});
		// dates compare by day: the earliest allowed day is fine (sent as the window's start plus a
		// minute, since its midnight lies before the window), the day before is not
		expect(resolveSince('2025-03-17', 'UTC', NOW)).toEqual({ timestampFrom: new Date(NOW - 90 * DAY + 60_000).toISOString() });
		expect(resolveSince('2025-03-18', 'UTC', NOW)).toEqual({ timestampFrom: '2025-03-18T00:00:00.000Z' });
		expect(resolveSince('2025-03-16', 'UTC', NOW)).toEqual({
			error: `must be within the last ${LIMITS.eventWindowDays} days (the service keeps events for about three months): the earliest allowed is 2025-03-17, got 2025-03-16`,
		});
	});

	it('rejects a date four months ago', () => {
		const fourMonths = new Date(NOW - 122 * DAY).toISOString().slice(0, 10);
		const result = resolveSince(fourMonths, 'UTC', NOW);
		expect('error' in result && result.error).toMatch(/^must be within the last 90 days/);
	});

	it.each([
		['last week', 'must be a date such as 2025-01-31 or a datetime such as 2025-01-31T09:00:00Z, got "last week"'],
		['2025-02-30', '"2025-02-30" is not a valid date'],
		[12345, 'must be a date such as 2025-01-31 or a datetime such as 2025-01-31T09:00:00Z, got number'],
		[true, 'must be a date such as 2025-01-31 or a datetime such as 2025-01-31T09:00:00Z, got boolean'],
	])('explains a value it cannot read: %p', (value, error) => {
		expect(resolveSince(value, 'UTC', NOW)).toEqual({ error });
	});

	it('reads an empty value as 7 days ago, like the default', () => {
		for (const empty of ['  ', null, undefined]) {
			expect(resolveSince(empty, 'UTC', NOW)).toEqual({ timestampFrom: new Date(NOW - 7 * DAY).toISOString() });
		}
	});

	it('reads times in India at +05:30, and an unknown zone as UTC', () => {
		expect(resolveSince('2025-06-08T09:30:00', 'Asia/Kolkata', NOW)).toEqual({ timestampFrom: '2025-06-08T04:00:00.000Z' });
		expect(resolveSince('2025-06-08T09:30:00', 'Not/AZone', NOW)).toEqual({ timestampFrom: '2025-06-08T09:30:00.000Z' });
		expect(resolveSince('2025-06-08T09:30:00+0200', 'UTC', NOW)).toEqual({ timestampFrom: '2025-06-08T07:30:00.000Z' });
	});
});
