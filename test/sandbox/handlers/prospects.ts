/**
 * Beyond the contract (beyond-contract.md §2, §3): POST /v1/prospects (filter, exclude, cap at
 * `size`, then page, as the business search) and the statistics of both searches.
 */
import type { z } from 'zod';

import type { businessStatsBody, prospectStatsBody, searchProspectsBody } from '../../../nodes/shared/schemas';
import { invalid, validationError } from '../errors';
import { prospectPreview, prospectRecord } from '../universe';
import { type HandlerContext, type Reply, responseContext } from './context';

type SearchBody = z.infer<typeof searchProspectsBody>;

export function searchProspects(body: SearchBody, ctx: HandlerContext): Reply {
	if (body.size < body.page_size) {
		throw validationError([invalid([], "'size' must be greater than or equal to 'page_size'")]);
	}
	const selected = ctx.universe.searchProspects(body.filters, body.exclude).slice(0, body.size);
	const page = body.page ?? 1;
	const records = selected.slice((page - 1) * body.page_size, page * body.page_size);
	return {
		body: {
			response_context: responseContext(ctx),
			data: records.map(body.mode === 'preview' ? prospectPreview : prospectRecord),
			total_results: selected.length,
			page,
			total_pages: Math.ceil(selected.length / body.page_size),
		},
	};
}

export function businessStats(body: z.infer<typeof businessStatsBody>, ctx: HandlerContext): Reply {
	return { body: { response_context: responseContext(ctx), ...ctx.universe.businessStats(body.filters) } };
}

export function prospectStats(body: z.infer<typeof prospectStatsBody>, ctx: HandlerContext): Reply {
	return { body: { response_context: responseContext(ctx), ...ctx.universe.prospectStats(body.filters) } };
}
