/**
 * The trigger's memory of the events it fired, so each fires once: event keys (eventKey: `id:<event_id>`),
 * oldest first, at most LIMITS.webhookSeenEventIds (the oldest dropped first). It lives in the
 * workflow's static data, which n8n saves after each delivery, so it survives a restart; a copy in
 * this process covers deliveries that arrive before the previous one's save (n8n loads static data
 * from its database for every delivery).
 */
import type { IDataObject } from 'n8n-workflow';

import { LIMITS } from '../api';

/** Adds a key; returns false when it was there already. Keeps the list bounded, oldest dropped. */
export function remember(list: string[], key: string, limit: number = LIMITS.webhookSeenEventIds): boolean {
	if (list.includes(key)) return false;
	list.push(key);
	if (list.length > limit) list.splice(0, list.length - limit);
	return true;
}

/** The keys two copies of the memory hold together, oldest first (the stored order leads), bounded. */
export function merge(stored: readonly string[], recent: readonly string[], limit: number = LIMITS.webhookSeenEventIds): string[] {
	const merged = [...stored];
	const known = new Set(stored);
	for (const key of recent) if (!known.has(key)) merged.push(key);
	return merged.length > limit ? merged.slice(merged.length - limit) : merged;
}

/** The list stored in static data (anything else there is ignored). */
export function readSeen(staticData: IDataObject): string[] {
	const seen = staticData.seenEvents;
	return Array.isArray(seen) ? seen.filter((key): key is string => typeof key === 'string') : [];
}
