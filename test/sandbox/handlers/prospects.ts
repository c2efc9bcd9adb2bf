/**
 * Beyond the contract (beyond-contract.md §2, §3): POST /v1/prospects (filter, exclude, cap at
 * `size`, then page, as the business search) and the statistics of both searches.
 */
import type { z } from 'zod/v3';

import type { businessStatsBodyV1, prospectStatsBodyV1, searchProspectsBodyV1 } from '../../../nodes/shared/api';
import { invalid, validationError } from '../errors';
import { prospectPreview, prospectRecord } from '../universe';
import { type HandlerContext, type Reply, responseContext } from './context';
import { servePage } from './paging';

type SearchBody = z.infer<typeof searchProspectsBodyV1>;

export function searchProspects(body: SearchBody, ctx: HandlerContext): Reply {
	if (body.size < body.page_size) {
		throw validationError([invalid([], "'size' must be greater than or equal to 'page_size'")]);
	}
	const selected = ctx.universe.searchProspects(body.filters, body.exclude);
	const { records, total, page } = servePage(selected, body, ctx.searchShift);
	return {
		body: {
			response_context: responseContext(ctx),
			data: records.map(body.mode === 'preview' ? prospectPreview : prospectRecord),
			total_results: total,
			page,
			total_pages: Math.ceil(total / body.page_size),
		},
	};
}

export function businessStats(body: z.infer<typeof businessStatsBodyV1>, ctx: HandlerContext): Reply {
	return { body: { response_context: responseContext(ctx), ...ctx.universe.businessStats(body.filters, ctx.now.getTime()) } };
}

export function prospectStats(body: z.infer<typeof prospectStatsBodyV1>, ctx: HandlerContext): Reply {
	return { body: { response_context: responseContext(ctx), ...ctx.universe.prospectStats(body.filters) } };
}
