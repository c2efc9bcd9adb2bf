/**
 * Which ids go into which job: items share a job when their shared fields (the parameters) are
 * equal, as they share a request on the sync path; each id goes once (trimmed), in the order it
 * was first asked for; a group larger than LIMITS.jobRecords is split over several jobs.
 */
import type { IDataObject } from 'n8n-workflow';

import type { ItemRequest } from '../batching/engine';
import { stableKey } from '../batching/grouping';
import { LIMITS } from '../api';

export interface JobGroup {
	shared: IDataObject;
	ids: string[];
	/** the items that asked for each id */
	owners: Map<string, number[]>;
}

export interface JobChunk {
	group: JobGroup;
	ids: string[];
	/** the items this job answers, ascending */
	items: number[];
}

export const groupKey = (request: ItemRequest<string>) => stableKey(request.shared ?? {});

export function groupIds(requests: ReadonlyArray<ItemRequest<string>>): Map<string, JobGroup> {
	const groups = new Map<string, JobGroup>();
	for (const request of requests) {
		const key = groupKey(request);
		let group = groups.get(key);
		if (!group) groups.set(key, (group = { shared: request.shared ?? {}, ids: [], owners: new Map() }));
		for (const entry of request.entries) {
			const id = String(entry).trim();
			const owners = group.owners.get(id);
			if (owners) owners.push(request.itemIndex);
			else {
				group.ids.push(id);
				group.owners.set(id, [request.itemIndex]);
			}
		}
	}
	return groups;
}

/** The jobs of the groups, at most LIMITS.jobRecords ids each. */
export function jobChunks(groups: Iterable<JobGroup>): JobChunk[] {
	const chunks: JobChunk[] = [];
	for (const group of groups) {
		for (let start = 0; start < group.ids.length; start += LIMITS.jobRecords) {
			const ids = group.ids.slice(start, start + LIMITS.jobRecords);
			const items = [...new Set(ids.flatMap((id) => group.owners.get(id) ?? []))].sort((a, b) => a - b);
			chunks.push({ group, ids, items });
		}
	}
	return chunks;
}
