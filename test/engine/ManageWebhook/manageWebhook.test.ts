/**
 * Manage Webhook 1 in n8n-core's engine against the sandbox: Register checks the URL of every item
 * before any request. Its cases on v1's webhook endpoints (the partner id, foreign registrations,
 * delete, connectivity checks, the secret kept out of outputs): manageWebhook.v1.test.ts.
 */
import type { INodeParameters } from 'n8n-workflow';

import { SANDBOX_PARTNER_ID } from '../../sandbox/options';
import { onItems, packageNode, runWorkflow, sandboxCredentials, useSandbox } from '../harness';

const NODE = 'Manage Webhook';
const sandbox = useSandbox({ retryAfterSeconds: 0 }, (started) => {
	started.configure({ faults: {}, partnerId: undefined });
	started.webhooks.unregister();
	started.webhooks.configure({});
});

async function run(parameters: INodeParameters, options: { items?: number; partnerId?: string; continueOnFail?: boolean } = {}) {
	const items = Array.from({ length: options.items ?? 1 }, (_, i) => ({ i }));
	const node = { ...packageNode('manageWebhook', NODE, parameters), ...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}) };
	return await runWorkflow(onItems(items, node), {
		credentials: sandboxCredentials(sandbox, { partnerId: options.partnerId ?? SANDBOX_PARTNER_ID }),
	});
}

describe('Manage Webhook', () => {
	test('Register: checks the URL of every item before any request', async () => {
		const result = await run({ operation: 'register', webhookUrl: '={{ $json.i === 1 ? "ftp://x.example" : "https://ok.example/h" }}' }, { items: 2 });
		expect(result.error?.message).toBe('Item 1: Webhook URL must be an http or https address of at most 2048 characters, got "ftp://x.example"');
		expect(sandbox.requests).toHaveLength(0);
	});
});
