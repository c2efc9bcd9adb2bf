import type { IDataObject } from 'n8n-workflow';
import { deepCopy } from 'n8n-workflow';

import type { Enrichment, ResourceDefinition } from './enrichments';

/**
 * What every output item of Enrich says about its enrichment: `enrichment_status`, one of a
 * fixed set an IF or Switch node can branch on, and `enrichment_reason`, in words (null when
 * enriched):
 * - `enriched`: the service answered for the id (record enrichments it did not answer are null;
 *   social posts are a list, empty when the prospect has none)
 * - `not_found`: none of the selected record enrichments came back for the id
 * - `skipped`: the item had no id ("no prospect ID" / "no business ID"), so it was not sent; it
 *   passes through unchanged apart from these two fields
 */
export const STATUS = {
	enriched: 'enriched',
	notFound: 'not_found',
	skipped: 'skipped',
} as const;

export type EnrichmentStatus = (typeof STATUS)[keyof typeof STATUS];

/** The reason of a status, for `enrichment_reason`. */
export function statusReason(status: EnrichmentStatus, resource: ResourceDefinition): string | null {
	if (status === STATUS.skipped) return `no ${resource.idLabel}`;
	if (status === STATUS.notFound) return `none of the selected enrichments has data for this ${resource.idLabel}`;
	return null;
}

export type PostsOutput = 'list' | 'split';

/** The record of one response element: its `data` object, or the element without its id. */
export function payloadOf(element: IDataObject, idField: string): IDataObject {
	const data = element.data;
	if (data && typeof data === 'object' && !Array.isArray(data)) return data as IDataObject;
	const rest: IDataObject = {};
	for (const [key, value] of Object.entries(element)) if (key !== idField) rest[key] = value;
	return rest;
}

/** The results of each selected enrichment for one id: the response elements for it. */
export type EnrichmentResults = Map<Enrichment, IDataObject[]>;

/**
 * The output items of one input item that has an id: one item with each enrichment under its
 * own key, or with `postsOutput` "split", one item per social post (`post`, null when the
 * prospect has none, so the row is never lost). The engine's results are shared between items
 * that asked for the same id, so every emitted item gets its own copy of them; `copy: false`
 * says no other input item asked for this id, and then the results are copied only where one
 * input item emits several items (one per post).
 */
export function enrichedItems(
	base: IDataObject,
	resource: ResourceDefinition,
	id: string,
	results: EnrichmentResults,
	postsOutput: PostsOutput,
	options: { copy?: boolean } = {},
): IDataObject[] {
	const copy = options.copy ?? true;
	const added: IDataObject = {};
	let splitPosts: IDataObject[] | undefined;
	let recordsAsked = 0;
	let recordsFound = 0;
	for (const [enrichment, elements] of results) {
		const payloads = elements.map((element) => payloadOf(element, resource.idField));
		if (enrichment.shape === 'list') {
			if (postsOutput === 'split') splitPosts = payloads;
			else added[enrichment.outputKey] = payloads;
			continue;
		}
		recordsAsked++;
		if (payloads.length > 0) recordsFound++;
		added[enrichment.outputKey] = payloads.length === 0 ? null : payloads.length === 1 ? payloads[0] : payloads;
	}
	const status = recordsAsked > 0 && recordsFound === 0 ? STATUS.notFound : STATUS.enriched;
	const copyAdded = copy || (splitPosts?.length ?? 0) > 1;
	const item = (extra: IDataObject = {}): IDataObject => ({
		...base,
		[resource.idField]: id,
		...(copyAdded ? deepCopy(added) : added),
		enrichment_status: status,
		enrichment_reason: statusReason(status, resource),
		...extra,
	});
	if (splitPosts === undefined) return [item()];
	if (splitPosts.length === 0) return [item({ post: null })];
	return splitPosts.map((post) => item({ post: copy ? deepCopy(post) : post }));
}

/** The output item of an input item without an id: unchanged apart from the status. */
export function skippedItem(base: IDataObject, resource: ResourceDefinition, includeInputFields: boolean): IDataObject {
	const status = { enrichment_status: STATUS.skipped, enrichment_reason: statusReason(STATUS.skipped, resource) };
	return includeInputFields ? { ...base, ...status } : { [resource.idField]: null, ...status };
}
