/**
 * API v1's cases of properties.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
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
import { z } from 'zod/v3';

import { BUSINESS, type EnrollmentKind, PROSPECT } from '../../nodes/ManageEnrollment/helpers/kinds';
import { type ItemRead, planEnrollments, readItem } from '../../nodes/ManageEnrollment/helpers/plan';
import { buildMatchEntry, MATCH_FIELDS, readMatchEntry } from '../../nodes/MatchProspects/helpers/fields';
import { filtersFromFields } from '../../nodes/shared/search/filterValues';
import { readSearchRequest } from '../../nodes/shared/search/searchRequest';
import { type ItemRequest, runBatched } from '../../nodes/shared/batching/engine';
import { stableKey } from '../../nodes/shared/batching/grouping';
import { ItemValidationError, NOTHING_SENT } from '../../nodes/shared/batching/validate';
import { BUSINESS_ID_PATTERN, FILTER_NAMES, idSchema, isEmailAddress, isWebUrl, LIMITS, matchItemSchema, matchProspectsBodyV1, searchBusinessesBodyV1, V1_ENDPOINTS, V1_LIMITS } from '../../nodes/shared/api';
import { fakeContext, ok, type RecordedCall, TEST_NODE } from './support/fakeContext';
import { parametersContext } from './support/parametersContext';

const RUNS = { numRuns: 300 };

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

/** Field values that are often valid, so that accepted paths are exercised too. */
const matchValue = (field: (typeof MATCH_FIELDS)[number]): fc.Arbitrary<unknown> => {
	const good: Record<(typeof MATCH_FIELDS)[number], fc.Arbitrary<unknown>> = {
		email: fc.oneof(fc.emailAddress(), fc.constantFrom('jörg@bücher.de', '用户@例子.广告', 'jane@', 'a@b@c.de', 'x y@z.de')),
		phone_number: fc.oneof(fc.stringMatching(/^\+[1-9]\d{6,12}$/), fc.constantFrom('+1 (415) 555-0123', '0151 2345'), fc.integer()),
		profnet: fc.oneof(
			fc.webUrl(),
			fc.constantFrom('www.example.com/in/jane', 'profnet.com/in/jane', 'javascript:alert(1)', 'ftp://x.org/a', 'data:,x'),
		),
		full_name: fc.oneof(fc.constantFrom('Jane Doe', "Conan O'Brien", 'J4ne', 'Jean-Luc Picard'), nfd, fc.string({ unit: 'grapheme' })),
		company_name: fc.oneof(fc.constantFrom('Acme', 'Acme, Inc.'), nfd, fc.string()),
		business_id: fc.oneof(businessId, fc.constantFrom('acme inc', 'A'.repeat(32))),
	};
	return fc.oneof({ weight: 3, arbitrary: good[field] }, { weight: 1, arbitrary: anyValue }, { weight: 2, arbitrary: fc.constant(undefined) });
};

const matchRow = fc.record(Object.fromEntries(MATCH_FIELDS.map((field) => [field, matchValue(field)])) as Record<string, fc.Arbitrary<unknown>>);

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

const objectPrototypeIsClean = () => Object.keys(Object.prototype).length === 0 && !('values' in {});

// ---------------------------------------------------------------- match entry

describe('properties: Match Prospects entry', () => {
	it('accepts only contract-valid entries built from the given values, rejects with item and field', () => {
		const count = outcomes();
		fc.assert(
			fc.property(matchRow, fc.nat(9_999), (row, itemIndex) => {
				const built = buildMatchEntry((field) => row[field]);
				const read = attempt(() => readMatchEntry(TEST_NODE, built, itemIndex));
				count.seen[read.ok ? 'accepted' : 'rejected']++;
				if (!read.ok) return expectNamedRejection(read.error, itemIndex, [...MATCH_FIELDS, 'the item']);
				const { entry, warnings } = read.value;
				// re-checked with the contract's schemas, as one request of one element
				expect(matchItemSchema.safeParse(entry).success).toBe(true);
				expect(matchProspectsBodyV1.safeParse({ prospects_to_match: [entry] }).success).toBe(true);
				// nothing invented: every sent field is the cleaned value of the same field
				for (const [field, value] of Object.entries(entry)) expect(value).toBe(built[field]);
				if (entry.full_name !== undefined) expect(entry.full_name).toBe(entry.full_name.normalize('NFC'));
				if (entry.company_name !== undefined) expect(entry.company_name).toBe(entry.company_name.normalize('NFC'));
				if (entry.profnet !== undefined) expect(isWebUrl(entry.profnet)).toBe(true);
				if (entry.email !== undefined) expect(isEmailAddress(entry.email)).toBe(true);
				if (entry.business_id !== undefined) expect(entry.business_id).toMatch(BUSINESS_ID_PATTERN);
				expect(JSON.stringify(entry).length).toBeLessThan(3_000);
				// a field left out is always reported
				const left = Object.keys(built).filter((field) => !(field in entry));
				expect(warnings.length).toBe(left.length > 0 ? 1 : 0);
				for (const field of left) expect(warnings[0]).toContain(field);
			}),
			RUNS,
		);
		count.expectBoth();
	});
});

// ---------------------------------------------------------------- search filters

describe('properties: search filters', () => {
	const base = { mode: 'preview', returnAll: false, limit: 25, options: {} };
	const filterValue = fc.oneof(
		fc.constantFrom('us', 'de', 'us-ca', 'Berlin, Berlin, de', '1-10', '20+', 'Software', 'USA', '', ' '),
		text,
		fc.integer(),
	);
	const fieldsArb = fc.record(
		{
			countries: fc.oneof(filterValue, fc.array(filterValue, { maxLength: 4 }), anyValue),
			companySize: fc.oneof(filterValue, fc.array(filterValue, { maxLength: 4 })),
			companyName: fc.oneof(filterValue, fc.array(filterValue, { maxLength: 4 })),
			category: fc.oneof(
				fc.record({ category: fc.record({ type: fc.oneof(fc.constantFrom('naics_category', 'websearch_category'), text), values: fc.array(filterValue, { maxLength: 3 }) }) }),
				anyValue,
			),
			categories: fc.oneof(filterValue, fc.array(filterValue, { maxLength: 3 }), anyValue),
			categoryType: fc.oneof(fc.constantFrom('naics_category', 'websearch_category', 'profnet_category'), text, anyValue),
		},
		{ requiredKeys: [] },
	);
	/** Filters (JSON) as text, with any keys (filter names, prototype keys, others) in any order. */
	const jsonText = fc
		.array(
			fc.tuple(
				fc.oneof(fc.constantFrom(...FILTER_NAMES), prototypeKey, fc.string()),
				fc.oneof(fc.record({ values: fc.array(filterValue, { maxLength: 3 }) }), fc.jsonValue({ maxDepth: 3 })),
			),
			{ maxLength: 4 },
		)
		.map((entries) => `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`);

	const expectValidBody = (body: IDataObject) => {
		expect(searchBusinessesBodyV1.safeParse(body).success).toBe(true);
		for (const name of Object.keys((body.filters as IDataObject | undefined) ?? {})) expect(FILTER_NAMES).toContain(name);
		expect(JSON.stringify(body).length).toBeLessThan(2_000_000);
	};

	it('filtersFromFields never throws; readSearchRequest gives a contract-valid body or a named rejection', () => {
		const count = outcomes();
		fc.assert(
			fc.property(fieldsArb, fc.nat(99), (filters, itemIndex) => {
				expect(() => filtersFromFields(filters as IDataObject)).not.toThrow();
				const read = attempt(() => readSearchRequest(parametersContext({ ...base, filterSource: 'fields', filters: filters as IDataObject }), itemIndex));
				count.seen[read.ok ? 'accepted' : 'rejected']++;
				// errors name the form's fields (Countries, Company Size (Employees), Categories, Category Type)
				if (!read.ok) return expectNamedRejection(read.error, itemIndex, ['Countries', 'Company Size', 'Categor', 'size', 'page']);
				expectValidBody(read.value.body);
			}),
			RUNS,
		);
		count.expectBoth();
	});

	it('Filters (JSON): an unknown or prototype key is always refused, never an unfiltered search', () => {
		const count = outcomes();
		fc.assert(
			fc.property(jsonText, fc.boolean(), fc.nat(99), (json, asValue, itemIndex) => {
				const filtersJson = asValue ? (JSON.parse(json) as IDataObject) : json;
				const read = attempt(() =>
					readSearchRequest(parametersContext({ ...base, filterSource: 'json', filtersJson: filtersJson as IDataObject[string] }), itemIndex),
				);
				const keys = Object.keys(JSON.parse(json) as object);
				const unknown = keys.filter((key) => !(FILTER_NAMES as readonly string[]).includes(key));
				expect(objectPrototypeIsClean()).toBe(true);
				count.seen[read.ok ? 'accepted' : 'rejected']++;
				if (!read.ok) return expectNamedRejection(read.error, itemIndex, ['filters', 'Filters (JSON)']);
				expect(unknown).toEqual([]);
				expectValidBody(read.value.body);
			}),
			RUNS,
		);
		count.expectBoth();
	});
});

// ---------------------------------------------------------------- enrollments

describe('properties: Manage Enrollment item reading and planning', () => {
	const enrollmentParameters = fc.record({
		enrollmentKey: fc.oneof(fc.constantFrom('k-watch', 'k-other', 'abc'), anyValue),
		businessIds: fc.oneof(fc.array(businessId, { minLength: 1, maxLength: 45 }), businessId, anyValue),
		prospectIds: fc.oneof(fc.array(fc.stringMatching(/^[0-9a-f]{40}$/), { minLength: 1, maxLength: 30 }), anyValue),
		eventTypes: fc.oneof(fc.constant(['new_product']), fc.array(fc.constantFrom('new_product', 'new_office'), { maxLength: 2 }), anyValue),
		options: fc.oneof(fc.constant({}), fc.record({ otherEventTypes: anyValue }), fc.record({ ttlDays: anyValue })),
	});
	const kinds: Array<[string, EnrollmentKind]> = [
		['business', BUSINESS],
		['prospect', PROSPECT],
	];

	it.each(kinds)('%s create: every planned body passes the contract schema; every item is planned once', (_label, kind) => {
		const count = outcomes();
		fc.assert(
			fc.property(fc.array(enrollmentParameters, { minLength: 1, maxLength: 6 }), fc.constantFrom('all', 'each'), (items, combine) => {
				const reads: ItemRead[] = [];
				items.forEach((parameters, itemIndex) => {
					const read = attempt(() => readItem(parametersContext(parameters as IDataObject), kind, 'create', itemIndex));
					count.seen[read.ok ? 'accepted' : 'rejected']++;
					if (!read.ok) {
						return expectNamedRejection(read.error, itemIndex, [
							kind.idsLabel,
							'Enrollment Key',
							'enrollment_key',
							'Event Types',
							'event_types',
							'ttl_days',
							kind.idsKey,
						]);
					}
					for (const id of read.value.ids) {
						if (kind === BUSINESS) expect(id).toMatch(BUSINESS_ID_PATTERN);
						expect(idSchema.safeParse(id).success).toBe(true);
					}
					reads.push(read.value);
				});
				const planned = planEnrollments(parametersContext({}, true), kind, 'create', reads, combine);
				const schema = V1_ENDPOINTS[kind.create].body as z.ZodTypeAny;
				for (const plan of planned) {
					if (plan.error) continue;
					expect(schema.safeParse(plan.body).success).toBe(true);
					if (kind === BUSINESS) {
						for (const id of plan.body?.business_ids as string[]) expect(id).toMatch(BUSINESS_ID_PATTERN);
					}
				}
				// pairing: every read item is in at least one planned enrollment, and owns its ids there
				const covered = new Set(planned.flatMap((plan) => plan.items));
				for (const read of reads) expect(covered.has(read.itemIndex)).toBe(true);
				for (const read of reads) {
					const sent = new Set(
						planned.filter((plan) => plan.items.includes(read.itemIndex)).flatMap((plan) => (plan.body?.[kind.idsKey] as string[]) ?? []),
					);
					if (!planned.some((plan) => plan.error && plan.items.includes(read.itemIndex))) {
						for (const id of read.ids) expect(sent.has(id)).toBe(true);
					}
				}
			}),
			{ numRuns: 200 },
		);
		count.expectBoth();
	});
});

// ---------------------------------------------------------------- batching engine

describe('properties: batching engine', () => {
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

	/** Each item asks for 0..4 ids (duplicates across and within items), with one of two shared fields. */
	const idRequests = fc.array(
		fc.record({
			ids: fc.array(fc.constantFrom(...Array.from({ length: 80 }, (_, n) => `p${n}`), ' p1 ', 'p2 '), { minLength: 1, maxLength: 4 }),
			variant: fc.constantFrom(undefined, { parameters: { lang: 'en' } }, { parameters: { lang: 'de' } }),
		}),
		{ maxLength: 120 },
	);

	it('runBatched (id join): one outcome per request, in order; each entry gets its own id back; requests within the limit', async () => {
		await fc.assert(
			fc.asyncProperty(idRequests, async (specs) => {
				const requests: Array<ItemRequest<string>> = specs.map((spec, itemIndex) => ({
					itemIndex,
					entries: spec.ids,
					shared: spec.variant as IDataObject | undefined,
				}));
				const service = (call: RecordedCall) => {
					const ids = call.body.prospect_ids as string[];
					// answered out of order, once per id: the engine must join by id
					return ok({ data: [...ids].reverse().map((id) => ({ prospect_id: id })) });
				};
				const { ctx, calls } = fakeContext(service, { items: requests.length });
				const outcomes = await runBatched(ctx, 'enrichProspectProfiles', requests);

				expect(outcomes.map((outcome) => outcome.itemIndex)).toEqual(requests.map((request) => request.itemIndex));
				for (const [position, outcome] of outcomes.entries()) {
					if (!outcome.ok) throw outcome.error;
					const entries = requests[position].entries;
					expect(outcome.results).toHaveLength(entries.length);
					outcome.results.forEach((result, index) => {
						expect(result.entry).toBe(entries[index].trim());
						expect(result.matches.map((match) => match.prospect_id)).toEqual([entries[index].trim()]);
					});
				}
				for (const call of calls) {
					const ids = call.body.prospect_ids as string[];
					expect(ids.length).toBeGreaterThan(0);
					expect(ids.length).toBeLessThanOrEqual(LIMITS.prospectEnrichIds);
					expect(V1_ENDPOINTS.enrichProspectProfiles.body.safeParse(call.body).success).toBe(true);
				}
				// each distinct id is asked once per shared variant
				const variants = new Map<string, Set<string>>();
				for (const request of requests) {
					const key = stableKey(request.shared ?? {});
					const set = variants.get(key) ?? new Set<string>();
					for (const id of request.entries) set.add(id.trim());
					variants.set(key, set);
				}
				const expectedCalls = [...variants.values()].reduce((sum, set) => sum + Math.ceil(set.size / LIMITS.prospectEnrichIds), 0);
				expect(calls).toHaveLength(expectedCalls);
			}),
			{ numRuns: 100 },
		);
	});

	it('runBatched (position join): every item gets the answer to its own element', async () => {
		await fc.assert(
			fc.asyncProperty(fc.array(fc.emailAddress(), { maxLength: 130 }), async (emails) => {
				const requests: Array<ItemRequest<IDataObject>> = emails.map((email, itemIndex) => ({ itemIndex, entries: [{ email }] }));
				const service = (call: RecordedCall) =>
					ok({ matched_prospects: (call.body.prospects_to_match as IDataObject[]).map((input) => ({ input, prospect_id: `p:${String(input.email)}` })) });
				const { ctx, calls } = fakeContext(service, { items: requests.length });
				const outcomes = await runBatched(ctx, 'matchProspects', requests);
				expect(calls).toHaveLength(Math.ceil(emails.length / V1_LIMITS.matchItems));
				expect(outcomes).toHaveLength(emails.length);
				outcomes.forEach((outcome, index) => {
					if (!outcome.ok) throw outcome.error;
					expect(outcome.itemIndex).toBe(index);
					expect(outcome.results[0].matches[0].prospect_id).toBe(`p:${emails[index]}`);
				});
			}),
			{ numRuns: 100 },
		);
	});
});
