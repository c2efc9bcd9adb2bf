/**
 * Property-based tests (fast-check) over every reader that turns user input into a request, and
 * over the batching engine. Inputs: arbitrary strings (unicode, NFC and NFD), numbers, nulls,
 * booleans, nested objects and lists, prototype keys, huge values, duplicates.
 *
 * Invariants:
 * - no crash: a reader returns a value or throws an ItemValidationError, nothing else;
 * - every rejection names the item ("Item N: ") and a field, and says nothing was sent;
 * - nothing accepted breaks a contract rule: accepted output is re-checked with the contract's
 *   schemas (and the package's format rules, e.g. business ids) independently of the reader;
 * - the engine keeps output count and pairing: one outcome per request, in order, each entry's
 *   results at its position, each request within the endpoint's limit.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { readId } from '../../nodes/Enrich/actions/enrich.operation';
import { resolveSince } from '../../nodes/GetEvents/helpers/since';
import { chunk, stableKey } from '../../nodes/shared/batching/grouping';
import { ItemValidationError, NOTHING_SENT, parseJsonParameter } from '../../nodes/shared/batching/validate';
import { BUSINESS_ID_PATTERN, DATE_OR_DATETIME_PATTERN, idSchema, LIMITS } from '../../nodes/shared/api';
import { parseIdList } from '../../nodes/shared/idList';
import { TEST_NODE } from './support/fakeContext';
import { parametersContext } from './support/parametersContext';

const RUNS = { numRuns: 300 };
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------- arbitraries

const HUGE = ['x'.repeat(300_000), `${'a'.repeat(300_000)}@example.com`, `https://example.com/${'p'.repeat(5_000)}`];
const businessId = fc.stringMatching(/^[0-9a-f]{32}$/);
const nfd = fc.constantFrom('Jose\u0301', 'Garci\u0301a', 'Mu\u0308ller', 'Cafe\u0301 Ltd', 'A\u030Angstro\u0308m');
const prototypeKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty');

/** Text of every kind: ASCII, unicode graphemes, NFD, separators, huge. */
const text = fc.oneof(
	fc.string(),
	fc.string({ unit: 'grapheme' }),
	fc.string({ unit: 'binary' }),
	nfd,
	fc.constantFrom('', ' ', '\t', '\n', 'acme inc', 'a,b;c\nd', '[object Object]', 'null', 'undefined'),
	fc.constantFrom(...HUGE),
);

/** Anything a mapped parameter can hold. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
	{ weight: 4, arbitrary: text },
	fc.integer(),
	fc.double(),
	fc.constantFrom(null, undefined, true, false, Number.NaN, Number.POSITIVE_INFINITY),
	fc.array(fc.oneof(text, fc.integer(), fc.constant(null)), { maxLength: 5 }),
	fc.object({ maxDepth: 2, maxKeys: 3 }),
	fc.dictionary(prototypeKey, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 2 }),
);

// ---------------------------------------------------------------- helpers

/** Runs a reader: its value, or the ItemValidationError it threw (anything else fails the property). */
function attempt<T>(read: () => T): { ok: true; value: T } | { ok: false; error: ItemValidationError } {
	try {
		return { ok: true, value: read() };
	} catch (error) {
		if (!(error instanceof ItemValidationError)) throw error;
		return { ok: false, error };
	}
}

/** A rejection names the item and a field, says nothing was sent, and stays short. */
function expectNamedRejection(error: ItemValidationError, itemIndex: number, fields: readonly string[]) {
	expect(error.message.startsWith(`Item ${itemIndex}: `)).toBe(true);
	const named = fields.some((field) => error.message.includes(field));
	if (!named) throw new Error(`no field named in "${error.message}"`);
	expect(String(error.description).endsWith(NOTHING_SENT)).toBe(true);
	expect(error.message.length).toBeLessThan(2_000);
}

/** Counts both outcomes, so that a property that never reaches one of them fails. */
function outcomes() {
	const seen = { accepted: 0, rejected: 0 };
	return {
		seen,
		expectBoth: () => {
			expect(seen.accepted).toBeGreaterThan(0);
			expect(seen.rejected).toBeGreaterThan(0);
		},
	};
}

// ---------------------------------------------------------------- id lists

describe('properties: id lists', () => {
	const idListValue = fc.oneof(
		anyValue,
		fc.array(fc.oneof(businessId, text, fc.integer(), fc.constant(null)), { maxLength: 60 }),
		fc
			.tuple(fc.array(businessId, { minLength: 1, maxLength: 30 }), fc.constantFrom(',', ';', '\n', '\r\n', '\t', ' , ', ' ;\n'))
			.map(([ids, separator]) => [...ids, ...ids.slice(0, 3)].join(separator)),
	);

	it.each(['business', 'id', undefined] as const)('kind %p: unique, trimmed, valid ids, or a short error', (kind) => {
		fc.assert(
			fc.property(idListValue, (value) => {
				const result = parseIdList(value, kind);
				if ('error' in result) {
					expect(typeof result.error).toBe('string');
					expect(result.error.length).toBeLessThan(400);
					return;
				}
				expect(new Set(result.ids).size).toBe(result.ids.length);
				for (const id of result.ids) {
					expect(id).toBe(id.trim());
					expect(id).not.toBe('');
					expect(id).not.toMatch(/[,;\t\r\n]/);
					if (kind === 'business') expect(id).toMatch(BUSINESS_ID_PATTERN);
					if (kind === 'id') expect(idSchema.safeParse(id).success).toBe(true);
				}
			}),
			RUNS,
		);
	});

	it('keeps valid business ids in the order given, each once, whatever the separators', () => {
		fc.assert(
			fc.property(
				fc.array(businessId, { minLength: 1, maxLength: 50 }),
				fc.array(fc.constantFrom(',', ';', '\n', '\r\n', '\t', ' , '), { minLength: 1 }),
				(ids, separators) => {
					const textValue = ids.map((id, index) => `${id}${separators[index % separators.length]}`).join('');
					expect(parseIdList(textValue, 'business')).toEqual({ ids: [...new Set(ids)] });
					expect(parseIdList(ids, 'business')).toEqual({ ids: [...new Set(ids)] });
				},
			),
			RUNS,
		);
	});

	it('Enrich: an id read is undefined, an id that passes the rules, or a named rejection', () => {
		const count = outcomes();
		fc.assert(
			fc.property(fc.oneof(anyValue, businessId), fc.constantFrom('business', 'id') as fc.Arbitrary<'business' | 'id'>, fc.nat(99), (value, kind, itemIndex) => {
				const field = kind === 'business' ? 'business_id' : 'prospect_id';
				const read = attempt(() => readId(parametersContext({ id: value as IDataObject[string] }), 'id', field, itemIndex, kind));
				count.seen[read.ok ? 'accepted' : 'rejected']++;
				if (!read.ok) return expectNamedRejection(read.error, itemIndex, [field]);
				if (read.value === undefined) return;
				if (kind === 'business') expect(read.value).toMatch(BUSINESS_ID_PATTERN);
				expect(idSchema.safeParse(read.value).success).toBe(true);
			}),
			RUNS,
		);
		count.expectBoth();
	});
});

// ---------------------------------------------------------------- search filters

describe('properties: search filters', () => {
	it('user JSON comes back as the same JSON, in objects without a prototype, or as a named rejection', () => {
		fc.assert(
			fc.property(fc.jsonValue({ maxDepth: 4 }), fc.boolean(), (value, asText) => {
				const raw = asText ? JSON.stringify(value) : value;
				const read = attempt(() =>
					parseJsonParameter(TEST_NODE, 1, raw, { label: 'Enrichment Parameters', shape: 'object', example: '{}' }),
				);
				if (!read.ok) return expectNamedRejection(read.error, 1, ['Enrichment Parameters']);
				if (read.value === undefined) return;
				expect(JSON.parse(JSON.stringify(read.value))).toEqual(JSON.parse(JSON.stringify(value)));
				const prototypes = (node: unknown): boolean =>
					node === null || typeof node !== 'object'
						? true
						: Array.isArray(node)
							? node.every(prototypes)
							: Object.getPrototypeOf(node) === null && Object.values(node).every(prototypes);
				expect(prototypes(read.value)).toBe(true);
			}),
			RUNS,
		);
	});
});

// ---------------------------------------------------------------- since

describe('properties: Since', () => {
	const NOW = Date.parse('2025-06-10T12:00:00Z');
	const moment = fc.date({ min: new Date(NOW - 200 * DAY_MS), max: new Date(NOW + 200 * DAY_MS), noInvalidDate: true });
	const sinceValue = fc.oneof(
		moment,
		moment.map((date) => date.toISOString()),
		moment.map((date) => date.toISOString().slice(0, 10)),
		moment.map((date) => date.toISOString().slice(0, 16).replace('T', ' ')),
		anyValue,
		fc.constant(new Date(Number.NaN)),
	);
	const zone = fc.constantFrom('UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati', 'Not/AZone', '');

	it('gives a contract-valid timestamp inside the event window and not in the future, or an error', () => {
		const count = outcomes();
		fc.assert(
			fc.property(sinceValue, zone, (value, timeZone) => {
				const result = resolveSince(value, timeZone, NOW);
				count.seen['error' in result ? 'rejected' : 'accepted']++;
				if ('error' in result) {
					expect(result.error.length).toBeLessThan(400);
					return;
				}
				expect(result.timestampFrom).toMatch(DATE_OR_DATETIME_PATTERN);
				const at = Date.parse(result.timestampFrom);
				expect(at).toBeGreaterThanOrEqual(NOW - LIMITS.eventWindowDays * DAY_MS);
				expect(at).toBeLessThanOrEqual(NOW);
			}),
			RUNS,
		);
		count.expectBoth();
	});
});

// ---------------------------------------------------------------- batching engine

describe('properties: batching engine', () => {
	it('chunk: the chunks put back together are the input, each 1..size long, ceil(n / size) of them', () => {
		fc.assert(
			fc.property(fc.array(fc.anything(), { maxLength: 500 }), fc.integer({ min: 1, max: 60 }), (values, size) => {
				const chunks = chunk(values, size);
				expect(chunks.flat()).toEqual(values);
				expect(chunks).toHaveLength(Math.ceil(values.length / size));
				for (const part of chunks) {
					expect(part.length).toBeGreaterThan(0);
					expect(part.length).toBeLessThanOrEqual(size);
				}
				expect(chunk(values, undefined)).toEqual(values.length ? [values] : []);
			}),
			RUNS,
		);
	});

	/** An independent canonical form: tagged lists and objects, sorted keys, undefined members left out. */
	const canonical = (value: unknown): unknown => {
		if (Array.isArray(value)) return ['list', value.map(canonical)];
		if (value && typeof value === 'object') {
			const keys = Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] !== undefined);
			return ['object', keys.sort().map((key) => [key, canonical((value as Record<string, unknown>)[key])])];
		}
		return ['value', value];
	};
	const shuffleKeys = (value: unknown, seed: number): unknown => {
		if (Array.isArray(value)) return value.map((entry) => shuffleKeys(entry, seed + 1));
		if (value && typeof value === 'object') {
			const keys = Object.keys(value);
			const order = keys.map((key, index) => [key, (index * 7919 + seed) % (keys.length + 3)] as const).sort((a, b) => a[1] - b[1]);
			const copy = Object.create(seed % 2 ? null : Object.prototype) as Record<string, unknown>;
			for (const [key] of order) {
				// defineProperty: an own "__proto__" key stays a key, also on an object with a prototype
				const member = shuffleKeys((value as Record<string, unknown>)[key], seed + 1);
				Object.defineProperty(copy, key, { value: member, enumerable: true, writable: true, configurable: true });
			}
			return copy;
		}
		return value;
	};

	it('stableKey: the same for the same JSON whatever the key order or prototype, different for different JSON', () => {
		fc.assert(
			fc.property(fc.jsonValue({ maxDepth: 3 }), fc.jsonValue({ maxDepth: 3 }), fc.nat(), (a, b, seed) => {
				expect(stableKey(shuffleKeys(a, seed))).toBe(stableKey(a));
				const same = JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
				expect(stableKey(a) === stableKey(b)).toBe(same);
			}),
			RUNS,
		);
	});
});
