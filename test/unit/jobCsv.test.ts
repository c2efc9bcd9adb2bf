/**
 * The job flow's CSV without a dependency: RFC 4180 fields (quotes, commas, line breaks, doubled
 * quotes), CRLF or LF, a byte order mark, clear errors; the typed cells of a result file; and the
 * multipart body of the dataset upload.
 */
import fc from 'fast-check';

import { readCell, writeCell } from '../../nodes/shared/jobs/cells';
import { CsvError, csvField, formatCsv, parseCsv } from '../../nodes/shared/jobs/csv';
import { multipartBody } from '../../nodes/shared/transport/multipart';
import { parseMultipart } from '../sandbox/v2/jobs/multipart';

describe('parseCsv', () => {
	it('reads quoted fields with commas, line breaks and doubled quotes', () => {
		expect(parseCsv('id,name,note\r\n1,"Acme, Inc.","said ""hi""\r\nthen left"\r\n2,Bolt,\r\n')).toEqual([
			['id', 'name', 'note'],
			['1', 'Acme, Inc.', 'said "hi"\r\nthen left'],
			['2', 'Bolt', ''],
		]);
	});

	it('takes LF and a lone CR as line ends, skips a byte order mark, starts no row after the last line break', () => {
		expect(parseCsv('\uFEFFa,b\nc,d\re,f')).toEqual([
			['a', 'b'],
			['c', 'd'],
			['e', 'f'],
		]);
		expect(parseCsv('')).toEqual([]);
		expect(parseCsv('a\r\n\r\nb\r\n')).toEqual([['a'], [''], ['b']]);
		expect(parseCsv('"",""\r\n')).toEqual([['', '']]);
		expect(parseCsv('a,')).toEqual([['a', '']]);
	});

	it('refuses what is not CSV, naming the line', () => {
		expect(() => parseCsv('a,b\r\n"open,c\r\n')).toThrow(new CsvError('a quoted field opened on line 2 is never closed'));
		expect(() => parseCsv('a\r\nb"c\r\n')).toThrow(new CsvError('line 2 has a quote inside an unquoted field'));
		expect(() => parseCsv('a\r\n"b"c\r\n')).toThrow(new CsvError('line 2 has text after a closing quote'));
	});

	it('reads back what formatCsv writes, for any text', () => {
		const rows = fc.array(fc.array(fc.string({ unit: 'binary', maxLength: 20 }), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 8 });
		fc.assert(
			fc.property(rows, (written) => JSON.stringify(parseCsv(formatCsv(written))) === JSON.stringify(written)),
		);
	});

	it('quotes only fields that need it', () => {
		expect([csvField('plain'), csvField('a,b'), csvField('say "x"'), csvField('two\nlines'), csvField('')]).toEqual([
			'plain',
			'"a,b"',
			'"say ""x"""',
			'"two\nlines"',
			'',
		]);
		expect(formatCsv([['business_id'], ['abc']])).toBe('business_id\r\nabc\r\n');
	});
});

describe('result cells', () => {
	it('write text as it is, other values as JSON, absent as empty; a text that would read as something else as a JSON string', () => {
		expect(['Acme', 42, true, null, { a: [1] }, [], undefined, '42', 'true', '', ' [1]', '-'].map(writeCell)).toEqual([
			'Acme',
			'42',
			'true',
			'null',
			'{"a":[1]}',
			'[]',
			'',
			'"42"',
			'"true"',
			'""',
			'" [1]"',
			'-',
		]);
		expect(['Acme', '42', '"42"', '', 'nullish', '{broken'].map(readCell)).toEqual(['Acme', 42, '42', undefined, 'nullish', '{broken']);
	});

	it('read back every JSON value as written', () => {
		// compared as JSON text: the sync answer is JSON too, where -0 and 0 are one number
		fc.assert(fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => expect(JSON.stringify(readCell(writeCell(value)))).toBe(JSON.stringify(value))));
		fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => expect(readCell(writeCell(text))).toBe(text)));
	});
});

describe('the upload\'s multipart body', () => {
	it('has a text part per field, the file as a CSV file part, and a closing boundary', () => {
		const { body, contentType } = multipartBody({ file: 'business_id\r\nabc\r\n', entity_type: 'business' }, { file: 'ids.csv' }, 'text/csv', 'XYZ');
		expect(contentType).toBe('multipart/form-data; boundary=XYZ');
		expect(body).toBe(
			'--XYZ\r\nContent-Disposition: form-data; name="file"; filename="ids.csv"\r\nContent-Type: text/csv\r\n\r\nbusiness_id\r\nabc\r\n\r\n' +
				'--XYZ\r\nContent-Disposition: form-data; name="entity_type"\r\n\r\nbusiness\r\n--XYZ--\r\n',
		);
		expect(parseMultipart(body, 'XYZ')).toEqual({ file: 'business_id\r\nabc\r\n', entity_type: 'business' });
		expect(() => multipartBody({ name: 'has --XYZ in it' }, {}, 'text/csv', 'XYZ')).toThrow('A multipart field contains the boundary');
	});

	it('draws a new random boundary for each body', () => {
		const [a, b] = [multipartBody({ x: '1' }), multipartBody({ x: '1' })];
		expect(a.contentType).toMatch(/^multipart\/form-data; boundary=n8n-business-prospect-data-[0-9a-f]{24}$/);
		expect(a.contentType).not.toBe(b.contentType);
	});
});
