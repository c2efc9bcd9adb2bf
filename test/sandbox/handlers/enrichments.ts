/**
 * The bulk enrichments beyond the contract (beyond-contract.md section 6). As for the contract's
 * six: results in input order, ids the service has nothing for are absent, a business named twice
 * is answered once. Bodies (parameters included) are validated by the router with the catalog's
 * schemas: keywords required, month YYYY-MM from 2017-01, min_score 60 to 100, date format.
 */
import type { z } from 'zod/v3';

import type { businessEnrichBody, prospectEnrichBody } from '../../../nodes/shared/api';
import { contactInformation, type MoreBusinessEnrichmentKind, moreBusinessEnrichment } from '../universe/moreEnrichments';
import { type HandlerContext, type Handler, type Reply, responseContext } from './context';

// the ids of v2's bodies (v1's too: the router validated the body with its version's schema), and
// the parameters of whichever enrichment this is
type BusinessBody = Pick<z.infer<typeof businessEnrichBody>, 'business_ids'> & { parameters?: Record<string, unknown> };
type ProspectBody = z.infer<typeof prospectEnrichBody>;

function enriched(ctx: HandlerContext, data: unknown[]): Reply {
	return { body: { response_context: responseContext(ctx), data, total_results: data.length } };
}

/** The month before the sandbox clock's month: the traffic month when none is sent. */
function previousMonth(now: Date): string {
	const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
	return date.toISOString().slice(0, 7);
}

const businessEnrichment =
	(kind: MoreBusinessEnrichmentKind): Handler =>
	(body: BusinessBody, ctx: HandlerContext) => {
		const universe = ctx.universe;
		const world = {
			seed: universe.seed,
			anchorMs: universe.anchor.getTime(),
			businesses: universe.businesses,
			business: (id: string) => universe.business(id),
		};
		let parameters = body.parameters ?? {};
		if (kind === 'traffic' && parameters.month_period === undefined) {
			parameters = { ...parameters, month_period: previousMonth(ctx.now) };
		}
		return enriched(
			ctx,
			[...new Set(body.business_ids)].flatMap((id) => {
				const business = universe.business(id);
				if (!business) return [];
				return moreBusinessEnrichment(kind, world, business, parameters).map((data) => ({ business_id: id, data }));
			}),
		);
	};

export const enrichBusinessFirmographics = businessEnrichment('firmographics');
export const enrichBusinessTechnographics = businessEnrichment('technographics');
export const enrichBusinessEmployeeRatings = businessEnrichment('ratings');
export const enrichBusinessFinancialIndicators = businessEnrichment('financials');
export const enrichBusinessWorkforceTrends = businessEnrichment('workforce');
export const enrichBusinessCompetitiveLandscape = businessEnrichment('competitive_landscape');
export const enrichBusinessPosts = businessEnrichment('posts');
export const enrichBusinessWebsiteKeywords = businessEnrichment('website_keywords');
export const enrichBusinessLookalikes = businessEnrichment('lookalikes');
export const enrichBusinessWebstack = businessEnrichment('webstack');
export const enrichBusinessHierarchy = businessEnrichment('hierarchy');
export const enrichBusinessWebsiteTraffic = businessEnrichment('traffic');
export const enrichBusinessIntent = businessEnrichment('intent');

export function enrichProspectContacts(body: ProspectBody, ctx: HandlerContext): Reply {
	return enriched(
		ctx,
		body.prospect_ids.flatMap((id) => {
			const prospect = ctx.universe.prospect(id);
			const data = prospect && contactInformation(ctx.universe.seed, prospect);
			return data ? [{ prospect_id: id, data }] : [];
		}),
	);
}
