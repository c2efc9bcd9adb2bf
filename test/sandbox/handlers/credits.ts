/**
 * GET /v1/credits and POST /v1/credits/aggregation (beyond-contract.md §7), from the key's credit
 * ledger (../credits.ts), each version in its envelope (../v1/routes.ts, ../v2/credits.ts; research §15).
 *
 * [I] The aggregation's buckets: the service publishes the request and the totals, not every
 * field of a bucket, so a time bucket here is `{date, hour?, credits}` (`month` for the month
 * resolution) in the request's time zone, an endpoint bucket `{endpoint, credits}`; buckets
 * without credits are left out, the period is [from_date, to_date).
 */
import type { z } from 'zod/v3';

import type { creditsAggregationBody } from '../../../nodes/shared/api';
import type { CreditEntry } from '../credits';
import type { HandlerContext, Reply } from './context';

type Envelope = (ctx: HandlerContext) => Record<string, unknown>;
// v2's body: v1's has the same fields (both are built of creditsAggregationFields)
type AggregationBody = z.infer<typeof creditsAggregationBody>;

export const creditsWith =
	(envelope: Envelope) =>
	(_body: Record<string, never>, ctx: HandlerContext): Reply => ({
		body: {
			response_context: envelope(ctx),
			allocated_credits: ctx.credits.allocated,
			remaining_credits: ctx.credits.remaining,
			account_type: ctx.credits.accountType,
		},
	});

/** The local date and hour of an instant in a time zone, e.g. { date: '2026-12-06', hour: '23:00' }. */
function localParts(at: Date, timeZone: string): { date: string; hour: string; month: string } {
	const parts = new Intl.DateTimeFormat('en-CA', {
		timeZone,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		hourCycle: 'h23',
	}).formatToParts(at);
	const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
	const month = `${part('year')}-${part('month')}`;
	return { date: `${month}-${part('day')}`, hour: `${part('hour')}:00`, month };
}

function bucketOf(entry: CreditEntry, body: AggregationBody, timeZone: string): Record<string, string> {
	if (body.mode === 'endpoints') return { endpoint: entry.endpoint };
	const local = localParts(entry.at, timeZone);
	if (body.resolution === 'hour') return { date: local.date, hour: local.hour };
	if (body.resolution === 'month') return { month: local.month };
	return { date: local.date };
}

export const creditsAggregationWith =
	(envelope: Envelope) =>
	(body: AggregationBody, ctx: HandlerContext): Reply => {
		const timeZone = body.timezone ?? 'UTC';
		const from = Date.parse(body.from_date);
		const to = Date.parse(body.to_date);
		const buckets = new Map<string, Record<string, unknown> & { credits: number }>();
		for (const entry of ctx.credits.entries) {
			const at = entry.at.getTime();
			if (at < from || at >= to) continue;
			const bucket = bucketOf(entry, body, timeZone);
			const key = JSON.stringify(bucket);
			const total = buckets.get(key) ?? { ...bucket, credits: 0 };
			total.credits += entry.credits;
			buckets.set(key, total);
		}
		// time buckets in time order (the ledger's), endpoint buckets most credits first
		const aggregations = [...buckets.values()];
		if (body.mode === 'endpoints') aggregations.sort((a, b) => b.credits - a.credits || String(a.endpoint).localeCompare(String(b.endpoint)));
		return {
			body: {
				response_context: envelope(ctx),
				from_date: body.from_date,
				to_date: body.to_date,
				mode: body.mode ?? 'timely',
				resolution: body.mode === 'endpoints' ? null : (body.resolution ?? null),
				timezone: timeZone,
				total_credits: aggregations.reduce((sum, bucket) => sum + bucket.credits, 0),
				aggregations,
			},
		};
	};
