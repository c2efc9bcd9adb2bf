/**
 * Look Up Filter Values and a search node's picker on one API version, at the node version that
 * speaks it: autocomplete.test.ts runs these cases on v2, autocomplete.v1.test.ts on v1 (retiring
 * v1 deletes that file); and what the two files share: their sandbox, the Search Businesses node
 * and its list searches.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { ApiVersion } from '../../nodes/shared/api';
import type { RecordedRequest, Sandbox } from '../sandbox';
import {
	itemsNode,
	linearWorkflow,
	manualTriggerNode,
	runListSearch,
	runWorkflow,
	sandboxCredentials,
	useSandbox,
	type WorkflowNode,
} from './harness';
import { typeVersionFor } from './harness/apiVersions';

export const PACKAGE = 'n8n-nodes-business-prospect-data';
const SEARCH_NODE = 'Search Businesses';
export const LOOKUP_NODE = 'Look Up Filter Values';

/** The test file's sandbox, set by setUpSandbox(). */
export let sandbox: Sandbox;

/** Starts the test file's sandbox (its faults cleared before each test) before its tests and closes it after. */
export function setUpSandbox(): void {
	sandbox = useSandbox(undefined, (started) => started.configure({ faults: {} }));
}

export const credentials = () => sandboxCredentials(sandbox);
export const lookups = (): RecordedRequest[] => sandbox.requests.filter((r) => r.path.endsWith('/autocomplete'));

export const searchNode = (parameters: INodeParameters = {}): WorkflowNode => ({
	name: SEARCH_NODE,
	type: `${PACKAGE}.searchBusinesses`,
	typeVersion: 1,
	parameters,
});

export function lookupCases(api: ApiVersion): void {
	const PATHS = {
		v1: { businesses: '/v1/businesses/autocomplete', prospects: '/v1/prospects/autocomplete' },
		v2: { businesses: '/v2/autocomplete', prospects: '/v2/autocomplete' },
	}[api];

	test('Look Up Filter Values: one request per distinct lookup, the same output items in order, paired', async () => {
		const run = await runWorkflow(
			linearWorkflow([
				manualTriggerNode(),
				itemsNode([{ f: 'company_tech_stack_tech', q: 'sales' }, { f: 'job_title', q: 'sales' }, { f: 'company_tech_stack_tech', q: 'sales' }]),
				{
					name: LOOKUP_NODE,
					type: `${PACKAGE}.lookUpFilterValues`,
					typeVersion: typeVersionFor('lookUpFilterValues', api),
					parameters: { field: '={{ $json.f }}', query: '={{ $json.q }}' },
				},
			]),
			{ credentials: credentials() },
		);
		expect(run.error).toBeUndefined();
		// v2 has one autocomplete for both kinds of filter
		expect(lookups().map((r) => [r.path, r.query])).toEqual([
			[PATHS.businesses, { field: 'company_tech_stack_tech', query: 'sales' }],
			[PATHS.prospects, { field: 'job_title', query: 'sales' }],
		]);
		const salesforce = { label: 'Salesforce', value: 'Salesforce' };
		const output = run.json(LOOKUP_NODE);
		expect(output[0]).toEqual({ field: 'company_tech_stack_tech', query: 'sales', values: ['Salesforce'], suggestions: [salesforce] });
		expect(output[2]).toEqual(output[0]);
		expect(output[1]).toMatchObject({ field: 'job_title', query: 'sales' });
		expect((output[1].values as string[]).length).toBeGreaterThan(0);
		expect(run.pairedItems(LOOKUP_NODE)).toEqual([[{ item: 0 }], [{ item: 1 }], [{ item: 2 }]]);
	});

	test('a search node\'s picker looks up on the version its typeVersion speaks', async () => {
		const node = { ...searchNode(), typeVersion: typeVersionFor('searchBusinesses', api) };
		const { results } = await runListSearch(node, 'searchTechnologyValues', 'SALES', { credentials: credentials() });
		expect(results).toEqual([{ name: 'Salesforce', value: 'Salesforce' }]);
		expect(lookups().map((r) => [r.path, r.query])).toEqual([[PATHS.businesses, { field: 'company_tech_stack_tech', query: 'SALES' }]]);
	});
}
