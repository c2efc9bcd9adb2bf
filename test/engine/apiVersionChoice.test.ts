/**
 * Which API version each pull node speaks, decided by the credential's API Version and the node's
 * typeVersion (transport/apiVersion.ts), through n8n-core's engine against the sandbox: a
 * credential saved before the field existed and a node at its old typeVersion send to /v1, as
 * before; a node added now (its new typeVersion) sends to /v2; the credential's v1 or v2 wins
 * either way. Every node reads the credential once per run for both the version and its client.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { type ApiVersion, catalogFor, operationOn } from '../../nodes/shared/api';
import { SANDBOX_PARTNER_ID } from '../sandbox/options';
import { onItems, packageNode, runWorkflow, sandboxCredentials, useSandbox } from './harness';
import { typeVersionFor } from './harness/apiVersions';
import { runPoll } from './harness/runPoll';

const sandbox = useSandbox({ rateLimit: false });

interface NodeCase {
	/** the node's name in its type */
	name: string;
	/** the catalog operation its run sends */
	operation: string;
	parameters: () => INodeParameters;
	items: () => IDataObject[];
}

const business = () => sandbox.universe.businesses[0];
const prospect = () => sandbox.universe.prospects[0];

const NODES: NodeCase[] = [
	{ name: 'searchBusinesses', operation: 'searchBusinesses', parameters: () => ({ limit: 5 }), items: () => [{}] },
	{ name: 'searchProspects', operation: 'searchProspects', parameters: () => ({ limit: 5 }), items: () => [{}] },
	{ name: 'matchBusinesses', operation: 'matchBusinesses', parameters: () => ({}), items: () => [{ domain: business().domain }] },
	{ name: 'matchProspects', operation: 'matchProspects', parameters: () => ({}), items: () => [{ email: 'nobody@unknown.invalid' }] },
	{ name: 'enrich', operation: 'enrichProspectProfiles', parameters: () => ({}), items: () => [{ prospect_id: prospect().prospect_id }] },
	{ name: 'getEvents', operation: 'getBusinessEvents', parameters: () => ({}), items: () => [{ business_id: business().business_id }] },
	{
		name: 'lookUpFilterValues',
		operation: 'businessAutocomplete',
		parameters: () => ({ field: 'websearch_category', query: 'soft' }),
		items: () => [{}],
	},
	{
		name: 'manageEnrollment',
		operation: 'listBusinessEnrollments',
		parameters: () => ({ resource: 'businessEnrollment', operation: 'list' }),
		items: () => [{}],
	},
];

const pathOf = (api: ApiVersion, operation: string) =>
	(catalogFor(api) as Record<string, { path: string }>)[operationOn(api, operation)].path;

/** The credential as stored, and what each node version speaks with it. */
const CREDENTIALS: Array<[string, IDataObject, { old: ApiVersion; new: ApiVersion }]> = [
	['saved before API Version existed', {}, { old: 'v1', new: 'v2' }],
	['Per Node Version', { apiVersion: 'auto' }, { old: 'v1', new: 'v2' }],
	['v1 (wins over a new node)', { apiVersion: 'v1' }, { old: 'v1', new: 'v1' }],
	['v2 (wins over an old node)', { apiVersion: 'v2' }, { old: 'v2', new: 'v2' }],
];

describe.each(NODES)('$name', (node) => {
	describe.each(CREDENTIALS)('credential %s', (_label, stored, speaks) => {
		test.each(['old', 'new'] as const)('the node at its %s typeVersion', async (age) => {
			const typeVersion = typeVersionFor(node.name, age === 'old' ? 'v1' : 'v2');
			const run = await runWorkflow(onItems(node.items(), packageNode(node.name, 'Node', node.parameters(), { typeVersion })), {
				credentials: sandboxCredentials(sandbox, stored),
			});
			expect(run.error).toBeUndefined();
			const api = speaks[age];
			expect(sandbox.requests.map((request) => request.path)).toEqual([pathOf(api, node.operation)]);
			// the credential read once for the version and the client together
			expect(run.credentialDecryptions).toBe(1);
		});
	});
});

describe.each(CREDENTIALS)('Business Events Trigger, credential %s', (_label, stored, speaks) => {
	test.each(['old', 'new'] as const)('a poll of the node at its %s typeVersion', async (age) => {
		const node = {
			name: 'Business Events Trigger',
			type: 'n8n-nodes-business-prospect-data.businessEventsTrigger',
			typeVersion: typeVersionFor('businessEventsTrigger', age === 'old' ? 'v1' : 'v2'),
			parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, source: 'ids', businessIds: business().business_id },
		};
		await runPoll(node, { mode: 'trigger', tick: 'activation', credentials: sandboxCredentials(sandbox, stored) });
		expect(sandbox.requests.map((request) => request.path)).toEqual([pathOf(speaks[age], 'getBusinessEvents')]);
	});
});

/**
 * Manage Webhook: version 1 reads the partner's webhook (v1: by partner id; on a v2 credential, as
 * v2 lists it), version 2 lists the tenant's webhooks; on a v1 credential version 2 refuses, nothing sent.
 */
describe.each(CREDENTIALS)('Manage Webhook, credential %s', (_label, stored, speaks) => {
	test.each(['old', 'new'] as const)('Get (old) or Get Many (new) at its %s typeVersion', async (age) => {
		const typeVersion = typeVersionFor('manageWebhook', age === 'old' ? 'v1' : 'v2');
		const node = packageNode('manageWebhook', 'Node', { operation: age === 'old' ? 'get' : 'getAll' }, { typeVersion });
		const run = await runWorkflow(onItems([{}], node), {
			credentials: sandboxCredentials(sandbox, { ...stored, partnerId: SANDBOX_PARTNER_ID }),
		});
		const api = speaks[age];
		if (age === 'new' && api === 'v1') {
			expect(run.error?.message).toMatch(/^Item 0: This version of Manage Webhook manages webhooks by ID, which API v1 does not have/);
			expect(sandbox.requests).toHaveLength(0);
			return;
		}
		expect(run.error).toBeUndefined();
		expect(sandbox.requests.map((request) => request.path)).toEqual([api === 'v1' ? `/v1/webhooks/${SANDBOX_PARTNER_ID}` : '/v2/webhooks']);
		expect(run.credentialDecryptions).toBe(1);
	});
});
