/**
 * API v2 match and credits bodies (v2-migration-research.md §3, §10, §15): match keeps v1's
 * schema, now refusing unknown keys at the top as it already did inside each element.
 */
import { z } from 'zod/v3';

import { matchBusinessesBody, matchProspectsBody, timestamp } from '../schemas';

export const matchBusinessesBodyV2 = matchBusinessesBody.strict();

export const matchProspectsBodyV2 = matchProspectsBody.strict();

/**
 * POST /v2/credits/aggregation: the research names the fields but not their values, so only the
 * dates are checked for form. [I] from_date and to_date required.
 */
export const creditsAggregationBodyV2 = z
	.object({
		from_date: timestamp,
		to_date: timestamp,
		mode: z.string().min(1, 'must not be empty').optional(),
		resolution: z.string().min(1, 'must not be empty').optional(),
		timezone: z.string().min(1, 'must not be empty').optional(),
	})
	.strict();
