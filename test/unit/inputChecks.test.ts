/**
 * Bad input, checked before anything is sent (issue "Trust under attack and faults", Bad input):
 * prototype keys in user JSON, objects where text belongs, business ids in the contract's format
 * in every node, a Since in the future, profile URLs without a scheme or with another scheme,
 * names in NFD, internationalised e-mail addresses, length limits, and Match leaving out only the
 * fields that are bad. Each case names the item, the field and the rule.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { resolveWatchedSource } from '../../nodes/BusinessEventsTrigger/helpers/watchedSource';
import { readId } from '../../nodes/Enrich/actions/enrich.operation';
import { resolveSince } from '../../nodes/GetEvents/helpers/since';
import { buildMatchEntry, cleanFieldValue, readMatchEntry } from '../../nodes/MatchProspects/helpers/fields';
import { ItemValidationError, parseJsonParameter } from '../../nodes/shared/batching/validate';
import { readEventTypes } from '../../nodes/shared/eventTypes';
import { normalizeProfileUrl, readText, toUserJson } from '../../nodes/shared/inputRules';
import { businessFiltersV2, isEmailAddress, isWebUrl, LIMITS, matchItemSchema } from '../../nodes/shared/api';
import { BUSINESS_SEARCH_V2 } from '../../nodes/SearchBusinesses/helpers/versions';
import { readSearchRequest } from '../../nodes/shared/search/searchRequest';
import { PROSPECT } from '../../nodes/ManageEnrollment/helpers/kinds';
import { readItem } from '../../nodes/ManageEnrollment/helpers/plan';
import { readEnrollmentId } from '../../nodes/ManageEnrollment/actions/prospectEnrollment/enrollmentId';
import { TEST_NODE } from './support/fakeContext';
import { refusesTheEnrollment } from './inputChecks.cases';
import { parametersContext } from './support/parametersContext';

const ID = '0123456789abcdef0123456789abcdef';
const NOTHING_SENT = 'Nothing was sent to the service for this item.';

const withParameters = (parameters: Record<string, unknown>) => parametersContext(parameters as IDataObject);

function errorOf(run: () => unknown): { message: string; description: string } {
	try {
		run();
	} catch (error) {
		expect(error).toBeInstanceOf(ItemValidationError);
		return { message: (error as Error).message, description: String((error as { description?: string }).description) };
	}
	throw new Error('expected a validation error');
}

describe('user JSON is read into objects without a prototype', () => {
	const read = (raw: unknown) =>
		parseJsonParameter(TEST_NODE, 2, raw, { label: 'Enrichment Parameters', shape: 'object', example: '{"key": "value"}' });

	it('gives objects without a prototype, at every level, with the same JSON', () => {
		const value = read('{"a": {"b": [{"c": 1}]}}') as IDataObject;
		expect(Object.getPrototypeOf(value)).toBeNull();
		expect(Object.getPrototypeOf(value.a)).toBeNull();
		expect(Object.getPrototypeOf(((value.a as IDataObject).b as IDataObject[])[0])).toBeNull();
		expect(JSON.stringify(value)).toBe('{"a":{"b":[{"c":1}]}}');
	});

	it.each([
		['{"__proto__": {"polluted": true}}', '__proto__'],
		['{"a": {"constructor": {"prototype": 1}}}', 'a.constructor'],
		['[{"prototype": 1}]', '[0].prototype'],
	])('refuses a reserved key in free JSON: %s', (raw, at) => {
		const error = errorOf(() => read(raw));
		expect(error.message).toBe(
			`Item 2: Enrichment Parameters uses a reserved key (${at}): the keys __proto__, constructor and prototype are not accepted`,
		);
		expect(error.description).toBe(`Write a JSON object such as {"key": "value"}, or leave it empty. ${NOTHING_SENT}`);
		expect(({} as IDataObject).polluted).toBeUndefined();
	});

	it('refuses JSON longer than the limit, as text or as a value', () => {
		const big = `{"a": "${'x'.repeat(LIMITS.jsonParameterLength)}"}`;
		const message = `Item 2: Enrichment Parameters must be at most ${LIMITS.jsonParameterLength} characters as JSON`;
		expect(errorOf(() => read(big)).message).toBe(message);
		expect(errorOf(() => read(JSON.parse(big))).message).toBe(message);
	});

	it('turns dates into their JSON text and refuses functions', () => {
		expect(JSON.stringify(read({ at: new Date(0) }))).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
		expect(errorOf(() => read({ f: () => 1 })).message).toBe('Item 2: Enrichment Parameters holds a function at f, which is not JSON');
	});
});

describe('types: an object or a list where text belongs is an error, never "[object Object]"', () => {
	it('reads text and numbers, and names anything else', () => {
		expect(readText('  k1 ')).toEqual({ ok: true, value: 'k1' });
		expect(readText(42)).toEqual({ ok: true, value: '42' });
		expect(readText(null)).toEqual({ ok: true, value: '' });
		expect(readText({ a: 1 })).toEqual({ ok: false, problem: 'must be text, got an object' });
		expect(readText(['a'])).toEqual({ ok: false, problem: 'must be text, got a list' });
		expect(readText(true)).toEqual({ ok: false, problem: 'must be text, got a boolean (true)' });
		expect(readText(Number.NaN)).toEqual({ ok: false, problem: 'must be text, got a number (NaN)' });
	});

	it.each([
		[{ enrollmentKey: { name: 'k' } }, 'Item 4: Enrollment Key must be text, got an object'],
		[{ enrollmentKey: ['k-watch'] }, 'Item 4: Enrollment Key must be text, got a list'],
		[{ businessIds: 'acme inc' }, 'Item 4: Business IDs "acme inc" is not a business ID: must be 32 lowercase hexadecimal characters'],
		[{ businessIds: { id: ID } }, 'Item 4: Business IDs must be an ID, a list of IDs or comma-separated IDs, got an object'],
		[{ eventTypes: [{ type: 'new_product' }] }, 'Item 4: Event Types must be text or a list of text, got an object'],
		[{ options: { otherEventTypes: true } }, 'Item 4: Other Event Types must be text or a list of text, got a boolean (true)'],
	])('Manage Enrollment (business) %p', (parameters, message) => refusesTheEnrollment(parameters, message));

	it('Enrich: ids must be text; business ids in the contract format; prospect ids without spaces', () => {
		const ctx = (id: unknown) => withParameters({ id });
		expect(readId(ctx(ID), 'id', 'business_id', 0, 'business')).toBe(ID);
		expect(readId(ctx('  '), 'id', 'business_id', 0, 'business')).toBeUndefined();
		expect(errorOf(() => readId(ctx('acme'), 'id', 'business_id', 5, 'business')).message).toBe(
			'Item 5: business_id "acme" is not a business ID: must be 32 lowercase hexadecimal characters',
		);
		expect(errorOf(() => readId(ctx({ id: 'p' }), 'id', 'prospect_id', 6, 'id')).message).toBe(
			'Item 6: prospect_id must be text, got an object',
		);
		expect(errorOf(() => readId(ctx('p'.repeat(300)), 'id', 'prospect_id', 6, 'id')).message).toBe(
			`Item 6: prospect_id "${'p'.repeat(40)}…" is not an ID: must be at most 256 characters`,
		);
	});

	it('event types: an object is named, text and lists of text are read', () => {
		expect(readEventTypes(['new_product'], 'a_b, c_d')).toEqual({ ok: true, value: ['new_product', 'a_b', 'c_d'] });
		expect(readEventTypes({ a: 1 }, '')).toEqual({ ok: false, problem: 'Event Types must be text or a list of text, got an object' });
	});

	it('the trigger refuses event types that are not text, with the shared id rule for ids', async () => {
		const trigger = (parameters: IDataObject) =>
			({
				getNode: () => TEST_NODE,
				getNodeParameter: (name: string, fallback?: unknown) => parameters[name] ?? fallback,
			}) as unknown as IPollFunctions;
		await expect(
			resolveWatchedSource(trigger({ source: 'ids', businessIds: ID, eventTypes: [{ a: 1 }] })),
		).rejects.toThrow('Event Types must be text or a list of text, got an object');
		await expect(resolveWatchedSource(trigger({ source: 'ids', businessIds: 'acme inc' }))).rejects.toThrow(
			'Business ID "acme inc" (number 1 in Business IDs) must be 32 lowercase hexadecimal characters',
		);
	});
});

describe('Since in the future', () => {
	const NOW = Date.parse('2025-06-10T12:00:00Z');

	it('is an error naming the value and the time now', () => {
		expect(resolveSince('2025-06-11', 'UTC', NOW)).toEqual({
			error: 'must not be in the future (only events after it are returned): got 2025-06-11, the time now is 2025-06-10T12:00:00.000Z',
		});
		expect(resolveSince('2025-06-10T12:00:01Z', 'UTC', NOW)).toHaveProperty('error');
	});

	it('accepts now and today, and a moment read after the run started (an expression such as {{ $now }})', () => {
		expect(resolveSince('2025-06-10', 'UTC', NOW)).toEqual({ timestampFrom: '2025-06-10T00:00:00.000Z' });
		expect(resolveSince('2025-06-10T12:00:00Z', 'UTC', NOW)).toEqual({ timestampFrom: '2025-06-10T12:00:00.000Z' });
		expect(resolveSince('2025-06-10T12:00:00.500Z', 'UTC', NOW, NOW + 1_000)).toEqual({
			timestampFrom: '2025-06-10T12:00:00.500Z',
		});
	});

	it('cuts a long value in the message', () => {
		expect(resolveSince(`2025-06-10T${'9'.repeat(100_000)}`, 'UTC', NOW)).toEqual({
			error: `"2025-06-10T${'9'.repeat(29)}…" is not a valid datetime`,
		});
	});
});

describe('Match Prospects: contract rules before sending', () => {
	const sent = (row: Record<string, unknown>) => buildMatchEntry((field) => row[field]);

	it('sends names in NFC: an NFD "José" is accepted and sent composed', () => {
		const nfd = 'Jose\u0301 Garci\u0301a';
		expect(matchItemSchema.safeParse({ full_name: nfd, company_name: 'Acme' }).success).toBe(false);
		const entry = sent({ full_name: nfd, company_name: 'Cafe\u0301 Ltd' });
		expect(entry).toEqual({ full_name: 'José García', company_name: 'Café Ltd' });
		expect(readMatchEntry(TEST_NODE, entry, 0)).toEqual({ entry, warnings: [] });
	});

	it.each([
		['www.example.com/in/jane', 'https://www.example.com/in/jane'],
		['profnet.com/in/jane', 'https://profnet.com/in/jane'],
		['//profnet.com/in/jane', 'https://profnet.com/in/jane'],
		['www.example.com:443/in/jane', 'https://www.example.com:443/in/jane'],
		['http://profnet.com/in/jane', 'http://profnet.com/in/jane'],
		['HTTPS://profnet.com/in/jane', 'HTTPS://profnet.com/in/jane'],
	])('a profile URL %p is sent as %p', (given, expected) => {
		expect(cleanFieldValue('profnet', given)).toBe(expected);
		expect(isWebUrl(expected)).toBe(true);
	});

	it.each(['javascript:alert(1)', 'ftp://example.com/in/jane', 'data:text/html,hi', 'mailto:jane@example.com', 'https://jane', 'https://user:pw@example.com/x', 'https://example.com/in/jane doe'])(
		'refuses the profile URL %p',
		(given) => {
			expect(isWebUrl(normalizeProfileUrl(given))).toBe(false);
			expect(matchItemSchema.safeParse({ profnet: cleanFieldValue('profnet', given) }).success).toBe(false);
		},
	);

	it.each(['jörg@bücher.de', '用户@例子.广告', 'jane.doe+tag@example.co.uk', "o'brien@example.com", 'user@xn--bcher-kva.de'])(
		'accepts the e-mail address %p',
		(email) => {
			expect(isEmailAddress(email)).toBe(true);
			expect(matchItemSchema.safeParse({ email }).success).toBe(true);
		},
	);

	it.each(['jane', 'jane@', '@example.com', 'jane doe@example.com', 'jane@@example.com', 'a@b@example.com', 'jane@example', 'jane..doe@example.com', 'jane@-example.com', 'jane@example.c0m'])(
		'refuses the e-mail address %p',
		(email) => {
			expect(isEmailAddress(email)).toBe(false);
		},
	);

	it('checks lengths first, so a 2 MB value is one short message', () => {
		const huge = 'a'.repeat(2_000_000);
		for (const [field, value, rule] of [
			['email', `${huge}@example.com`, `must be at most ${LIMITS.emailLength} characters`],
			['profnet', `https://example.com/${huge}`, `must be at most ${LIMITS.profileUrlLength} characters`],
			['company_name', huge, `must be at most ${LIMITS.companyNameLength} characters`],
		] as const) {
			const row = field === 'company_name' ? { full_name: 'Jane', company_name: value } : { [field]: value };
			const error = errorOf(() => readMatchEntry(TEST_NODE, { ...row, business_id: 'x' }, 9));
			expect(error.message.length).toBeLessThan(400);
			expect(error.message).toContain(`${field} ${rule}`);
		}
	});
});

describe('Match Prospects: keeps matching on the fields that are valid', () => {
	it('leaves out a bad email when the phone number can match, with a warning', () => {
		const read = readMatchEntry(TEST_NODE, { email: 'jane@', phone_number: '+14155550123' }, 3);
		expect(read).toEqual({
			entry: { phone_number: '+14155550123' },
			warnings: ['email not sent, matched on the other fields: email must be an email address'],
		});
	});

	it('leaves out a bad profile URL and a bad phone number together, keeping name and company', () => {
		const read = readMatchEntry(
			TEST_NODE,
			{ phone_number: '0151', profnet: 'javascript:alert(1)', full_name: 'Jane Doe', company_name: 'Acme' },
			3,
		);
		expect(read.entry).toEqual({ full_name: 'Jane Doe', company_name: 'Acme' });
		expect(read.warnings).toHaveLength(1);
		expect(read.warnings[0]).toMatch(/^phone_number and profnet not sent, matched on the other fields: phone_number must be/);
	});

	it('leaves out a malformed business_id, saying the match is no longer restricted to one company', () => {
		const read = readMatchEntry(TEST_NODE, { email: 'jane@example.com', business_id: 'acme inc' }, 0);
		expect(read).toEqual({
			entry: { email: 'jane@example.com' },
			warnings: [
				'business_id not sent, matched on the other fields (without business_id the match is not restricted to one company): business_id must be 32 lowercase hexadecimal characters',
			],
		});
	});

	it('fails the item naming every problem when no fetcher remains', () => {
		const error = errorOf(() => readMatchEntry(TEST_NODE, { email: 'jane@', phone_number: '0151', business_id: ID }, 8));
		expect(error.message).toBe(
			'Item 8: email must be an email address; phone_number must be in international form: a plus sign, the country calling code, then 1 to 12 digits',
		);
		expect(error.description).toBe(NOTHING_SENT);
	});

	it('an object where text belongs is a bad field like any other', () => {
		const read = readMatchEntry(TEST_NODE, sent({ email: { address: 'x' }, phone_number: '+14155550123' }), 1);
		expect(read.entry).toEqual({ phone_number: '+14155550123' });
		expect(read.warnings).toEqual(['email not sent, matched on the other fields: email must be a string, got object']);
	});

	function sent(row: Record<string, unknown>) {
		return buildMatchEntry((field) => row[field]);
	}
});

/** Search Businesses 2's Filters (JSON) on API v2: the same refusals as v1's (inputChecks.v1.test.ts). */
describe('Filters (JSON) with prototype keys, on v2', () => {
	const V2_BUSINESS_FILTERS =
		'country_code, region_country_code, city_region_country, company_size, company_revenue, company_age, number_of_locations, websearch_category, profnet_category, naics_category, ' +
		'company_tech_stack_category, company_tech_stack_tech, company_name, website_keywords, city_region, has_website, events, business_intent_topics, business_id, is_public_company, include_operating_locations';
	const search = (filtersJson: unknown, itemIndex = 3) =>
		readSearchRequest(
			withParameters({ mode: 'preview', returnAll: false, limit: 10, filterSource: 'json', filtersJson, options: {} }),
			itemIndex,
			BUSINESS_SEARCH_V2,
			'v2',
		);

	it.each(['__proto__', 'constructor', 'prototype'])('"%s" is an unknown filter, never an unfiltered search', (key) => {
		const error = errorOf(() => search(`{"${key}": {"values": ["us"]}}`));
		expect(error.message).toBe(`Item 3: filters has unknown filter "${key}": the filters of API v2 are ${V2_BUSINESS_FILTERS}`);
		expect(error.description).toBe(`Check "Filters (JSON)". ${NOTHING_SENT}`);
	});

	it('the same for an object from an expression that holds "__proto__" as a key (JSON.parse keeps it)', () => {
		const value = JSON.parse('{"country_code": {"values": ["us"]}, "__proto__": {"values": ["x"]}}') as unknown;
		expect(errorOf(() => search(value)).message).toMatch(/^Item 3: filters has unknown filter "__proto__"/);
	});

	it('refuses an object whose prototype an expression changed (`{ __proto__: ... }` in JavaScript)', () => {
		const literal = { __proto__: { country_code: { values: ['us'] } } } as unknown;
		expect(errorOf(() => search(literal)).message).toBe(
			'Item 3: Filters (JSON) holds an object that is not plain JSON at the top (an expression\'s "__proto__" key changes an object\'s prototype instead of adding a field)',
		);
	});

	it('names a prototype key inside a filter', () => {
		expect(errorOf(() => search('{"country_code": {"values": ["us"], "__proto__": {"x": 1}}}')).message).toBe(
			'Item 3: filters.country_code has unknown field __proto__',
		);
	});

	it("zod's strict() sees an own __proto__ key on an object without a prototype (v2's filters schema)", () => {
		const json = toUserJson(JSON.parse('{"__proto__": {"values": ["us"]}}'));
		expect(json.ok).toBe(true);
		const parsed = businessFiltersV2.safeParse((json as { value: { value: unknown } }).value.value);
		expect(parsed.success).toBe(false);
		expect(parsed.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['__proto__'] });
	});

	it('still sends valid filters (with Include Operating Locations, which v2 takes as a filter)', () => {
		expect(search('{"country_code": {"values": ["us"]}}').body.filters).toEqual({ country_code: { values: ['us'] }, include_operating_locations: { value: true } });
	});
});

/** The same refusals on v2 as inputChecks.v1.test.ts holds on v1 (the node at its v2 version). */
describe('types and lengths on v2: refused before sending', () => {
	const WEBHOOK = '3f2b8c1e-5d4a-4e6f-9b7c-0a1d2e3f4a5b';
	it.each([
		[{ enrollmentKey: 'k'.repeat(LIMITS.enrollmentKeyMaxLength + 1) }, 'Item 4: enrollment_key must be at most 256 characters long'],
		[{ eventTypes: ['x'.repeat(101)] }, 'Item 4: event_types[0] must be at most 100 characters'],
	])('Manage Enrollment (business) %p', (parameters, message) => refusesTheEnrollment(parameters, message, { version: 'v2', webhookId: () => WEBHOOK }));

	it('Manage Enrollment (prospect): ids have no format but no spaces, and the enrollment id must be text', () => {
		const enrollment = (prospectIds: string) =>
			withParameters({ enrollmentKey: 'k-watch', prospectIds, eventTypes: ['prospect_changed_role'], options: {} });
		const read = { version: 'v2', webhookId: () => WEBHOOK } as const;
		expect(readItem(enrollment('p1, p2'), PROSPECT, 'create', 0, read).ids).toEqual(['p1', 'p2']);
		expect(errorOf(() => readItem(enrollment('p1 p2'), PROSPECT, 'create', 1, read)).message).toBe(
			'Item 1: Prospect IDs "p1 p2" is not an ID: must not contain spaces or control characters (separate IDs with commas, semicolons or line breaks)',
		);
		expect(errorOf(() => readEnrollmentId(withParameters({ enrollmentId: { id: 'e' } }), 2)).message).toBe('Item 2: Enrollment ID must be text, got an object');
	});

	it('Search: exclude ids in the contract format', () => {
		const ctx = withParameters({ mode: 'preview', returnAll: false, limit: 10, filterSource: 'fields', filters: {}, options: { exclude: `${ID}, acme` } });
		expect(errorOf(() => readSearchRequest(ctx, 1, BUSINESS_SEARCH_V2, 'v2')).message).toBe(
			'Item 1: exclude "acme" is not a business ID: must be 32 lowercase hexadecimal characters',
		);
	});

	it('Search: a boolean in a filter is not a value', () => {
		const ctx = withParameters({ mode: 'preview', returnAll: false, limit: 10, filterSource: 'fields', filters: { countries: [true] }, options: {} });
		expect(errorOf(() => readSearchRequest(ctx, 0, BUSINESS_SEARCH_V2, 'v2')).message).toBe('Item 0: Countries must be a list of text values, got a boolean (true)');
	});
});
