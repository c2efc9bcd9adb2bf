/** How v1's two searches cut a page out of their selection (the records the filters select, in order); v2 pages by cursor (../v2/cursor.ts). */

export interface PageRequest {
	size: number;
	page_size: number;
	page?: number;
}

/**
 * Page `page` of the selection capped at `size`, and the total the service reports. `shift`
 * (the sandbox's searchShift setting) simulates records added ahead of all others after the first
 * page was served: later pages are cut from the grown list, so each starts with records an
 * earlier page already held, and the cap at `size` drops the same number from the end. The added
 * records themselves fall on page 1 and are never served.
 */
export function servePage<T>(selected: readonly T[], body: PageRequest, shift = 0): { records: T[]; total: number; page: number } {
	const page = body.page ?? 1;
	const ahead = page > 1 ? shift : 0;
	const total = Math.min(selected.length + ahead, body.size);
	const start = (page - 1) * body.page_size;
	const end = Math.min(page * body.page_size, total);
	return {
		records: selected.slice(Math.max(0, start - ahead), Math.max(0, end - ahead)),
		total,
		page,
	};
}
