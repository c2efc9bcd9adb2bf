/**
 * The v2 names inside served data: event types and the fields the service renamed or removed
 * (nodes/shared/api/v2/renames.ts holds the tables; this applies them to the universe's v1 data).
 */
import { V2_REMOVED_FIELDS, v2FieldName } from '../../../nodes/shared/api';

/** Renames every key the v2 tables rename, at any depth; values are copied, never shared. */
export function withV2FieldNames(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(withV2FieldNames);
	if (value === null || typeof value !== 'object') return value;
	return Object.fromEntries(Object.entries(value).map(([key, inner]) => [v2FieldName(key), withV2FieldNames(inner)]));
}

/** An enrichment record as v2 serves it at `segment` (a path below /v2 without /enrich). */
export function v2EnrichmentRecord(segment: string, record: unknown): unknown {
	const renamed = withV2FieldNames(record);
	const removed = Object.hasOwn(V2_REMOVED_FIELDS, segment) ? V2_REMOVED_FIELDS[segment] : undefined;
	if (!removed || renamed === null || typeof renamed !== 'object' || Array.isArray(renamed)) return renamed;
	return Object.fromEntries(Object.entries(renamed).filter(([key]) => !removed.includes(key)));
}
