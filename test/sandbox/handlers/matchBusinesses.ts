/** POST /v1/businesses/match and /v2/businesses/match: one result per input, same order, null business_id on a miss. */
import type { z } from 'zod/v3';

import type { matchBusinessesBody } from '../../../nodes/shared/api';
import { matchBusiness } from '../universe/businessMatch';
import { type HandlerContext, type Reply, responseContext } from './context';

// v2's body: v1's has the same fields (v2 refuses unknown keys at the top)
type MatchBusinessesBody = z.infer<typeof matchBusinessesBody>;

export function matchBusinesses(body: MatchBusinessesBody, ctx: HandlerContext): Reply {
	const matched = body.businesses_to_match.map((item) => ({
		// The echo names all four keys, null where the input left one out.
		input: {
			name: item.name ?? null,
			domain: item.domain ?? null,
			url: item.url ?? null,
			profnet_url: item.profnet_url ?? null,
		},
		business_id: matchBusiness(ctx.universe.businesses, item)?.business_id ?? null,
	}));
	return {
		body: {
			response_context: responseContext(ctx),
			total_results: matched.length,
			total_matches: matched.filter((result) => result.business_id !== null).length,
			matched_businesses: matched,
		},
	};
}
