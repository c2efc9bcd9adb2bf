/**
 * Search Prospects on both API versions (describe.each): node version 2 speaks v1, version 3
 * (built for v2) speaks v2. Contact filters in each version's words (Has Email / Has Phone
 * Number on v1, Contact Details on v2, either form in Filters (JSON)), exact requests and bodies,
 * 10,000 prospects in 20 requests of 500 on v2, order and pairing, and the same output on both.
 * Set-up in setup.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { type ApiVersion, LIMITS } from '../../../nodes/shared/api';
import { onItems, packageNode, runWorkflow, sandboxCredentials, useSandbox } from '../harness';
import { API_VERSIONS, pathOn, typeVersionFor } from '../harness/apiVersions';
import { idsOf, NODE, SEARCH_PATH } from './setup';

const SERVED = 10_000;
const sandbox = useSandbox({ searchableProspects: SERVED, rateLimit: false }, (started) => started.configure({ searchShift: 0 }));

async function on(api: ApiVersion, parameters: INodeParameters, items: IDataObject[] = [{}]) {
	const node = packageNode('searchProspects', NODE, parameters, { typeVersion: typeVersionFor('searchProspects', api) });
	return await runWorkflow(onItems(items, node), { credentials: sandboxCredentials(sandbox, { maxRequestsPerMinute: 1_000_000 }) });
}
const bodies = (api: ApiVersion) => sandbox.requests.filter((r) => r.path === pathOn(api, SEARCH_PATH)).map((r) => r.body as IDataObject);
const withEmailAndPhone = () =>
	sandbox.universe.searchProspects().filter((entry) => entry.facets.has_email && entry.facets.has_phone_number);

/** The Filters collection of each node version for "has an email and a phone number", and what it sends. */
const CONTACT: Record<ApiVersion, { fields: INodeParameters; sent: INodeParameters }> = {
	v1: { fields: { hasEmail: true, hasPhoneNumber: true }, sent: { has_email: { value: true }, has_phone_number: { value: true } } },
	v2: { fields: { contactDetails: 'email_and_phone' }, sent: { has_contact_details: { value: 'email_and_phone' } } },
};

describe.each(API_VERSIONS)('API %s', (api) => {
	test('contact details from the Filters collection: the version\'s filter, 300 prospects in order, paired', async () => {
		const expected = withEmailAndPhone().slice(0, 300).map((entry) => entry.prospect.prospect_id);
		const run = await on(api, { limit: 300, filters: CONTACT[api].fields, options: { pageSize: 100 } });

		expect(run.error).toBeUndefined();
		const sent = bodies(api);
		expect(sent).toHaveLength(3);
		if (api === 'v1') {
			expect(sent).toEqual([1, 2, 3].map((page) => ({ mode: 'preview', size: 300, page_size: 100, page, filters: CONTACT.v1.sent })));
		} else {
			expect(sent).toEqual(
				[0, 1, 2].map((n) => ({
					mode: 'preview',
					page_size: 100,
					filters: CONTACT.v2.sent,
					...(n > 0 ? { next_cursor: sent[n].next_cursor } : {}),
				})),
			);
		}
		expect(idsOf(run.json(NODE))).toEqual(expected);
		expect(run.pairedItems(NODE)).toEqual(expected.map(() => [{ item: 0 }]));
	});

	test.each(['has_email / has_phone_number', 'has_contact_details'])('Filters (JSON) with %s: sent in the version\'s words', async (form) => {
		const filtersJson = form === 'has_contact_details' ? CONTACT.v2.sent : CONTACT.v1.sent;
		const run = await on(api, { limit: 10, filterSource: 'json', filtersJson });

		expect(run.error).toBeUndefined();
		expect(bodies(api).map((body) => body.filters)).toEqual([CONTACT[api].sent]);
		expect(idsOf(run.json(NODE))).toEqual(withEmailAndPhone().slice(0, 10).map((entry) => entry.prospect.prospect_id));
	});
});

test('the same output on API v1 and v2, item for item, for two input items', async () => {
	const items = [{ level: 'director' }, { level: 'manager' }];
	const parameters = { mode: 'full', limit: 150, filters: { jobLevels: '={{ [$json.level] }}' }, options: { pageSize: 100 } };
	const [v1, v2] = [await on('v1', parameters, items), await on('v2', parameters, items)];
	expect([v1.error, v2.error]).toEqual([undefined, undefined]);
	expect(v1.json(NODE)).toHaveLength(300);
	expect(v2.json(NODE)).toEqual(v1.json(NODE));
	expect(v2.pairedItems(NODE)).toEqual(v1.pairedItems(NODE));
});

test(`API v2, Return All: ${SERVED.toLocaleString('en-US')} prospects in 20 requests of 500 (the default page), each with the previous cursor`, async () => {
	const run = await on('v2', { returnAll: true });

	expect(run.error).toBeUndefined();
	const sent = bodies('v2');
	expect(sent).toHaveLength(SERVED / LIMITS.searchPageSize.max);
	expect(sent.map((body) => body.page_size)).toEqual(sent.map(() => 500));
	expect(sent[0]).toEqual({ mode: 'preview', page_size: 500 });
	for (const body of sent.slice(1)) expect(Object.keys(body).sort()).toEqual(['mode', 'next_cursor', 'page_size']);
	expect(new Set(sent.map((body) => body.next_cursor)).size).toBe(sent.length);
	expect(idsOf(run.json(NODE))).toEqual(sandbox.universe.searchProspects().map((entry) => entry.prospect.prospect_id));
});

test('a Contact Details that only v2 has (Email or Phone) is refused on a credential set to v1, before sending', async () => {
	const node = packageNode('searchProspects', NODE, { filters: { contactDetails: 'email_or_phone' } }, { typeVersion: typeVersionFor('searchProspects', 'v2') });
	const run = await runWorkflow(onItems([{}], node), { credentials: sandboxCredentials(sandbox, { apiVersion: 'v1' }) });
	expect(run.error?.message).toBe(
		'Item 0: has_contact_details "email_or_phone" exists on API v2 only: choose email or phone, or set API Version to v2 in the credential',
	);
	expect(sandbox.requests).toHaveLength(0);
});

test('an older node on a v2 credential with a Request Context: left out of the prospect search (v2 takes none), said once', async () => {
	const node = packageNode(
		'searchProspects',
		NODE,
		{ limit: 30, options: { requestContext: '{"campaign":"spring"}' } },
		{ typeVersion: typeVersionFor('searchProspects', 'v1') },
	);
	const run = await runWorkflow(onItems([{}, {}], node), {
		credentials: sandboxCredentials(sandbox, { maxRequestsPerMinute: 1_000_000, apiVersion: 'v2' }),
	});

	expect(run.error).toBeUndefined();
	// both items ask the same search: one request, without request_context (the v2 sandbox refuses unknown keys)
	expect(bodies('v2')).toEqual([{ mode: 'preview', page_size: 30 }]);
	expect(run.json(NODE)).toHaveLength(60);
	expect(run.runData[NODE][0].hints).toEqual([
		{ message: 'Request Context was not sent: this search takes none on API v2.', location: 'outputPane' },
	]);
});
