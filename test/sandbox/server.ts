/**
 * The HTTP side: one node:http server on the loopback interface. Each request goes through the
 * same steps as at the real service, in this order: faults (infrastructure fails first), route
 * (404/405), API key and partner id (401), rate limit (429), JSON and schema validation (422),
 * then the endpoint's handler. Every answer is logged for tests.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

import { type CreditLedger, CreditLedgers } from './credits';
import { createEnrollmentStore, type EnrollmentStore } from './enrollments';
import { generalError, HttpError, invalid, rateLimited, validationError } from './errors';
import { Faults } from './faults';
import { flattenHeaders, headerOf, parseJson, readBody } from './http';
import {
	DEFAULT_SEED,
	type FaultStep,
	type RateLimitOptions,
	SANDBOX_PARTNER_ID,
	SANDBOX_TENANT_ID,
	type ResolvedSettings,
	resolveSettings,
	type SandboxOptions,
	type SandboxSettings,
} from './options';
import { Random } from './random';
import { limitOf, rateLimitHeaders, requestWeight, SlidingWindow } from './rateLimit';
import { dispatch, type Route, route } from './router';
import { type BusinessEvent, type ProspectEvent, type SandboxUniverse, Universe } from './universe';
import { datedPayload, eventPayload } from './universe/eventPayloads';
import { isoWithOffset } from './universe/events';
import { anniversaryPayload, changePayload } from './universe/prospectEvents';
import { resultFile } from './v2/jobs/handlers';
import { multipartBoundary, parseMultipart } from './v2/jobs/multipart';
import { JobStore } from './v2/jobs/store';
import { type PushedEvent, Webhooks } from './webhooks';
import { dialectFor, v1EventType } from '../../nodes/shared/api';

export interface RecordedRequest {
	method: string;
	/** without the query string */
	path: string;
	/** as received, names lowercased (the API key is here: this log never leaves the process) */
	headers: Record<string, string>;
	/** the parsed JSON body; the raw text when it was not JSON; undefined when empty */
	body: unknown;
	/** the query string's parameters, when the URL has any */
	query?: Record<string, string>;
	/** 0 when the connection was dropped on purpose */
	status: number;
	/** sandbox clock at arrival */
	at: Date;
}

export interface Sandbox {
	/** http://127.0.0.1:<port>, without a trailing slash or /v1 */
	url: string;
	port: number;
	apiKey: string;
	/** every request answered (or dropped) so far, in the order they were answered */
	requests: RecordedRequest[];
	clearRequests(): void;
	/** changes settings of the running sandbox; `faults` replaces the whole fault setup */
	configure(patch: SandboxSettings): void;
	universe: SandboxUniverse;
	/** enrollments created through the API, by enrollment_id */
	enrollments: Readonly<EnrollmentStore>;
	/** adds an event as if it happened now (or at `event_time`); returns it as the API serves it */
	addEvent(event: Partial<BusinessEvent> & { business_id: string; event_name: string }): BusinessEvent;
	/**
	 * adds a prospect event as if it happened now (or at `event_time`); without `data`, the
	 * prospect's profile gives it (a change to its current job, or an anniversary of it)
	 */
	addProspectEvent(event: Partial<ProspectEvent> & { prospect_id: string; event_name: string }): ProspectEvent;
	/**
	 * v1 webhook: the registration, the delivery log and queue, the hostile knobs, and crafted
	 * deliveries (README.md, "Webhooks"). Events added for enrolled ids are pushed to it.
	 */
	webhooks: Webhooks;
	/**
	 * Calls `hook` once each answer has been handed to the operating system (the response
	 * ended), with the request as logged and the JSON body sent; undefined removes it. For tests
	 * that act at a precise moment after an answer, such as killing the client.
	 */
	afterAnswer(hook: AnswerHook | undefined): void;
	/** v2's uploaded datasets and async jobs, and their settings (processing time, expiries: README.md, "API v2: async jobs") */
	jobs: JobStore;
	/** the credit ledger of the current API key: allocation, debits, what remains (credits.ts) */
	readonly credits: CreditLedger;
	/** the rate limit in force (false: none) */
	readonly rateLimit: RateLimitOptions | false;
	close(): Promise<void>;
}

export type AnswerHook = (request: RecordedRequest, answerBody: unknown) => void;

interface IncomingRequest {
	method: string;
	path: string;
	query: Record<string, string> | undefined;
	headers: IncomingHttpHeaders;
	raw: string;
	/** sandbox clock at arrival */
	at: Date;
	/** performance.now() at arrival */
	started: number;
	correlationId: string;
}

/** What goes back: an HttpError is one too; `text` (a job's result file) goes as it is instead of JSON. */
type Answer = Pick<HttpError, 'status' | 'headers'> & { body?: HttpError['body'] | unknown[]; text?: string };

/** What an enrollment's webhook is pushed for an added event (either version; the webhooks module words it per generation). */
function pushedEvent(
	entity: PushedEvent['entity'],
	event: { event_id: string; event_name: string; data: Record<string, unknown>; event_time: string },
	enrollment: { enrollment_key: string; enrollment_id: string },
): PushedEvent {
	return {
		// the pushed id is 32 hex (the guide's example); the stored uuid without its dashes
		event_id: event.event_id.replace(/-/g, ''),
		event_name: event.event_name,
		data: event.data,
		enrollment_key: enrollment.enrollment_key,
		enrollment_id: enrollment.enrollment_id,
		event_time: event.event_time,
		entity,
	};
}

class SandboxServer {
	readonly requests: RecordedRequest[] = [];
	readonly universe: Universe;
	readonly enrollments = createEnrollmentStore();
	readonly webhooks: Webhooks;
	readonly jobs = new JobStore();
	readonly credits: CreditLedgers;
	private settings: ResolvedSettings;
	answerHook: AnswerHook | undefined;
	private window: SlidingWindow | undefined;
	private readonly faults: Faults;
	/** correlation ids, enrollment ids, added event ids: seeded, so runs are repeatable */
	private readonly ids: Random;
	private readonly server = createServer((req, res) => {
		// handle() answers every error itself; this only catches a broken socket.
		this.handle(req, res).catch(() => res.destroy());
	});

	constructor(private readonly options: SandboxOptions) {
		const seed = options.seed ?? DEFAULT_SEED;
		this.settings = resolveSettings(options);
		this.credits = new CreditLedgers(options.credits);
		this.window = this.settings.rateLimit ? new SlidingWindow(this.settings.rateLimit) : undefined;
		this.faults = new Faults(Random.derive(seed, 'faults'));
		this.faults.configure(options.faults);
		this.ids = Random.derive(seed, 'ids');
		this.universe = new Universe(seed, this.settings.now(), {
			businesses: options.businesses,
			prospects: options.prospects,
			searchableProspects: options.searchableProspects,
		});
		this.webhooks = new Webhooks(seed, () => options.tenantId ?? SANDBOX_TENANT_ID, () => this.settings.now());
	}

	/** The partner the webhook endpoints accept. */
	get partnerId(): string {
		return this.settings.partnerId ?? SANDBOX_PARTNER_ID;
	}

	/**
	 * Pushes an added event once per enrollment that covers its id and type (in enrollment order):
	 * v1's to the partner's registration, then v2's active ones to their webhook while it is active.
	 */
	private pushToEnrolled(
		entity: PushedEvent['entity'],
		event: { event_id: string; event_name: string; data: Record<string, unknown>; event_time: string },
	): void {
		this.pushToV1Enrolled(entity, event);
		const enrollmentsV2 =
			entity.type === 'business'
				? [...this.enrollments.businessesV2.values()].filter((enrollment) => enrollment.business_ids.includes(entity.id))
				: [...this.enrollments.prospectsV2.values()].filter((enrollment) => enrollment.prospect_ids.includes(entity.id));
		for (const enrollment of enrollmentsV2) {
			const webhook = this.webhooks.tenant.get(enrollment.webhook_id);
			if (enrollment.status !== 'active' || webhook?.status !== 'active') continue;
			if (!enrollment.event_types.map(v1EventType).includes(event.event_name)) continue;
			this.webhooks.pushToWebhook(webhook, pushedEvent(entity, event, enrollment), this.partnerId);
		}
	}

	private pushToV1Enrolled(
		entity: PushedEvent['entity'],
		event: { event_id: string; event_name: string; data: Record<string, unknown>; event_time: string },
	): void {
		const enrollments =
			entity.type === 'business'
				? [...this.enrollments.businesses.values()].filter((enrollment) => enrollment.business_ids.includes(entity.id))
				: [...this.enrollments.prospects.values()].filter((enrollment) => enrollment.prospect_ids.includes(entity.id));
		for (const enrollment of enrollments) {
			if (!enrollment.event_types.includes(event.event_name)) continue;
			this.webhooks.push(pushedEvent(entity, event, enrollment));
		}
	}

	async listen(): Promise<number> {
		const { port = 0, host = '127.0.0.1' } = this.options;
		await new Promise<void>((resolve, reject) => {
			this.server.once('error', reject);
			this.server.listen(port, host, () => resolve());
		});
		const listening = (this.server.address() as AddressInfo).port;
		this.jobs.origin = `http://${host}:${listening}`;
		return listening;
	}

	async close(): Promise<void> {
		const closed = new Promise<void>((resolve, reject) =>
			this.server.close((error) => (error ? reject(error) : resolve())),
		);
		// Keep-alive connections of clients would hold close() open until they time out.
		this.server.closeAllConnections();
		await closed;
	}

	get apiKey(): string {
		return this.settings.apiKey;
	}

	get rateLimit(): RateLimitOptions | false {
		return this.settings.rateLimit;
	}

	configure(patch: SandboxSettings): void {
		this.settings = resolveSettings(patch, this.settings);
		// A new limit starts with an empty window.
		if ('rateLimit' in patch) {
			this.window = this.settings.rateLimit ? new SlidingWindow(this.settings.rateLimit) : undefined;
		}
		if ('faults' in patch) this.faults.configure(patch.faults);
		if ('credits' in patch) this.credits.configure(patch.credits);
	}

	addEvent(event: Partial<BusinessEvent> & { business_id: string; event_name: string }): BusinessEvent {
		const eventId = event.event_id ?? this.ids.uuid();
		if (this.universe.eventStore.has(eventId)) throw new Error(`An event with event_id ${eventId} exists already`);
		const eventTime = event.event_time ?? isoWithOffset(this.settings.now().getTime());
		const business = this.universe.business(event.business_id);
		const added: BusinessEvent = {
			event_name: event.event_name,
			event_time: eventTime,
			event_id: eventId,
			data:
				event.data ??
				(business
					? datedPayload(event.event_name, eventPayload(event.event_name, this.ids, business), eventTime)
					: { event_name: event.event_name }),
			business_id: event.business_id,
		};
		this.universe.eventStore.add(added);
		this.pushToEnrolled({ type: 'business', id: added.business_id }, added);
		return added;
	}

	addProspectEvent(event: Partial<ProspectEvent> & { prospect_id: string; event_name: string }): ProspectEvent {
		const eventId = event.event_id ?? this.ids.uuid();
		const store = this.universe.prospectEventStore;
		if (store.has(eventId)) throw new Error(`A prospect event with event_id ${eventId} exists already`);
		const eventTime = event.event_time ?? isoWithOffset(this.settings.now().getTime());
		const prospect = this.universe.prospect(event.prospect_id);
		let data = event.data;
		if (!data && prospect && event.event_name === 'prospect_job_start_anniversary') {
			data = anniversaryPayload(prospect, Date.parse(eventTime));
		} else if (!data && prospect && (event.event_name === 'prospect_changed_company' || event.event_name === 'prospect_changed_role')) {
			const byWebsite = new Map(this.universe.businesses.map((business) => [business.website, business]));
			data = changePayload(event.event_name, prospect, byWebsite, 'Account Executive');
		}
		const added: ProspectEvent = {
			event_name: event.event_name,
			event_time: eventTime,
			event_id: eventId,
			prospect_id: event.prospect_id,
			data: data ?? { event_name: event.event_name },
		};
		store.add(added);
		this.pushToEnrolled({ type: 'prospect', id: added.prospect_id }, added);
		return added;
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const at = this.settings.now();
		const started = performance.now();
		const correlationId = this.ids.uuid();
		const method = req.method ?? 'GET';
		const url = new URL(req.url ?? '/', 'http://sandbox');
		const path = url.pathname;
		const query = url.search === '' ? undefined : Object.fromEntries(url.searchParams);
		let raw = '';
		let answer: Answer | 'drop';
		try {
			raw = await readBody(req, correlationId);
			if (this.settings.latencyMs > 0) await sleep(this.settings.latencyMs);
			answer = this.answer({ method, path, query, headers: req.headers, raw, at, started, correlationId });
		} catch (error) {
			answer =
				error instanceof HttpError
					? error
					: generalError(500, `Internal sandbox error: ${(error as Error)?.message}`, correlationId);
		}
		// Logged before the answer leaves, so a client that got its answer finds it in the log.
		const recorded = this.record({
			method,
			path,
			...(query && { query }),
			headers: flattenHeaders(req.headers),
			body: raw,
			status: answer === 'drop' ? 0 : answer.status,
			at,
		});
		if (answer === 'drop') {
			req.socket.destroy();
			return;
		}
		const text = answer.text ?? JSON.stringify(answer.body);
		res.writeHead(answer.status, {
			...(this.window && this.settings.rateLimit && rateLimitHeaders(this.window.peek(at.getTime()), this.settings.rateLimit.reset)),
			'Content-Type': 'application/json',
			...answer.headers,
			'Content-Length': Buffer.byteLength(text),
		});
		const hook = this.answerHook;
		res.end(text, hook && (() => hook(recorded, answer.body)));
	}

	/** The steps of the service, in its order; every refusal is thrown as an HttpError. */
	private answer(request: IncomingRequest): Answer | 'drop' {
		const fault = this.faults.next();
		if (fault === 'drop') return 'drop';
		if (fault !== 'ok') throw this.simulatedFault(fault, request.correlationId);
		// a job's result file: a link of its own (no API key, no rate limit), as a storage link would be
		const file = resultFile(this.jobs, request.method, request.path, request.query, request.at.getTime(), request.correlationId);
		if (file) return file;
		const found = route(request.method, request.path, request.correlationId);
		this.authenticate(request.headers, found, request.correlationId);
		this.takeRateLimit(request.at, found, request.raw);
		const body = this.parseBody(found, request);
		const reply = dispatch(found, body, request.query ?? {}, {
			universe: this.universe,
			enrollments: this.enrollments,
			now: request.at,
			correlationId: request.correlationId,
			elapsedSeconds: () => Math.round(performance.now() - request.started) / 1000,
			ids: this.ids,
			partnerId: this.partnerId,
			webhooks: this.webhooks,
			searchShift: this.settings.searchShift,
			jobs: this.jobs,
			credits: this.credits.of(this.settings.apiKey),
		});
		const deprecation = dialectFor(found.version).deprecated ? this.settings.deprecationHeaders : undefined;
		return { status: reply.status ?? 200, body: reply.body, headers: deprecation ? { ...deprecation } : {} };
	}

	/** JSON, or multipart/form-data for the endpoints that take it (the dataset upload) and only for them. */
	private parseBody(found: Route, request: IncomingRequest): unknown {
		if (!found.definition.multipart) return parseJson(request.raw);
		const boundary = multipartBoundary(headerOf(request.headers, 'content-type'));
		if (!boundary) throw validationError([invalid([], 'Expected a multipart/form-data body', 'value_error.multipart')]);
		return parseMultipart(request.raw, boundary);
	}

	private record(entry: Omit<RecordedRequest, 'body'> & { body: string }): RecordedRequest {
		let body: unknown = entry.body === '' ? undefined : entry.body;
		try {
			if (typeof body === 'string') body = JSON.parse(body);
		} catch {
			// Not JSON: the raw text is what the test needs to see.
		}
		const recorded = { ...entry, body };
		this.requests.push(recorded);
		return recorded;
	}

	private simulatedFault(fault: Exclude<FaultStep, 'ok' | 'drop'>, correlationId: string): HttpError {
		if (fault === '429') {
			return rateLimited(this.settings.retryAfterSeconds ?? 1, 'Rate limit exceeded (simulated)');
		}
		return generalError(
			Number(fault),
			fault === '500'
				? 'Internal server error (simulated)'
				: fault === '403'
					? 'Forbidden: this enrichment is not part of your plan (simulated)'
					: 'Service unavailable (simulated)',
			correlationId,
		);
	}

	/** Header names are case-insensitive (Node lowercases them), so API_KEY and api_key both arrive here. */
	private authenticate(headers: IncomingHttpHeaders, found: Route, correlationId: string): void {
		if (headerOf(headers, 'api_key') !== this.settings.apiKey) {
			throw generalError(401, 'Invalid or missing API key', correlationId);
		}
		const partnerId = headerOf(headers, 'partner_id');
		// Only where the contract names the header; when absent the key implies the partner.
		if (found.definition.partnerHeader && this.settings.partnerId !== undefined && partnerId !== undefined) {
			if (partnerId !== this.settings.partnerId) throw generalError(401, 'Unknown partner id', correlationId);
		}
	}

	/**
	 * Books the request's weight in the key's window (before validation, as the service counts a
	 * call it then refuses with 422): its entities by the catalog's meter, or one under request metering.
	 */
	private takeRateLimit(at: Date, found: Route, raw: string): void {
		const options = this.settings.rateLimit;
		if (!this.window || !options) return;
		const meter = options.meters?.[`${found.version}.${found.name}`] ?? found.definition.meter;
		const weight = requestWeight(options, meter, found.definition.multipart ? undefined : parseQuietly(raw));
		const { allowed, retryAfterSeconds } = this.window.take(at.getTime(), weight);
		if (!allowed) {
			const unit = options.metering === 'requests' ? 'requests' : 'queries';
			const weighs = options.metering === 'requests' ? '' : ` (this call weighs ${weight})`;
			throw rateLimited(
				this.settings.retryAfterSeconds ?? retryAfterSeconds,
				`Rate limit exceeded: ${limitOf(options)} ${unit} per ${options.windowMs / 1000} seconds${weighs}`,
			);
		}
	}
}

/** A body as JSON for weighing it, undefined when it is not JSON (validation answers that later). */
function parseQuietly(raw: string): unknown {
	try {
		return raw === '' ? undefined : JSON.parse(raw);
	} catch {
		return undefined;
	}
}

/** Starts a sandbox on 127.0.0.1 (a free port by default). Close it with `close()`. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const server = new SandboxServer(options);
	const port = await server.listen();
	return {
		url: `http://127.0.0.1:${port}`,
		port,
		get apiKey() {
			return server.apiKey;
		},
		requests: server.requests,
		clearRequests: () => {
			server.requests.length = 0;
		},
		configure: (patch) => server.configure(patch),
		universe: server.universe,
		enrollments: server.enrollments,
		addEvent: (event) => server.addEvent(event),
		addProspectEvent: (event) => server.addProspectEvent(event),
		webhooks: server.webhooks,
		afterAnswer: (hook) => {
			server.answerHook = hook;
		},
		jobs: server.jobs,
		get credits() {
			return server.credits.of(server.apiKey);
		},
		get rateLimit() {
			return server.rateLimit;
		},
		close: () => server.close(),
	};
}
