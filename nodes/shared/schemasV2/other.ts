/**
 * API v2 match bodies (v2-migration-research.md §3, §10): match keeps v1's
 * schema, now refusing unknown keys at the top as it already did inside each element.
 */
import { matchBusinessesBody, matchProspectsBody } from '../schemas';

export const matchBusinessesBodyV2 = matchBusinessesBody.strict();

export const matchProspectsBodyV2 = matchProspectsBody.strict();

