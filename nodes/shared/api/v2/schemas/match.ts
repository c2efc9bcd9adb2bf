/**
 * API v2 match bodies (v2-migration-research.md §3, §10): match keeps v1's
 * schema, now refusing unknown keys at the top as it already did inside each element.
 */
import { z } from 'zod/v3';

import { LIMITS } from '../limits';
import { requestContext } from './fields';
import { matchBusinessesFields, prospectsToMatch } from './matchItems';

export const matchBusinessesBody = matchBusinessesFields.strict();

/** v2 takes 50 prospects a request where v1 takes 40 (research §10). */
export const matchProspectsBody = z.object({ prospects_to_match: prospectsToMatch(LIMITS.matchItems), request_context: requestContext }).strict();
