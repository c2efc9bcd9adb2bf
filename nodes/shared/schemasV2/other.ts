/**
 * API v2 match bodies (v2-migration-research.md §3, §10): match keeps v1's
 * schema, now refusing unknown keys at the top as it already did inside each element.
 */
import { LIMITS_V2 } from '../limits';
import { matchBusinessesBody, matchProspectsBody, prospectsToMatch } from '../schemas';

export const matchBusinessesBodyV2 = matchBusinessesBody.strict();

/** v2 takes 50 prospects a request where v1 takes 40 (research §10). */
export const matchProspectsBodyV2 = matchProspectsBody.extend({ prospects_to_match: prospectsToMatch(LIMITS_V2.matchItems) }).strict();

