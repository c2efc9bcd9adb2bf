/**
 * API v1's cases of transportV2.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * The transport on API v2: the client built for a version sends to its catalog's paths, says so
 * when an operation is not on that version (sending nothing), answers in v1's names (wireNames.ts,
 * the one place), and a 422 from v2 is the same kind of error as v1's.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { ApiClient } from '../../nodes/shared/transport/apiClient';
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
});

describe('wireNames: v2 names turned into v1 names, in one place', () => {
	it('keeps v1 requests and answers as they are (the same objects)', () => {
		const body = { event_types: ['employee_joined_company'] };
		const answer = { response_context: { time_took_in_seconds: 1 }, data: [{ founding_stage: 'x' }] };
		expect(toWire('v1', body)).toBe(body);
		expect(fromWire('v1', answer)).toBe(answer);
		expect(operationOn('v1', 'businessAutocomplete')).toBe('businessAutocomplete');
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
});
