/**
 * A job's result CSV read back into the rows the sync `/enrich` answers: `{<id field>: id,
 * data: record}`, one per CSV row, grouped by id in the file's order. [I] The layout is the
 * sandbox's (test/sandbox/README.md, "API v2: async jobs"): the first column holds the id, named
 * after the id field; the others are the record's fields, each cell read by its field's type in
 * the enrichment's record shape (cells.ts), so each record is typed as `/enrich` types it.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RecordShape } from '../api';
import { readRecord } from './cells';
import { CsvError, parseCsv } from './csv';

/**
 * The rows of each id, in the file's order (an id the file does not name has none), or why the
 * file cannot be read. `shape`: the enrichment's record (every column read as text without one).
 */
export function readResultRows(
	text: string,
	idField: string,
	shape: RecordShape = {},
): { rows: Map<string, IDataObject[]> } | { problem: string } {
	let table: string[][];
	try {
		table = parseCsv(text);
	} catch (error) {
		return { problem: `it is not valid CSV: ${(error as CsvError).message}` };
	}
	const rows = new Map<string, IDataObject[]>();
	const [header, ...records] = table;
	if (!header || (header.length === 1 && header[0] === '')) return { rows };
	if (header[0] !== idField) return { problem: `its first column is "${header[0]}", not "${idField}"` };
	for (const [index, row] of records.entries()) {
		if (row.length === 1 && row[0] === '') continue;
		if (row.length !== header.length) {
			return { problem: `row ${index + 2} has ${row.length} fields where the header has ${header.length}` };
		}
		const data = readRecord(header.slice(1), row.slice(1), shape);
		const id = row[0];
		const list = rows.get(id);
		const entry: IDataObject = { [idField]: id, data };
		if (list) list.push(entry);
		else rows.set(id, [entry]);
	}
	return { rows };
}
