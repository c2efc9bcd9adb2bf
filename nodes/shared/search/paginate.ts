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

/**
 * Fetches the search pages until `limit` records (businesses or prospects) are in hand, the service runs out (a short
 * or empty page, or the last page by its own count) or `size` is used up. Once the first page
 * tells the total (total_results or total_pages), the remaining pages are fetched at the same
 * time, up to `concurrency` at once, and joined in page order; without a total, one after
 * another. The last page is trimmed, so never more than `limit` businesses come back and no page
 * is asked for needlessly: requests = ceil(min(limit, total) / page size). `onTotal` hears the
 * service's count of all matching businesses (total_results) from each page that reports it.
 */
export async function fetchAllPages(
	ctx: IExecuteFunctions,
	request: SearchRequest,
	options: { concurrency?: number; onTotal?: (totalResults: number) => void } = {},
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

	const businesses: IDataObject[] = [];
	for (const records of pages) {
		for (const record of records) {
			if (businesses.length >= limit) return businesses;
			businesses.push(record);
		}
		// a short page is the end of the results
		if (records.length < pageSize) break;
	}
	return businesses;
}
