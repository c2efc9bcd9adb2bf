/**
 * Reads an "IDs" parameter the way users fill it in: one id, an array of ids (from an
 * expression such as `{{ $json.business_ids }}`), or ids separated by commas, semicolons,
 * spaces or line breaks. Numbers are accepted as their text; anything else is a clear error.
 */
export type IdListResult = { ids: string[] } | { error: string };

function describe(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'a list';
	return typeof value === 'object' ? 'an object' : typeof value;
}

/** Ids in the order given, each once; empty values are left out. */
export function parseIdList(value: unknown): IdListResult {
	const ids: string[] = [];
	const add = (entry: unknown, nested: boolean): string | undefined => {
		if (entry === undefined || entry === null) return undefined;
		if (typeof entry === 'number' && Number.isFinite(entry)) {
			ids.push(String(entry));
			return undefined;
		}
		if (typeof entry === 'string') {
			ids.push(...entry.split(/[\s,;]+/).filter((part) => part !== ''));
			return undefined;
		}
		if (Array.isArray(entry) && !nested) {
			for (const inner of entry) {
				const problem = add(inner, true);
				if (problem) return problem;
			}
			return undefined;
		}
		return `must be an ID, a list of IDs or comma-separated IDs, got ${describe(entry)}`;
	};
	const problem = add(value, false);
	if (problem) return { error: problem };
	return { ids: [...new Set(ids)] };
}
