/**
 * Reads an "IDs" parameter the way users fill it in: one id, an array of ids (from an
 * expression such as `{{ $json.business_ids }}`), or ids separated by commas, semicolons, tabs
 * or line breaks. Plain spaces do not separate ids: "acme inc" is one value (and not an id),
 * never the two ids "acme" and "inc". Numbers are accepted as their text; objects, booleans and
 * nested lists are a clear error. With a kind, every id is checked: business ids against the
 * contract's format, other ids for length and spaces.
 */
import { describeType, type IdKind, idProblem } from './inputRules';

export type IdListResult = { ids: string[] } | { error: string };

/** What separates ids in a text value. */
export const ID_SEPARATORS = /[,;\t\r\n]+/;

/** Ids in the order given, each once; empty values are left out. */
export function parseIdList(value: unknown, kind?: IdKind): IdListResult {
	const ids: string[] = [];
	const add = (entry: unknown, nested: boolean): string | undefined => {
		if (entry === undefined || entry === null) return undefined;
		if (typeof entry === 'number' && Number.isFinite(entry)) {
			ids.push(String(entry));
			return undefined;
		}
		if (typeof entry === 'string') {
			ids.push(...entry.split(ID_SEPARATORS).map((part) => part.trim()).filter((part) => part !== ''));
			return undefined;
		}
		if (Array.isArray(entry) && !nested) {
			for (const inner of entry) {
				const problem = add(inner, true);
				if (problem) return problem;
			}
			return undefined;
		}
		return `must be an ID, a list of IDs or comma-separated IDs, got ${describeType(entry)}`;
	};
	const problem = add(value, false);
	if (problem) return { error: problem };
	const unique = [...new Set(ids)];
	if (kind !== undefined) {
		for (const id of unique) {
			const invalid = idProblem(id, kind);
			if (invalid) return { error: invalid };
		}
	}
	return { ids: unique };
}
