/**
 * Search Prospects on API v1 (apiVersions.cases.ts at node version 2), the same output on v1 and v2
 * item for item, a Contact Details that only v2 has refused on a credential set to v1, and node
 * version 2 (built for v1) on a v2 credential leaving its Request Context out. Retiring v1 deletes
 * this file (docs/development.md, "Retiring API v1"). Set-up in setup.ts.
 */
import { onItems, packageNode, runWorkflow, sandboxCredentials } from '../harness';
import { typeVersionFor } from '../harness/apiVersions';
import { apiVersionCases, bodies, on, sandbox, setUpSandbox } from './apiVersions.cases';
import { NODE } from './setup';

setUpSandbox();

describe('API v1', () => apiVersionCases('v1'));

test('the same output on API v1 and v2, item for item, for two input items', async () => {
	const items = [{ level: 'director' }, { level: 'manager' }];
	const parameters = { mode: 'full', limit: 150, filters: { jobLevels: '={{ [$json.level] }}' }, options: { pageSize: 100 } };
	const [v1, v2] = [await on('v1', parameters, items), await on('v2', parameters, items)];
	expect([v1.error, v2.error]).toEqual([undefined, undefined]);
	expect(v1.json(NODE)).toHaveLength(300);
	expect(v2.json(NODE)).toEqual(v1.json(NODE));
	expect(v2.pairedItems(NODE)).toEqual(v1.pairedItems(NODE));
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
