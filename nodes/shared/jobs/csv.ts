/**
 * CSV as RFC 4180 writes it, read and written without a dependency: fields separated by commas,
 * a field in double quotes may hold commas, line breaks and doubled quotes (""), lines end in
 * CRLF or LF. The job flow uploads its ids and downloads its results as CSV.
 */

export class CsvError extends Error {}

const COMMA = 44;
const LF = 10;
const CR = 13;
const QUOTE = 34;

/** The line (from 1) of a position, for error messages; counted only when there is an error. */
function lineAt(text: string, position: number): number {
	let line = 1;
	for (let i = 0; i < position && i < text.length; i++) if (text.charCodeAt(i) === LF) line++;
	return line;
}

/**
 * The rows of a CSV text, each a list of fields as text. A byte order mark is skipped, a final
 * line break ends the last row (it starts no empty one), and a blank line is a row of one empty
 * field (callers skip those). A quote inside an unquoted field, or text after a closing quote, is
 * an error: the file is not CSV as written here, and guessing would shift columns.
 */
export function parseCsv(text: string): string[][] {
	const rows: string[][] = [];
	const end = text.length;
	let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
	if (i >= end) return rows;
	let row: string[] = [];
	for (;;) {
		let field: string;
		if (text.charCodeAt(i) === QUOTE) {
			const opened = i;
			field = '';
			let from = i + 1;
			for (;;) {
				const quote = text.indexOf('"', from);
				if (quote === -1) throw new CsvError(`a quoted field opened on line ${lineAt(text, opened)} is never closed`);
				field += text.slice(from, quote);
				if (text.charCodeAt(quote + 1) === QUOTE) {
					field += '"';
					from = quote + 2;
					continue;
				}
				i = quote + 1;
				break;
			}
			const next = text.charCodeAt(i);
			if (i < end && next !== COMMA && next !== LF && next !== CR) {
				throw new CsvError(`line ${lineAt(text, i)} has text after a closing quote`);
			}
		} else {
			let stop = i;
			while (stop < end) {
				const code = text.charCodeAt(stop);
				if (code === COMMA || code === LF || code === CR) break;
				if (code === QUOTE) throw new CsvError(`line ${lineAt(text, stop)} has a quote inside an unquoted field`);
				stop++;
			}
			field = text.slice(i, stop);
			i = stop;
		}
		row.push(field);
		if (i >= end) {
			rows.push(row);
			return rows;
		}
		if (text.charCodeAt(i) === COMMA) {
			i++;
			continue;
		}
		// a line break: CRLF, LF or a lone CR
		i += text.charCodeAt(i) === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
		rows.push(row);
		row = [];
		if (i >= end) return rows;
	}
}

const NEEDS_QUOTES = /[",\r\n]/;

/** One field: quoted when it holds a comma, a quote or a line break, quotes doubled. */
export function csvField(value: string): string {
	return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Rows as CSV text, CRLF after every row (RFC 4180). */
export function formatCsv(rows: ReadonlyArray<readonly string[]>): string {
	return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
