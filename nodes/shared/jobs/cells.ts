/**
 * [I] How a result CSV's cells carry typed values (the research names the format "csv" and
 * nothing more): a text value is written as it is, any other value (number, boolean, null,
 * object, list) as JSON, and a field the record lacks as an empty cell. A text that would read
 * back as something else ("42", "true", "", "[1]") is written as a JSON string ("\"42\""), so
 * every record reads back exactly as the sync `/enrich` answer gives it. Should the service
 * write its cells otherwise, this file is the one to change.
 */

/** First characters after which a cell may be JSON of something other than a word (true, false, null). */
const JSON_START = /^\s*[[{"\-\d]/;
const JSON_WORD = /^\s*(?:true|false|null)\s*$/;

/** A cell's value: undefined for an empty cell (the record lacks the field), JSON when it is JSON, else the text. */
export function readCell(text: string): unknown {
	if (text === '') return undefined;
	if (!JSON_START.test(text) && !JSON_WORD.test(text)) return text;
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return text;
	}
}

/** A value as a cell that `readCell` reads back equal to it; undefined as an empty cell. */
export function writeCell(value: unknown): string {
	if (value === undefined) return '';
	if (typeof value === 'string') return readCell(value) === value ? value : JSON.stringify(value);
	return JSON.stringify(value);
}
