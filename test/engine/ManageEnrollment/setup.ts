/**
 * What every Manage Enrollment engine test file shares: its own sandbox (started once per file,
 * enrollments and faults reset before each test), the workflow that runs the node on items, and
 * helpers that read the sandbox's request log and universe. A test file calls setUpSandbox()
 * once at its top, then uses `sandbox` and the helpers.
 */
import type { IDataObject, INodeParameters, IPairedItemData } from 'n8n-workflow';

import { type ApiVersion, ENDPOINTS } from '../../../nodes/shared/api';
import { type Sandbox, sandboxClient } from '../../sandbox';
import {
	type BusinessProspectDataCredentials,
	onItems,
	packageNode,
	runWorkflow,
	sandboxCredentials,
	useSandbox,
	type WorkflowNode,
} from '../harness';
import { typeVersionFor } from '../harness/apiVersions';

export const NODE = 'Manage Enrollment';
export const BUSINESS_PATH = '/v1/businesses/events/enrollments';
export const PROSPECT_PATH = '/v1/prospects/events/enrollments';

/** This test file's sandbox, set by setUpSandbox() (started by the beforeAll it registers). */
export let sandbox: Sandbox;

/** Starts the file's sandbox before its tests and closes it after; resets it before each test. */
export function setUpSandbox(): void {
	sandbox = useSandbox({ retryAfterSeconds: 0 }, (started) => {
		started.configure({ faults: {}, partnerId: undefined });
		started.enrollments.businesses.clear();
		started.enrollments.prospects.clear();
		started.enrollments.businessesV2.clear();
		started.enrollments.prospectsV2.clear();
		started.webhooks.tenant.clear();
		started.webhooks.unregister();
	});
}

function enrollmentNode(parameters: INodeParameters, settings: Partial<WorkflowNode> = {}): WorkflowNode {
	return packageNode('manageEnrollment', NODE, parameters, settings);
}

export async function run(
	items: IDataObject[],
	parameters: INodeParameters,
	options: {
		/** the node version that speaks this API version at Per Node Version (else version 1, or settings.typeVersion) */
		api?: ApiVersion;
		settings?: Partial<WorkflowNode>;
		credentials?: Partial<BusinessProspectDataCredentials>;
	} = {},
) {
	const typeVersion = options.api ? { typeVersion: typeVersionFor('manageEnrollment', options.api) } : {};
	const workflow = onItems(items, enrollmentNode(parameters, { ...typeVersion, ...options.settings }));
	return await runWorkflow(workflow, {
		credentials: sandboxCredentials(sandbox, options.credentials),
	});
}

/** run() on the node version that speaks `api` at Per Node Version; a test's own options still win. */
export const runOn =
	(api: ApiVersion): typeof run =>
	async (items, parameters, options = {}) =>
		await run(items, parameters, { api, ...options });

/** A v2 webhook of the tenant, made over HTTP as Manage Webhook would (its request is left out of the log). */
export async function registerV2Webhook(name: string, status: 'active' | 'disabled' = 'active', description?: string): Promise<string> {
	const client = sandboxClient(sandbox, ENDPOINTS);
	const webhookUrl = `http://127.0.0.1:9/${encodeURIComponent(name)}`;
	const webhookId = String((await client.call('registerWebhook', { name, webhook_url: webhookUrl, ...(description && { description }) })).body.webhook_id);
	if (status === 'disabled') await client.raw('PATCH', `/v2/webhooks/${webhookId}`, JSON.stringify({ status }));
	sandbox.clearRequests();
	return webhookId;
}

/** A resource locator's value as n8n stores it. */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });

export const requestsTo = (path: string, method?: string) =>
	sandbox.requests.filter((request) => request.path === path && (method === undefined || request.method === method));
export const itemsOf = (pairs: IPairedItemData[]) => pairs.map((pair) => pair.item).sort((a, b) => a - b);
export const businessIds = (count: number, from = 0) =>
	sandbox.universe.businesses.slice(from, from + count).map((business) => business.business_id);
export const prospectIds = (count: number) => sandbox.universe.prospects.slice(0, count).map((prospect) => prospect.prospect_id);
export const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

export const createBusiness = (parameters: INodeParameters = {}): INodeParameters => ({
	resource: 'businessEnrollment',
	operation: 'create',
	enrollmentKey: 'k-watch',
	eventTypes: ['new_funding_round', 'new_product'],
	...parameters,
});
