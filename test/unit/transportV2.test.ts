/**
 * The transport on API v2: the client built for a version sends to its catalog's paths, says so
 * when an operation is not on that version (sending nothing), answers in v1's names (wireNames.ts,
 * the one place), and a 422 from v2 is the same kind of error as v1's.
 */
import { NodeApiError } from 'n8n-workflow';

import { ApiClient } from '../../nodes/shared/transport/apiClient';
import { normalizeBaseUrl } from '../../nodes/shared/transport/connection';
import { fromWire, toWire } from '../../nodes/shared/api';
import { type Sandbox, startSandbox } from '../sandbox';
import { sandboxContext } from './support/sandboxContext';

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false });
});
afterAll(async () => await sandbox.close());
beforeEach(() => sandbox.clearRequests());

describe('a 422 on v2 is the same kind of error as on v1', () => {
	it('a key v2 no longer takes (size): refused by v2 the same way', async () => {
		const client = await ApiClient.of(sandboxContext(sandbox).ctx, 'v2');
		const error = (await client.request('searchBusinesses', { mode: 'preview', page_size: 5, size: 5 }).catch((e: unknown) => e)) as NodeApiError;
		expect(error).toBeInstanceOf(NodeApiError);
		expect([error.httpCode, error.message]).toEqual(['422', 'The service rejected the request (422): size: extra fields not permitted']);
	});
});

describe('the v2 client', () => {
	it('takes a base URL ending in /v2 as the same address', () => {
		expect(normalizeBaseUrl('https://api.example.com/v2/')).toBe('https://api.example.com');
	});
});

describe('wireNames: v2 names turned into v1 names, in one place', () => {
	it('sends event types under their v2 names, leaving other names and the caller body alone', () => {
		const body = { event_types: ['employee_joined_company', 'new_product'], business_ids: ['b'] };
		expect(toWire('v2', body)).toEqual({ event_types: ['executive_joined_company', 'new_product'], business_ids: ['b'] });
		expect(body.event_types[0]).toBe('employee_joined_company');
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
