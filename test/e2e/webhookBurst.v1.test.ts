/**
 * Issue 20's acceptance burst, counts only (timings are the benchmark's: `npm run benchmark --
 * --webhooks`): 1,000 deliveries in 10 s into a real n8n with a published Business Events
 * Webhook Trigger — 900 distinct signed events, 50 signed duplicates of them, 50 forged — gives
 * exactly 900 executions, one per distinct event, none for a forged one, and every delivery is
 * answered.
 *
 * n8n runs here with the legacy expression engine. With 2.41's default (isolated-vm), n8n builds
 * an isolate for every delivery to a community webhook trigger and for every execution; on 2 busy
 * cores that starved n8n's event loop, its database ping timed out and n8n itself answered 503
 * "Database is not ready!" to hundreds of deliveries (the trigger answered none). That is n8n's
 * throughput, documented in docs/webhooks.md; what this test proves is the trigger's: each event
 * once, forged ones never, every delivery answered.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { ACCEPTANCE_BURST, sendBurst } from '../benchmark/webhooks';
import { type Sandbox, sandboxClient, startSandbox } from '../sandbox';
import { useN8n } from './harness/jest';
import { PACKAGE_NAME, type WorkflowJson } from './harness/n8nInstance';
import { waitFor } from './harness/processes';

const PARTNER = 'partner-burst';
const TRIGGER = 'Business Events Webhook Trigger';
const CREDENTIAL = { id: 'sandbox-credential', name: 'Business Prospect Data (sandbox)' };
const WORKFLOW = {
	id: 'wfWebhookBurst',
	name: 'Pushed events (burst)',
	nodes: [
		{
			id: 'burst-trigger',
			name: TRIGGER,
			type: `${PACKAGE_NAME}.businessEventsWebhookTrigger`,
			typeVersion: 1,
			position: [0, 0],
			webhookId: '5f0c1a52-7f6e-4a57-9a42-0000000000b1',
			parameters: { entity: 'both', options: {} },
			credentials: { businessProspectDataApi: CREDENTIAL },
		},
	],
	connections: {},
} as unknown as WorkflowJson & { id: string };

describe('a burst of 1,000 deliveries into real n8n', () => {
	let sandbox: Sandbox;
	let enrollment: { enrollment_id: string; enrollment_key: string };

	beforeAll(async () => {
		sandbox = await startSandbox({ partnerId: PARTNER });
		const enrolled = await sandboxClient(sandbox).call('createBusinessEnrollment', {
			enrollment_key: 'burst',
			event_types: ['new_product'],
			business_ids: [sandbox.universe.businesses[0].business_id],
		});
		enrollment = enrolled.body;
	});
	afterAll(async () => await sandbox?.close());

	const n8n = useN8n({
		start: true,
		env: { N8N_EXPRESSION_ENGINE: 'legacy' },
		prepare: async (instance) => {
			await instance.importCredential({ ...CREDENTIAL, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url, partnerId: PARTNER } });
			await instance.importWorkflow(WORKFLOW);
			await instance.publish(WORKFLOW.id);
		},
	});

	/**
	 * On failure, n8n's whole output goes to .tmp/webhookBurst-n8n.log: a 503 answered by n8n
	 * itself ("Database is not ready!", after "Database ping failed" when its event loop is starved)
	 * is no answer of the trigger, and only n8n's log tells them apart.
	 */
	const keepingN8nLog = async (run: () => Promise<void>) => {
		try {
			await run();
		} catch (error) {
			const file = path.join(__dirname, '../../.tmp/webhookBurst-n8n.log');
			mkdirSync(path.dirname(file), { recursive: true });
			const output = n8n().serverOutput(Infinity);
			writeFileSync(file, output);
			const pingFailures = output.split('\n').filter((line) => line.includes('Database ping failed')).length;
			process.stderr.write(`[e2e] n8n's output: ${file} ("Database ping failed" ${pingFailures} times)\n`);
			throw error;
		}
	};

	test('900 distinct signed + 50 signed duplicates + 50 forged in 10 s: exactly 900 executions, every delivery answered', async () => {
		await keepingN8nLog(async () => await burst());
	});

	async function burst(): Promise<void> {
		await waitFor('the registration', async () => sandbox.webhooks.registration, { timeoutMs: 30_000 });
		// the production webhook can answer a moment after readiness
		await waitFor('the webhook to answer', async () => ((await sandbox.webhooks.send({ signature: 'x' })).status === 400 ? true : undefined), {
			timeoutMs: 15_000,
		});

		const result = await sendBurst(sandbox, ACCEPTANCE_BURST, {
			businessId: sandbox.universe.businesses[0].business_id,
			enrollmentId: enrollment.enrollment_id,
			enrollmentKey: enrollment.enrollment_key,
		});
		expect({ unanswered: result.unanswered, errors: result.errors }).toEqual({ unanswered: 0, errors: {} });
		expect({ answers: result.answers, sampleAnswers: result.sampleAnswers }).toEqual({
			answers: { distinct: { 200: 900 }, duplicate: { 200: 50 }, forged: { 400: 50 } },
			sampleAnswers: { 200: expect.any(String), 400: '{"message":"Invalid signature"}' },
		});

		const executions = await waitFor(
			'900 finished executions',
			async () => {
				const done = await n8n().finishedExecutions(WORKFLOW.id);
				return done.length >= 900 ? done : undefined;
			},
			{ timeoutMs: 120_000, intervalMs: 1_000 },
		);
		expect(executions).toHaveLength(900);
		expect(new Set(executions.map((execution) => execution.status))).toEqual(new Set(['success']));

		// which events fired: each distinct one once, no forged one
		const fired: string[] = [];
		const queue = [...executions];
		await Promise.all(
			Array.from({ length: 6 }, async () => {
				for (let next = queue.shift(); next; next = queue.shift()) {
					fired.push(...(await n8n().execution(next.id)).items(TRIGGER).map((item) => String(item.event_id)));
				}
			}),
		);
		expect(fired).toHaveLength(900);
		expect([...fired].sort()).toEqual([...result.distinctIds].sort());
		expect(fired.filter((id) => result.forgedIds.includes(id))).toEqual([]);
	}
});
