/**
 * GET /v2/credits and POST /v2/credits/aggregation (v2-migration-research.md §15: "path change
 * only"): v1's answers from the same ledger, in v2's envelope (handlers/credits.ts).
 */
import { creditsAggregationWith, creditsWith } from '../handlers/credits';
import { responseContextV2 } from './context';

export const creditsV2 = creditsWith(responseContextV2);
export const creditsAggregationV2 = creditsAggregationWith(responseContextV2);
