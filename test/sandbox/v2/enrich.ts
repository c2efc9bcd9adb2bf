/**
 * POST /v2/.../enrich (v2-migration-research.md §7, §14): the v1 enrichment of the same ids, one
 * row per id `{business_id | prospect_id, data}` without entity_id, `data` an array for the
 * enrichments that give several records per id (posts, lookalikes) and one object otherwise,
 * with v2's renamed and removed fields.
 */
import { type EndpointName, ENDPOINTS } from '../../../nodes/shared/api';
import type { Handler, HandlerContext } from '../handlers/context';
import { responseContextV2 } from './context';
import { v2EnrichmentRecord } from './renames';

/** [I] Which enrichments answer with a list per id: those v1 answers with several rows per id. */
const MANY_PER_ID: ReadonlySet<EndpointName> = new Set(['enrichBusinessPosts', 'enrichBusinessLookalikes', 'enrichProspectPosts']);

export const enrichV2 =
	(name: EndpointName, v1: Handler): Handler =>
	(body, ctx: HandlerContext) => {
		const definition = ENDPOINTS[name];
		const idField = definition.batch!.key === 'business_ids' ? 'business_id' : 'prospect_id';
		const segment = definition.path.replace(/^\/v2\//, '').replace(/\/enrich$/, '');
		const v1Rows = (v1(body, ctx).body as { data: Array<Record<string, unknown>> }).data;
		// rows of one id are consecutive in v1's answer, which follows the order of the ids asked for
		const byId = new Map<string, unknown[]>();
		for (const row of v1Rows) {
			const id = row[idField] as string;
			byId.set(id, [...(byId.get(id) ?? []), v2EnrichmentRecord(segment, row.data)]);
		}
		const data = [...byId].map(([id, records]) => ({ [idField]: id, data: MANY_PER_ID.has(name) ? records : records[0] }));
		return { body: { response_context: responseContextV2(ctx), data, total_results: data.length } };
	};
