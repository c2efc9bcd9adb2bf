/**
 * The two ways the sandbox can write a job result file's cells (the service does not document
 * its own: research §7 says only "format: csv"). `sandbox.jobs.configure({ cellEncoding })`
 * chooses; the nodes read both alike (nodes/shared/jobs/cells.ts).
 * - 'text' (the default, [I] the likelier one): ordinary CSV text. Text as is, a number as its
 *   digits, true or false, null (or an absent field) as an empty cell, an object or list as JSON.
 * - 'typedJson': every cell reads back as the value it was written from. Text as is, unless it
 *   would read as something else ("42", "true", "", " [1]"): then as a JSON string; every other
 *   value as JSON (null as `null`); an absent field as an empty cell.
 */

export type CellEncoding = 'text' | 'typedJson';

/** First characters after which a cell may be JSON of something other than a word (true, false, null). */
const JSON_START = /^\s*[[{"\-\d]/;
const JSON_WORD = /^\s*(?:true|false|null)\s*$/;

/** A typed JSON cell's value: undefined for an empty cell (an absent field), JSON when it is JSON, else the text. */
export function readTypedJsonCell(text: string): unknown {
	if (text === '') return undefined;
	if (!JSON_START.test(text) && !JSON_WORD.test(text)) return text;
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return text;
	}
}

/** A value as a typed JSON cell that `readTypedJsonCell` reads back equal to it; undefined as an empty cell. */
export function typedJsonCell(value: unknown): string {
	if (value === undefined) return '';
	if (typeof value === 'string') return readTypedJsonCell(value) === value ? value : JSON.stringify(value);
	return JSON.stringify(value);
}

/** A value as ordinary CSV text: null and undefined as an empty cell, objects and lists as JSON. */
export function textCell(value: unknown): string {
	if (value === undefined || value === null) return '';
	if (typeof value === 'object') return JSON.stringify(value);
	return String(value);
}

export const CELL_WRITERS: Readonly<Record<CellEncoding, (value: unknown) => string>> = { text: textCell, typedJson: typedJsonCell };
