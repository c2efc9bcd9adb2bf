/**
 * The package on every supported n8n line (scripts/provision/n8nLines.ts), on API v1: a published
 * Business Events Webhook Trigger (the shipped example events-webhook.json, on a credential set to
 * v1) registers itself as the partner's webhook and runs each pushed event once. n8n 1.x gets an
 * n8n of its own; n8n 2.x is the run's shared one (the current line), where the example is published under an id and
 * a webhook id of its own. The other checks on each line: compatibility.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { sandboxClient, startSandbox, type Sandbox } from '../sandbox';
import { loadExampleWorkflows } from './harness/exampleWorkflows';
import { useN8n } from './harness/jest';
import type { WorkflowJson } from './harness/n8nInstance';
import { CURRENT_LINE, N8N_LINES } from './harness/n8nInstall';
import { waitFor } from './harness/processes';

/** The credential's Partner ID: the service keeps webhooks per partner. */
const PARTNER = 'partner-compat';
type NodeJson = { name: string; type: string; parameters: IDataObject };
const nodesOf = (workflow: WorkflowJson) => workflow.nodes as NodeJson[];

describe.each(N8N_LINES.map((line) => [`${line.name} (n8n ${line.version} on Node ${line.node})`, line] as const))(
	'the package on n8n %s',
	(_title, line) => {
		let sandbox: Sandbox;
		beforeAll(async () => {
			sandbox = await startSandbox({ partnerId: PARTNER });
		});
		afterAll(async () => await sandbox?.close());

		const credential = { id: 'compatCredential1', name: 'Business Prospect Data (sandbox)' };
		const examples = loadExampleWorkflows(credential);
		// The push example, published: its webhook trigger registers with the sandbox once published.
		// Under an id and a webhook id of its own: the run's shared n8n publishes the example elsewhere too.
		const pushExample = structuredClone({ ...examples.find((candidate) => candidate.file === 'events-webhook.json')!.workflow, id: 'compatPushV1' });
		const pushNode = nodesOf(pushExample).find((node) => node.type.endsWith('.businessEventsWebhookTrigger')) as NodeJson & {
			webhookId: string;
		};
		pushNode.webhookId = 'a3c1e2f4-5b6d-4e7f-8091-a2b3c4d5e6f7';
		let pushedBusiness = '';

		const n8n = useN8n({
			// the current line: the run's shared n8n (nothing of its own needed); an earlier line: its own
			...(line === CURRENT_LINE ? { shared: true } : { line, start: true }),
			prepare: async (instance) => {
				pushedBusiness = sandbox.universe.businesses[60].business_id;
				const enrolled = await sandboxClient(sandbox).call('createBusinessEnrollment', {
					enrollment_key: 'compat-push',
					event_types: ['new_product', 'new_office'],
					business_ids: [pushedBusiness],
				});
				expect(enrolled.status).toBe(200);
				await instance.importCredential({ ...credential, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url, partnerId: PARTNER, apiVersion: 'v1' } });
				await instance.importWorkflows([pushExample]);
				await instance.publish(pushExample.id);
			},
		});

		test('a published Business Events Webhook Trigger registers itself and runs each pushed event once', async () => {
			const registration = await waitFor('the registration', async () => sandbox.webhooks.registration, { timeoutMs: 30_000 });
			expect(registration.webhook_url).toBe(`${n8n().baseUrl}/webhook/${pushNode.webhookId}/webhook`);
			const pushed = ['new_product', 'new_office'].map(
				(eventName) => sandbox.addEvent({ business_id: pushedBusiness, event_name: eventName }).event_id.replace(/-/g, ''),
			);
			// the example's manual part also ran (runs the example ...): only the pushed executions count
			const pushedRuns = async () => (await n8n().finishedExecutions(pushExample.id)).filter((execution) => execution.mode === 'webhook');
			await waitFor('2 pushed executions', async () => ((await pushedRuns()).length >= 2 ? true : undefined), { timeoutMs: 30_000 });
			await sandbox.webhooks.idle();
			const executions = await Promise.all((await pushedRuns()).map(async (execution) => await n8n().execution(execution.id)));
			const deliveries = sandbox.webhooks.deliveries.filter((delivery) => delivery.kind === 'event');
			expect(deliveries.map((delivery) => [delivery.event_id, delivery.status])).toEqual(pushed.map((id) => [id, 200]));
			expect(executions.map((execution) => execution.items(pushNode.name).map((item) => item.event_id))).toEqual(pushed.map((id) => [id]));
		});
	},
);
