/**
 * The Business Events Webhook Trigger in a real n8n (`n8n start`, published workflows, the
 * packed package installed as users install it) with the sandbox as the service pushing signed
 * events (test/sandbox/README.md, "Webhooks"). One n8n for the whole file, restarted once on
 * purpose; the order of the tests is the story of one installation:
 *
 *   publish registers → N events, N executions in order → duplicates and hostile deliveries fire
 *   nothing → restart: registration and dedup hold → a foreign registration survives unless the
 *   option is on → unpublish deletes only its own → version 2 (API v2) publishes a webhook of its
 *   own, fires a v2 enrollment's event, disables it on unpublish (seconds) → the secret is nowhere
 *   (executions, debug log, every file of the user folder, error messages).
 *
 * Every count is read from n8n's executions (REST) and the sandbox's delivery log; "no extra
 * execution" is proven with a sentinel: a valid event sent after the refused ones, whose execution
 * is awaited, then the total is exact.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { type Sandbox, sandboxClient, startSandbox } from '../sandbox';
import { useN8n } from './harness/jest';
import { PACKAGE_NAME, type ExecutionSummary, type WorkflowJson } from './harness/n8nInstance';
import { waitFor } from './harness/processes';

const PARTNER = 'partner-e2e';
const TRIGGER = 'Business Events Webhook Trigger';
const TRIGGER_TYPE = `${PACKAGE_NAME}.businessEventsWebhookTrigger`;
const CREDENTIAL = { id: 'sandbox-credential', name: 'Business Prospect Data (sandbox)' };
/**
 * What the trigger answers to a refused delivery (nodes/BusinessEventsWebhookTrigger/actions/receive.ts:
 * 400 as the research's sample receiver; 413 before reading a body over 1 MB; 409 for a replay,
 * the same X-Timestamp, X-Signature and body again). A body that is not JSON under
 * application/json is refused by n8n's own body parser first (422).
 */
const REFUSED = { signature: 400, timestamp: 400, unsigned: 400, replay: 409, oversized: 413, notJson: 422 } as const;

type TriggerWorkflow = WorkflowJson & { id: string; webhookId: string };

function triggerWorkflow(id: string, name: string, webhookId: string, options: IDataObject = {}, typeVersion = 1): TriggerWorkflow {
	return {
		webhookId,
		id,
		name,
		nodes: [
			{
				id: `${id}-trigger`,
				name: TRIGGER,
				type: TRIGGER_TYPE,
				typeVersion,
				position: [0, 0],
				webhookId,
				parameters: { entity: 'both', options },
				credentials: { businessProspectDataApi: CREDENTIAL },
			},
		],
		connections: {},
	} as unknown as TriggerWorkflow;
}

const MAIN = triggerWorkflow('wfWebhookMain', 'Pushed events', '5f0c1a52-7f6e-4a57-9a42-000000000001');
const POLITE = triggerWorkflow('wfWebhookPolite', 'Pushed events (keeps foreign registrations)', '5f0c1a52-7f6e-4a57-9a42-000000000002');
const TAKER = triggerWorkflow('wfWebhookTaker', 'Pushed events (replaces registrations)', '5f0c1a52-7f6e-4a57-9a42-000000000003', {
	replaceExisting: true,
});
/** Version 2 (API v2 at the credential's Per Node Version): a webhook of its own, beside the others */
const OWN = triggerWorkflow('wfWebhookOwnV2', 'Pushed events (API v2)', '5f0c1a52-7f6e-4a57-9a42-000000000004', {}, 2);
const FOREIGN_URL = 'http://127.0.0.1:9/somewhere-else';

describe('Business Events Webhook Trigger in real n8n', () => {
	let sandbox: Sandbox;
	let businessId: string;
	/** every secret the sandbox handed out, for the leak checks */
	const secrets = new Set<string>();
	const errorMessages: string[] = [];

	beforeAll(async () => {
		sandbox = await startSandbox({ partnerId: PARTNER });
		sandbox.webhooks.configure({ retryDelayMs: 20 });
		businessId = sandbox.universe.businesses[0].business_id;
		const enrolled = await sandboxClient(sandbox).call('createBusinessEnrollment', {
			enrollment_key: 'e2e-push',
			event_types: ['new_product', 'new_office', 'new_funding_round'],
			business_ids: [businessId],
		});
		expect(enrolled.status).toBe(200);
	});
	afterAll(async () => await sandbox?.close());

	const n8n = useN8n({
		start: true,
		env: { N8N_LOG_LEVEL: 'debug' },
		prepare: async (instance) => {
			await instance.importCredential({ ...CREDENTIAL, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url, partnerId: PARTNER } });
			await instance.importWorkflows([MAIN, POLITE, TAKER, OWN].map(({ webhookId: _, ...workflow }) => workflow));
		},
	});

	/** n8n's production URL of the trigger: <base>/webhook/<webhookId>/<the node's path, "webhook"> */
	const urlOf = (workflow: TriggerWorkflow) => `${n8n().baseUrl}/webhook/${workflow.webhookId}/webhook`;
	const finished = async (workflowId: string): Promise<ExecutionSummary[]> => await n8n().finishedExecutions(workflowId);
	const untilExecutions = async (workflowId: string, count: number) =>
		await waitFor(
			`${count} execution(s) of ${workflowId}`,
			async () => {
				const done = await finished(workflowId);
				return done.length >= count ? done : undefined;
			},
			{ timeoutMs: 30_000, intervalMs: 200 },
		);
	const firedIds = async (executions: ExecutionSummary[]) =>
		(await Promise.all(executions.map(async (execution) => (await n8n().execution(execution.id)).items(TRIGGER)))).map((items) =>
			items.map((item) => item.event_id),
		);
	const pushed = (eventName = 'new_product') => sandbox.addEvent({ business_id: businessId, event_name: eventName }).event_id.replace(/-/g, '');
	const remember = () => {
		const secret = sandbox.webhooks.registration?.webhook_secret;
		if (secret) secrets.add(secret);
	};
	/** Publishes or unpublishes a workflow through n8n's REST API (as the editor's publish switch). */
	const setActive = async (workflowId: string, active: boolean) =>
		active ? await n8n().publish(workflowId) : await n8n().rest('POST', `/workflows/${workflowId}/deactivate`, {});
	/** A valid event, then its execution: everything refused before it has had its chance to fire. */
	const sentinel = async (before: number) => {
		const id = pushed('new_office');
		const executions = await untilExecutions(MAIN.id, before + 1);
		return { id, executions };
	};

	test('publishing registers n8n production webhook URL for the partner', async () => {
		// published in the running n8n, as the editor does (published before `n8n start`, it registers
		// at start: webhookBurst.v1.test.ts)
		await n8n().publish(MAIN.id);
		const registration = await waitFor('the registration', async () => sandbox.webhooks.registration, { timeoutMs: 30_000 });
		expect(n8n().packageLoadErrors()).toEqual([]);
		expect(registration.partner_id).toBe(PARTNER);
		expect(registration.webhook_url).toBe(urlOf(MAIN));
		const calls = sandbox.requests.filter((request) => request.path.startsWith('/v1/webhooks'));
		// n8n asks checkExists (GET), then create (GET again, then POST)
		expect(calls.map((request) => [request.method, request.path, request.status])).toEqual([
			['GET', `/v1/webhooks/${PARTNER}`, 404],
			['GET', `/v1/webhooks/${PARTNER}`, 404],
			['POST', '/v1/webhooks', 200],
		]);
		remember();
	});

	test('N live events: exactly N executions, in event order, each answered 2xx once', async () => {
		sandbox.webhooks.clearDeliveries();
		const ids = ['new_product', 'new_office', 'new_funding_round', 'new_product', 'new_office'].map(pushed);
		const executions = await untilExecutions(MAIN.id, 5);
		await sandbox.webhooks.idle();
		expect(sandbox.webhooks.deliveries.map((delivery) => [delivery.event_id, delivery.attempt, delivery.status])).toEqual(
			ids.map((id) => [id, 1, 200]),
		);
		expect(executions.map((execution) => execution.status)).toEqual(Array(5).fill('success'));
		expect(await firedIds(executions)).toEqual(ids.map((id) => [id]));
		const [first] = (await n8n().execution(executions[0].id)).items(TRIGGER);
		expect(first).toMatchObject({ event_id: ids[0], event_name: 'new_product', business_id: businessId, enrollment_key: 'e2e-push' });
		expect(first.event_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
	});

	test('duplicates of one event_id (fresh signatures) are answered 2xx and fire nothing', async () => {
		sandbox.webhooks.clearDeliveries();
		sandbox.webhooks.configure({ retryDelayMs: 20, duplicates: 2 });
		const id = pushed();
		await sandbox.webhooks.idle();
		sandbox.webhooks.configure({ retryDelayMs: 20 });
		const seq = sandbox.webhooks.deliveries[0].seq;
		expect((await sandbox.webhooks.redeliver(seq)).status).toBe(200);
		expect(sandbox.webhooks.deliveries.map((delivery) => [delivery.kind, delivery.event_id, delivery.status])).toEqual([
			['event', id, 200],
			['duplicate', id, 200],
			['duplicate', id, 200],
			['duplicate', id, 200],
		]);
		const { id: next, executions } = await sentinel(6);
		expect(executions).toHaveLength(7);
		expect(await firedIds(executions.slice(5))).toEqual([[id], [next]]);
	});

	test('forged, replayed, stale, future-dated, unsigned, oversized and non-JSON deliveries: 4xx each, no execution', async () => {
		const before = (await finished(MAIN.id)).length;
		// the sentinel of the last test: a delivery that fired (n8n answered it 200)
		const original = sandbox.webhooks.deliveries.filter((delivery) => delivery.kind === 'event' && delivery.status === 200).pop()!;
		const statusOf = async (knobs: Parameters<Sandbox['webhooks']['configure']>[0]) => {
			sandbox.webhooks.configure({ retries: 0, ...knobs });
			pushed();
			await sandbox.webhooks.idle();
			return sandbox.webhooks.deliveries[sandbox.webhooks.deliveries.length - 1].status;
		};
		const answers = {
			forged: await statusOf({ signature: 'bad' }),
			stale: await statusOf({ timestampSkewSeconds: -301 - 5 }),
			future: await statusOf({ timestampSkewSeconds: 301 + 5 }),
			unsigned: await statusOf({ signature: 'missing-headers' }),
			noSignature: await statusOf({ signature: 'missing-signature' }),
		};
		sandbox.webhooks.configure({ retryDelayMs: 20 });
		// a replay of a delivery that fired: the same headers and body, within the 300 s window
		const fired = (await n8n().execution((await finished(MAIN.id))[before - 1].id)).items(TRIGGER)[0];
		expect(original.event_id).toBe(fired.event_id);
		const replayStatus = (await sandbox.webhooks.replay(original.seq)).status;
		const oversized = await sandbox.webhooks.send({
			body: Buffer.from(JSON.stringify({ event_id: 'f'.repeat(32), event_name: 'new_product', data: { pad: 'x'.repeat(1_100_000) } })),
		});
		const notJson = await sandbox.webhooks.send({ body: 'event_id=1&event_name=new_product', contentType: 'application/json' });
		const forgedCrafted = await sandbox.webhooks.send({ signature: 'A'.repeat(43) + '=' });

		expect({ ...answers, replayStatus, oversized: oversized.status, notJson: notJson.status, forgedCrafted: forgedCrafted.status }).toEqual({
			forged: REFUSED.signature,
			stale: REFUSED.timestamp,
			future: REFUSED.timestamp,
			unsigned: REFUSED.unsigned,
			noSignature: REFUSED.unsigned,
			replayStatus: REFUSED.replay,
			oversized: REFUSED.oversized,
			notJson: REFUSED.notJson,
			forgedCrafted: REFUSED.signature,
		});
		for (const result of [oversized, notJson, forgedCrafted]) errorMessages.push(result.body);
		const { id, executions } = await sentinel(before);
		expect(executions).toHaveLength(before + 1);
		expect(await firedIds(executions.slice(before))).toEqual([[id]]);
	});

	test('restart of n8n: the registration and the secret hold, dedup holds, nothing after the restart is lost', async () => {
		const registration = sandbox.webhooks.registration!;
		const before = (await finished(MAIN.id)).length;
		const last = sandbox.webhooks.deliveries.filter((delivery) => delivery.status === 200 && delivery.kind === 'event').pop()!;
		const registrations = () => sandbox.requests.filter((request) => request.method === 'POST' && request.path === '/v1/webhooks').length;
		const registered = registrations();

		await n8n().stop();
		await n8n().start();
		await n8n().setupOwner();
		expect(registrations()).toBe(registered);
		expect(sandbox.webhooks.registration).toEqual(registration);

		// the production webhook may answer a moment after readiness: the sentinel waits for it
		sandbox.webhooks.clearDeliveries();
		sandbox.webhooks.configure({ retries: 10, retryDelayMs: 200 });
		const id = pushed();
		const executions = await untilExecutions(MAIN.id, before + 1);
		await sandbox.webhooks.idle();
		sandbox.webhooks.configure({ retryDelayMs: 20 });
		expect(await firedIds(executions.slice(before))).toEqual([[id]]);
		expect(sandbox.webhooks.deliveries.filter((delivery) => delivery.status === 200).map((delivery) => delivery.event_id)).toEqual([id]);

		// an event delivered before the restart, again with a fresh signature: a duplicate
		sandbox.webhooks.clearDeliveries();
		sandbox.webhooks.push({
			event_id: last.event_id!,
			event_name: 'new_product',
			data: {},
			enrollment_key: 'e2e-push',
			enrollment_id: 'x',
			event_time: new Date().toISOString(),
			entity: { type: 'business', id: businessId },
		});
		await sandbox.webhooks.idle();
		expect(sandbox.webhooks.deliveries.map((delivery) => delivery.status)).toEqual([200]);
		const { id: next, executions: after } = await sentinel(before + 1);
		expect(await firedIds(after.slice(before))).toEqual([[id], [next]]);
	});

	test('a foreign registration survives publishing unless the option is on; the error names the URL registered now', async () => {
		sandbox.webhooks.register(PARTNER, FOREIGN_URL);
		remember();
		const foreignSecret = sandbox.webhooks.registration!.webhook_secret;
		// n8n 2.41 publishes through its outbox, after the REST call: the trigger's error lands in the
		// workflow's publication status (what the editor shows)
		await setActive(POLITE.id, true);
		const expected = `The partner ${PARTNER} already has a webhook, pointing at ${FOREIGN_URL}: the service keeps one webhook per partner, so registering this URL would replace it`;
		const status = await waitFor(
			'the publication error',
			async () => {
				const text = JSON.stringify(await n8n().rest('GET', `/workflows/${POLITE.id}/publication-status`));
				return text.includes('already has a webhook') ? text : undefined;
			},
			{ timeoutMs: 45_000, intervalMs: 500 },
		);
		errorMessages.push(status);
		expect(status).toContain(JSON.stringify(expected).slice(1, -1));
		expect(sandbox.webhooks.registration).toMatchObject({ webhook_url: FOREIGN_URL, webhook_secret: foreignSecret });
		expect(sandbox.requests.filter((request) => request.method === 'POST' && request.path === '/v1/webhooks').length).toBe(1);
		// n8n retries a failed activation in the background: take it back before the registration changes
		await setActive(POLITE.id, false);

		await setActive(TAKER.id, true);
		const taken = await waitFor(
			'the replaced registration',
			async () => (sandbox.webhooks.registration?.webhook_url === urlOf(TAKER) ? sandbox.webhooks.registration : undefined),
			{ timeoutMs: 45_000 },
		);
		remember();
		expect(taken.webhook_secret).not.toBe(foreignSecret);
		expect(JSON.stringify(await n8n().rest('GET', `/workflows/${TAKER.id}/publication-status`))).not.toContain('already has a webhook');
	});

	test('unpublishing deletes the registration only when it is its own', async () => {
		const count = (method: string) => sandbox.requests.filter((request) => request.method === method && request.path.startsWith('/v1/webhooks')).length;
		const deletes = count('DELETE');
		const reads = count('GET');
		// MAIN's registration was replaced: unpublishing it reads, and deletes nothing
		await setActive(MAIN.id, false);
		await waitFor('the read of the registration', async () => (count('GET') > reads ? true : undefined), { timeoutMs: 45_000 });
		expect(count('DELETE')).toBe(deletes);
		expect(sandbox.webhooks.registration?.webhook_url).toBe(urlOf(TAKER));
		await setActive(TAKER.id, false);
		await waitFor('the registration to go', async () => (sandbox.webhooks.registration === undefined ? true : undefined), { timeoutMs: 45_000 });
		expect(count('DELETE')).toBe(deletes + 1);
	});

	test('version 2 (API v2): publishing creates its own webhook; a v2 enrollment\'s event fires an item like version 1\'s; unpublishing disables it while enrolled', async () => {
		await n8n().publish(OWN.id);
		const webhook = await waitFor(
			'the v2 webhook',
			async () => [...sandbox.webhooks.tenant.values()].find((candidate) => candidate.webhook_url === urlOf(OWN)),
			{ timeoutMs: 30_000 },
		);
		secrets.add(webhook.webhook_secret);
		expect(webhook.name).toBe(`n8n: ${OWN.name} / ${TRIGGER}`);
		// another business than the v1 enrollment's: only this workflow's webhook gets the event
		const other = sandbox.universe.businesses[1].business_id;
		sandbox.enrollments.businessesV2.set('e2e-v2', {
			enrollment_id: 'e2e-v2',
			enrollment_key: 'e2e-push-v2',
			webhook_id: webhook.webhook_id,
			event_types: ['new_product'],
			business_ids: [other],
			status: 'active',
		});
		const id = sandbox.addEvent({ business_id: other, event_name: 'new_product' }).event_id.replace(/-/g, '');
		const [execution] = await untilExecutions(OWN.id, 1);
		const [item] = (await n8n().execution(execution.id)).items(TRIGGER);
		const [v1Item] = (await n8n().execution((await finished(MAIN.id))[0].id)).items(TRIGGER);
		expect(Object.keys(item)).toEqual(Object.keys(v1Item));
		expect(item).toMatchObject({ event_id: id, event_name: 'new_product', business_id: other, enrollment_key: 'e2e-push-v2', enrollment_id: 'e2e-v2' });
		await setActive(OWN.id, false);
		await waitFor('the v2 webhook disabled', async () => (sandbox.webhooks.tenant.get(webhook.webhook_id)?.status === 'disabled' ? true : undefined), {
			timeoutMs: 45_000,
		});
	});

	test('the secret is in no execution, no debug log line, no file of the user folder, no error message', async () => {
		expect(secrets.size).toBe(4);
		const forms = [...secrets].flatMap((secret) => {
			const key = Buffer.from(secret, 'base64url');
			return [secret, secret.replace(/=+$/, ''), key.toString('base64'), key.toString('hex')];
		});
		const executions = [...(await finished(MAIN.id)), ...(await finished(POLITE.id)), ...(await finished(TAKER.id)), ...(await finished(OWN.id))];
		expect(executions.length).toBeGreaterThanOrEqual(10);
		const data = await Promise.all(executions.map(async (execution) => JSON.stringify((await n8n().execution(execution.id)).run)));
		const log = n8n().serverOutput(1_000_000);
		expect(log).toMatch(/debug/i);
		const files = listFiles(path.join(n8n().userFolder));
		expect(files.some((file) => file.endsWith('database.sqlite'))).toBe(true);
		const leaks: string[] = [];
		for (const form of forms) {
			const bytes = Buffer.from(form, 'utf8');
			if (data.some((text) => text.includes(form))) leaks.push(`execution data holds ${form.slice(0, 6)}…`);
			if (log.includes(form)) leaks.push(`the log holds ${form.slice(0, 6)}…`);
			if (errorMessages.some((message) => message.includes(form))) leaks.push(`an error message holds ${form.slice(0, 6)}…`);
			for (const file of files) if (readFileSync(file).includes(bytes)) leaks.push(`${path.relative(n8n().userFolder, file)} holds ${form.slice(0, 6)}…`);
		}
		expect(leaks).toEqual([]);
	});
});

/** Every regular file below a folder (n8n's whole user folder: database, WAL, logs, caches, the installed package). */
function listFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const full = path.join(dir, name);
		const stat = statSync(full, { throwIfNoEntry: false });
		if (!stat) return [];
		if (stat.isDirectory()) return listFiles(full);
		return stat.isFile() ? [full] : [];
	});
}
