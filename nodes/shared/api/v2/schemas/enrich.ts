/**
 * API v2 sync enrichment bodies, POST /v2/.../enrich (v2-migration-research.md §7, §14): the ids
 * are one id or a list of 1 to 50, and the parameters are v1's, now refusing unknown keys.
 */
import { z } from 'zod/v3';

import { LIMITS } from '../limits';
import { businessIntentParameters, DATE_RULE, isTrafficMonth, MONTH_RULE } from './enrichParameters';
import { DATE_OR_DATETIME_PATTERN, idArray, requestContext, textList, uniqueIds } from './fields';

/**
 * One id or a list. A single id is read as a list of one, so handlers and the limit checks see
 * one shape; the service answers both alike.
 */
const oneOrMany = <T extends z.ZodTypeAny>(list: T) => z.preprocess((ids) => (typeof ids === 'string' ? [ids] : ids), list);

const businessIds = oneOrMany(idArray(1, LIMITS.businessEnrichIds));
// v1 refused a prospect named twice in one request; nothing says v2 relaxed that
const prospectIds = oneOrMany(idArray(1, LIMITS.prospectEnrichIds).refine(uniqueIds, 'must not contain duplicate ids'));

const businessEnrichWith = <P extends z.ZodTypeAny>(parameters: P) =>
	z.object({ business_ids: businessIds, parameters, request_context: requestContext }).strict();

/** Enrichments without parameters of their own: none may be sent (an empty object is accepted). */
export const businessEnrichBody = businessEnrichWith(z.object({}).strict().optional());

export const prospectEnrichBody = z
	.object({
		prospect_ids: prospectIds,
		// the contacts enrichment's parameters are not described in the research: any object
		parameters: z.record(z.unknown()).optional(),
		request_context: requestContext,
	})
	.strict();

export const financialIndicatorsBody = businessEnrichWith(
	z
		.object({ date: z.string().regex(DATE_OR_DATETIME_PATTERN, DATE_RULE) })
		.strict()
		.optional(),
);

export const businessPostsBody = businessEnrichWith(
	z
		.object({ offline_mode: z.enum(['true', 'false']).optional() })
		.strict()
		.optional(),
);

/** company_website_keywords: the keywords are required (research §7). */
export const websiteKeywordsBody = businessEnrichWith(z.object({ keywords: textList('keyword', LIMITS.websiteKeywords) }).strict());

/** website_traffic: month_period required (research §7: "needs month_period"). */
export const websiteTrafficBody = businessEnrichWith(z.object({ month_period: z.string().refine(isTrafficMonth, MONTH_RULE) }).strict());

export const businessIntentBody = businessEnrichWith(businessIntentParameters.strict().optional());
