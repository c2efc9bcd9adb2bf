/**
 * Cursor paging of the v2 searches (v2-migration-research.md §4, §11). The cursor is opaque to
 * clients: base64url of the offset and a fingerprint of the search, so a cursor sent with other
 * filters, another exclude list or another mode is refused instead of paging a different list.
 */
import { LIMITS } from '../../../nodes/shared/api';
import { invalid, validationError } from '../errors';

/** FNV-1a, 32 bits: enough to tell two searches apart, and stable across runs. */
function fingerprint(search: unknown): string {
	let hash = 0x811c9dc5;
	for (const char of JSON.stringify(search)) {
		hash ^= char.charCodeAt(0);
		hash = Math.imul(hash, 0x01000193) >>> 0;
	}
	return hash.toString(16).padStart(8, '0');
}

const encode = (offset: number, search: unknown) =>
	Buffer.from(JSON.stringify({ o: offset, f: fingerprint(search) })).toString('base64url');

export const CURSOR_REFUSED = 'is not a cursor of this search: send the next_cursor of its previous page unchanged';

function offsetOf(cursor: string, search: unknown): number {
	let decoded: unknown;
	try {
		decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
	} catch {
		decoded = undefined;
	}
	const { o, f } = (decoded ?? {}) as { o?: unknown; f?: unknown };
	if (typeof o !== 'number' || !Number.isInteger(o) || o < 0 || f !== fingerprint(search)) {
		throw validationError([invalid(['next_cursor'], CURSOR_REFUSED)]);
	}
	return o;
}

export interface CursorPage<T> {
	records: T[];
	/** what the whole search yields: the selection, capped at LIMITS.searchTotal */
	total: number;
	/** null on the last page */
	nextCursor: string | null;
}

/**
 * The page after `cursor` (the first without one) of `selected`, capped at the v2 total. `search`
 * is what identifies the search: filters, exclude and mode, not the page size, which may change
 * from page to page.
 */
export function serveCursorPage<T>(
	selected: readonly T[],
	body: { page_size: number; next_cursor?: string | null },
	search: unknown,
): CursorPage<T> {
	const total = Math.min(selected.length, LIMITS.searchTotal);
	const start = body.next_cursor ? offsetOf(body.next_cursor, search) : 0;
	const end = Math.min(start + body.page_size, total);
	return {
		records: selected.slice(Math.min(start, end), end),
		total,
		nextCursor: end < total ? encode(end, search) : null,
	};
}
