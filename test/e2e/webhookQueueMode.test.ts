/**
 * The Business Events Webhook Trigger in n8n's queue mode (Redis, the main instance, two `n8n
 * worker` processes; test/e2e/harness/queueMode.ts): the main instance registers the webhook and
 * receives the sandbox's pushes, the workers run the executions, each event exactly once, and a
 * duplicate received by main starts nothing.
 */
import { type Sandbox, sandboxClient, startSandbox } from '../sandbox';
import type { WorkflowJson } from './harness/n8nInstance';
import { PACKAGE_NAME } from './harness/n8nInstance';
import { waitFor } from './harness/processes';
import { QueueModeN8n } from './harness/queueMode';

const PARTNER = 'partner-queue';
const TRIGGER = 'Business Events Webhook Trigger';
const CREDENTIAL = { id: 'queue-webhook-credential', name: 'Business Prospect Data (queue mode)' };
const WORKFLOW = {
	id: 'wfWebhookQueue',
	name: 'Pushed events in queue mode',
	nodes: [
		{
			id: 'queue-push-trigger',
			name: TRIGGER,
			type: `${PACKAGE_NAME}.businessEventsWebhookTrigger`,
			typeVersion: 1,
			position: [0, 0],
			webhookId: '5f0c1a52-7f6e-4a57-9a42-0000000000e1',
			parameters: { entity: 'both', options: {} },
			credentials: { businessProspectDataApi: CREDENTIAL },
		},
		{ id: 'queue-push-done', name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [220, 0], parameters: {} },
	],
	connections: { [TRIGGER]: { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
	settings: { executionOrder: 'v1' },
} as unknown as WorkflowJson;
const EVENTS = 8;

describe('webhook trigger in queue mode: main receives, the workers run each event once', () => {
	let sandbox: Sandbox;
	let cluster: QueueModeN8n;
	let businessId: string;

	beforeAll(async () => {
		sandbox = await startSandbox({ partnerId: PARTNER });
		businessId = sandbox.universe.businesses[0].business_id;
		await sandboxClient(sandbox).call('createBusinessEnrollment', {
			enrollment_key: 'queue',
			event_types: ['new_product'],
			business_ids: [businessId],
		});
		cluster = await QueueModeN8n.create({
			workers: 2,
			concurrency: 2,
			log: (message) => process.stderr.write(`[queue] ${message}\n`),
			prepare: async (main) => {
				await main.importCredential({ ...CREDENTIAL, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url, partnerId: PARTNER } });
				await main.importWorkflow(WORKFLOW);
			},
			publish: [WORKFLOW.id],
		});
	});
	afterAll(async () => {
		await cluster?.dispose();
		await sandbox?.close();
	});

	test(`${EVENTS} pushed events and 2 duplicates: ${EVENTS} executions, all run by workers, each event once`, async () => {
		const main = cluster.main;
		const registration = await waitFor('the registration', async () => sandbox.webhooks.registration, { timeoutMs: 30_000 });
		expect(registration.webhook_url).toBe(`${main.baseUrl}/webhook/5f0c1a52-7f6e-4a57-9a42-0000000000e1/webhook`);
		// the production webhook can answer a moment after readiness
		await waitFor('the webhook to answer', async () => ((await sandbox.webhooks.send({ signature: 'x' })).status === 400 ? true : undefined), {
			timeoutMs: 15_000,
		});
		sandbox.webhooks.clearDeliveries();
		const ids = Array.from({ length: EVENTS }, () => sandbox.addEvent({ business_id: businessId, event_name: 'new_product' }).event_id.replace(/-/g, ''));
		await sandbox.webhooks.idle();
		const [first, second] = sandbox.webhooks.deliveries;
		expect((await sandbox.webhooks.redeliver(first.seq)).status).toBe(200);
		expect((await sandbox.webhooks.redeliver(second.seq)).status).toBe(200);
		expect(sandbox.webhooks.deliveries.map((delivery) => delivery.status)).toEqual(Array(EVENTS + 2).fill(200));

		const executions = await waitFor(
			`${EVENTS} finished executions`,
			async () => {
				const done = (await main.executions(WORKFLOW.id as string)).filter((execution) => !['new', 'running', 'waiting'].includes(execution.status));
				return done.length >= EVENTS ? done : undefined;
			},
			{ timeoutMs: 60_000, intervalMs: 500 },
		);
		expect(executions.map((execution) => execution.status)).toEqual(Array(EVENTS).fill('success'));
		const fired = await Promise.all(executions.map(async (execution) => (await main.execution(execution.id)).items('Done').map((item) => item.event_id)));
		expect(fired.every((items) => items.length === 1)).toBe(true);
		expect(fired.flat().sort()).toEqual([...ids].sort());
		// every execution started on exactly one worker
		const startedOn = executions.map(
			(execution) =>
				cluster.workerNames.filter((name) => new RegExp(`Worker started execution ${execution.id}\\b`).test(cluster.workerOutput(name, 1_000_000)))
					.length,
		);
		expect(startedOn).toEqual(Array(EVENTS).fill(1));
	});
});
