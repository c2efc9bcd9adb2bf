/**
 * The sandbox's push side: v1's one webhook per partner (the registration) and v2's webhooks of
 * the tenant (tenant.ts), delivered by one queue. It holds the registrations, builds the
 * pushed JSON of an event (webhooks-research.md §2), signs it (§3) and POSTs it to the registered
 * URL from a bounded queue (one at a time by default, so deliveries arrive in event order), with
 * retries, a delivery log, and knobs that misbehave as a hostile network would. See README.md.
 */
import { request } from 'node:http';

import { Random } from '../random';
import { withV2FieldNames } from '../v2/renames';
import { v2EventType } from '../../../nodes/shared/api';
import type { TenantWebhook } from './tenant';
import { base64UrlPadded, newWebhookSecret, pythonIsoFormat, pythonJson, pythonTime, signDelivery } from './signing';

export { base64UrlPadded, newWebhookSecret, pythonJson, pythonTime, signDelivery } from './signing';
export type { TenantWebhook } from './tenant';

/** Where a push goes and how it is signed and shaped: v1's registration or a v2 webhook. */
export interface DeliveryTarget {
	webhook_url: string;
	webhook_secret: string;
	headers: string[];
	payload_format: 'json' | 'stringified_json';
	/** v2 webhooks only: its deliveries carry it (the second payload generation) */
	webhook_id?: string;
}

export interface WebhookRegistration {
	partner_id: string;
	webhook_url: string;
	webhook_secret: string;
	/** "Name: value" strings, each sent as a header with every push (0.3.19+) */
	headers: string[];
	/** 'stringified_json': the body is a JSON string that holds the serialized event (0.3.19+) */
	payload_format: 'json' | 'stringified_json';
	/** Python isoformat, UTC */
	created_at: string;
	last_modified_time: string;
}

/** What a pushed event is made of before the knobs shape it. */
export interface PushedEvent {
	event_id: string;
	event_name: string;
	data: Record<string, unknown>;
	enrollment_key: string;
	enrollment_id: string;
	/** ISO or Python form; sent in Python's str() form */
	event_time: string;
	entity: { type: 'business'; id: string } | { type: 'prospect'; id: string };
}

export type DeliveryKind = 'event' | 'simulation' | 'connectivity' | 'duplicate' | 'crafted' | 'replay';

export interface WebhookDelivery {
	/** 1, 2, ... in the order the attempts were sent */
	seq: number;
	kind: DeliveryKind;
	/** the v2 webhook that delivered it (absent: v1's registration) */
	webhook_id?: string;
	event_id?: string;
	event_name?: string;
	/** 1 for the first try, 2.. for retries */
	attempt: number;
	/** the receiver's status; 0 when there was none (refused, reset, timeout, not loopback) */
	status: number;
	/** why there was no status */
	error?: string;
	/** time from the first byte sent to the answer's status line, in ms */
	ms: number;
	/** wall clock when the attempt was sent */
	sentAt: Date;
	url: string;
	/** as sent (X-Timestamp, X-Signature, Content-Type; no secret is ever in them) */
	headers: Record<string, string>;
	/** the body as sent, as text */
	body: string;
}

export interface WebhookKnobs {
	/** the field names of the pushed JSON: today's (`event_name`, `business_id`/`prospect_id`) or the guide's older ones */
	payload?: { eventKey?: 'event_name' | 'event_type'; entity?: 'id' | 'entity' };
	/** 'valid' (default); 'bad': a signature made with another secret; 'missing-*': that header is not sent */
	signature?: 'valid' | 'bad' | 'missing-signature' | 'missing-timestamp' | 'missing-headers';
	/** added to X-Timestamp (signed consistently): -600 is stale, +600 is future-dated */
	timestampSkewSeconds?: number;
	/** extra deliveries of every event, each with a fresh X-Timestamp and signature (same body) */
	duplicates?: number;
	/** retries after a 5xx, 408, 429, no answer or timeout (default 3; 0 turns retries off) */
	retries?: number;
	/** wait before retry n: retryDelayMs * 2^(n-1) (default 100) */
	retryDelayMs?: number;
	/** an attempt with no status line after this long is abandoned (default 10,000) */
	timeoutMs?: number;
	/** deliveries in flight at once (default 1: strictly in event order) */
	concurrency?: number;
	/** send every body in chunks of `chunkBytes`, `intervalMs` apart (a slow drip) */
	drip?: { chunkBytes: number; intervalMs: number };
	/** Content-Type of the pushes (default application/json) */
	contentType?: string;
}

/** A hand-made delivery (forgeries, oversized or non-JSON bodies); every field has a sane default. */
export interface CraftedDelivery {
	/** an object is sent as the service would serialize it; a string or Buffer as is. Default: a valid event */
	body?: string | Buffer | Record<string, unknown>;
	/** X-Timestamp; a number is unix seconds. Default: now. null: header not sent */
	timestamp?: string | number | null;
	/** X-Signature. Default: signed with the registered secret (or `secret`). null: header not sent */
	signature?: string | null;
	/** sign with this secret instead of the registered one */
	secret?: string;
	contentType?: string | null;
	/** more headers (they win over the computed ones) */
	headers?: Record<string, string>;
	drip?: { chunkBytes: number; intervalMs: number };
	/** default: the registered URL */
	url?: string;
	timeoutMs?: number;
}

export interface SendResult {
	status: number;
	/** the receiver's answer text */
	body: string;
	error?: string;
	ms: number;
}

interface Job {
	run(): Promise<void>;
}

const DEFAULTS = { retries: 3, retryDelayMs: 100, timeoutMs: 10_000, concurrency: 1 };
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export class Webhooks {
	readonly deliveries: WebhookDelivery[] = [];
	private current: WebhookRegistration | undefined;
	/** the v1 registration's id in v2's list (legacy: true), kept while the partner stays registered */
	private legacyWebhookId: string | undefined;
	/** the tenant's v2 webhooks by webhook_id, in creation order (tenant.ts manages them) */
	readonly tenant = new Map<string, TenantWebhook>();
	private readonly webhookIds: Random;
	/** numbers the attempts (clearDeliveries does not restart it, so a seq names one attempt for good) */
	private seq = 0;
	private knobs: WebhookKnobs = {};
	private readonly queue: Job[] = [];
	private active = 0;
	private idleWaiters: Array<() => void> = [];
	private readonly secrets: Random;
	private readonly synthetic: Random;
	/** the last X-Timestamp each body was signed with: a re-send (retry, duplicate) always gets a later one */
	private readonly lastTimestamp = new Map<string, number>();
	/** exact bytes and headers of each logged attempt, for replays */
	private readonly sent = new Map<number, { url: string; headers: Record<string, string>; body: Buffer }>();

	constructor(
		seed: number,
		private readonly tenantId: () => string,
		private readonly clock: () => Date,
	) {
		this.secrets = Random.derive(seed, 'webhook-secrets');
		this.synthetic = Random.derive(seed, 'webhook-simulations');
		this.webhookIds = Random.derive(seed, 'webhook-ids');
	}

	/** The id the v1 registration has in v2's webhook list, or undefined while none is registered. */
	get legacyId(): string | undefined {
		return this.current ? this.legacyWebhookId : undefined;
	}

	/** A new webhook_id (v2) or secret, from streams of their own: v1's seeded values stay as they were. */
	newWebhookId(): string {
		return this.webhookIds.uuid();
	}

	newSecret(): string {
		return newWebhookSecret(this.secrets);
	}

	/** The tenant's clock in Python's isoformat (created_at, last_modified_time). */
	nowIso(): string {
		return pythonIsoFormat(this.clock().getTime());
	}

	/** The tenant_id pushed events and v2 webhook scopes carry. */
	get tenantIdValue(): string {
		return this.tenantId();
	}

	get registration(): WebhookRegistration | undefined {
		return this.current && { ...this.current, headers: [...this.current.headers] };
	}

	/** The exact bytes pushed for a payload under the registration's payload_format. */
	private serialize(payload: Record<string, unknown>, registration: DeliveryTarget): Buffer {
		const json = pythonJson(payload);
		return Buffer.from(registration.payload_format === 'stringified_json' ? pythonJson(json) : json, 'utf8');
	}

	/** Registers (or overrides, with a new secret) as POST /v1/webhooks does; also for tests that need a foreign registration. */
	register(
		partnerId: string,
		webhookUrl: string,
		extra: { headers?: string[]; payload_format?: 'json' | 'stringified_json' } = {},
	): WebhookRegistration {
		const now = pythonIsoFormat(this.clock().getTime());
		if (!this.current) this.legacyWebhookId = this.webhookIds.uuid();
		this.current = {
			partner_id: partnerId,
			webhook_url: webhookUrl,
			webhook_secret: newWebhookSecret(this.secrets),
			headers: [...(extra.headers ?? [])],
			payload_format: extra.payload_format ?? 'json',
			created_at: now,
			last_modified_time: now,
		};
		return { ...this.current };
	}

	unregister(): void {
		this.current = undefined;
	}

	/** Replaces the knobs (call with {} to behave again). */
	configure(knobs: WebhookKnobs): void {
		this.knobs = { ...knobs };
	}

	clearDeliveries(): void {
		this.deliveries.length = 0;
		this.sent.clear();
	}

	/** Resolves when nothing is queued or in flight. */
	idle(): Promise<void> {
		if (this.active === 0 && this.queue.length === 0) return Promise.resolve();
		return new Promise((resolve) => this.idleWaiters.push(resolve));
	}

	/**
	 * The JSON object the service pushes for an event, shaped by the payload knob. With a v2
	 * webhook's id, the second generation (v2-migration-research.md §9): `webhook_id` added, and v2's
	 * names (executive_joined_company, funding_*) for the event and inside `data`.
	 */
	payloadOf(event: PushedEvent, partnerId: string, webhookId?: string): Record<string, unknown> {
		const eventKey = this.knobs.payload?.eventKey ?? 'event_name';
		const entity = this.knobs.payload?.entity ?? 'id';
		const v2 = webhookId !== undefined;
		return {
			tenant_id: this.tenantId(),
			partner_id: partnerId,
			...(v2 && { webhook_id: webhookId }),
			event_id: event.event_id,
			[eventKey]: v2 ? v2EventType(event.event_name) : event.event_name,
			data: v2 ? withV2FieldNames(event.data) : event.data,
			enrollment_key: event.enrollment_key,
			enrollment_id: event.enrollment_id,
			event_time: event.event_time.includes('T') ? pythonTime(event.event_time) : event.event_time,
			...(entity === 'id'
				? { [`${event.entity.type}_id`]: event.entity.id }
				: { entity_id: event.entity.id, entity_type: event.entity.type }),
		};
	}

	/** Queues the push of one event (and of its duplicates, when the knob asks for them). */
	push(event: PushedEvent, kind: 'event' | 'simulation' = 'event'): void {
		const registration = this.current;
		if (!registration) return;
		const body = this.serialize(this.payloadOf(event, registration.partner_id), registration);
		const knobs = { ...this.knobs };
		this.enqueue(() => this.deliverWithRetries(registration, body, kind, event, knobs));
		for (let n = 0; n < (knobs.duplicates ?? 0); n++) {
			this.enqueue(() => this.deliverWithRetries(registration, body, 'duplicate', event, knobs));
		}
	}

	/** Queues the push of one event to a v2 webhook (its payload generation, its secret). */
	pushToWebhook(webhook: TenantWebhook, event: PushedEvent, partnerId: string, kind: 'event' | 'simulation' = 'event'): void {
		const target: DeliveryTarget = { ...webhook, headers: [...webhook.headers] };
		const body = this.serialize(this.payloadOf(event, partnerId, webhook.webhook_id), target);
		const knobs = { ...this.knobs };
		// the log names the event as it was pushed, under its v2 name
		const logged = { event_id: event.event_id, event_name: v2EventType(event.event_name) };
		this.enqueue(() => this.deliverWithRetries(target, body, kind, logged, knobs));
		for (let n = 0; n < (knobs.duplicates ?? 0); n++) {
			this.enqueue(() => this.deliverWithRetries(target, body, 'duplicate', logged, knobs));
		}
	}

	/** The plain check_connectivity push: one test event without an enrollment (to a v2 webhook when given). */
	pushConnectivityCheck(partnerId: string, webhook?: TenantWebhook): void {
		const registration: DeliveryTarget | undefined = webhook ? { ...webhook, headers: [...webhook.headers] } : this.current;
		if (!registration) return;
		const payload = {
			tenant_id: this.tenantId(),
			partner_id: partnerId,
			...(webhook && { webhook_id: webhook.webhook_id }),
			event_id: this.syntheticEventId(),
			event_name: 'webhook_connectivity_check',
			data: {},
			event_time: pythonTime(this.clock().getTime()),
		};
		const body = this.serialize(payload, registration);
		const knobs = { ...this.knobs };
		this.enqueue(() =>
			this.deliverWithRetries(registration, body, 'connectivity', { event_id: payload.event_id, event_name: payload.event_name }, knobs),
		);
	}

	/** 32 hex characters from the simulation stream, never an id of the universe's events. */
	syntheticEventId(): string {
		return this.synthetic.hex(32);
	}

	get simulationRandom(): Random {
		return this.synthetic;
	}

	/** X-Timestamp and X-Signature for a body, with the registered secret (or the one given). */
	sign(body: string | Buffer, timestamp: string | number = nowSeconds(), secret = this.requireRegistration().webhook_secret) {
		const ts = String(timestamp);
		return { 'X-Timestamp': ts, 'X-Signature': signDelivery(secret, ts, body) };
	}

	/**
	 * Sends a hand-made delivery to the registered URL (or `url`) now, outside the queue, and
	 * returns the receiver's answer. Logged with kind 'crafted'.
	 */
	async send(crafted: CraftedDelivery = {}): Promise<SendResult> {
		const url = crafted.url ?? this.requireRegistration().webhook_url;
		const body =
			crafted.body === undefined
				? Buffer.from(pythonJson(this.payloadOf(this.sampleEvent(), this.current?.partner_id ?? 'unknown')), 'utf8')
				: Buffer.isBuffer(crafted.body)
					? crafted.body
					: Buffer.from(typeof crafted.body === 'string' ? crafted.body : pythonJson(crafted.body), 'utf8');
		const timestamp = crafted.timestamp === undefined ? String(nowSeconds()) : crafted.timestamp === null ? undefined : String(crafted.timestamp);
		const headers: Record<string, string> = {};
		if (crafted.contentType !== null) headers['Content-Type'] = crafted.contentType ?? 'application/json';
		if (timestamp !== undefined) headers['X-Timestamp'] = timestamp;
		if (crafted.signature !== null) {
			headers['X-Signature'] =
				crafted.signature ?? signDelivery(crafted.secret ?? this.requireRegistration().webhook_secret, timestamp ?? '', body);
		}
		Object.assign(headers, crafted.headers);
		const eventId = eventIdOf(body);
		return this.attempt({ url, headers, body, kind: 'crafted', attempt: 1, event_id: eventId, drip: crafted.drip, timeoutMs: crafted.timeoutMs });
	}

	/** Sends an earlier attempt again, byte for byte with the same headers (a replay). */
	async replay(seq: number): Promise<SendResult> {
		const original = this.sent.get(seq);
		const logged = this.deliveries.find((delivery) => delivery.seq === seq);
		if (!original || !logged) throw new Error(`No delivery with seq ${seq} in the log`);
		return this.attempt({ ...original, kind: 'replay', attempt: 1, event_id: logged.event_id, event_name: logged.event_name });
	}

	/** Sends an earlier attempt's body again with a fresh X-Timestamp and signature (a duplicate). */
	async redeliver(seq: number): Promise<SendResult> {
		const original = this.sent.get(seq);
		const logged = this.deliveries.find((delivery) => delivery.seq === seq);
		if (!original || !logged) throw new Error(`No delivery with seq ${seq} in the log`);
		const headers = { ...original.headers, ...this.sign(original.body, this.freshTimestamp(original.body, 0)) };
		return this.attempt({ ...original, headers, kind: 'duplicate', attempt: 1, event_id: logged.event_id, event_name: logged.event_name });
	}

	private requireRegistration(): WebhookRegistration {
		if (!this.current) throw new Error('No webhook is registered in the sandbox');
		return this.current;
	}

	private sampleEvent(): PushedEvent {
		return {
			event_id: this.syntheticEventId(),
			event_name: 'new_product',
			data: { event_name: 'new_product', product_name: 'Sample' },
			enrollment_key: 'crafted',
			enrollment_id: '00000000-0000-4000-8000-000000000000',
			event_time: pythonTime(this.clock().getTime()),
			entity: { type: 'business', id: '0'.repeat(32) },
		};
	}

	private enqueue(run: () => Promise<void>): void {
		this.queue.push({ run });
		this.pump();
	}

	private pump(): void {
		const limit = Math.max(1, this.knobs.concurrency ?? DEFAULTS.concurrency);
		while (this.active < limit && this.queue.length > 0) {
			const job = this.queue.shift() as Job;
			this.active++;
			void job
				.run()
				.catch(() => undefined)
				.finally(() => {
					this.active--;
					this.pump();
					if (this.active === 0 && this.queue.length === 0) {
						const waiters = this.idleWaiters;
						this.idleWaiters = [];
						for (const resolve of waiters) resolve();
					}
				});
		}
	}

	private async deliverWithRetries(
		registration: DeliveryTarget,
		body: Buffer,
		kind: DeliveryKind,
		event: { event_id: string; event_name: string },
		knobs: WebhookKnobs,
	): Promise<void> {
		const retries = knobs.retries ?? DEFAULTS.retries;
		for (let attempt = 1; ; attempt++) {
			const headers = this.pushHeaders(registration, body, knobs);
			const result = await this.attempt({
				url: registration.webhook_url,
				headers,
				body,
				kind,
				attempt,
				webhook_id: registration.webhook_id,
				event_id: event.event_id,
				event_name: event.event_name,
				drip: knobs.drip,
				timeoutMs: knobs.timeoutMs,
			});
			const retryable = result.status === 0 || result.status >= 500 || result.status === 408 || result.status === 429;
			if (!retryable || attempt > retries || result.error === 'refused: not a loopback address') return;
			await new Promise((resolve) => setTimeout(resolve, (knobs.retryDelayMs ?? DEFAULTS.retryDelayMs) * 2 ** (attempt - 1)));
		}
	}

	/**
	 * Now (plus a skew), but later than any timestamp this body was signed with before: a retry or
	 * duplicate within the same second would otherwise be byte-identical to a replay.
	 */
	private freshTimestamp(body: Buffer, skewSeconds: number): number {
		const key = body.toString('latin1');
		const previous = this.lastTimestamp.get(key);
		const timestamp = Math.max(nowSeconds() + skewSeconds, previous === undefined ? -Infinity : previous + 1);
		if (this.lastTimestamp.size >= 10_000) this.lastTimestamp.clear();
		this.lastTimestamp.set(key, timestamp);
		return timestamp;
	}

	private pushHeaders(registration: DeliveryTarget, body: Buffer, knobs: WebhookKnobs): Record<string, string> {
		const timestamp = String(this.freshTimestamp(body, knobs.timestampSkewSeconds ?? 0));
		const mode = knobs.signature ?? 'valid';
		const secret = mode === 'bad' ? base64UrlPadded(Buffer.alloc(32, 7)) : registration.webhook_secret;
		const headers: Record<string, string> = { 'Content-Type': knobs.contentType ?? 'application/json' };
		for (const line of registration.headers) {
			const colon = line.indexOf(':');
			headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
		}
		if (mode !== 'missing-timestamp' && mode !== 'missing-headers') headers['X-Timestamp'] = timestamp;
		if (mode !== 'missing-signature' && mode !== 'missing-headers') headers['X-Signature'] = signDelivery(secret, timestamp, body);
		return headers;
	}

	private async attempt(input: {
		url: string;
		headers: Record<string, string>;
		body: Buffer;
		kind: DeliveryKind;
		attempt: number;
		webhook_id?: string;
		event_id?: string;
		event_name?: string;
		drip?: { chunkBytes: number; intervalMs: number };
		timeoutMs?: number;
	}): Promise<SendResult> {
		const entry: WebhookDelivery = {
			seq: ++this.seq,
			kind: input.kind,
			...(input.webhook_id !== undefined && { webhook_id: input.webhook_id }),
			...(input.event_id !== undefined && { event_id: input.event_id }),
			...(input.event_name !== undefined && { event_name: input.event_name }),
			attempt: input.attempt,
			status: 0,
			ms: 0,
			sentAt: new Date(),
			url: input.url,
			headers: { ...input.headers },
			body: input.body.toString('utf8'),
		};
		this.sent.set(entry.seq, { url: input.url, headers: { ...input.headers }, body: input.body });
		const result = await post(input.url, input.headers, input.body, {
			timeoutMs: input.timeoutMs ?? this.knobs.timeoutMs ?? DEFAULTS.timeoutMs,
			drip: input.drip,
		});
		entry.status = result.status;
		entry.ms = result.ms;
		if (result.error !== undefined) entry.error = result.error;
		this.deliveries.push(entry);
		return result;
	}
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

function eventIdOf(body: Buffer): string | undefined {
	try {
		const parsed = JSON.parse(body.toString('utf8')) as { event_id?: unknown };
		return typeof parsed?.event_id === 'string' ? parsed.event_id : undefined;
	} catch {
		return undefined;
	}
}

/** One POST with node:http; never throws (status 0 and an error text instead). */
export function post(
	url: string,
	headers: Record<string, string>,
	body: Buffer,
	options: { timeoutMs: number; drip?: { chunkBytes: number; intervalMs: number } },
): Promise<SendResult> {
	const started = performance.now();
	const target = new URL(url);
	if (!LOOPBACK.has(target.hostname)) {
		return Promise.resolve({ status: 0, body: '', error: 'refused: not a loopback address', ms: 0 });
	}
	return new Promise((resolve) => {
		let settled = false;
		const finish = (result: Omit<SendResult, 'ms'>) => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			resolve({ ...result, ms: Math.round((performance.now() - started) * 1000) / 1000 });
		};
		const req = request(
			url,
			{ method: 'POST', headers: { ...headers, 'Content-Length': String(body.length) }, agent: false },
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (chunk: Buffer) => chunks.push(chunk));
				res.on('end', () => finish({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
				res.on('error', () => finish({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
			},
		);
		const timer = setTimeout(() => {
			finish({ status: 0, body: '', error: `timeout after ${options.timeoutMs} ms` });
			req.destroy();
		}, options.timeoutMs);
		// A receiver may answer (413) and close before the body is all sent: the answer counts.
		req.on('error', (error) => setTimeout(() => finish({ status: 0, body: '', error: error.message }), 50));
		if (!options.drip) {
			req.end(body);
			return;
		}
		const { chunkBytes, intervalMs } = options.drip;
		let offset = 0;
		const next = () => {
			if (settled || req.destroyed) return;
			const chunk = body.subarray(offset, offset + chunkBytes);
			offset += chunkBytes;
			if (offset >= body.length) req.end(chunk);
			else {
				req.write(chunk);
				setTimeout(next, intervalMs);
			}
		};
		next();
	});
}
