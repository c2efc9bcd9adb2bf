import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { DEFAULT_CONCURRENCY } from '../batching/engine';
import { mapWithConcurrency } from '../batching/pool';
import { ENDPOINTS } from '../catalog';
import { ApiClient } from '../transport/apiClient';
import type { SearchRequest } from './searchRequest';

interface SearchPage extends IDataObject {
	total_results?: number;
	total_pages?: number;
}

/** The last page the service has, by the counts of an answer; undefined when it gives none. */
function lastPageByCount(response: SearchPage | undefined, pageSize: number): number | undefined {
	const totalResults = typeof response?.total_results === 'number' ? response.total_results : undefined;
	const totalPages = typeof response?.total_pages === 'number' ? response.total_pages : undefined;
	const byResults = totalResults === undefined ? undefined : Math.ceil(totalResults / pageSize);
	if (byResults === undefined) return totalPages;
	return totalPages === undefined ? byResults : Math.min(byResults, totalPages);
}

export interface FetchPagesOptions {
	concurrency?: number;
	/** hears the service's count of all matching records (total_results) from each page that reports it */
	onTotal?: (totalResults: number) => void;
	/** hears how many records the service served again on a later page (dropped), when any were */
	onDuplicates?: (count: number) => void;
}

/**
 * Fetches the search pages until `limit` records (businesses or prospects) are in hand, the service runs out (a short
 * or empty page, or the last page by its own count) or `size` is used up. Once the first page
 * tells the total (total_results or total_pages), the remaining pages are fetched at the same
 * time, up to `concurrency` at once, and joined in page order; without a total, one after
 * another. The last page is trimmed, so never more than `limit` records come back and no page
 * is asked for needlessly: requests = ceil(min(limit, total) / page size).
 *
 * A record whose id (the catalog's `recordId`) came on an earlier page is dropped and counted
 * (`onDuplicates`): the service's results changed between two pages (records added ahead shift
 * later pages), and one record must not become two items.
 */
export async function fetchAllPages(
	ctx: IExecuteFunctions,
	request: SearchRequest,
	options: FetchPagesOptions = {},
): Promise<IDataObject[]> {
	const client = await ApiClient.of(ctx);
	const endpoint = request.endpoint ?? 'searchBusinesses';
	const field = ENDPOINTS[endpoint].result?.field ?? 'data';
	const { body, limit, itemIndex } = request;
	const pageSize = body.page_size;
	const fetchPage = async (page: number) => {
		const response = await client.request<SearchPage>(endpoint, { ...body, page }, { itemIndex });
		if (typeof response?.total_results === 'number') options.onTotal?.(response.total_results);
		const records = Array.isArray(response?.[field]) ? (response[field] as IDataObject[]) : [];
		return { response, records };
	};

	// the last page worth asking for: enough for the limit, within `size`
	const lastWanted = Math.min(body.page + Math.ceil(limit / pageSize) - 1, Math.ceil(body.size / pageSize));
	const pages: IDataObject[][] = [];
	const first = await fetchPage(body.page);
	pages.push(first.records);
	const lastByCount = lastPageByCount(first.response, pageSize);

	if (first.records.length >= pageSize && lastByCount !== undefined) {
		const last = Math.min(lastWanted, lastByCount);
		const rest = Array.from({ length: Math.max(0, last - body.page) }, (_, n) => body.page + 1 + n);
		const fetched = await mapWithConcurrency(rest, options.concurrency ?? DEFAULT_CONCURRENCY, async (page) => (await fetchPage(page)).records);
		pages.push(...fetched);
	} else if (first.records.length >= pageSize) {
		// no total: one page after another until one is short or empty
		for (let page = body.page + 1; page <= lastWanted; page++) {
			const { response, records } = await fetchPage(page);
			pages.push(records);
			const lastKnown = lastPageByCount(response, pageSize);
			if (records.length < pageSize || (lastKnown !== undefined && page >= lastKnown)) break;
		}
	}

	const joined = joinPages(pages, { limit, pageSize, recordId: ENDPOINTS[endpoint].result?.recordId });
	if (joined.duplicates > 0) options.onDuplicates?.(joined.duplicates);
	return joined.records;
}

/** The pages' records in page order, each id once, at most `limit`; a short page is the last. */
function joinPages(pages: IDataObject[][], rules: { limit: number; pageSize: number; recordId?: string }) {
	const records: IDataObject[] = [];
	const seen = new Set<string>();
	let duplicates = 0;
	for (const page of pages) {
		for (const record of page) {
			if (records.length >= rules.limit) return { records, duplicates };
			const id = rules.recordId === undefined ? undefined : record[rules.recordId];
			// a record without an id cannot be recognised again: it is kept
			if (typeof id === 'string') {
				if (seen.has(id)) {
					duplicates++;
					continue;
				}
				seen.add(id);
			}
			records.push(record);
		}
		// a short page is the end of the results
		if (page.length < rules.pageSize) break;
	}
	return { records, duplicates };
}
