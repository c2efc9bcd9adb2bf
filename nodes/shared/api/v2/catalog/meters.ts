/**
 * The meters of the catalog entries (rate-limits.md, "The rule today"): the service counts
 * queries, not requests. Match and the bulk enrichments are the page's own examples of calls that
 * cost one query per entity; for every other endpoint the page is silent, so its weight is an
 * assumption the budget checks against the headers (docs/batching-and-limits.md, "Queries").
 */
import type { EndpointMeter } from './types';

/** published: one query per element of the body array `key` (match, bulk enrichment) */
export const perEntity = (key: string): EndpointMeter => ({ entities: key });

/** not published: an id list is bulk until the headers say otherwise (events, enrollments) */
export const perEntityAssumed = (key: string): EndpointMeter => ({ entities: key, assumed: true });

/** not published: one query per request (search pages, statistics, webhooks, credits, job calls) */
export const ONE_QUERY_ASSUMED: EndpointMeter = { queries: 1, assumed: true };
