/**
 * Search Businesses' node versions: 1 speaks API v1 (10,000 businesses per search, pages of up to
 * 100, Starting Page), 2 speaks API v2 (60,000 per search, pages of up to 500 by cursor,
 * Include Operating Locations). The credential's API Version may override either
 * (transport/apiVersion.ts): the search keeps its node version's parameters and cap.
 */
import { LIMITS } from '../../shared/api';
import { BUSINESS_SEARCH, type SearchKind } from '../../shared/search/searchRequest';

/** Version 2: up to the most one v2 search yields; on a credential set to v1, what v1 serves. */
export const BUSINESS_SEARCH_V2: SearchKind = {
	...BUSINESS_SEARCH,
	maxSize: LIMITS.searchTotal,
	v1MaxSize: LIMITS.searchSize.max,
	// the largest page by default, so a large search takes the fewest requests (10,000 in 20)
	defaultPageSize: LIMITS.searchPageSize.max,
};

/** The search of the node version a workflow holds. */
export const businessSearchOf = (typeVersion: number): SearchKind => (typeVersion < 2 ? BUSINESS_SEARCH : BUSINESS_SEARCH_V2);
