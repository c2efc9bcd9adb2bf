import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { chunk } from '../shared/batching/grouping';
import { LIMITS } from '../shared/limits';
import { ApiClient } from '../shared/transport/apiClient';

export interface FetchPlan {
	businessIds: string[];
	eventTypes: string[];
	/** sent as timestamp_from: the service returns events after it */
	from: number;
	/** first chunk to fetch (a poll that ran out of time resumes here) */
	startChunk: number;
	/** no new request starts after this time (ms since epoch) */
	deadline: number;
	/** no retry wait (a 429's Retry-After, a backoff) runs past this time: the request fails instead */
	waitDeadline: number;
	/** stop once this many events were collected (manual samples) */
	enough?: number;
	now: () => number;
}

export interface FetchResult {
	events: IDataObject[];
	/** the chunk to resume at, or undefined when every chunk up to the last was fetched */
	nextChunk?: number;
	requests: number;
}

export const businessIdChunks = (ids: string[]) => chunk(ids, LIMITS.businessEventIds);

/**
 * Fetches the events of the watched businesses, one request per chunk of ids, one after the
 * other. At least one chunk is always fetched; no further chunk starts after the deadline. Any
 * failure (a 429 the transport could not wait out within the poll's time, a 401, ...) is thrown
 * as is: the poll then emits nothing and keeps its state, so the next poll repeats the window.
 */
export async function fetchEvents(ctx: IPollFunctions, plan: FetchPlan): Promise<FetchResult> {
	const chunks = businessIdChunks(plan.businessIds);
	const client = await ApiClient.of(ctx);
	const events: IDataObject[] = [];
	let requests = 0;
	for (let index = Math.min(plan.startChunk, chunks.length - 1); index < chunks.length; index++) {
		if (requests > 0 && (plan.now() >= plan.deadline || (plan.enough !== undefined && events.length >= plan.enough))) {
			return { events, nextChunk: index, requests };
		}
		const body: IDataObject = {
			event_types: plan.eventTypes,
			business_ids: chunks[index],
			timestamp_from: new Date(plan.from).toISOString(),
		};
		const response = await client.request<IDataObject>('getBusinessEvents', body, { deadline: plan.waitDeadline });
		requests++;
		const list = response?.output_events;
		if (Array.isArray(list)) events.push(...(list as IDataObject[]));
	}
	return { events, requests };
}
