/**
 * The transport on API v2: the client built for a version sends to its catalog's paths, says so
 * when an operation is not on that version (sending nothing), answers in v1's names (wireNames.ts,
 * the one place), and a 422 from v2 is the same kind of error as v1's.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { ApiClient } from '../../nodes/shared/transport/apiClient';
import { normalizeBaseUrl } from '../../nodes/shared/transport/connection';
import { fromWire, operationOn, toWire } from '../../nodes/shared/api';
import { type Sandbox, startSandbox } from '../sandbox';
import { sandboxContext } from './support/sandboxContext';

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false });
});
afterAll(async () => await sandbox.close());
beforeEach(() => sandbox.clearRequests());

describe('a 422 on v2 is the same kind of error as on v1', () => {
	/** The same search body on each version (v1 needs its size), and the error each answer became. */
	async function refusedOnBoth(body: IDataObject) {
		const errors: NodeApiError[] = [];
		for (const version of ['v1', 'v2'] as const) {
			const client = await ApiClient.of(sandboxContext(sandbox).ctx, version);
			const sent = version === 'v1' ? { ...body, size: 5 } : body;
			errors.push((await client.request('searchBusinesses', sent, { itemIndex: 3 }).catch((error: unknown) => error)) as NodeApiError);
		}
		expect(sandbox.requests.map((request) => [request.path, request.status])).toEqual([
			['/v1/businesses', 422],
			['/v2/businesses', 422],
		]);
		return errors.map((error) => ({
			kind: error.constructor.name,
			httpCode: error.httpCode,
			message: error.message,
			itemIndex: error.context.itemIndex,
			problems: error.context.problems,
		}));
	}

	it('an unknown filter key: the same NodeApiError, word for word, naming the key and the item', async () => {
		const [v1, v2] = await refusedOnBoth({ mode: 'preview', page_size: 5, filters: { colour: { values: ['red'] } } });
		expect(v1).toEqual({
			kind: 'NodeApiError',
			httpCode: '422',
			message: 'The service rejected the request (422): filters.colour: extra fields not permitted',
			itemIndex: 3,
			problems: [{ path: ['filters', 'colour'], message: 'extra fields not permitted' }],
		});
		expect(v2).toEqual(v1);
	});

	it('a key v2 no longer takes (size): refused by v2 the same way', async () => {
		const client = await ApiClient.of(sandboxContext(sandbox).ctx, 'v2');
		const error = (await client.request('searchBusinesses', { mode: 'preview', page_size: 5, size: 5 }).catch((e: unknown) => e)) as NodeApiError;
		expect(error).toBeInstanceOf(NodeApiError);
		expect([error.httpCode, error.message]).toEqual(['422', 'The service rejected the request (422): size: extra fields not permitted']);
	});
});

describe('the v2 client', () => {
	it('sends autocomplete of either kind to the single /v2/autocomplete', async () => {
		const client = await ApiClient.of(sandboxContext(sandbox).ctx, 'v2');
		const v2 = await client.request('prospectAutocomplete', undefined, { query: { field: 'job_title', query: 'man' } });
		const v1 = await (await ApiClient.of(sandboxContext(sandbox).ctx)).request('prospectAutocomplete', undefined, {
			query: { field: 'job_title', query: 'man' },
		});
		expect(sandbox.requests.map((request) => request.path)).toEqual(['/v2/autocomplete', '/v1/prospects/autocomplete']);
		expect(v2).toEqual(v1);
	});

	it('refuses an operation the version does not have (a v2-only one on v1), sending nothing', async () => {
		const client = await ApiClient.of(sandboxContext(sandbox).ctx, 'v1');
		const error = await client.request('rotateWebhookSecret', {}).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect((error as Error).message).toBe('The operation rotateWebhookSecret is not available on API v1');
		expect(sandbox.requests).toEqual([]);
	});

	it('takes a base URL ending in /v2 as the same address', () => {
		expect(normalizeBaseUrl('https://api.example.com/v2/')).toBe('https://api.example.com');
	});
});

describe('wireNames: v2 names turned into v1 names, in one place', () => {
	it('keeps v1 requests and answers as they are (the same objects)', () => {
		const body = { event_types: ['employee_joined_company'] };
		const answer = { response_context: { time_took_in_seconds: 1 }, data: [{ founding_stage: 'x' }] };
		expect(toWire('v1', body)).toBe(body);
		expect(fromWire('v1', answer)).toBe(answer);
		expect(operationOn('v1', 'businessAutocomplete')).toBe('businessAutocomplete');
	});

	it('sends event types under their v2 names, leaving other names and the caller body alone', () => {
		const body = { event_types: ['employee_joined_company', 'new_product'], business_ids: ['b'] };
		expect(toWire('v2', body)).toEqual({ event_types: ['executive_joined_company', 'new_product'], business_ids: ['b'] });
		expect(body.event_types[0]).toBe('employee_joined_company');
	});

	it('sends a search\'s events filter under v2 names too, keeping its other keys and filters', () => {
		const filters = {
			events: { values: ['employee_joined_company', 'new_office'], last_occurrence: 30 },
			country_code: { values: ['us'] },
		};
		const body = { mode: 'preview', page_size: 10, filters };
		expect(toWire('v2', body)).toEqual({
			mode: 'preview',
			page_size: 10,
			filters: { events: { values: ['executive_joined_company', 'new_office'], last_occurrence: 30 }, country_code: { values: ['us'] } },
		});
		expect(filters.events.values[0]).toBe('employee_joined_company');
		expect(toWire('v1', body)).toBe(body);
	});

	it('reads v2 answers in v1 names at any depth, keeping key order, and copies nothing without a rename', () => {
		const answer = {
			response_context: { correlation_id: 'c', request_status: 'success', time_taken_in_seconds: 0.2 },
			output_events: [
				{ event_name: 'executive_joined_company', data: { funding_stage: 'seed', rounds: [{ funding_date: '2025-01-01' }] } },
			],
			data: [{ prospect_id: 'p', data: { professional_email: 'a@b.c', phone_numbers: [] } }],
		};
		expect(fromWire('v2', answer)).toEqual({
			response_context: { correlation_id: 'c', request_status: 'success', time_took_in_seconds: 0.2 },
			output_events: [
				{ event_name: 'employee_joined_company', data: { founding_stage: 'seed', rounds: [{ founding_date: '2025-01-01' }] } },
			],
			data: [{ prospect_id: 'p', data: { professions_email: 'a@b.c', phone_numbers: [] } }],
		});
		expect(Object.keys((fromWire('v2', answer).data[0].data as object))).toEqual(['professions_email', 'phone_numbers']);
		const plain = { data: [{ business_id: 'b', data: { name: 'n' } }] };
		expect(fromWire('v2', plain)).toBe(plain);
		expect(fromWire('v2', [{ value: 'x' }])).toEqual([{ value: 'x' }]);
	});

	it('takes keys named like Object.prototype members as plain keys', () => {
		const answer = JSON.parse('{"data":[{"__proto__":{"funding_stage":"a"},"constructor":"c","toString":"t"}]}') as object;
		const read = fromWire('v2', answer) as { data: Array<Record<string, unknown>> };
		expect(Object.getPrototypeOf(read.data[0])).toBe(Object.prototype);
		expect(Object.keys(read.data[0])).toEqual(['__proto__', 'constructor', 'toString']);
		expect(Object.getOwnPropertyDescriptor(read.data[0], '__proto__')?.value).toEqual({ founding_stage: 'a' });
	});
});
