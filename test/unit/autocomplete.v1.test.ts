/**
 * API v1's cases of autocomplete.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * Autocomplete and the filter pickers, narrowly: the sandbox's endpoints (bare array, query
 * validation with loc "query", deterministic suggestions that the search filters accept), the
 * transport (query string sent, a bare array accepted, anything else refused), the picker
 * property and how its values are read next to the earlier text fields, and Look Up Filter
 * Values' parameters in normal and tool mode. The list searches run through n8n-core against the
 * sandbox in test/engine/autocomplete.test.ts, and in a real n8n in test/e2e/autocomplete.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { lookUpFilterValues } from '../../nodes/shared/methods/filterValues';
import { AUTOCOMPLETE_CAP, suggest } from '../sandbox/handlers/autocomplete';
import { type Sandbox, sandboxClient, startSandbox } from '../sandbox';
import { fakeContext, ok } from './support/fakeContext';

let sandbox: Sandbox;
let api: ReturnType<typeof sandboxClient>;
beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false });
	api = sandboxClient(sandbox);
});
afterAll(async () => await sandbox.close());

const get = (path: string) => api.raw('GET', path);

describe('sandbox: GET /v1/{businesses|prospects}/autocomplete', () => {
	test('answers a bare array of {query, label, value}, without response_context', async () => {
		const { status, body } = await get('/v1/businesses/autocomplete?field=company_tech_stack_tech&query=sales');
		expect(status).toBe(200);
		expect(body).toEqual([{ query: 'sales', label: 'Salesforce', value: 'Salesforce' }]);
	});

	test('prefix matches first, then substring matches, case-insensitive, at most the cap', async () => {
		const { body } = await get('/v1/prospects/autocomplete?field=job_title&query=MAN');
		const values = (body as Array<{ value: string }>).map((entry) => entry.value);
		expect(values.length).toBeGreaterThan(1);
		expect(values.length).toBeLessThanOrEqual(AUTOCOMPLETE_CAP);
		const firstContains = values.findIndex((value) => !value.toLowerCase().startsWith('man'));
		for (const value of values.slice(firstContains === -1 ? values.length : firstContains)) {
			expect(value.toLowerCase().startsWith('man')).toBe(false);
		}
		for (const value of values) expect(value.toLowerCase()).toContain('man');
		// deterministic: the same answer twice
		expect((await get('/v1/prospects/autocomplete?field=job_title&query=MAN')).body).toEqual(body);
	});

	test('query defaults to "" and lists the first values', async () => {
		const { body } = await get('/v1/businesses/autocomplete?field=company_size');
		expect((body as Array<{ query: string }>).every((entry) => entry.query === '')).toBe(true);
		expect(body).toHaveLength(suggest('company_size', '', sandbox.universe.businesses).length);
	});

	test.each([
		['field missing', '', [{ loc: ['query', 'field'], msg: 'field required', type: 'value_error.missing' }]],
		[
			'unknown field',
			'field=cities',
			[{ loc: ['query', 'field'], msg: expect.stringContaining("permitted: 'country', 'country_code'"), type: 'type_error.enum' }],
		],
		[
			'semantic_search not a boolean',
			'field=job_title&semantic_search=maybe',
			[{ loc: ['query', 'semantic_search'], msg: expect.any(String), type: 'type_error.enum' }],
		],
		[
			'unknown parameter',
			'field=job_title&size=3',
			[{ loc: ['query', 'size'], msg: 'extra fields not permitted', type: 'value_error.extra' }],
		],
	])('422 for %s, located in the query', async (_name, query, detail) => {
		const { status, body } = await get(`/v1/businesses/autocomplete${query ? `?${query}` : ''}`);
		expect(status).toBe(422);
		expect(body).toEqual({ detail });
	});
});

describe('transport: lookUpFilterValues', () => {
	test('sends the query string on a GET without body, and reads the bare array', async () => {
		const seen: IDataObject[] = [];
		const { ctx, calls } = fakeContext(() => ok([{ query: 'aus', label: 'Austin, Texas, us', value: 'Austin, Texas, us' }, { value: '' }, { label: 'no value' }, { value: 5112 }]));
		const original = ctx.helpers.httpRequestWithAuthentication;
		ctx.helpers.httpRequestWithAuthentication = async function (this: unknown, type: string, request: IDataObject) {
			seen.push({ method: request.method, qs: request.qs, body: request.body });
			return await (original as (...args: unknown[]) => Promise<unknown>).call(this, type, request);
		} as never;
		const values = await lookUpFilterValues(ctx, 'businesses', 'city_region_country', '  aus ', { semanticSearch: true });
		expect(values).toEqual([
			{ label: 'Austin, Texas, us', value: 'Austin, Texas, us' },
			{ label: '5112', value: '5112' },
		]);
		expect(calls.map((call) => call.url)).toEqual(['http://127.0.0.1:9/v1/businesses/autocomplete']);
		expect(seen).toEqual([
			{ method: 'GET', qs: { field: 'city_region_country', query: 'aus', semantic_search: 'true' }, body: undefined },
		]);
	});
});
