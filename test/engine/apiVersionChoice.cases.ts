/**
 * Which API version each pull node speaks, by the credential's API Version and the node's
 * typeVersion, for the credentials a test file gives (versionChoiceCases): apiVersionChoice.test.ts
 * runs the rows that speak v2, apiVersionChoice.v1.test.ts those that speak v1 (retiring v1 deletes
 * that file). Through n8n-core's engine against the sandbox; every node reads the credential once
 * per run for both the version and its client.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { type ApiVersion, catalogFor, operationOn } from '../../nodes/shared/api';
import type { Sandbox } from '../sandbox';
import { SANDBOX_PARTNER_ID } from '../sandbox/options';
import { onItems, packageNode, runWorkflow, sandboxCredentials, useSandbox } from './harness';
import { typeVersionBeforeV2, typeVersionFor } from './harness/apiVersions';
import { runPoll } from './harness/runPoll';

/** The test file's sandbox, set by setUpSandbox(). */
let sandbox: Sandbox;

/** Starts the test file's sandbox (no rate limit) before its tests and closes it after. */
export function setUpSandbox(): void {
	sandbox = useSandbox({ rateLimit: false });
}

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

/** A node's old typeVersion (its newest before v2) or its new one (its first for v2). */
const typeVersionAt = (name: string, age: Age): number => (age === 'old' ? typeVersionBeforeV2(name) : typeVersionFor(name, 'v2'));

export type Age = 'old' | 'new';

/** A credential as stored, what each node age speaks with it, and the ages a test file runs it at. */
export type CredentialRow = [label: string, stored: IDataObject, speaks: Partial<Record<Age, ApiVersion>>, ages: Age[]];

export function versionChoiceCases(credentials: CredentialRow[]): void {
	describe.each(NODES)('$name', (node) => {
		describe.each(credentials)('credential %s', (_label, stored, speaks, ages) => {
			test.each(ages)('the node at its %s typeVersion', async (age) => {
				const typeVersion = typeVersionAt(node.name, age);
				const run = await runWorkflow(onItems(node.items(), packageNode(node.name, 'Node', node.parameters(), { typeVersion })), {
					credentials: sandboxCredentials(sandbox, stored),
				});
				expect(run.error).toBeUndefined();
				const api = speaks[age]!;
				expect(sandbox.requests.map((request) => request.path)).toEqual([pathOf(api, node.operation)]);
				// the credential read once for the version and the client together
				expect(run.credentialDecryptions).toBe(1);
			});
		});
	});

	describe.each(credentials)('Business Events Trigger, credential %s', (_label, stored, speaks, ages) => {
		test.each(ages)('a poll of the node at its %s typeVersion', async (age) => {
			const node = {
				name: 'Business Events Trigger',
				type: 'n8n-nodes-business-prospect-data.businessEventsTrigger',
				typeVersion: typeVersionAt('businessEventsTrigger', age),
				parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, source: 'ids', businessIds: business().business_id },
			};
			await runPoll(node, { mode: 'trigger', tick: 'activation', credentials: sandboxCredentials(sandbox, stored) });
			expect(sandbox.requests.map((request) => request.path)).toEqual([pathOf(speaks[age]!, 'getBusinessEvents')]);
		});
	});

	/**
	 * Manage Webhook: version 1 reads the partner's webhook (v1: by partner id; on a v2 credential,
	 * as v2 lists it), version 2 lists the tenant's webhooks; on a v1 credential version 2 refuses,
	 * nothing sent.
	 */
	describe.each(credentials)('Manage Webhook, credential %s', (_label, stored, speaks, ages) => {
		test.each(ages)('Get (old) or Get Many (new) at its %s typeVersion', async (age) => {
			const typeVersion = typeVersionAt('manageWebhook', age);
			const node = packageNode('manageWebhook', 'Node', { operation: age === 'old' ? 'get' : 'getAll' }, { typeVersion });
			const run = await runWorkflow(onItems([{}], node), {
				credentials: sandboxCredentials(sandbox, { ...stored, partnerId: SANDBOX_PARTNER_ID }),
			});
			const api = speaks[age]!;
			if (age === 'new' && api !== 'v2') {
				expect(run.error?.message).toMatch(/^Item 0: This version of Manage Webhook manages webhooks by ID, which API v1 does not have/);
				expect(sandbox.requests).toHaveLength(0);
				return;
			}
			expect(run.error).toBeUndefined();
			expect(sandbox.requests.map((request) => request.path)).toEqual([api !== 'v2' ? `/v1/webhooks/${SANDBOX_PARTNER_ID}` : '/v2/webhooks']);
			expect(run.credentialDecryptions).toBe(1);
		});
	});
}
