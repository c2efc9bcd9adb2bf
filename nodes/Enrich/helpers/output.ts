import type { IDataObject } from 'n8n-workflow';
import { deepCopy } from 'n8n-workflow';

import type { Enrichment, ResourceDefinition } from './enrichments';

/**
 * What every output item of Enrich says about its enrichment: `enrichment_status`, one of a
 * fixed set an IF or Switch node can branch on, and `enrichment_reason`, in words (null when
 * enriched):
 * - `enriched`: the service answered for the id (record enrichments it did not answer are null;
 *   social posts are a list, empty when the prospect has none)
 * - `not_found`: none of the selected enrichments came back for the id (social posts aside: they
 *   never decide the status)
 * - `skipped`: the item had no id ("no prospect ID" / "no business ID"), so it was not sent; it
 *   passes through unchanged apart from these two fields
 * - `partial`: some selected enrichments failed (after retries) while others answered; each
 *   failed one holds `{ error, http_code }` under its key, the reason names them
 * When every selected enrichment failed for an item, the item failed: the run stops, or under
 * Continue on Fail the item becomes an error item.
 */
export const STATUS = {
	enriched: 'enriched',
	notFound: 'not_found',
	skipped: 'skipped',
	partial: 'partial',
} as const;

export type EnrichmentStatus = (typeof STATUS)[keyof typeof STATUS];

/** The reason of a status, for `enrichment_reason`; for `partial`, the names of the failed enrichments. */
export function statusReason(status: EnrichmentStatus, resource: ResourceDefinition, failed: readonly string[] = []): string | null {
	if (status === STATUS.skipped) return `no ${resource.idLabel}`;
	if (status === STATUS.partial) {
		const names = failed.length > 1 ? `${failed.slice(0, -1).join(', ')} and ${failed[failed.length - 1]}` : failed[0];
		return `${names} failed; the other enrichments are filled (see ${failed.length > 1 ? 'their fields' : 'its field'} for the error)`;
	}
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

/** An enrichment that failed for an item (after retries): its error. */
export interface EnrichmentFailure {
	failed: { message: string; httpCode?: string | null };
}

/** What an enrichment's key holds when it failed: the error and the HTTP status (null when none). */
export function failureValue(failure: EnrichmentFailure): IDataObject {
	const code = Number(failure.failed.httpCode);
	return { error: failure.failed.message, http_code: Number.isInteger(code) && code > 0 ? code : null };
}

/** The results of each selected enrichment for one id: the response elements for it, or its failure. */
export type EnrichmentResults = Map<Enrichment, IDataObject[] | EnrichmentFailure>;

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
	const failed: string[] = [];
	for (const [enrichment, elements] of results) {
		if (!Array.isArray(elements)) {
			failed.push(enrichment.name);
			added[enrichment.outputKey] = failureValue(elements);
			// one item per post: the prospect's item is kept, with post null and the error
			if (enrichment.shape === 'list' && postsOutput === 'split') splitPosts = [];
			continue;
		}
		const payloads = elements.map((element) => payloadOf(element, resource.idField));
		if (!enrichment.ignoredByStatus) {
			recordsAsked++;
			if (payloads.length > 0) recordsFound++;
		}
		if (enrichment.shape === 'list') {
			if (postsOutput === 'split') splitPosts = payloads;
			else added[enrichment.outputKey] = payloads;
			continue;
		}
		added[enrichment.outputKey] = payloads.length === 0 ? null : payloads.length === 1 ? payloads[0] : payloads;
	}
	const status =
		failed.length > 0 ? STATUS.partial : recordsAsked > 0 && recordsFound === 0 ? STATUS.notFound : STATUS.enriched;
	const copyAdded = copy || (splitPosts?.length ?? 0) > 1;
	const item = (extra: IDataObject = {}): IDataObject => ({
		...base,
		[resource.idField]: id,
		...(copyAdded ? deepCopy(added) : added),
		enrichment_status: status,
		enrichment_reason: statusReason(status, resource, failed),
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
