/**
 * Push delivery scenarios (issue 20): a burst of signed, duplicate and forged deliveries into a
 * real n8n whose published Business Events Webhook Trigger is registered with the sandbox; the
 * cost of verifying one delivery, in process; and event-to-execution latency. Used by
 * `npm run benchmark -- --webhooks` (run.ts) and, for the counts only, by test/e2e/webhookBurst.test.ts.
 */
import { LIMITS } from '../../nodes/shared/limits';
import { computeSignature, signingKey, verifySignature } from '../../nodes/shared/webhooks/signature';
import { N8nInstance, PACKAGE_NAME, type WorkflowJson } from '../e2e/harness/n8nInstance';
import { waitFor } from '../e2e/harness/processes';
import { pythonJson, pythonTime, type Sandbox, sandboxClient, startSandbox } from '../sandbox';
import { Random } from '../sandbox/random';

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
	/** answer times, ms */
	answerMs: { median: number; p95: number; max: number };
}

type Kind = 'distinct' | 'duplicate' | 'forged';

/**
 * Sends the burst to the registered URL: `distinct` validly signed events, `duplicates` of them
 * again (fresh signatures, each after its original was answered), `forged` events with a wrong
 * signature (ids of their own, so a forged one that fired would show). Order is seeded.
 */
export async function sendBurst(sandbox: Sandbox, plan: BurstPlan, options: { businessId: string; enrollmentId: string; enrollmentKey: string }): Promise<BurstResult> {
	const registration = sandbox.webhooks.registration;
	if (!registration) throw new Error('No webhook is registered: publish the trigger workflow first');
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
					registration.partner_id,
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
	times.sort((a, b) => a - b);
	const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
	return { plan, distinctIds, forgedIds, answers, unanswered, errors, sampleAnswers, sendMs, answerMs: { median: at(0.5), p95: at(0.95), max: times[times.length - 1] } };
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

/** The tolerance the trigger applies, for the report. */
export const TOLERANCE_SECONDS = LIMITS.webhookTimestampToleranceSeconds;

// ---------------------------------------------------------------- the benchmark run (npm run benchmark -- --webhooks)

const TRIGGER = 'Business Events Webhook Trigger';
const POLLER = 'Business Events Trigger';
const PARTNER = 'partner-bench';
const CREDENTIAL = { id: 'bench-credential', name: 'Business Prospect Data (benchmark sandbox)' };

/** A published push trigger and a polling trigger (every minute, at second 0) on the same business. */
function benchWorkflows(businessId: string): Array<WorkflowJson & { id: string }> {
	const credentials = { businessProspectDataApi: CREDENTIAL };
	return [
		{
			id: 'wfBenchPush',
			name: 'Benchmark: pushed events',
			nodes: [
				{
					id: 'bench-push',
					name: TRIGGER,
					type: `${PACKAGE_NAME}.businessEventsWebhookTrigger`,
					typeVersion: 1,
					position: [0, 0],
					webhookId: '5f0c1a52-7f6e-4a57-9a42-0000000000c1',
					parameters: { entity: 'both', options: {} },
					credentials,
				},
			],
			connections: {},
		},
		{
			id: 'wfBenchPoll',
			name: 'Benchmark: polled events',
			nodes: [
				{
					id: 'bench-poll',
					name: POLLER,
					type: `${PACKAGE_NAME}.businessEventsTrigger`,
					typeVersion: 1,
					position: [0, 0],
					parameters: {
						pollTimes: { item: [{ mode: 'everyMinute' }] },
						source: 'ids',
						businessIds: businessId,
						eventTypes: ['new_product', 'new_office'],
						options: {},
					},
					credentials,
				},
			],
			connections: {},
		},
	] as unknown as Array<WorkflowJson & { id: string }>;
}

export interface LatencyResult {
	pushMs: number[];
	pollMs: number[];
}

export interface WebhookBenchmark {
	verify: VerifyCost;
	burst: BurstResult & { executions: number; firedDistinct: number; firedForged: number; drainMs: number };
	latency: LatencyResult;
}

async function finishedExecutions(n8n: N8nInstance, workflowId: string): Promise<Array<{ id: string; status: string; startedAt: string | null; stoppedAt: string | null }>> {
	const all: Array<{ id: string; status: string; startedAt: string | null; stoppedAt: string | null }> = [];
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	let cursor: string | null | undefined;
	do {
		const page: { results: typeof all; nextCursor?: string | null } = await n8n.rest(
			'GET',
			`/executions?filter=${filter}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
		);
		all.push(...page.results);
		cursor = page.nextCursor;
	} while (cursor);
	return all.filter((execution) => !['new', 'running', 'waiting'].includes(execution.status)).sort((a, b) => Number(a.id) - Number(b.id));
}

/** Runs the three webhook measurements against one real n8n; about 3 minutes (the polling side waits for its minute). */
export async function webhookBenchmark(log: (message: string) => void, latencyEvents = 3): Promise<WebhookBenchmark> {
	log('  verification cost, in process (10,000 deliveries)');
	const verify = verificationCost(10_000);
	const sandbox = await startSandbox({ partnerId: PARTNER, rateLimit: false });
	const businessId = sandbox.universe.businesses[0].business_id;
	const enrolled = await sandboxClient(sandbox).call('createBusinessEnrollment', {
		enrollment_key: 'benchmark',
		event_types: ['new_product', 'new_office'],
		business_ids: [businessId],
	});
	const n8n = await N8nInstance.create({ log: (message) => log(`  ${message}`) });
	try {
		await n8n.importCredential({ ...CREDENTIAL, data: { apiKey: sandbox.apiKey, baseUrl: sandbox.url, partnerId: PARTNER } });
		const [push, poll] = benchWorkflows(businessId);
		await n8n.importWorkflows([push, poll]);
		await n8n.publish(push.id);
		await n8n.start();
		await n8n.setupOwner();
		await waitFor('the registration', async () => sandbox.webhooks.registration, { timeoutMs: 30_000 });
		await waitFor('the webhook to answer', async () => ((await sandbox.webhooks.send({ signature: 'x' })).status === 400 ? true : undefined), {
			timeoutMs: 15_000,
		});

		// latency, pushed: from the event's addition to its execution's start (n8n's clock, same machine)
		log(`  push latency, ${latencyEvents} events`);
		const pushMs: number[] = [];
		for (let n = 0; n < latencyEvents; n++) {
			const added = Date.now();
			sandbox.addEvent({ business_id: businessId, event_name: 'new_product' });
			const [execution] = (await waitFor('the pushed execution', async () => {
				const done = await finishedExecutions(n8n, push.id);
				return done.length >= n + 1 ? done.slice(n) : undefined;
			}, { timeoutMs: 30_000, intervalMs: 50 }));
			pushMs.push(Date.parse(execution.startedAt ?? '') - added);
		}

		// latency, polled: the polling trigger (every minute), activated now; events at spread moments
		log(`  poll latency, ${latencyEvents} events (waits for the minute polls)`);
		const { versionId } = await n8n.rest<{ versionId: string }>('GET', `/workflows/${poll.id}`);
		await n8n.rest('POST', `/workflows/${poll.id}/activate`, { versionId });
		await waitFor('the first poll', async () => (sandbox.requests.some((request) => request.path === '/v1/businesses/events') ? true : undefined), {
			timeoutMs: 30_000,
		});
		const pollMs: number[] = [];
		for (let n = 0; n < latencyEvents; n++) {
			await new Promise((resolve) => setTimeout(resolve, 7_000 + n * 13_000));
			const added = Date.now();
			sandbox.addEvent({ business_id: businessId, event_name: 'new_office' });
			const before = (await finishedExecutions(n8n, poll.id)).length;
			const [execution] = await waitFor('the polled execution', async () => {
				const done = await finishedExecutions(n8n, poll.id);
				return done.length > before ? done.slice(before) : undefined;
			}, { timeoutMs: 75_000, intervalMs: 250 });
			pollMs.push(Date.parse(execution.startedAt ?? '') - added);
		}
		await n8n.rest('POST', `/workflows/${poll.id}/deactivate`, {});

		// the burst
		log('  burst: 900 signed + 50 duplicates + 50 forged in 10 s');
		const before = (await finishedExecutions(n8n, push.id)).length;
		const burst = await sendBurst(sandbox, ACCEPTANCE_BURST, {
			businessId,
			enrollmentId: enrolled.body.enrollment_id,
			enrollmentKey: 'benchmark',
		});
		const drainStarted = Date.now();
		// every distinct event answered 200 must run (an event answered otherwise is the receiver's to refuse)
		const expected = burst.answers.distinct[200] ?? 0;
		const executions = await waitFor('the burst executions', async () => {
			const done = await finishedExecutions(n8n, push.id);
			return done.length >= before + expected ? done.slice(before) : undefined;
		}, { timeoutMs: 180_000, intervalMs: 1_000 });
		const drainMs = Date.now() - drainStarted;
		const fired = new Set<string>();
		for (const execution of executions) {
			for (const item of (await n8n.execution(execution.id)).items(TRIGGER)) fired.add(String(item.event_id));
		}
		return {
			verify,
			burst: {
				...burst,
				executions: executions.length,
				firedDistinct: burst.distinctIds.filter((id) => fired.has(id)).length,
				firedForged: burst.forgedIds.filter((id) => fired.has(id)).length,
				drainMs,
			},
			latency: { pushMs, pollMs },
		};
	} finally {
		await n8n.dispose();
		await sandbox.close();
	}
}

const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;

/** The markdown report of a webhook benchmark run. */
export function webhookReport(result: WebhookBenchmark, date = new Date()): string {
	const { verify, burst, latency } = result;
	const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
	return [
		'# Push delivery benchmark (Business Events Webhook Trigger)',
		'',
		`Measured by \`npm run benchmark -- --webhooks\` on ${date.toISOString().slice(0, 10)}: n8n 2.41.1 (\`n8n start\`, the packed package), the sandbox pushing signed deliveries over 127.0.0.1, on a 2-core machine shared with other work.`,
		'',
		'| Measurement | Result |',
		'| --- | --- |',
		`| Verification alone (timestamp window, HMAC-SHA256, constant-time compare), ${verify.deliveries.toLocaleString('en-US')} deliveries of ${verify.bodyBytes} bytes, in process | ${verify.perDeliveryUs.toFixed(1)} µs per delivery (${verify.accepted.toLocaleString('en-US')} accepted, the forged tenth refused) |`,
		`| Burst: ${burst.plan.distinct} distinct signed + ${burst.plan.duplicates} signed duplicates + ${burst.plan.forged} forged, spread over ${burst.plan.spreadMs / 1000} s | answers (status: count): distinct ${JSON.stringify(burst.answers.distinct)}, duplicates ${JSON.stringify(burst.answers.duplicate)}, forged ${JSON.stringify(burst.answers.forged)}; ${burst.unanswered} unanswered; answer texts ${JSON.stringify(burst.sampleAnswers)} |`,
		`| Executions from the burst | ${burst.executions} (distinct events fired: ${burst.firedDistinct}, forged fired: ${burst.firedForged}); all done ${ms(burst.drainMs)} after the last send |`,
		`| Answer time during the burst | median ${ms(burst.answerMs.median)}, p95 ${ms(burst.answerMs.p95)}, max ${ms(burst.answerMs.max)}; sending took ${ms(burst.sendMs)} |`,
		`| Event-to-execution latency, push (${latency.pushMs.length} events) | ${latency.pushMs.map(ms).join(', ')} (mean ${ms(mean(latency.pushMs))}) |`,
		`| Event-to-execution latency, polling trigger every minute (${latency.pollMs.length} events) | ${latency.pollMs.map(ms).join(', ')} (mean ${ms(mean(latency.pollMs))}; up to one poll interval, the example polls every 15 minutes) |`,
		'',
	].join('\n');
}
