/**
 * Search Businesses on API v1 (apiVersions.cases.ts at node version 1), the same output on v1 and
 * v2 item for item, and the v2 node version on a credential set to v1 (v1's pages, Include
 * Operating Locations off refused). Retiring v1 deletes this file (docs/development.md, "Retiring
 * API v1"). Set-up in setup.ts.
 */
import type { INodeParameters } from 'n8n-workflow';

import { onItems, packageNode, runWorkflow, sandboxCredentials } from '../harness';
import { typeVersionFor } from '../harness/apiVersions';
import { apiVersionCases, bodies, on } from './apiVersions.cases';
import { NODE, sandbox, setUpSandbox } from './setup';

setUpSandbox();

describe('API v1', () => apiVersionCases('v1'));

test('the same output on API v1 and v2, item for item, with Include Total', async () => {
	const parameters = { mode: 'full', limit: 120, filters: { websiteKeywords: ['pricing'] }, options: { pageSize: 50, includeTotal: true } };
	const [v1, v2] = [await on('v1', parameters, [{}, {}]), await on('v2', parameters, [{}, {}])];
	expect([v1.error, v2.error]).toEqual([undefined, undefined]);
	expect(v1.json(NODE)).toHaveLength(240);
	expect(v2.json(NODE)).toEqual(v1.json(NODE));
	expect(v2.pairedItems(NODE)).toEqual(v1.pairedItems(NODE));
});

describe('the v2 node version', () => {
	test('on a credential set to v1: pages of 100 (v1\'s most), and Include Operating Locations off refused before sending', async () => {
		const node = (parameters: INodeParameters) =>
			packageNode('searchBusinesses', NODE, parameters, { typeVersion: typeVersionFor('searchBusinesses', 'v2') });
		const credentials = sandboxCredentials(sandbox, { apiVersion: 'v1' });
		const run = await runWorkflow(onItems([{}], node({ limit: 150 })), { credentials });
		expect(run.error).toBeUndefined();
		expect(bodies('v1').map((body) => [body.page, body.page_size, body.size])).toEqual([
			[1, 100, 150],
			[2, 100, 150],
		]);

		sandbox.clearRequests();
		const refused = await runWorkflow(onItems([{}], node({ includeOperatingLocations: false })), { credentials });
		expect(refused.error?.message).toBe(
			'Item 0: Include Operating Locations: API v1 always includes them. Turn it on, or set API Version to v2 in the credential',
		);
		expect(sandbox.requests).toHaveLength(0);
	});
});
