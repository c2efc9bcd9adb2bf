/**
 * The job flow's CSV without a dependency: RFC 4180 fields (quotes, commas, line breaks, doubled
 * quotes), CRLF or LF, a byte order mark, clear errors; the sandbox's two cell encodings of a
 * result file and the nodes' reading of both by each field's type; and the multipart body of the
 * dataset upload.
 */
import fc from 'fast-check';

import { readCell as readCellAs } from '../../nodes/shared/jobs/cells';
import { CsvError, csvField, formatCsv, parseCsv } from '../../nodes/shared/jobs/csv';
import { readResultRows } from '../../nodes/shared/jobs/resultRows';
import { ENDPOINTS, ENRICHMENT_RECORDS, type FieldType, isJobOperation, recordSchema, type RecordShape } from '../../nodes/shared/api';
import { multipartBody } from '../../nodes/shared/transport/multipart';
// the sandbox's typed JSON encoding, the one the nodes once assumed
import { readTypedJsonCell as readCell, textCell, typedJsonCell as writeCell } from '../sandbox/v2/jobs/cellEncodings';
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
		const rows = fc.array(fc.array(fc.string({ unit: 'binary', maxLength: 20 }), { minLength: 1, maxLength: 5 }), {
			minLength: 1,
			maxLength: 8,
		});
		fc.assert(fc.property(rows, (written) => JSON.stringify(parseCsv(formatCsv(written))) === JSON.stringify(written)));
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
		fc.assert(
			fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => expect(JSON.stringify(readCell(writeCell(value)))).toBe(JSON.stringify(value))),
		);
		fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => expect(readCell(writeCell(text))).toBe(text)));
	});
});

describe("reading a result cell by its field's type, whatever the encoding", () => {
	/** The cell as each encoding writes the value, read back as a field of `type`. */
	const both = (value: unknown, type: FieldType) => [readCellAs(textCell(value), type), readCellAs(writeCell(value), type)];

	it('string: text stays text, digits, words and the empty text included; a typed JSON string is unwrapped', () => {
		for (const text of ['Acme', '5112', '0042', 'true', 'null-ish', '[1]', '{x}', 'say "hi"', ' padded ', '-', '1e3', '']) {
			expect([text, both(text, 'string')]).toEqual([text, [text, text]]);
		}
		expect([
			readCellAs('"42"', 'string'),
			readCellAs('""', 'string'),
			readCellAs('"null"', 'string'),
			readCellAs('"[1]"', 'string'),
		]).toEqual(['42', '', 'null', '[1]']);
		expect(readCellAs('"unclosed', 'string')).toBe('"unclosed');
		// the word null is text in a field that is never null, null in one that may be
		expect([readCellAs('null', 'string'), readCellAs('null', 'string | null')]).toEqual(['null', null]);
	});

	it('string: ordinary text in quotes keeps its quotes and backslashes; only what typed JSON quotes is unwrapped', () => {
		for (const text of ['"We\'re hiring"', '"C:\\new"', '"C:\new"', '"Acme"', '"say \\"hi\\""', '"\\u0041"']) {
			expect([text, both(text, 'string')]).toEqual([text, [text, text]]);
		}
		// any text in typed JSON; in ordinary CSV quoted words with apostrophes, spaces and backslash escapes (\n, \r)
		fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => expect(readCellAs(writeCell(text), 'string')).toBe(text)));
		const quotedWords = fc
			.string({ unit: fc.constantFrom('W', 'e', "'", ' ', '\\', 'n', 'r'), minLength: 1 })
			.map((inside) => `"${inside}"`);
		fc.assert(fc.property(quotedWords, (text) => expect(both(text, 'string')).toEqual([text, text])));
	});

	it('number and integer: numbers, negative, decimal, exponent; a Python 12.0 is 12; anything else kept as its text', () => {
		for (const value of [0, 42, -7, 3.25, 0.001, 1e21, -1.5e-7]) expect(both(value, 'number')).toEqual([value, value]);
		for (const value of [0, 12, -3, 9_007_199_254_740_991]) expect(both(value, 'integer')).toEqual([value, value]);
		expect(['12.0', '+5', '.5', ' 7 '].map((text) => readCellAs(text, 'integer'))).toEqual([12, 5, 0.5, 7]);
		expect(['n/a', '12 apples', '0x1F', 'NaN', 'Infinity'].map((text) => readCellAs(text, 'number'))).toEqual([
			'n/a',
			'12 apples',
			'0x1F',
			'NaN',
			'Infinity',
		]);
	});

	it('boolean: true and false, also as Python writes them; anything else kept as its text', () => {
		expect([both(true, 'boolean'), both(false, 'boolean')]).toEqual([
			[true, true],
			[false, false],
		]);
		expect(['True', 'FALSE', 'yes', '1'].map((text) => readCellAs(text, 'boolean'))).toEqual([true, false, 'yes', '1']);
	});

	it("null and empty: an empty cell is '' in text that is never null, null in every other field, as is typed JSON's null", () => {
		expect([both('', 'string'), readCellAs('', 'string')]).toEqual([['', ''], '']);
		for (const type of ['string | null', 'number | null', 'integer', 'boolean', 'object | null', 'array'] as FieldType[]) {
			expect([type, both(null, type)]).toEqual([type, [null, null]]);
			expect([type, readCellAs('', type)]).toEqual([type, null]);
		}
	});

	it('object and array: nested values as JSON text, read back whole; malformed JSON kept as its text', () => {
		const location = { country_name: 'United States', region: 'California', city_name: 'San Jose', zip: '00501', lat: 37.3 };
		const rounds = [{ round: 'Seed', amount: 1_000_000, lead_investors: ['A, Inc.'], closed: true, note: null }];
		expect(both(location, 'object')).toEqual([location, location]);
		expect(both(rounds, 'array')).toEqual([rounds, rounds]);
		expect(both([], 'array')).toEqual([[], []]);
		expect(['{broken', '[1]', '"x"'].map((text) => readCellAs(text, 'object'))).toEqual(['{broken', '[1]', '"x"']);
		expect(['[broken', '{}'].map((text) => readCellAs(text, 'array'))).toEqual(['[broken', '{}']);
	});

	it('a field the shape does not know: its text, empty as null', () => {
		expect(['42', 'true', '{"a":1}', ''].map((text) => readCellAs(text, undefined))).toEqual(['42', 'true', '{"a":1}', null]);
	});

	it('has a record shape for every sync enrichment of the v2 catalog, and no other', () => {
		const enrichments = Object.keys(ENDPOINTS).filter(
			(name) => ENDPOINTS[name as keyof typeof ENDPOINTS].path.endsWith('/enrich') && !isJobOperation(name),
		);
		expect(Object.keys(ENRICHMENT_RECORDS).sort()).toEqual(enrichments.sort());
		expect(enrichments).toHaveLength(20);
	});

	it('reads a field a record may lack by its type when the file has it, leaves it out where its cell is empty (as /enrich does)', () => {
		const funding = ENRICHMENT_RECORDS.enrichBusinessFunding;
		const file =
			'business_id,company_name,total_funding_amount,latest_funding_increase_percentage\r\nb1,Acme,5000000,12.5\r\nb2,Bolt,0,\r\nb3,Core,0,null\r\n';
		const read = readResultRows(file, 'business_id', funding);
		expect(read).toEqual({
			rows: new Map([
				[
					'b1',
					[
						{
							business_id: 'b1',
							data: { company_name: 'Acme', total_funding_amount: 5_000_000, latest_funding_increase_percentage: 12.5 },
						},
					],
				],
				['b2', [{ business_id: 'b2', data: { company_name: 'Bolt', total_funding_amount: 0 } }]],
				// typed JSON's null: the field is there, null
				['b3', [{ business_id: 'b3', data: { company_name: 'Core', total_funding_amount: 0, latest_funding_increase_percentage: null } }]],
			]),
		});
		// toEqual treats a key holding undefined as missing: the key itself must be absent
		expect(Object.keys((read as { rows: Map<string, Array<{ data: object }>> }).rows.get('b2')![0].data)).toEqual([
			'company_name',
			'total_funding_amount',
		]);
		const record = { company_name: 'Acme', total_funding_amount: 1, funding_rounds: [], acquisitions: [] };
		expect(recordSchema(funding).safeParse(record).success).toBe(true);
		expect(recordSchema(funding).safeParse({ ...record, latest_funding_increase_percentage: 3.5 }).success).toBe(true);
		expect(recordSchema(funding).safeParse({ ...record, latest_funding_increase_percentage: '3.5' }).success).toBe(false);
		expect(recordSchema(funding).safeParse({ ...record, extra: 1 }).success).toBe(false);
		const { acquisitions: _dropped, ...lacking } = record;
		expect(recordSchema(funding).safeParse(lacking).success).toBe(false);
	});

	it('reads a file of either encoding into the same records, typed as /enrich types them', () => {
		const shape: RecordShape = {
			name: 'string',
			naics: 'string',
			ticker: 'string | null',
			employees: 'integer',
			score: 'number',
			public: 'boolean',
			location: 'object',
			tags: 'array',
			note: 'string',
			growth: { optional: 'number' },
		};
		const records: Array<Record<string, unknown>> = [
			{
				name: 'Acme, Inc.',
				naics: '5112',
				ticker: null,
				employees: 120,
				score: 0.75,
				public: false,
				location: { city: 'Austin' },
				tags: ['b2b', 'saas'],
				note: '',
				growth: 2.5,
			},
			{
				name: '42',
				naics: '0021',
				ticker: 'ACME',
				employees: 0,
				score: -1.5,
				public: true,
				location: {},
				tags: [],
				note: '"We\'re hiring"',
			},
		];
		const file = (cell: (value: unknown) => string) =>
			formatCsv([
				['business_id', ...Object.keys(shape)],
				...records.map((record, i) => [`b${i}`, ...Object.keys(shape).map((field) => cell(record[field]))]),
			]);
		const expected = { rows: new Map(records.map((record, i) => [`b${i}`, [{ business_id: `b${i}`, data: record }]])) };
		for (const encoding of [textCell, writeCell]) {
			const read = readResultRows(file(encoding), 'business_id', shape) as { rows: Map<string, Array<{ data: object }>> };
			expect(read).toEqual(expected);
			// the same keys in the same order: toEqual alone would not see a key holding undefined
			expect([...read.rows.values()].map(([row]) => Object.keys(row.data))).toEqual(records.map((record) => Object.keys(record)));
		}
		expect(file(textCell)).not.toBe(file(writeCell));
	});
});

describe("the upload's multipart body", () => {
	it('has a text part per field, the file as a CSV file part, and a closing boundary', () => {
		const { body, contentType } = multipartBody(
			{ file: 'business_id\r\nabc\r\n', entity_type: 'business' },
			{ file: 'ids.csv' },
			'text/csv',
			'XYZ',
		);
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
