/**
 * API v2 match and credits bodies (v2-migration-research.md §3, §10, §15): match keeps v1's
 * schema, now refusing unknown keys at the top as it already did inside each element.
 */
import { z } from 'zod';

import { LIMITS_V2 } from '../limits';
import { matchBusinessesBody, matchProspectsBody, prospectsToMatch, timestamp } from '../schemas';

export const matchBusinessesBodyV2 = matchBusinessesBody.strict();

/** v2 takes 50 prospects a request where v1 takes 40 (research §10). */
export const matchProspectsBodyV2 = matchProspectsBody.extend({ prospects_to_match: prospectsToMatch(LIMITS_V2.matchItems) }).strict();

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
