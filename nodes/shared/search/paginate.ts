import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { type CostPart, refusalOf, searchFound, withRunCost } from '../batching/cost';
import { DEFAULT_CONCURRENCY } from '../batching/engine';
import { mapWithConcurrency } from '../batching/pool';
import { type ApiVersion, LIMITS } from '../api';
import { ApiClient } from '../transport/apiClient';
import { type CursorSearch, isCursorSearch, type PageNumberSearch, type SearchRequest } from './searchRequest';

interface SearchPage extends IDataObject {
	total_results?: number;
	total_pages?: number;
	/** v2: where the next page starts; null or absent on the last page */
	page?: { size?: number; next_cursor?: string | null };
}

/** One page of a search: the answer and its records. */
type FetchPage = (body: IDataObject) => Promise<{ response: SearchPage | undefined; records: IDataObject[] }>;

/** Told after a search's first page: the pages the whole search takes, and the service's count when it gave one. */
type OnPages = (pages: number, totalResults: number | undefined) => void;

/** The search's part of the node execution's cost, and how the first page's count is said. */
export interface SearchCost {
	part: CostPart;
	found: (totalResults: number) => string;
	/** the node's run cannot finish in time (Continue On Fail): the search fails with this, sending nothing */
	refused?: Error;
}

/**
 * The pages a search takes before its first page is in: at least one; exactly one when its limit
 * (or v1's `size`) fits the first page. The rest is known from the first page's count.
 */
export function pagesBefore(request: SearchRequest): { pages: 1; exact: boolean } {
	if (isCursorSearch(request)) {
		const wanted = Math.min(request.limit, LIMITS.searchTotal);
		return { pages: 1, exact: Math.ceil(wanted / request.body.page_size) <= 1 };
	}
	const { page, page_size: pageSize, size } = request.body;
	const lastWanted = Math.min(page + Math.ceil(request.limit / pageSize) - 1, Math.ceil(size / pageSize));
	return { pages: 1, exact: lastWanted <= page };
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
 * Runs the searches of one node execution with each distinct search (by `key`) planned in the
 * node's cost before the first is sent: a page each at least (exactly one where the limit fits a
 * page), the rest known from each search's first page. The cost is told once for them all
 * (batching/cost.ts). `run` passes each search its part (`costOf`) to fetchAllPages.
 */
export async function withSearchCosts<T>(
	ctx: IExecuteFunctions,
	version: ApiVersion,
	requests: readonly SearchRequest[],
	key: (request: SearchRequest) => string,
	run: (costOf: (request: SearchRequest) => SearchCost | undefined) => Promise<T>,
): Promise<T> {
	if (requests.length === 0) return await run(() => undefined);
	const client = await ApiClient.of(ctx, version);
	return await withRunCost(ctx, client, async (cost) => {
		const distinct = new Map<string, SearchRequest>();
		for (const request of requests) if (!distinct.has(key(request))) distinct.set(key(request), request);
		const costs = new Map<string, SearchCost>();
		for (const [searchKey, request] of distinct) {
			const before = pagesBefore(request);
			const weight = client.weightOf(request.endpoint ?? 'searchBusinesses', request.body);
			const itemIndex = distinct.size > 1 ? request.itemIndex : undefined;
			costs.set(searchKey, { part: cost.plan(before.pages * weight, before.exact), found: (total) => searchFound(total, itemIndex) });
		}
		const refused = refusalOf(cost, ctx.continueOnFail());
		return await run((request) => {
			const searchCost = costs.get(key(request));
			return searchCost && refused ? { ...searchCost, refused } : searchCost;
		});
	});
}

export interface FetchPagesOptions {
	concurrency?: number;
	/** hears the service's count of all matching records (total_results) from each page that reports it */
	onTotal?: (totalResults: number) => void;
	/** hears how many records the service served again on a later page (dropped), when any were */
	onDuplicates?: (count: number) => void;
	/**
	 * this search's part of the node execution's cost, planned by the caller with the node's other
	 * searches; without it the search plans its own (batching/cost.ts)
	 */
	cost?: SearchCost;
}

/**
 * Fetches the search pages until `limit` records (businesses or prospects) are in hand or the
 * service runs out, on either API version: by page number on v1 (numberedPages), by cursor on v2
 * (cursorPages).
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
	const client = await ApiClient.of(ctx, request.version);
	if (options.cost) return await fetchPlanned(client, request, options, options.cost);
	return await withRunCost(ctx, client, async (cost) => {
		const before = pagesBefore(request);
		const part = cost.plan(before.pages * client.weightOf(request.endpoint ?? 'searchBusinesses', request.body), before.exact);
		cost.check();
		return await fetchPlanned(client, request, options, { part, found: (total) => searchFound(total) });
	});
}

async function fetchPlanned(
	client: ApiClient,
	request: SearchRequest,
	options: FetchPagesOptions,
	cost: SearchCost,
): Promise<IDataObject[]> {
	if (cost.refused) {
		cost.part.close();
		throw cost.refused;
	}
	const endpoint = request.endpoint ?? 'searchBusinesses';
	const result = client.definitionOf(endpoint).result;
	const field = result?.field ?? 'data';
	// every page weighs what the first does (only `page` or the cursor changes)
	const weight = client.weightOf(endpoint, request.body);
	const fetchPage: FetchPage = async (body) => {
		let response: SearchPage | undefined;
		let answered = false;
		try {
			response = await client.request<SearchPage>(endpoint, body, { itemIndex: request.itemIndex });
			answered = true;
		} finally {
			// progress counts the pages that came back, and the failed ones apart
			if (answered) cost.part.succeeded(weight);
			else cost.part.failed(weight);
		}
		if (typeof response?.total_results === 'number') options.onTotal?.(response.total_results);
		const records = Array.isArray(response?.[field]) ? (response[field] as IDataObject[]) : [];
		return { response, records };
	};
	// the first page tells the whole search's pages: the cost is settled (and told, if now long)
	const onPages: OnPages = (pages, total) => cost.part.settle(pages * weight, total === undefined ? undefined : cost.found(total));
	const cursor = isCursorSearch(request);
	let pages: Awaited<ReturnType<typeof cursorPages>>;
	try {
		pages = cursor ? await cursorPages(fetchPage, request, onPages) : await numberedPages(fetchPage, request, options, onPages);
	} finally {
		// ended or stopped early: the cost of the node's later searches counts what this one sent
		cost.part.close();
	}
	// a short page ends a v1 search; on v2 only the cursor says so (the last page asked may be short on purpose)
	const joined = joinPages(pages, { limit: request.limit, pageSize: cursor ? 0 : request.body.page_size, recordId: result?.recordId });
	if (joined.duplicates > 0) options.onDuplicates?.(joined.duplicates);
	return joined.records;
}

/**
 * v2: one page after another, each with the previous answer's `next_cursor`, until `limit`
 * records are in hand, the cursor is null or absent, or a page is empty; never past the most one
 * v2 search yields. The last page asks only for the records still wanted (the page size may
 * change from page to page within a search [I]), so requests = ceil(min(limit, total) / page size)
 * and no record is fetched needlessly. Pages cannot be asked for at the same time: each needs the
 * cursor of the one before.
 */
async function cursorPages(fetchPage: FetchPage, request: CursorSearch, onPages: OnPages): Promise<IDataObject[][]> {
	const { body } = request;
	const wanted = Math.min(request.limit, LIMITS.searchTotal);
	const pages: IDataObject[][] = [];
	let cursor: string | undefined;
	for (let fetched = 0; fetched < wanted; ) {
		const pageBody: IDataObject = { ...body, page_size: Math.min(body.page_size, wanted - fetched) };
		if (cursor !== undefined) pageBody.next_cursor = cursor;
		const { response, records } = await fetchPage(pageBody);
		pages.push(records);
		fetched += records.length;
		const next = response?.page?.next_cursor;
		const last = records.length === 0 || typeof next !== 'string' || next === '';
		if (pages.length === 1) {
			const total = typeof response?.total_results === 'number' ? response.total_results : undefined;
			if (last) onPages(1, total);
			else if (total !== undefined) onPages(Math.max(1, Math.ceil(Math.min(wanted, total) / body.page_size)), total);
		}
		if (last) break;
		cursor = next;
	}
	return pages;
}

/**
 * v1: fetches the search pages until `limit` records are in hand, the service runs out (a short
 * or empty page, or the last page by its own count) or `size` is used up. Once the first page
 * tells the total (total_results or total_pages), the remaining pages are fetched at the same
 * time, up to `concurrency` at once, and joined in page order; without a total, one after
 * another. The last page is trimmed, so never more than `limit` records come back and no page
 * is asked for needlessly: requests = ceil(min(limit, total) / page size).
 */
async function numberedPages(
	fetchPage: FetchPage,
	request: PageNumberSearch,
	options: FetchPagesOptions,
	onPages: OnPages,
): Promise<IDataObject[][]> {
	const { body, limit } = request;
	const pageSize = body.page_size;
	const fetchNumbered = async (page: number) => await fetchPage({ ...body, page });

	// the last page worth asking for: enough for the limit, within `size`
	const lastWanted = Math.min(body.page + Math.ceil(limit / pageSize) - 1, Math.ceil(body.size / pageSize));
	const pages: IDataObject[][] = [];
	const first = await fetchNumbered(body.page);
	pages.push(first.records);
	const lastByCount = lastPageByCount(first.response, pageSize);
	const total = typeof first.response?.total_results === 'number' ? first.response.total_results : undefined;

	if (first.records.length < pageSize) onPages(1, total);
	if (first.records.length >= pageSize && lastByCount !== undefined) {
		const last = Math.min(lastWanted, lastByCount);
		const rest = Array.from({ length: Math.max(0, last - body.page) }, (_, n) => body.page + 1 + n);
		onPages(1 + rest.length, total);
		const fetched = await mapWithConcurrency(rest, options.concurrency ?? DEFAULT_CONCURRENCY, async (page) => (await fetchNumbered(page)).records);
		pages.push(...fetched);
	} else if (first.records.length >= pageSize) {
		// no total: one page after another until one is short or empty
		for (let page = body.page + 1; page <= lastWanted; page++) {
			const { response, records } = await fetchNumbered(page);
			pages.push(records);
			const lastKnown = lastPageByCount(response, pageSize);
			if (records.length < pageSize || (lastKnown !== undefined && page >= lastKnown)) break;
		}
	}
	return pages;
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
