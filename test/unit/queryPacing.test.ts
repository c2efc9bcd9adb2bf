/**
 * The client paces queries (rate-limits.md): the credential's stored `maxRequestsPerMinute`, shown
 * as Queries per Minute, is the key's queries a minute, so a credential saved before keeps its value
 * and paces identically; a request heavier than that minute is refused before it is sent; a run's
 * queries and requests are counted; an assumed weight is learned from the headers.
 */
import type { INodeProperties } from 'n8n-workflow';

import { BusinessProspectDataApi } from '../../credentials/BusinessProspectDataApi.credentials';
import { ApiClient } from '../../nodes/shared/transport/apiClient';
import { fakeContext, ok, type RecordedCall } from './support/fakeContext';

const ids = (n: number, prefix = 'b') => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);
let keys = 0;
/** A credential as saved before the field spoke queries: only the stored name and value. */
const savedCredential = (maxRequestsPerMinute?: number) => ({
	baseUrl: 'http://127.0.0.1:9/',
	apiKey: `query-pacing-key-${++keys}`,
	...(maxRequestsPerMinute !== undefined && { maxRequestsPerMinute }),
});

describe('the credential speaks queries per minute', () => {
	it('keeps the stored name and default of the older field, with the new words', () => {
		const field = new BusinessProspectDataApi().properties.find((property: INodeProperties) => property.name === 'maxRequestsPerMinute');
		expect(field).toMatchObject({ displayName: 'Queries per Minute', default: 200, type: 'number' });
		expect(field?.description).toContain('queries per minute');
	});

	it('a credential saved with the old field loads with its value and paces queries by it', async () => {
		const { ctx, calls } = fakeContext(() => ok({ data: [] }), { credentials: savedCredential(60) });
		const client = await ApiClient.of(ctx);
		expect(client.connection.maxRequestsPerMinute).toBe(60);
		expect(client.queriesPerMinute).toBe(60);
		await client.request('enrichBusinessFirmographics', { business_ids: ids(40) });
		// 40 of the minute's 60 used: another 40 do not fit before the window frees them
		await expect(client.request('enrichBusinessFirmographics', { business_ids: ids(40) }, { deadline: Date.now() + 1_000 })).rejects.toThrow(
			"The API key's query budget (60 queries per minute) is used up for now; the request was not sent",
		);
		await client.request('enrichBusinessFirmographics', { business_ids: ids(20) });
		expect(calls.map((call: RecordedCall) => (call.body.business_ids as string[]).length)).toEqual([40, 20]);
		expect(await ApiClient.usageOf(ctx)).toEqual({ requests: 2, queries: 60 });
	});

	it('a credential saved without the field paces at the service limit, 200 queries a minute', async () => {
		const { ctx } = fakeContext(() => ok({ data: [] }), { credentials: savedCredential() });
		expect((await ApiClient.of(ctx)).queriesPerMinute).toBe(200);
	});
});

describe('the client weighs each request', () => {
	it('refuses a request heavier than the key allows in a minute before sending it', async () => {
		const { ctx, calls } = fakeContext(() => ok({ data: [] }), { credentials: savedCredential(30) });
		const client = await ApiClient.of(ctx);
		await expect(client.request('enrichBusinessFirmographics', { business_ids: ids(31) }, { items: [0, 1, 2] })).rejects.toThrow(
			'This request weighs 31 queries, more than the API key allows in a minute (30 queries); it was not sent for items 0 to 2',
		);
		expect(calls).toEqual([]);
	});

	it('learns that an events call the catalog assumes per id weighs one query, from the drop in X-RateLimit-Remaining', async () => {
		let remaining = 200;
		const { ctx } = fakeContext(
			() => {
				remaining -= 1;
				return { statusCode: 200, body: { data: [], output_events: [] }, headers: { 'x-ratelimit-limit': '200', 'x-ratelimit-remaining': String(remaining), 'x-ratelimit-reset': '60' } };
			},
			{ credentials: savedCredential() },
		);
		const client = await ApiClient.of(ctx);
		const body = { business_ids: ids(40), event_types: ['new_funding_round'] };
		expect(client.weightOf('getBusinessEvents', body)).toBe(40);
		await client.request('searchBusinesses', { mode: 'preview', size: 1, page_size: 1 });
		await client.request('getBusinessEvents', body);
		expect(client.meterOf('getBusinessEvents')).toEqual({ queries: 1 });
		expect(client.weightOf('getBusinessEvents', body)).toBe(1);
		// a published meter stays: enrichment is per entity whatever one answer says
		await client.request('enrichBusinessFirmographics', { business_ids: ids(10) });
		expect(client.meterOf('enrichBusinessFirmographics')).toEqual({ entities: 'business_ids' });
	});
});
