import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { ENDPOINTS } from '../../shared/catalog';
import { ApiClient } from '../../shared/transport/apiClient';
import type { SearchRequest } from './searchRequest';

interface SearchPage extends IDataObject {
	total_results?: number;
	total_pages?: number;
}

/**
 * Fetches one search page after another until `limit` businesses are in hand, the service runs
 * out (a short or empty page, or the last page by its own count) or `size` is used up. The last
 * page is trimmed, so never more than `limit` businesses come back and no page is asked for
 * needlessly: requests = ceil(min(limit, total) / page size). `onTotal` hears the service's
 * count of all matching businesses (total_results) from each page that reports it.
 */
export async function fetchAllPages(
	ctx: IExecuteFunctions,
	request: SearchRequest,
	options: { onTotal?: (totalResults: number) => void } = {},
): Promise<IDataObject[]> {
	const client = await ApiClient.of(ctx);
	const field = ENDPOINTS.searchBusinesses.result?.field ?? 'data';
	const { body, limit, itemIndex } = request;
	const businesses: IDataObject[] = [];

	for (let page = body.page; businesses.length < limit; page++) {
		const response = await client.request<SearchPage>('searchBusinesses', { ...body, page }, { itemIndex });
		const records = Array.isArray(response?.[field]) ? (response[field] as IDataObject[]) : [];
		businesses.push(...records.slice(0, limit - businesses.length));

		const shortPage = records.length < body.page_size;
		const servedAll = page * body.page_size >= body.size;
		const totalResults = typeof response?.total_results === 'number' ? response.total_results : undefined;
		const totalPages = typeof response?.total_pages === 'number' ? response.total_pages : undefined;
		if (totalResults !== undefined) options.onTotal?.(totalResults);
		const lastByCount =
			(totalResults !== undefined && page * body.page_size >= totalResults) ||
			(totalPages !== undefined && page >= totalPages);
		if (shortPage || servedAll || lastByCount) break;
	}
	return businesses;
}
