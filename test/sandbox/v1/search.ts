/**
 * v1's searches and their statistics (v2's: ../v2/search.ts). POST /v1/businesses and, beyond the
 * contract (beyond-contract.md §2, §3), POST /v1/prospects: filter, exclude, cap at `size`, then
 * page by number; POST /v1/businesses/stats and /v1/prospects/stats.
 */
import type { z } from 'zod/v3';

import type { businessStatsBodyV1, prospectStatsBodyV1, searchBusinessesBodyV1, searchProspectsBodyV1 } from '../../../nodes/shared/api';
import { invalid, validationError } from '../errors';
import { full, preview } from '../handlers/businessRecords';
import { prospectPreview, prospectRecord } from '../universe';
import { type HandlerContext, type Reply, responseContext } from '../handlers/context';
import { servePage } from './paging';

type BusinessSearchBody = z.infer<typeof searchBusinessesBodyV1>;

export function searchBusinesses(body: BusinessSearchBody, ctx: HandlerContext): Reply {
	// A cross-field rule of the real service (a model validator, hence loc ["body"]).
	if (body.size < body.page_size) {
		throw validationError([invalid([], "'size' must be greater than or equal to 'page_size'")]);
	}
	// `size` caps the records the whole search yields; pages are cut from that.
	const selected = ctx.universe.searchBusinesses(body.filters, body.exclude, ctx.now.getTime());
	const { records, total, page } = servePage(selected, body, ctx.searchShift);
	return {
		body: {
			response_context: responseContext(ctx),
			data: records.map(body.mode === 'preview' ? preview : full),
			total_results: total,
			page,
			total_pages: Math.ceil(total / body.page_size),
		},
	};
}

type ProspectSearchBody = z.infer<typeof searchProspectsBodyV1>;

export function searchProspects(body: ProspectSearchBody, ctx: HandlerContext): Reply {
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
