/**
 * GET /v2/credits and POST /v2/credits/aggregation (v2-migration-research.md §15). The sandbox
 * keeps no credit ledger: a paid account with its whole allocation left, and no usage.
 */
import type { z } from 'zod';

import type { creditsAggregationBodyV2 } from '../../../nodes/shared/schemasV2';
import type { HandlerContext, Reply } from '../handlers/context';
import { responseContextV2 } from './context';

export const SANDBOX_ALLOCATED_CREDITS = 100_000;

export function creditsV2(_body: Record<string, never>, ctx: HandlerContext): Reply {
	return {
		body: {
			response_context: responseContextV2(ctx),
			allocated_credits: SANDBOX_ALLOCATED_CREDITS,
			remaining_credits: SANDBOX_ALLOCATED_CREDITS,
			account_type: 'paid',
		},
	};
}

/** [I] The v1 aggregation answer has no response_context in the research's field list; v2 is given one like every v2 answer. */
export function creditsAggregationV2(body: z.infer<typeof creditsAggregationBodyV2>, ctx: HandlerContext): Reply {
	return {
		body: {
			response_context: responseContextV2(ctx),
			from_date: body.from_date,
			to_date: body.to_date,
			mode: body.mode ?? null,
			resolution: body.resolution ?? null,
			timezone: body.timezone ?? null,
			total_credits: 0,
			aggregations: [],
		},
	};
}
