/**
 * API v1's cases of inputChecks.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * Bad input, checked before anything is sent (issue "Trust under attack and faults", Bad input):
 * prototype keys in user JSON, objects where text belongs, business ids in the contract's format
 * in every node, a Since in the future, profile URLs without a scheme or with another scheme,
 * names in NFD, internationalised e-mail addresses, length limits, and Match leaving out only the
 * fields that are bad. Each case names the item, the field and the rule.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { PROSPECT } from '../../nodes/ManageEnrollment/helpers/kinds';
import { readItem } from '../../nodes/ManageEnrollment/helpers/plan';
import { readEnrollmentId } from '../../nodes/ManageEnrollment/actions/prospectEnrollment/enrollmentId';
import { readSearchRequest } from '../../nodes/shared/search/searchRequest';
import { ItemValidationError } from '../../nodes/shared/batching/validate';
import { toUserJson } from '../../nodes/shared/inputRules';
import { filtersSchemaV1, LIMITS } from '../../nodes/shared/api';
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

describe('Filters (JSON) with prototype keys', () => {
	const search = (filtersJson: unknown, itemIndex = 3) =>
		readSearchRequest(
			withParameters({ mode: 'preview', returnAll: false, limit: 10, filterSource: 'json', filtersJson, options: {} }),
			itemIndex,
		);

	it.each(['__proto__', 'constructor', 'prototype'])('"%s" is an unknown filter, never an unfiltered search', (key) => {
		const error = errorOf(() => search(`{"${key}": {"values": ["us"]}}`));
		expect(error.message).toMatch(new RegExp(`^Item 3: filters has unknown filter "${key}": the filters are country_code, `));
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

	it("zod's strict() sees an own __proto__ key on an object without a prototype", () => {
		const json = toUserJson(JSON.parse('{"__proto__": {"values": ["us"]}}'));
		expect(json.ok).toBe(true);
		const parsed = filtersSchemaV1.safeParse((json as { value: { value: unknown } }).value.value);
		expect(parsed.success).toBe(false);
		expect(parsed.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['__proto__'] });
	});

	it('still sends valid filters', () => {
		expect(search('{"country_code": {"values": ["us"]}}').body.filters).toEqual({ country_code: { values: ['us'] } });
	});
});

describe('types: an object or a list where text belongs is an error, never "[object Object]"', () => {
	const enrollment = (parameters: INodeParameters) =>
		withParameters({ enrollmentKey: 'k-watch', businessIds: ID, prospectIds: 'p1', eventTypes: ['new_product'], options: {}, ...parameters });

	// the node at its first typeVersion speaks v1, whose schema words these two
	it.each([
		[{ enrollmentKey: 'k'.repeat(LIMITS.enrollmentKeyMaxLength + 1) }, 'Item 4: enrollment_key must be at most 256 characters long'],
		[{ eventTypes: ['x'.repeat(101)] }, 'Item 4: event_types[0] must be at most 100 characters'],
	])('Manage Enrollment (business) %p', (parameters, message) => refusesTheEnrollment(parameters, message));

	it('Manage Enrollment (prospect): ids have no format but no spaces, and the enrollment id must be text', () => {
		expect(readItem(enrollment({ prospectIds: 'p1, p2' }), PROSPECT, 'create', 0).ids).toEqual(['p1', 'p2']);
		expect(errorOf(() => readItem(enrollment({ prospectIds: 'p1 p2' }), PROSPECT, 'create', 1)).message).toBe(
			'Item 1: Prospect IDs "p1 p2" is not an ID: must not contain spaces or control characters (separate IDs with commas, semicolons or line breaks)',
		);
		expect(errorOf(() => readEnrollmentId(withParameters({ enrollmentId: { id: 'e' } }), 2)).message).toBe(
			'Item 2: Enrollment ID must be text, got an object',
		);
	});

	it('Search: exclude ids in the contract format', () => {
		const ctx = withParameters({ mode: 'preview', returnAll: false, limit: 10, filterSource: 'fields', filters: {}, options: { exclude: `${ID}, acme` } });
		expect(errorOf(() => readSearchRequest(ctx, 1)).message).toBe(
			'Item 1: exclude "acme" is not a business ID: must be 32 lowercase hexadecimal characters',
		);
	});

	it('Search: a boolean in a filter is not a value', () => {
		const ctx = withParameters({ mode: 'preview', returnAll: false, limit: 10, filterSource: 'fields', filters: { countries: [true] }, options: {} });
		expect(errorOf(() => readSearchRequest(ctx, 0)).message).toBe(
			'Item 0: Countries must be a list of text values, got a boolean (true)',
		);
	});
});
