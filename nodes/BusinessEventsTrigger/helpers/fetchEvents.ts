import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { chunk } from '../../shared/batching/grouping';
import { type ApiVersion, catalogFor } from '../../shared/api';
import { ApiClient } from '../../shared/transport/apiClient';
import type { WatchedEntity } from './watchedSource';
import { DEFAULT_API_VERSION } from '../../shared/transport/connection';

export interface FetchPlan {
	entity: WatchedEntity;
	ids: string[];
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
	/** the API version of this poll (transport/apiVersion.ts) */
	version: ApiVersion;
	now: () => number;
}

export interface FetchResult {
	events: IDataObject[];
	/** the chunk to resume at, or undefined when every chunk up to the last was fetched */
	nextChunk?: number;
	requests: number;
}

/** The events endpoint of each entity; its catalog entry gives the id field and the limit. */
const ENDPOINT = { business: 'getBusinessEvents', prospect: 'getProspectEvents' } as const;

/** The ids in request-sized chunks (40 business or prospect ids, as the version's catalog says). */
export function idChunks(entity: WatchedEntity, ids: string[], version: ApiVersion = DEFAULT_API_VERSION): string[][] {
	return chunk(ids, catalogFor(version)[ENDPOINT[entity]].batch?.limit);
}

/**
 * Fetches the events of the watched businesses or prospects, one request per chunk of ids, one after the
 * other. At least one chunk is always fetched; no further chunk starts after the deadline. Any
 * failure (a 429 the transport could not wait out within the poll's time, a 401, ...) is thrown
 * as is: the poll then emits nothing and keeps its state, so the next poll repeats the window.
 */
export async function fetchEvents(ctx: IPollFunctions, plan: FetchPlan): Promise<FetchResult> {
	const endpoint = ENDPOINT[plan.entity];
	const idsField = catalogFor(plan.version)[endpoint].batch?.key ?? 'business_ids';
	const chunks = idChunks(plan.entity, plan.ids, plan.version);
	const client = await ApiClient.of(ctx, plan.version);
	const events: IDataObject[] = [];
	let requests = 0;
	for (let index = Math.min(plan.startChunk, chunks.length - 1); index < chunks.length; index++) {
		if (requests > 0 && (plan.now() >= plan.deadline || (plan.enough !== undefined && events.length >= plan.enough))) {
			return { events, nextChunk: index, requests };
		}
		const body: IDataObject = {
			event_types: plan.eventTypes,
			[idsField]: chunks[index],
			timestamp_from: new Date(plan.from).toISOString(),
		};
		const response = await client.request<IDataObject>(endpoint, body, { deadline: plan.waitDeadline });
		requests++;
		const list = response?.output_events;
		if (Array.isArray(list)) events.push(...(list as IDataObject[]));
	}
	return { events, requests };
}
