/**
 * A result CSV's cell read as the value `/enrich` gives for its field. The research names the
 * format "csv" and nothing more (§7), so the cell encoding is unknown: ordinary CSV text (a
 * number as digits, true/false, null and an absent field as an empty cell, a nested object or
 * list as JSON) or typed JSON cells (text as is, or as a JSON string when it would read as
 * something else; every other value as JSON, null as `null`; an absent field as an empty cell).
 * Each cell is read by its field's type in the enrichment's record shape
 * (api/v2/schemas/enrichRecords.ts), which reads both encodings alike: "5112" in a text field stays
 * text, 42 in a number field is a number. An empty cell is '' in a text field that is never
 * null, null in a field that may be null, and no field at all in a field the record may lack, as
 * `/enrich` gives them. A cell that is not of its field's type (the service changed a field) is
 * kept as the text the file holds, never dropped.
 * Where the two encodings collide, the typed JSON reading wins: a quoted text that the typed JSON
 * writer would have written ("\"42\"", "\"\"") reads unquoted, and the word null in a field that
 * may be null reads as null. Ordinary CSV cannot tell '' from null in a text field that may be
 * null (read as null), nor null from absent in a field the record may lack (read as absent).
 */
import type { IDataObject } from 'n8n-workflow';

import { type CellType, cellTypeOf, type FieldType, fieldTypeOf, mayLackField, type RecordShape } from '../api';

/** JSON's number syntax, with a leading plus and a bare trailing point or exponent as CSV writers print them. */
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function parsedJson(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}

/** Whether the typed JSON writer quotes this text: it is empty, or it would read as a JSON value. */
const quotedByTypedJson = (text: string) => text === '' || parsedJson(text) !== undefined;

const READERS: Record<CellType, (text: string) => unknown> = {
	// unquoted only where typed JSON quotes ("42", "true", ""): ordinary text such as "We're hiring" keeps its quotes
	string: (text) => {
		if (!text.startsWith('"')) return text;
		const value = parsedJson(text);
		return typeof value === 'string' && quotedByTypedJson(value) ? value : text;
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
 * as text, an empty cell as null. An empty cell is '' in a text field that is never null (ordinary
 * CSV writes '' as nothing) and null in any other field; the word null (typed JSON's null) is
 * null too, unless the field is text that is never null.
 */
export function readCell(text: string, type: FieldType | undefined): unknown {
	if (type === undefined) return text === '' ? null : text;
	const field = cellTypeOf(type);
	if (text === '') return field.type === 'string' && !field.nullable ? '' : null;
	if (text.trim() === 'null' && (field.nullable || field.type !== 'string')) return null;
	return READERS[field.type](text);
}

/**
 * One row's cells as the record `/enrich` gives: each by its field's type in `shape`; an empty
 * cell of a field the record may lack is left out, as `/enrich` leaves the field out.
 * `fields`: the header's field names, one per cell.
 */
export function readRecord(fields: readonly string[], cells: readonly string[], shape: RecordShape): IDataObject {
	// fromEntries defines own properties: a column named "__proto__" stays a field
	return Object.fromEntries(
		fields.flatMap((field, column) => {
			const cell = cells[column];
			if (cell === '' && mayLackField(shape, field)) return [];
			return [[field, readCell(cell, fieldTypeOf(shape, field))]];
		}),
	) as IDataObject;
}
