/** The shape of a catalog entry, shared by every API version's catalog. */
import type { IHttpRequestMethods } from 'n8n-workflow';
import type { ZodTypeAny } from 'zod/v3';

/** How the elements of a response are matched back to the batched request elements. */
export type ResultJoin =
	/** the n-th result belongs to the n-th request element (the service keeps order) */
	| { by: 'position' }
	/** results carry the id they belong to; an id may have zero, one or many results */
	| { by: 'id'; field: string };

export interface EndpointBatch {
	/** body array that many input items share */
	key: string;
	/** most elements of `key` per request; undefined when the contract sets no limit (one request) */
	limit: number | undefined;
}

/**
 * How the service meters one request against the key's queries per minute (rate-limits.md): one
 * query per element of a body array (`entities`), or a fixed number of queries. `assumed`: the
 * service's page does not publish this endpoint's weight; the budget learns the real one from the
 * drop in X-RateLimit-Remaining across a request (transport/queryMeter.ts) and uses that instead.
 */
export type EndpointMeter = { entities: string; assumed?: true } | { queries: number; assumed?: true };

export interface EndpointDefinition {
	method: IHttpRequestMethods;
	/** what one request costs in queries: one line per endpoint, read by the budget and the sandbox */
	meter: EndpointMeter;
	/** path below the base URL, with the version prefix (/v1, /v2); `{name}` segments are path parameters */
	path: string;
	/** request body schema (the whole body) */
	body: ZodTypeAny;
	/** present when many input items can share one request */
	batch?: EndpointBatch;
	/**
	 * response field holding the result array, and how it joins back; `recordId` names a record of
	 * a paged search, so a record served again on a later page is recognised
	 */
	result?: {
		field: string;
		join?: ResultJoin;
		recordId?: string;
		/** a row's `data` may be one object or an array of them (v2 enrichments): readers must take both */
		rowData?: 'oneOrMany';
	};
	/**
	 * how a paged search moves on: absent, by page number (`page`, v1); 'cursor': the next body
	 * carries the answer's `page.next_cursor` as `next_cursor`, and the last page has none (v2)
	 */
	paging?: 'cursor';
	/** retrying may create a duplicate: retry only when the request surely never arrived */
	idempotent: boolean;
	/** send the credential's partner id header (only where the contract names it) */
	partnerHeader?: boolean;
	/** query string schema (GET endpoints that take one); values are text */
	query?: ZodTypeAny;
	/** the answer is a bare JSON array, without response_context */
	bareArray?: boolean;
	/** the body goes as multipart/form-data: its `file` field as a CSV file, the others as text (dataset upload) */
	multipart?: true;
}
