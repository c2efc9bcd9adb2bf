/**
 * Push delivery scenarios (issue 20): a burst of signed, duplicate and forged deliveries into a
 * real n8n whose published Business Events Webhook Trigger is registered with the sandbox; the
 * cost of verifying one delivery, in process; and event-to-execution latency, push against the
 * polling Business Events Trigger side by side. Used by `npm run benchmark -- --webhooks`
 * (run.ts) and, for the counts only, by test/e2e/webhookBurst.test.ts (the burst) and
 * test/e2e/benchmark.test.ts (push against poll).
 */
import os from 'node:os';

import type { IDataObject } from 'n8n-workflow';

import { ENDPOINTS, LIMITS } from '../../nodes/shared/api';
import { computeSignature, signingKey, verifySignature } from '../../nodes/shared/webhooks/signature';
import { N8N_VERSION } from '../e2e/harness/n8nInstall';
import { type CredentialData, CREDENTIAL_TYPE, N8nInstance, PACKAGE_NAME, type WorkflowJson } from '../e2e/harness/n8nInstance';
import { waitFor } from '../e2e/harness/processes';
import { pythonJson, pythonTime, SANDBOX_PARTNER_ID, type Sandbox, sandboxClient, startSandbox } from '../sandbox';
import { Random } from '../sandbox/random';
import { table } from './report';
import { benchmarkVersion } from './workflows';

export interface BurstPlan {
	distinct: number;
	duplicates: number;
	forged: number;
	/** the whole burst is spread evenly over this long */
	spreadMs: number;
	/** deliveries in flight at once at most */
	inFlight: number;
	/** an answer not started within this long counts as unanswered */
	timeoutMs: number;
}

export const ACCEPTANCE_BURST: BurstPlan = { distinct: 900, duplicates: 50, forged: 50, spreadMs: 10_000, inFlight: 32, timeoutMs: 60_000 };

export interface BurstResult {
	plan: BurstPlan;
	/** ids of the distinct signed events, in the order they were first sent */
	distinctIds: string[];
	forgedIds: string[];
	/** answers per kind: status → count */
	answers: Record<'distinct' | 'duplicate' | 'forged', Record<number, number>>;
	/** deliveries with no answer at all (must be 0) */
	unanswered: number;
	/** why, by error text */
	errors: Record<string, number>;
	/** the first answer text seen for each status */
	sampleAnswers: Record<number, string>;
	/** from the first send to the last answer */
	sendMs: number;
	/** answer times */
	answerMs: Quantiles;
}

type Kind = 'distinct' | 'duplicate' | 'forged';

export interface Quantiles {
	p50: number;
	p95: number;
	max: number;
	mean: number;
}

/** Nearest-rank quantiles of times in ms (NaN when there are none). */
export function quantiles(values: number[]): Quantiles {
	const sorted = [...values].sort((a, b) => a - b);
	const at = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
	return { p50: at(0.5), p95: at(0.95), max: at(1), mean: sorted.reduce((sum, value) => sum + value, 0) / sorted.length };
}

/** Where the sandbox pushes: a published trigger's webhook, its URL and secret, and the payload's generation. */
export interface PushTarget {
	url: string;
	secret: string;
	partnerId: string;
	/** a v2 webhook's id (its payload carries it, with v2's names); absent for the partner webhook */
	webhookId?: string;
}

/**
 * The webhook a published push trigger registered in the sandbox: the tenant's active webhook
 * (API v2, the benchmark's), else the partner webhook of a trigger that speaks the legacy version
 * (the e2e files that still run one); undefined while there is none.
 */
export function pushTarget(sandbox: Sandbox): PushTarget | undefined {
	const webhook = [...sandbox.webhooks.tenant.values()].find((candidate) => candidate.status === 'active');
	// a push to a v2 webhook carries the sandbox's partner (SANDBOX_PARTNER_ID: pushAndPoll sets none)
	if (webhook) return { url: webhook.webhook_url, secret: webhook.webhook_secret, partnerId: SANDBOX_PARTNER_ID, webhookId: webhook.webhook_id };
	const registration = sandbox.webhooks.registration;
	return registration && { url: registration.webhook_url, secret: registration.webhook_secret, partnerId: registration.partner_id };
}

/**
 * Sends the burst to the push trigger's webhook (pushTarget): `distinct` validly signed events,
 * `duplicates` of them again (fresh signatures, each after its original was answered), `forged`
 * events with a wrong signature (ids of their own, so a forged one that fired would show). Order
 * is seeded.
 */
export async function sendBurst(sandbox: Sandbox, plan: BurstPlan, options: { businessId: string; enrollmentId: string; enrollmentKey: string }): Promise<BurstResult> {
	const target = pushTarget(sandbox);
	if (!target) throw new Error('No webhook is registered: publish the trigger workflow first');
	const random = Random.derive(20, 'burst');
	const body = (eventId: string, n: number) =>
		Buffer.from(
			pythonJson(
				sandbox.webhooks.payloadOf(
					{
						event_id: eventId,
						event_name: 'new_product',
						data: { event_name: 'new_product', product_name: `Product ${n}`, title: `Launch ${n}`, link: `https://news.sandbox.example/${n}` },
						enrollment_key: options.enrollmentKey,
						enrollment_id: options.enrollmentId,
						event_time: pythonTime(Date.now()),
						entity: { type: 'business', id: options.businessId },
					},
					target.partnerId,
					target.webhookId,
				),
			),
		);
	const distinctIds = Array.from({ length: plan.distinct }, () => random.hex(32));
	const forgedIds = Array.from({ length: plan.forged }, () => random.hex(32));
	const bodies = new Map(distinctIds.map((id, n) => [id, body(id, n)]));
	// the send order: originals in order, duplicates and forgeries spread among them; a duplicate
	// always comes at least 20 places after its original
	const slots: Array<{ kind: Kind; id: string }> = distinctIds.map((id) => ({ kind: 'distinct', id }));
	for (const id of forgedIds) slots.splice(random.int(0, slots.length), 0, { kind: 'forged', id });
	for (const id of random.sample(distinctIds.slice(0, plan.distinct - 40), plan.duplicates)) {
		const after = slots.findIndex((slot) => slot.kind === 'distinct' && slot.id === id);
		slots.splice(random.int(after + 20, slots.length), 0, { kind: 'duplicate', id });
	}
	const answers: BurstResult['answers'] = { distinct: {}, duplicate: {}, forged: {} };
	const times: number[] = [];
	let unanswered = 0;
	const errors: Record<string, number> = {};
	const sampleAnswers: Record<number, string> = {};
	const gapMs = plan.spreadMs / slots.length;
	const started = performance.now();
	const inFlight = new Set<Promise<void>>();
	for (const [n, slot] of slots.entries()) {
		const due = started + n * gapMs;
		const wait = due - performance.now();
		if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
		while (inFlight.size >= plan.inFlight) await Promise.race(inFlight);
		const payload = slot.kind === 'forged' ? body(slot.id, -1) : (bodies.get(slot.id) as Buffer);
		const nowSeconds = Math.floor(Date.now() / 1000);
		const task = sandbox.webhooks
			.send({
				body: payload,
				url: target.url,
				secret: target.secret,
				timeoutMs: plan.timeoutMs,
				...(slot.kind === 'forged' && { signature: computeSignature(Buffer.alloc(32, 1), String(nowSeconds), payload) }),
				// a re-sent event is signed anew with a later X-Timestamp (as the sandbox's retries are):
				// sent within the second of its original, it would otherwise be a byte-identical replay
				...(slot.kind === 'duplicate' && { timestamp: nowSeconds + 1 }),
			})
			.then((result) => {
				times.push(result.ms);
				sampleAnswers[result.status] ??= result.body.slice(0, 200);
				if (result.status === 0) {
					unanswered++;
					errors[result.error ?? 'unknown'] = (errors[result.error ?? 'unknown'] ?? 0) + 1;
				}
				answers[slot.kind][result.status] = (answers[slot.kind][result.status] ?? 0) + 1;
			});
		const tracked = task.finally(() => inFlight.delete(tracked));
		inFlight.add(tracked);
	}
	await Promise.all(inFlight);
	const sendMs = performance.now() - started;
	return { plan, distinctIds, forgedIds, answers, unanswered, errors, sampleAnswers, sendMs, answerMs: quantiles(times) };
}

export interface VerifyCost {
	deliveries: number;
	bodyBytes: number;
	totalMs: number;
	perDeliveryUs: number;
	accepted: number;
}

/**
 * The trigger's verification alone (timestamp window, HMAC-SHA256, constant-time compare), over
 * `count` deliveries of realistic size, in this process: what n8n spends per delivery before
 * anything runs. A tenth are forged, so both paths are timed.
 */
export function verificationCost(count = 10_000): VerifyCost {
	const random = Random.derive(21, 'verify');
	const secretKey = signingKey(Buffer.from(random.hex(64), 'hex').toString('base64url') + '=');
	const now = Math.floor(Date.now() / 1000);
	const deliveries = Array.from({ length: count }, (_, n) => {
		const raw = Buffer.from(
			pythonJson({
				tenant_id: 'sandbox-tenant',
				partner_id: 'sandbox-partner',
				event_id: random.hex(32),
				event_name: 'new_product',
				data: { product_name: `Product ${n}`, snippet: 'x'.repeat(600), link: `https://news.sandbox.example/${random.hex(12)}` },
				enrollment_key: 'bench',
				enrollment_id: '1c0e2f56-3c47-4a64-9d5c-2a4b1f0c9e11',
				event_time: pythonTime(Date.now()),
				business_id: random.hex(32),
			}),
		);
		const timestamp = String(now);
		const signature = n % 10 === 9 ? computeSignature(Buffer.alloc(32, 2), timestamp, raw) : computeSignature(secretKey, timestamp, raw);
		return { raw, timestamp, signature };
	});
	let accepted = 0;
	const started = performance.now();
	for (const delivery of deliveries) {
		if (verifySignature(secretKey, delivery.raw, delivery.timestamp, delivery.signature, now).ok) accepted++;
	}
	const totalMs = performance.now() - started;
	return {
		deliveries: count,
		bodyBytes: Math.round(deliveries.reduce((sum, delivery) => sum + delivery.raw.length, 0) / count),
		totalMs,
		perDeliveryUs: (totalMs * 1000) / count,
		accepted,
	};
}

// ---------------------------------------------------------------- push vs poll, side by side

const PUSHED = 'Business Events Webhook Trigger';
const POLLED = 'Business Events Trigger';
const EVENT_NAME = 'new_product';
/** the poller's requests: the triggers speak API v2 (their latest typeVersions) */
const EVENTS_PATH = ENDPOINTS.getBusinessEvents.path;
/** the benchmark's own enrollment of the business, once the push trigger's webhook exists (not the triggers' requests) */
const ENROLLMENTS_PATH = ENDPOINTS.createBusinessEnrollment.path;
/** n8n's shortest poll interval */
export const EVERY_MINUTE: IDataObject = { item: [{ mode: 'everyMinute' }] };
/**
 * For tests: a poll every `seconds` (a divisor of 60). n8n refuses a poll time under a minute,
 * but takes several: one a minute at each of the seconds 0, `seconds`, 2 × `seconds`, ...
 */
export const pollEvery = (seconds: number): IDataObject => ({
	item: Array.from({ length: 60 / seconds }, (_, n) => ({ mode: 'custom', cronExpression: `${n * seconds} * * * * *` })),
});

export interface LatencyPlan {
	events: number;
	/** between two events; 13 s is prime to the minute, so 20 events fall at 20 different moments of a poll interval */
	gapMs: number;
}

export const LATENCY_PLAN: LatencyPlan = { events: 20, gapMs: 13_000 };

/**
 * A sandbox with one business, and the two workflows that watch it side by side; the business is
 * enrolled on the push trigger's webhook once it is published (enroll).
 */
export interface PushAndPoll {
	sandbox: Sandbox;
	businessId: string;
	/** set by enroll(): a v2 enrollment binds to a webhook, which the trigger creates when published */
	enrollment?: { enrollment_id: string; enrollment_key: string };
	credential: CredentialData;
	/** without credentials: `publish` adds the one it creates */
	push: WorkflowJson;
	poll: WorkflowJson;
}

/**
 * Starts the sandbox of a push-vs-poll run, with the two workflows (the poller at `pollTimes`)
 * to `publish` in a running n8n; then `emitEvents`.
 */
export async function pushAndPoll(pollTimes = EVERY_MINUTE): Promise<PushAndPoll> {
	const sandbox = await startSandbox();
	const businessId = sandbox.universe.businesses[0].business_id;
	// from here on, every request the sandbox answers but enroll()'s is one of the two triggers'
	sandbox.clearRequests();
	const workflow = (id: string, name: string, node: IDataObject & { type: string }) =>
		({ id, name, nodes: [{ position: [0, 0], typeVersion: benchmarkVersion(node.type.slice(PACKAGE_NAME.length + 1)), ...node }], connections: {} }) as WorkflowJson;
	return {
		sandbox,
		businessId,
		// no Partner ID: API v2 has no partner webhook
		credential: { apiKey: sandbox.apiKey, baseUrl: sandbox.url },
		push: workflow('wfLatencyPush', 'Latency: pushed events', {
			id: 'latency-push',
			name: PUSHED,
			type: `${PACKAGE_NAME}.businessEventsWebhookTrigger`,
			webhookId: '5f0c1a52-7f6e-4a57-9a42-0000000000d1',
			parameters: { entity: 'business', eventTypes: [EVENT_NAME], options: {} },
		}),
		poll: workflow('wfLatencyPoll', 'Latency: polled events', {
			id: 'latency-poll',
			name: POLLED,
			type: `${PACKAGE_NAME}.businessEventsTrigger`,
			parameters: { pollTimes, source: 'ids', businessIds: businessId, eventTypes: [EVENT_NAME], options: {} },
		}),
	};
}

/**
 * Publishes workflows of a push-vs-poll run in a running n8n as the editor does, through n8n's
 * REST API: the credential, each workflow, its activation. About a second each, where the CLI
 * (`n8n publish:workflow`, before `n8n start`) took 8 to 11 s a call on 2 busy cores.
 */
export async function publish(n8n: N8nInstance, setup: PushAndPoll, workflows = [setup.push, setup.poll]): Promise<void> {
	const name = 'Business Prospect Data (push and poll)';
	const credential = await n8n.rest<{ id: string }>('POST', '/credentials', { name, type: CREDENTIAL_TYPE, data: setup.credential });
	const credentials = { [CREDENTIAL_TYPE]: { id: credential.id, name } };
	await n8n.importWorkflows(workflows.map((workflow) => ({ ...workflow, nodes: (workflow.nodes as IDataObject[]).map((node) => ({ ...node, credentials })) })));
	for (const workflow of workflows) await n8n.publish(String(workflow.id));
}

const pollRequests = (sandbox: Sandbox) => sandbox.requests.filter((request) => request.path === EVENTS_PATH);

/**
 * Enrolls the business on the published push trigger's v2 webhook, as a user does once the
 * workflow is published (Manage Enrollment, or the service's API): its events are pushed from then on.
 */
export async function enroll(setup: PushAndPoll): Promise<{ enrollment_id: string; enrollment_key: string }> {
	const target = await waitFor('the push trigger\'s webhook', async () => pushTarget(setup.sandbox), { timeoutMs: 30_000 });
	if (target.webhookId === undefined) throw new Error('The push trigger registered no v2 webhook');
	const enrolled = await sandboxClient(setup.sandbox, ENDPOINTS).call('createBusinessEnrollment', {
		enrollment_key: 'benchmark',
		event_types: [EVENT_NAME],
		business_ids: [setup.businessId],
		webhook_id: target.webhookId,
	});
	if (enrolled.status !== 201) throw new Error(`The enrollment was answered ${enrolled.status}: ${JSON.stringify(enrolled.body)}`);
	setup.enrollment = enrolled.body;
	return enrolled.body;
}
/** the API serves event ids as uuids, pushes carry them without dashes */
const plainId = (id: unknown) => String(id).replace(/-/g, '');
const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

export interface EmittedEvent {
	eventId: string;
	/** the event's event_time: when the sandbox created it */
	createdAt: number;
}

export interface LatencyRun {
	plan: LatencyPlan;
	emitted: EmittedEvent[];
	/** 1-minute load average at the first event */
	load: number;
}

/**
 * Waits until a published push trigger is registered and its webhook answers. The probe is
 * unsigned (400): a wrongly signed one would make the trigger read the registration again, a
 * request the run would count.
 */
export async function pushTriggerReady(sandbox: Sandbox): Promise<void> {
	const target = await waitFor('the registration', async () => pushTarget(sandbox), { timeoutMs: 30_000 });
	// the production webhook can answer a moment after n8n's readiness
	await waitFor('the webhook to answer', async () => ((await sandbox.webhooks.send({ url: target.url, signature: null })).status === 400 ? true : undefined), {
		timeoutMs: 15_000,
	});
}

/**
 * Waits until the push trigger is registered and answers, and the poller has polled once (its
 * cursor starts at that poll), then adds `plan.events` events for the business, `plan.gapMs` apart.
 */
export async function emitEvents(setup: PushAndPoll, plan: LatencyPlan): Promise<LatencyRun> {
	const { sandbox } = setup;
	await pushTriggerReady(sandbox);
	await enroll(setup);
	await waitFor('the first poll', async () => (pollRequests(sandbox).length > 0 ? true : undefined), { timeoutMs: 30_000 });
	const load = os.loadavg()[0];
	const emitted: EmittedEvent[] = [];
	for (let n = 0; n < plan.events; n++) {
		if (n > 0) await sleep(plan.gapMs);
		const event = sandbox.addEvent({ business_id: setup.businessId, event_name: EVENT_NAME });
		emitted.push({ eventId: plainId(event.event_id), createdAt: Date.parse(event.event_time) });
	}
	return { plan, emitted, load };
}

interface Firing {
	startedAt: number;
	stoppedAt: number;
	eventIds: string[];
}

/** Reads the finished executions of a trigger's workflow and the events each fired; each execution is read once. */
function firings(n8n: N8nInstance, workflowId: string, trigger: string): () => Promise<Firing[]> {
	const read = new Map<string, Firing>();
	return async () => {
		for (const execution of await n8n.finishedExecutions(workflowId)) {
			if (read.has(execution.id)) continue;
			read.set(execution.id, {
				startedAt: Date.parse(execution.startedAt ?? ''),
				stoppedAt: Date.parse(execution.stoppedAt ?? ''),
				eventIds: (await n8n.execution(execution.id)).items(trigger).map((item) => plainId(item.event_id)),
			});
		}
		return [...read.values()];
	};
}

export interface EventTiming extends EmittedEvent {
	/** the push's first attempt: when the sandbox sent it, and how long n8n took to answer it */
	sent: { at: number; answerMs: number } | undefined;
	/** startedAt of every execution that fired the event: exactly one each, when all is well */
	pushStarts: number[];
	pollStarts: number[];
}

export interface LatencyResult {
	plan: LatencyPlan;
	events: EventTiming[];
	executions: { push: number; poll: number };
	/**
	 * requests the sandbox answered: to the webhook endpoints (the push trigger) and anything else
	 * by `METHOD path: status`, to the events endpoint (the poller) counted
	 */
	requests: { push: Record<string, number>; poll: number; other: Record<string, number> };
	/** from the first request (the triggers' activation) to the end of the run */
	runMs: number;
	/** the push deliveries' answers, status: count */
	deliveries: Record<number, number>;
	/** 1-minute load average at the first event and at the end */
	load: [number, number];
}

/**
 * Waits until both triggers have fired every emitted event, then for one poll more (each poll
 * asks again for the last minutes, so a repeat would come from a later poll) and for n8n to run
 * what it found; reads what each trigger did with each event, and what it spent.
 */
export async function collectLatency(n8n: N8nInstance, setup: PushAndPoll, run: LatencyRun): Promise<LatencyResult> {
	const { sandbox } = setup;
	const { emitted } = run;
	const pushed = firings(n8n, setup.push.id, PUSHED);
	const polled = firings(n8n, setup.poll.id, POLLED);
	const covers = (list: Firing[]) => emitted.every((event) => list.some((firing) => firing.eventIds.includes(event.eventId)));
	const lastPollFiring = await waitFor(
		'both triggers to fire every event',
		async () => {
			const [push, poll] = [await pushed(), await polled()];
			return covers(push) && covers(poll) ? Math.max(...poll.map((firing) => firing.stoppedAt)) : undefined;
		},
		{ timeoutMs: 3 * 60_000, intervalMs: 500 },
	);
	const nextPoll = await waitFor('a poll after the last firing', async () => pollRequests(sandbox).find((request) => request.at.getTime() > lastPollFiring), {
		timeoutMs: 3 * 60_000,
		intervalMs: 500,
	});
	await sandbox.webhooks.idle();
	// what a poll finds starts an execution within milliseconds of its answer
	await sleep(Math.max(0, nextPoll.at.getTime() + 2_000 - Date.now()));
	const [push, poll] = [await pushed(), await polled()];
	const startsOf = (list: Firing[], eventId: string) => list.filter((firing) => firing.eventIds.includes(eventId)).map((firing) => firing.startedAt);
	const sent = sandbox.webhooks.deliveries.filter((delivery) => delivery.kind === 'event');
	const deliveries: Record<number, number> = {};
	for (const delivery of sent) deliveries[delivery.status] = (deliveries[delivery.status] ?? 0) + 1;
	const requests: LatencyResult['requests'] = { push: {}, poll: pollRequests(sandbox).length, other: {} };
	for (const request of sandbox.requests.filter((request) => request.path !== EVENTS_PATH && request.path !== ENROLLMENTS_PATH)) {
		const calls = requests[/\/webhooks(\/|$)/.test(request.path) ? 'push' : 'other'];
		const call = `${request.method} ${request.path}: ${request.status}`;
		calls[call] = (calls[call] ?? 0) + 1;
	}
	return {
		plan: run.plan,
		events: emitted.map((event) => ({
			...event,
			sent: sent.filter((delivery) => delivery.event_id === event.eventId).map((delivery) => ({ at: delivery.sentAt.getTime(), answerMs: delivery.ms }))[0],
			pushStarts: startsOf(push, event.eventId),
			pollStarts: startsOf(poll, event.eventId),
		})),
		executions: { push: push.length, poll: poll.length },
		requests,
		runMs: Date.now() - (sandbox.requests[0]?.at.getTime() ?? Date.now()),
		deliveries,
		load: [run.load, os.loadavg()[0]],
	};
}

// ---------------------------------------------------------------- the benchmark run (npm run benchmark -- --webhooks)

export interface WebhookBenchmark {
	verify: VerifyCost;
	latency: LatencyResult;
	burst: BurstResult & { executions: number; firedDistinct: number; firedForged: number; drainMs: number };
	machine: string;
}

/** One part of the benchmark on a sandbox and n8n of its own; the poller is published only when asked. */
async function onOwnN8n<T>(
	log: (message: string) => void,
	options: { poller: boolean; env?: Record<string, string> },
	part: (setup: PushAndPoll, n8n: N8nInstance) => Promise<T>,
): Promise<T> {
	const setup = await pushAndPoll();
	try {
		const n8n = await N8nInstance.create({ env: options.env, log: (message) => log(`    ${message}`) });
		try {
			await n8n.start();
			await n8n.setupOwner();
			await publish(n8n, setup, options.poller ? [setup.push, setup.poll] : [setup.push]);
			return await part(setup, n8n);
		} finally {
			await n8n.dispose();
		}
	} finally {
		await setup.sandbox.close();
	}
}

/** The burst into a published push trigger: the answers, and the executions of the events answered 200. */
async function burstInto(setup: PushAndPoll, n8n: N8nInstance): Promise<WebhookBenchmark['burst']> {
	await pushTriggerReady(setup.sandbox);
	const enrollment = await enroll(setup);
	const burst = await sendBurst(setup.sandbox, ACCEPTANCE_BURST, {
		businessId: setup.businessId,
		enrollmentId: enrollment.enrollment_id,
		enrollmentKey: enrollment.enrollment_key,
	});
	const drainStarted = Date.now();
	// every distinct event answered 200 must run (an event answered otherwise is the receiver's to refuse)
	const expected = burst.answers.distinct[200] ?? 0;
	const executions = await waitFor(
		'the burst executions',
		async () => {
			const done = await n8n.finishedExecutions(setup.push.id);
			return done.length >= expected ? done : undefined;
		},
		{ timeoutMs: 180_000, intervalMs: 1_000 },
	);
	const drainMs = Date.now() - drainStarted;
	const fired = new Set<string>();
	for (const execution of executions) {
		for (const item of (await n8n.execution(execution.id)).items(PUSHED)) fired.add(String(item.event_id));
	}
	return {
		...burst,
		executions: executions.length,
		firedDistinct: burst.distinctIds.filter((id) => fired.has(id)).length,
		firedForged: burst.forgedIds.filter((id) => fired.has(id)).length,
		drainMs,
	};
}

/**
 * The verification cost in process; push against poll, side by side in one n8n with its default
 * settings (about 6 minutes: 20 events 13 s apart, then the last polls); the burst in an n8n with
 * the legacy expression engine, as test/e2e/webhookBurst.test.ts runs it (docs/webhooks.md,
 * "Throughput").
 */
export async function webhookBenchmark(log: (message: string) => void): Promise<WebhookBenchmark> {
	log('  verification cost, in process (10,000 deliveries)');
	const verify = verificationCost(10_000);
	log(`  push vs poll: ${LATENCY_PLAN.events} events, ${LATENCY_PLAN.gapMs / 1000} s apart, the poller every minute`);
	const latency = await onOwnN8n(log, { poller: true }, async (setup, n8n) => await collectLatency(n8n, setup, await emitEvents(setup, LATENCY_PLAN)));
	log('  burst: 900 signed + 50 duplicates + 50 forged in 10 s');
	const burst = await onOwnN8n(log, { poller: false, env: { N8N_EXPRESSION_ENGINE: 'legacy' } }, burstInto);
	return { verify, latency, burst, machine: `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'CPU'}), Node ${process.version}, n8n ${N8N_VERSION}` };
}

const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
const secondsOf = (value: number) => `${(value / 1000).toFixed(1)} s`;
const total = (calls: Record<string, number>) => Object.values(calls).reduce((sum, count) => sum + count, 0);
const calls = (counted: Record<string, number>) =>
	Object.entries(counted)
		.map(([call, count]) => (count === 1 ? call : `${call}, ${count} times`))
		.join('; ');

/** Per trigger: how often each event fired, and its latencies (first firing - creation). */
function triggerFigures(events: EventTiming[], starts: (event: EventTiming) => number[]) {
	const latencies = events.filter((event) => starts(event).length > 0).map((event) => Math.min(...starts(event)) - event.createdAt);
	return {
		once: events.filter((event) => starts(event).length === 1).length,
		latency: quantiles(latencies),
		underASecond: latencies.filter((latency) => latency < 1_000).length,
	};
}

/** The markdown report of a webhook benchmark run. */
export function webhookReport(result: WebhookBenchmark, date = new Date()): string {
	const { verify, burst, latency } = result;
	const { events, plan, requests, executions } = latency;
	const push = triggerFigures(events, (event) => event.pushStarts);
	const poll = triggerFigures(events, (event) => event.pollStarts);
	const first = events[0]?.createdAt ?? 0;
	const runMinutes = latency.runMs / 60_000;
	const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
	return [
		'# Push delivery benchmark (Business Events Webhook Trigger)',
		'',
		`Measured by \`npm run benchmark -- --webhooks\` (test/benchmark/webhooks.ts) on ${date.toISOString().slice(0, 10)}: ${result.machine}, a machine shared with other work (1-minute load average ${latency.load[0].toFixed(2)} at the first event, ${latency.load[1].toFixed(2)} at the end). n8n runs as \`n8n start\` with the packed package; the sandbox (test/sandbox) is the service, on 127.0.0.1.`,
		'',
		'## Push against poll: from event to execution',
		'',
		`One n8n with its default settings, two published workflows side by side on the same sandbox, watching the same enrolled business: one starts with the Business Events Webhook Trigger (push), the other with the Business Events Trigger polling every minute (n8n's shortest poll interval). The sandbox created ${events.length} events ${plan.gapMs / 1000} s apart (13 s is prime to the minute, so the events fall at different moments of the poll interval) and pushed each one the moment it had it. Latency is from the event's creation in the sandbox (its \`event_time\`) to the \`startedAt\` of the n8n execution that fired it; both clocks are this machine's.`,
		'',
		table(
			['trigger', 'events fired exactly once', 'executions', 'p50', 'p95', 'max', 'mean', 'requests to the service'],
			[
				['push (webhook)', `${push.once} of ${events.length}`, String(executions.push), ms(push.latency.p50), ms(push.latency.p95), ms(push.latency.max), ms(push.latency.mean), `${total(requests.push)} when the workflow was published (${calls(requests.push)}), none per event`],
				['poll, every minute', `${poll.once} of ${events.length}`, String(executions.poll), secondsOf(poll.latency.p50), secondsOf(poll.latency.p95), secondsOf(poll.latency.max), secondsOf(poll.latency.mean), `${requests.poll} in ${runMinutes.toFixed(1)} minutes (one a poll; ${requests.poll - executions.poll} found nothing new)`],
			],
		),
		'',
		`Pushes answered: ${JSON.stringify(latency.deliveries)} (status: count). Other requests to the sandbox during the run: ${total(requests.other) === 0 ? 'none' : calls(requests.other)}.`,
		'',
		`**Reading.** Half of the pushed events started their workflow within ${ms(push.latency.p50)} of their creation in the sandbox, 95% within ${ms(push.latency.p95)}, the slowest after ${ms(push.latency.max)}: the service sends an event at once, n8n verifies the signature and starts the execution. A polled event waits for the next poll, anywhere from a moment to a full poll interval: here half of them waited up to ${secondsOf(poll.latency.p50)}, the slowest ${secondsOf(poll.latency.max)}, ${secondsOf(poll.latency.mean)} on average, about half the interval. With the example workflow's 15-minute interval the wait is up to 15 minutes, about 7.5 on average. The poller also spends one request of the key's 200 a minute on every poll (for every ${LIMITS.businessEventIds} businesses it watches), whether anything happened or not: 1,440 a day at every minute. The push trigger spends requests only when its workflow is published or unpublished.`,
		'',
		`Acceptance (issue 20): event-to-execution latency under 1 s, each event once (push: ${push.underASecond} of ${events.length} under 1 s, the worst ${ms(push.latency.max)}): ${met(push.once === events.length && push.underASecond === events.length)}. The polling trigger, each event once: ${met(poll.once === events.length)}; its worst latency ${secondsOf(poll.latency.max)}, for a poll interval of 60 s.`,
		'',
		'Every event (times after the first event was created):',
		'',
		table(
			['event', 'created', 'pushed by the sandbox', 'n8n answered the push in', 'push: execution started', 'poll: execution started'],
			events.map((event, n) => [
				String(n + 1),
				secondsOf(event.createdAt - first),
				event.sent === undefined ? 'not sent' : `+${ms(event.sent.at - event.createdAt)}`,
				event.sent === undefined ? '' : ms(event.sent.answerMs),
				event.pushStarts.map((start) => `+${ms(start - event.createdAt)}`).join(', ') || 'none',
				event.pollStarts.map((start) => `+${secondsOf(start - event.createdAt)}`).join(', ') || 'none',
			]),
		),
		'',
		'## Verification and a burst (issue 20)',
		'',
		`The burst runs in a second n8n with \`N8N_EXPRESSION_ENGINE=legacy\`, as its e2e test does: with n8n 2.41's default engine, n8n itself answers 503 to many deliveries of such a burst on 2 busy cores ([webhooks.md](webhooks.md), "Throughput").`,
		'',
		table(
			['measurement', 'result'],
			[
				[
					`Verification alone (timestamp window, HMAC-SHA256, constant-time compare), ${verify.deliveries.toLocaleString('en-US')} deliveries of ${verify.bodyBytes} bytes, in process`,
					`${verify.perDeliveryUs.toFixed(1)} µs per delivery (${verify.accepted.toLocaleString('en-US')} accepted, the forged tenth refused)`,
				],
				[
					`Burst: ${burst.plan.distinct} distinct signed + ${burst.plan.duplicates} signed duplicates + ${burst.plan.forged} forged, spread over ${burst.plan.spreadMs / 1000} s`,
					`answers (status: count): distinct ${JSON.stringify(burst.answers.distinct)}, duplicates ${JSON.stringify(burst.answers.duplicate)}, forged ${JSON.stringify(burst.answers.forged)}; ${burst.unanswered} unanswered; answer texts ${JSON.stringify(burst.sampleAnswers)}`,
				],
				['Executions from the burst', `${burst.executions} (distinct events fired: ${burst.firedDistinct}, forged fired: ${burst.firedForged}); all done ${ms(burst.drainMs)} after the last answer`],
				['Answer time during the burst', `p50 ${ms(burst.answerMs.p50)}, p95 ${ms(burst.answerMs.p95)}, max ${ms(burst.answerMs.max)}; sending took ${ms(burst.sendMs)}`],
			],
		),
		'',
		`Acceptance (issue 20): exactly ${burst.plan.distinct} executions, none for a forged delivery, every delivery answered: ${met(burst.executions === burst.plan.distinct && burst.firedDistinct === burst.plan.distinct && burst.firedForged === 0 && burst.unanswered === 0)}; verification under 1 ms per delivery: ${met(verify.perDeliveryUs < 1_000)}.${burst.sendMs > burst.plan.spreadMs * 1.1 ? ` Sending took ${secondsOf(burst.sendMs)}, not the ${burst.plan.spreadMs / 1000} s planned: at most ${burst.plan.inFlight} deliveries await an answer at once, and n8n answered in ${ms(burst.answerMs.p50)} at the median on this machine.` : ''}`,
		'',
	].join('\n');
}
