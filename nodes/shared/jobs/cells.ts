/**
 * A result CSV's cell read as the value `/enrich` gives for its field. The research names the
 * format "csv" and nothing more (§7), so the cell encoding is unknown: ordinary CSV text (a
 * number as digits, true/false, null as an empty cell, a nested object or list as JSON) or
 * typed JSON cells (text as is, or as a JSON string when it would read as something else;
 * every other value as JSON). Each cell is read by its field's type in the enrichment's record
 * shape (schemasV2/enrichRecords.ts), which reads both encodings alike: "5112" in a text field
 * stays text, 42 in a number field is a number, an empty cell is null. A cell that is not of its
 * field's type (the service changed a field) is kept as the text the file holds, never dropped.
 * Where the two encodings collide, the typed JSON reading wins: a text that is itself a quoted JSON
 * string ("\"x\"") reads unquoted, and the word null in a field that may be null reads as null.
 */
import { type CellType, cellTypeOf, type FieldType } from '../schemasV2/enrichRecords';

/** JSON's number syntax, with a leading plus and a bare trailing point or exponent as CSV writers print them. */
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function parsedJson(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}

const READERS: Record<CellType, (text: string) => unknown> = {
	// a JSON string is the typed encoding's text that would read as something else ("42", "true", "")
	string: (text) => {
		if (!text.startsWith('"')) return text;
		const value = parsedJson(text);
		return typeof value === 'string' ? value : text;
	},
	number: (text) => (NUMBER.test(text.trim()) ? Number(text) : text),
	integer: (text) => (NUMBER.test(text.trim()) ? Number(text) : text),
	// True and False as well: what a Python CSV writer prints
	boolean: (text) => ({ true: true, false: false })[text.trim().toLowerCase()] ?? text,
	object: (text) => {
		const value = parsedJson(text);
		return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : text;
	},
	array: (text) => {
		const value = parsedJson(text);
		return Array.isArray(value) ? value : text;
	},
};

/**
 * A cell's value for a field of `type`; undefined `type` (a field the shape does not know) reads
 * as text. An empty cell is null whatever the type (ordinary CSV writes null as nothing), and so
 * is the word null (typed JSON's null) unless the field is text that is never null.
 */
export function readCell(text: string, type: FieldType | undefined): unknown {
	if (text === '') return null;
	if (type === undefined) return text;
	const field = cellTypeOf(type);
	if (text.trim() === 'null' && (field.nullable || field.type !== 'string')) return null;
	return READERS[field.type](text);
}
