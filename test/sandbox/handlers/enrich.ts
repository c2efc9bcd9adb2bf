/**
 * The six bulk enrichments. Results come in input order; ids the service knows nothing about are
 * simply absent (no error), and posts give zero or more elements per prospect.
 */
import type { z } from 'zod/v3';

import type { businessEnrichBody, prospectEnrichBody } from '../../../nodes/shared/api';
import type { BusinessEnrichmentKind } from '../universe';
import { type HandlerContext, type Handler, type Reply, responseContext } from './context';

// v2's bodies: the ids read here are v1's too (the router validated the body with its version's schema)
type ProspectBody = z.infer<typeof prospectEnrichBody>;
type BusinessBody = z.infer<typeof businessEnrichBody>;

function enriched(ctx: HandlerContext, data: unknown[]): Reply {
	return { body: { response_context: responseContext(ctx), data, total_results: data.length } };
}

export function enrichProspectProfiles(body: ProspectBody, ctx: HandlerContext): Reply {
	return enriched(
		ctx,
		body.prospect_ids.flatMap((id) => {
			const prospect = ctx.universe.prospect(id);
			return prospect ? [{ prospect_id: id, data: prospect.profile }] : [];
		}),
	);
}

export function enrichProspectPosts(body: ProspectBody, ctx: HandlerContext): Reply {
	return enriched(
		ctx,
		body.prospect_ids.flatMap((id) =>
			(ctx.universe.prospect(id)?.posts ?? []).map((post) => ({ prospect_id: id, data: post })),
		),
	);
}

/** The business enrichments repeat no business, even when the request names one twice. */
const businessEnrichment =
	(kind: BusinessEnrichmentKind): Handler =>
	(body: BusinessBody, ctx: HandlerContext) =>
		enriched(
			ctx,
			[...new Set(body.business_ids)].flatMap((id) => {
				const data = ctx.universe.businessEnrichment(kind, id);
				return data ? [{ business_id: id, data }] : [];
			}),
		);

export const enrichBusinessFunding = businessEnrichment('funding');
export const enrichBusinessStrategy = businessEnrichment('strategy');
export const enrichBusinessWebsiteChanges = businessEnrichment('website_changes');
export const enrichBusinessChallenges = businessEnrichment('challenges');
