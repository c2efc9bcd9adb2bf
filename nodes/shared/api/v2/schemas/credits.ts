/**
 * API v2 credits (v2-migration-research.md §15: "path change only"): the aggregation takes v1's
 * request, and refuses unknown keys as every v2 body does.
 */
import { checkCreditsPeriod, creditsAggregationFields } from './creditsPeriod';

export const creditsAggregationBody = creditsAggregationFields.strict().superRefine(checkCreditsPeriod);
