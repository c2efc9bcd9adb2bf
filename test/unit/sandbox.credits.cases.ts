/**
 * What sandbox.credits.test.ts and sandbox.credits.v1.test.ts check alike on each version's credits
 * aggregation schema: a resolution for a timely period, the span each resolution covers, a known
 * time zone.
 */
import type { z } from 'zod/v3';

import { LIMITS } from '../../nodes/shared/api';

export type Body = Record<string, unknown>;

export const issues = (schema: z.ZodTypeAny, body: Body) => {
	const parsed = schema.safeParse(body);
	return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
};

export const period = { from_date: '2026-12-01T00:00:00Z', to_date: '2026-12-08T00:00:00Z' };

export function checksTheAggregationRequest(schema: z.ZodTypeAny): void {
	expect(issues(schema, { ...period, resolution: 'hour', timezone: 'America/New_York' })).toEqual([]);
	expect(issues(schema, { ...period, mode: 'endpoints' })).toEqual([]);
	expect(issues(schema, period)).toEqual(['resolution is required when mode is timely']);
	expect(issues(schema, { ...period, to_date: '2026-12-08T00:00:01Z', resolution: 'hour' })).toEqual([
		`to_date must be at most ${LIMITS.creditsAggregationDays.hour} days after from_date at resolution hour`,
	]);
	expect(issues(schema, { from_date: '2026-01-01', to_date: '2026-03-02', resolution: 'day' })).toEqual([]);
	expect(issues(schema, { from_date: '2026-01-01', to_date: '2026-03-03', resolution: 'day' })).toEqual([
		`to_date must be at most ${LIMITS.creditsAggregationDays.day} days after from_date at resolution day`,
	]);
	expect(issues(schema, { from_date: '2024-01-01', to_date: '2026-01-01', mode: 'endpoints' })).toEqual([
		`to_date must be at most ${LIMITS.creditsAggregationDays.month} days after from_date`,
	]);
	expect(issues(schema, { ...period, to_date: period.from_date, resolution: 'day' })).toEqual(['to_date must be after from_date']);
	expect(issues(schema, { ...period, resolution: 'week' })[0]).toMatch(/^resolution Invalid enum value/);
	expect(issues(schema, { ...period, resolution: 'day', timezone: 'Mars/Olympus' })).toEqual([
		'timezone must be an IANA time zone such as UTC or America/New_York',
	]);
}
