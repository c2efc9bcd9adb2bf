/** POST /v1/prospects/match and /v2/prospects/match: one result per input, same order, null prospect_id on a miss. */
import type { z } from 'zod/v3';

import type { matchProspectsBody } from '../../../nodes/shared/api';
import { type HandlerContext, type Reply, responseContext } from './context';

// v2's body: v1's is the same but for the limit
type MatchBody = z.infer<typeof matchProspectsBody>;

export function matchProspects(body: MatchBody, ctx: HandlerContext): Reply {
	const matched = body.prospects_to_match.map((item) => ({
		// The echo names all six keys, null where the input left one out.
		input: {
			business_id: item.business_id ?? null,
			full_name: item.full_name ?? null,
			company_name: item.company_name ?? null,
			email: item.email ?? null,
			phone_number: item.phone_number ?? null,
			profnet: item.profnet ?? null,
		},
		prospect_id: ctx.universe.matchProspect(item)?.prospect_id ?? null,
	}));
	return {
		body: {
			response_context: responseContext(ctx),
			total_results: matched.length,
			total_matches: matched.filter((result) => result.prospect_id !== null).length,
			matched_prospects: matched,
		},
	};
}
