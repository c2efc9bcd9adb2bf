/**
 * Search Prospects on one API version, at the node version that speaks it (node version 2 speaks
 * v1, version 3, built for v2, speaks v2): apiVersions.test.ts runs these cases on v2,
 * apiVersions.v1.test.ts on v1 (retiring v1 deletes that file). Contact filters in the version's
 * words (Has Email / Has Phone Number on v1, Contact Details on v2, either form in Filters (JSON)),
 * exact requests and bodies, order and pairing.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { ApiVersion } from '../../../nodes/shared/api';
import type { Sandbox } from '../../sandbox';
import { onItems, packageNode, runWorkflow, sandboxCredentials, useSandbox } from '../harness';
import { pathOn, typeVersionFor } from '../harness/apiVersions';
import { idsOf, NODE, SEARCH_PATH } from './setup';

export const SERVED = 10_000;

/** The sandbox of the test file that runs these cases, set by setUpSandbox(). */
export let sandbox: Sandbox;

/** Starts the file's sandbox (SERVED prospects, no rate limit) before its tests and closes it after. */
export function setUpSandbox(): void {
	sandbox = useSandbox({ searchableProspects: SERVED, rateLimit: false }, (started) => started.configure({ searchShift: 0 }));
}

export async function on(api: ApiVersion, parameters: INodeParameters, items: IDataObject[] = [{}]) {
	const node = packageNode('searchProspects', NODE, parameters, { typeVersion: typeVersionFor('searchProspects', api) });
	return await runWorkflow(onItems(items, node), { credentials: sandboxCredentials(sandbox, { maxRequestsPerMinute: 1_000_000 }) });
}
export const bodies = (api: ApiVersion) => sandbox.requests.filter((r) => r.path === pathOn(api, SEARCH_PATH)).map((r) => r.body as IDataObject);
const withEmailAndPhone = () =>
	sandbox.universe.searchProspects().filter((entry) => entry.facets.has_email && entry.facets.has_phone_number);

/**
 * The Filters collection of each node version for "has an email and a phone number", and what it
 * sends (by API version's name: v1's form is also what Filters (JSON) may hold on v2).
 */
const CONTACT: Record<'v1' | 'v2', { fields: INodeParameters; sent: INodeParameters }> = {
	v1: { fields: { hasEmail: true, hasPhoneNumber: true }, sent: { has_email: { value: true }, has_phone_number: { value: true } } },
	v2: { fields: { contactDetails: 'email_and_phone' }, sent: { has_contact_details: { value: 'email_and_phone' } } },
};

export function apiVersionCases(api: ApiVersion): void {
	test('contact details from the Filters collection: the version\'s filter, 300 prospects in order, paired', async () => {
		const expected = withEmailAndPhone().slice(0, 300).map((entry) => entry.prospect.prospect_id);
		const run = await on(api, { limit: 300, filters: CONTACT[api].fields, options: { pageSize: 100 } });

		expect(run.error).toBeUndefined();
		const sent = bodies(api);
		expect(sent).toHaveLength(3);
		if (api !== 'v2') {
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
}
