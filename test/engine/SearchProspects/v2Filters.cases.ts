/**
 * Search Prospects' filters of issue 21 on one API version, at the node version that speaks it:
 * v2Filters.test.ts runs these cases on v2, v2Filters.v1.test.ts on v1 (retiring v1 deletes that
 * file). Has Website, which both versions have: exact bodies and the sandbox really filtering on
 * the company's website.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { ApiVersion } from '../../../nodes/shared/api';
import { onItems, packageNode, runWorkflow, sandboxCredentials } from '../harness';
import { pathOn, typeVersionFor } from '../harness/apiVersions';
import { idsOf, idsWhere, NODE, requestsTo, sandbox, SEARCH_PATH } from './setup';

export async function on(api: ApiVersion, parameters: INodeParameters, options: { credential?: ApiVersion; typeVersion?: number } = {}) {
	const typeVersion = options.typeVersion ?? typeVersionFor('searchProspects', api);
	const node = packageNode('searchProspects', NODE, parameters, { typeVersion, onError: 'continueRegularOutput' });
	const credentials = sandboxCredentials(sandbox, options.credential ? { apiVersion: options.credential } : {});
	return await runWorkflow(onItems([{}], node), { credentials });
}
export const bodies = (api: ApiVersion, path = SEARCH_PATH) => requestsTo(pathOn(api, path)).map((r) => r.body as IDataObject);

export function v2FilterCases(api: ApiVersion): void {
	test('Has Website on and off: sent as {value}, filtering on the company\'s website', async () => {
		const run = await on(api, { returnAll: true, filters: { hasWebsite: true, jobLevels: ['founder'] } });

		expect(run.error).toBeUndefined();
		expect(bodies(api)[0].filters).toEqual({ job_level: { values: ['founder'] }, has_website: { value: true } });
		const expected = idsWhere((entry) => entry.facets.job_level === 'founder' && entry.business.website !== '');
		expect(expected.length).toBeGreaterThan(0);
		expect(idsOf(run.json(NODE))).toEqual(expected);

		// every company of the sandbox has a website: off finds none, so the filter is really read
		sandbox.clearRequests();
		const none = await on(api, { limit: 10, filters: { hasWebsite: false, jobLevels: ['founder'] } });
		expect(bodies(api)[0].filters).toEqual({ job_level: { values: ['founder'] }, has_website: { value: false } });
		expect(none.json(NODE)).toEqual([]);
	});
}
