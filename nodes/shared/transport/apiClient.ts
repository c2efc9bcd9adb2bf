import type {
	IAdditionalCredentialOptions,
	IDataObject,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INode,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { type ApiVersion, catalogFor, dialectFor, type EndpointDefinition, type EndpointNames, fromWire, operationOn, toWire } from '../api';
import {
	type ApiContext,
	type Connection,
	CREDENTIAL_TYPE,
	type CredentialData,
	DEFAULT_API_VERSION,
	forgetCredential,
	normalizeBaseUrl,
	readCredential,
	readMaxRequestsPerMinute,
} from './connection';
import { switchAdvice } from './apiVersion';
import { announce, deprecationNotice, readDeprecation } from './deprecation';
import { entitiesOf, weightOf } from './queryMeter';
import { budgetFingerprint, type Booking, type RateBudget, readServiceWindow, sharedBudget } from './rateBudget';
import { Redactor } from './redact';
import { multipartBody } from './multipart';
import { mayHaveArrived, type Outcome, parseRetryAfterMs, RETRY_POLICY, retryDelay } from './retryPolicy';
import { networkError, redirectError, serviceError, unusableAnswer, unusableList } from './serviceError';

/** An operation of either catalog: the client sends it to its version's path, or says the version lacks it. */
export type OperationName = EndpointNames[ApiVersion];

export interface RequestOptions {
	/** the input item the request is for, named in errors */
	itemIndex?: number;
	/** the input items a batched request answers, named in a final failure ("items 40 to 79") */
	items?: readonly number[];
	/**
	 * Time (ms since epoch) no wait may run past: a wait for the rate budget or a retry that would
	 * end later fails now instead, e.g. so a poll stays inside its budget.
	 */
	deadline?: number;
	/** the query string, for endpoints whose catalog entry has a query schema */
	query?: IDataObject;
	/** values of the path's `{name}` segments (sent URL-encoded) */
	pathParams?: Record<string, string>;
	/**
	 * Sent even though the execution was stopped: undoing at the service what the run started
	 * there (cancelling its job, so it bills nothing). See `detachedFromStop`.
	 */
	afterStop?: boolean;
}

/**
 * The context a request is sent with when it must go out after the execution was stopped. n8n's
 * httpRequestWithAuthentication gives every request the execution's cancel signal when its
 * `this` has getExecutionCancelSignal (n8n-core, request-helpers/authentication.js), so after a
 * stop it would be aborted before it left: this `this` has what the helper reads (helpers, logger,
 * getNode, getCredentials) and no cancel signal.
 */
function detachedFromStop(ctx: ApiContext): ApiContext {
	return {
		helpers: ctx.helpers,
		logger: ctx.logger,
		getNode: () => ctx.getNode(),
		getCredentials: async (type: string) => await ctx.getCredentials(type),
	} as unknown as ApiContext;
}

/** A multipart body's fields: each value as text (the catalog's multipart bodies hold text only). */
function textFields(body: IDataObject | undefined): Record<string, string> {
	return Object.fromEntries(Object.entries(body ?? {}).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])));
}

/** The catalog path with its `{name}` segments filled in, each value URL-encoded. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
	return path.replace(/\{(\w+)\}/g, (_, name: string) => {
		const value = params[name];
		if (value === undefined) throw new Error(`The path ${path} needs a value for ${name}`);
		return encodeURIComponent(value);
	});
}

/** The network failure an error stands for (ECONNRESET...), or undefined for any other error. */
export function networkCodeOf(error: unknown): string | undefined {
	const candidates = [error, (error as { cause?: unknown })?.cause];
	for (const candidate of candidates) {
		const code = (candidate as { code?: unknown } | undefined)?.code;
		// ERR_* are Node's own errors about the request (e.g. an invalid header), not the network
		if (typeof code === 'string' && /^E[A-Z_]+$/.test(code) && !code.startsWith('ERR_')) return code;
	}
	const message = String((error as { message?: unknown })?.message ?? '');
	if (/socket hang up/i.test(message)) return 'ECONNRESET';
	if (/timeout/i.test(message)) return 'ETIMEDOUT';
	return undefined;
}

/** "item 3", "items 40 to 79", "items 2, 5, 9 and 4 more" */
export function describeItems(items: readonly number[]): string {
	if (items.length === 0) return '';
	if (items.length === 1) return `item ${items[0]}`;
	const sorted = [...items].sort((a, b) => a - b);
	const contiguous = sorted[sorted.length - 1] - sorted[0] === sorted.length - 1;
	if (contiguous) return `items ${sorted[0]} to ${sorted[sorted.length - 1]}`;
	const shown = sorted.slice(0, 3).join(', ');
	return sorted.length > 3 ? `items ${shown} and ${sorted.length - 3} more` : `items ${shown}`;
}

/**
 * Why an attempt's deadline timer is stopped: its answer came first. Made once: abort() without
 * a reason, or with one that is not an Error, builds a new error (and its stack) every request.
 */
const ATTEMPT_SETTLED = new Error('The attempt settled before its deadline');

/** What a run has spent at the service: requests answered, and the queries they weighed (429s cost none). */
export interface RunUsage {
	requests: number;
	queries: number;
}

/**
 * One run's clients, one per execution context and API version: every helper of a run shares its
 * budget and counters (a run speaks one version; the rate budget is the key's, whatever the version).
 */
const clients = new WeakMap<object, Map<ApiVersion, Promise<ApiClient>>>();

/**
 * The service as one run sees it: the credential read once, the API key's rate budget shared
 * with every other run of this process, retries, and errors that never carry the key. Every
 * request of the package goes through `request`.
 */
export class ApiClient {
	/** the service answered (any HTTP status) during this run */
	private answered = false;
	/**
	 * The service refused the API key (401) in this run, with or without the partner ID header:
	 * every later request sent the same way would be refused too, so none is sent.
	 */
	private readonly refusedKey = new Map<boolean, unknown>();
	private retryAllowance: number = RETRY_POLICY.initialRetryAllowance;
	/** the service's deprecation of this version was told to the user in this run (once per run) */
	private deprecationTold = false;

	/** the node never changes within a run, and n8n deep-copies it on every `getNode()` */
	private readonly node: INode;
	/** what this client's requests spent in this run (usageOf sums a run's clients) */
	readonly usage: RunUsage = { requests: 0, queries: 0 };

	private constructor(
		private readonly ctx: ApiContext,
		readonly connection: Connection,
		private readonly budget: RateBudget,
		private readonly redactor: Redactor,
		/**
		 * The credential as read once for the run, handed to n8n with every request: otherwise n8n
		 * loads and decrypts it from its database again for each request.
		 */
		private readonly credentialOptions: IAdditionalCredentialOptions,
		/** the API version every request of this client speaks: its catalog, paths and wire names */
		readonly version: ApiVersion,
	) {
		this.node = ctx.getNode();
	}

	/**
	 * The run's client for an API version, v1 unless named (created on first use: one per node
	 * run, poll or option load, and version).
	 */
	static async of(ctx: ApiContext, version: ApiVersion = DEFAULT_API_VERSION): Promise<ApiClient> {
		let byVersion = clients.get(ctx);
		if (!byVersion) clients.set(ctx, (byVersion = new Map()));
		let client = byVersion.get(version);
		if (!client) {
			const created = ApiClient.create(ctx, version);
			byVersion.set(version, created);
			created.catch(() => clients.get(ctx)?.delete(version));
			client = created;
		}
		return await client;
	}

	/**
	 * What a run (an execution context) has spent so far, over both API versions: the requests the
	 * service answered and the queries they weighed. Zero before its first request.
	 */
	static async usageOf(ctx: ApiContext): Promise<RunUsage> {
		const total: RunUsage = { requests: 0, queries: 0 };
		for (const pending of clients.get(ctx)?.values() ?? []) {
			const client = await pending.catch(() => undefined);
			total.requests += client?.usage.requests ?? 0;
			total.queries += client?.usage.queries ?? 0;
		}
		return total;
	}

	/** The most queries per minute this run's key allows: the credential's pacing, or the service's lower limit. */
	get queriesPerMinute(): number {
		return this.budget.queriesPerMinute;
	}

	/** The queries a request of an operation with this body weighs: the learned meter of its endpoint, or the catalog's. */
	weightOf(name: OperationName, body: IDataObject | undefined): number {
		const definition = this.definitionOf(name);
		return weightOf(this.budget.meter.meterOf(definition), toWire(this.version, body));
	}

	/** The meter in force for an operation: learned from this key's headers, or the catalog's. */
	meterOf(name: OperationName) {
		return this.budget.meter.meterOf(this.definitionOf(name));
	}

	/**
	 * Drops the client of a context that outlives one run: n8n keeps one poll context for every
	 * poll of a published trigger, and each poll must read the credential as it is then (a fixed or
	 * rotated API key applies at the next poll) and start with a fresh retry allowance.
	 */
	static forget(ctx: ApiContext): void {
		clients.delete(ctx);
		forgetCredential(ctx);
	}

	private static async create(ctx: ApiContext, version: ApiVersion): Promise<ApiClient> {
		const data = await readCredential(ctx);
		const credentials: CredentialData = data;
		const apiKey = typeof credentials.apiKey === 'string' ? credentials.apiKey : String(credentials.apiKey ?? '');
		const redactor = new Redactor([apiKey]);
		const baseUrl = normalizeBaseUrl(String(credentials.baseUrl ?? ''));
		if (typeof baseUrl !== 'string') {
			throw redactor.error(
				new NodeOperationError(ctx.getNode(), baseUrl.error, {
					description: 'Fix the Base URL in the Business Prospect Data API credential.',
				}),
			);
		}
		const partnerId = String(credentials.partnerId ?? '').trim();
		const connection: Connection = {
			baseUrl,
			partnerId: partnerId === '' ? undefined : partnerId,
			maxRequestsPerMinute: readMaxRequestsPerMinute(credentials.maxRequestsPerMinute),
		};
		const budget = sharedBudget(budgetFingerprint(baseUrl, apiKey.trim()), connection.maxRequestsPerMinute);
		const reference = ctx.getNode().credentials?.[CREDENTIAL_TYPE];
		const credentialOptions: IAdditionalCredentialOptions = {
			credentialsDecrypted: { id: reference?.id ?? '', name: reference?.name ?? '', type: CREDENTIAL_TYPE, data },
		};
		return new ApiClient(ctx, connection, budget, redactor, credentialOptions, version);
	}

	/**
	 * Sends one request of the catalog and returns its JSON body. Retries 429 (after the
	 * Retry-After, which pauses the whole key), 5xx and dropped connections with capped exponential
	 * backoff, within the run's retry allowance; never follows a redirect. Every other failure is a
	 * NodeApiError with the service's explanation and correlation id. A 2xx answer that is not a
	 * JSON object, or whose context says request_status "failure", is an error too, so it is never
	 * read as "no results". Answers and errors leave with the API key blanked out.
	 *
	 * `name` is the operation: sent to the path of this client's version's catalog, with the body
	 * and the answer translated between v1's and the version's names (wireNames.ts), so callers
	 * read the same answer from either version.
	 */
	async request<T = IDataObject>(name: OperationName, body?: IDataObject, options: RequestOptions = {}): Promise<T> {
		try {
			return await this.send<T>(name, body, options);
		} catch (error) {
			throw error instanceof Error ? this.redactor.error(error) : error;
		}
	}

	/** The catalog entry of an operation on this client's version. */
	definitionOf(name: OperationName): EndpointDefinition {
		const catalog: Readonly<Record<string, EndpointDefinition>> = catalogFor(this.version);
		const operation = operationOn(this.version, name);
		if (!Object.hasOwn(catalog, operation)) {
			throw new NodeOperationError(this.node, `The operation ${name} is not available on API ${this.version}`, {
				description: 'Nothing was sent. This operation is not in this API version of the service yet.',
			});
		}
		return catalog[operation];
	}

	private async send<T>(name: OperationName, plainBody: IDataObject | undefined, options: RequestOptions): Promise<T> {
		const definition = this.definitionOf(name);
		const body = toWire(this.version, plainBody);
		const node = this.node;
		const url = `${this.connection.baseUrl}${fillPath(definition.path, options.pathParams)}`;
		const cancel = options.afterStop ? undefined : this.cancelSignal();
		// the same body for every attempt: a multipart body's boundary is drawn once
		const multipart = definition.multipart ? multipartBody(textFields(body), { file: 'ids.csv' }) : undefined;
		const itemIndex = options.itemIndex ?? options.items?.[0];
		const headers: IDataObject = { Accept: 'application/json' };
		if (multipart) headers['Content-Type'] = multipart.contentType;
		const withPartner = definition.partnerHeader === true && this.connection.partnerId !== undefined;
		if (withPartner) headers.partner_id = this.connection.partnerId;
		if (this.refusedKey.has(withPartner)) throw this.keyRefused(this.refusedKey.get(withPartner), itemIndex, options.items);

		// what the request weighs in queries: a bulk call its entities (catalog meter, or what the headers taught)
		const weight = weightOf(this.budget.meter.meterOf(definition), body);
		if (weight > this.budget.queriesPerMinute) throw this.tooHeavy(weight, itemIndex, options.items);
		const learning = definition.meter.assumed ? { definition, entities: entitiesOf(definition.meter, body) } : undefined;

		const counts = { failures: 0, throttled: 0 };
		let reachedService = 0;
		for (;;) {
			if (cancel?.aborted) throw this.cancelled(itemIndex);
			// a request waiting for the window is dropped once the key is refused or the run stopped
			const giveUp = () => this.refusedKey.has(withPartner) || cancel?.aborted === true;
			const booking = await this.budget.book(weight, options.deadline, learning, giveUp);
			if (!booking) {
				if (this.refusedKey.has(withPartner)) throw this.keyRefused(this.refusedKey.get(withPartner), itemIndex, options.items);
				if (cancel?.aborted) throw this.cancelled(itemIndex);
				throw this.budgetUsedUp(itemIndex);
			}
			const request: IHttpRequestOptions = {
				method: definition.method,
				url,
				json: true,
				headers,
				timeout: RETRY_POLICY.timeoutMs,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				disableFollowRedirect: true,
				sendCredentialsOnCrossOriginRedirect: false,
				abortSignal: cancel,
			};
			if (definition.method !== 'GET') request.body = multipart ? multipart.body : (body ?? {});
			if (definition.query && options.query) request.qs = options.query;

			const sent = await this.attempt(request, url, booking, itemIndex, cancel, options.afterStop === true);
			let outcome: Outcome;
			let response: IN8nHttpFullResponse | undefined;
			if ('response' in sent) {
				response = sent.response;
				response.body = this.redactor.body(response.body);
				const status = response.statusCode;
				this.answered = true;
				this.noticeDeprecation(response.headers);
				const serviceWindow = readServiceWindow(response.headers);
				this.usage.requests++;
				if (status === 429) {
					const retryAfterMs = parseRetryAfterMs(response.headers?.['retry-after'], response.body);
					this.budget.throttled(retryAfterMs, serviceWindow, booking);
					outcome = { status, retryAfterMs };
				} else {
					this.usage.queries += weight;
					this.budget.answered(serviceWindow, booking);
					if (status >= 200 && status < 300) {
						const unusable = definition.bareArray
							? unusableList(node, status, response.body, itemIndex)
							: unusableAnswer(node, status, response.body, itemIndex);
						if (unusable) throw unusable;
						this.retryAllowance += RETRY_POLICY.retriesPerAnswer;
						return fromWire(this.version, response.body as T);
					}
					if (status >= 300 && status < 400) {
						throw redirectError(node, status, this.redactor.value(response.headers?.location), itemIndex);
					}
					outcome = { status };
				}
			} else {
				this.budget.released(booking);
				outcome = sent;
			}
			const isFailure = !('status' in outcome && outcome.status === 429);
			if (isFailure) counts.failures++;
			else counts.throttled++;

			let delay = retryDelay(outcome, counts, definition.idempotent);
			if (delay !== undefined && isFailure && this.retryAllowance < 1) delay = undefined;
			if (delay !== undefined && options.deadline !== undefined && Date.now() + delay > options.deadline) delay = undefined;
			if (delay === undefined) {
				if ('status' in outcome && outcome.status === 401) {
					this.refusedKey.set(withPartner, response?.body);
					// refused without a partner ID: it is the key, which every request carries
					if (!withPartner) this.refusedKey.set(true, response?.body);
				}
				throw this.finalFailure(outcome, response, url, {
					itemIndex,
					items: options.items,
					attempts: counts.failures + counts.throttled,
					reachedService,
					idempotent: definition.idempotent,
				});
			}
			if (mayHaveArrived(outcome)) reachedService++;
			if (isFailure) this.retryAllowance -= 1;
			await sleep(delay);
		}
	}

	/**
	 * One attempt: the answer (any status), or the network failure that prevented one. The attempt
	 * has a total deadline (RETRY_POLICY.timeoutMs): n8n's own timeout only fires on an idle
	 * socket, so a server that drips its answer byte by byte would hold it for as long as it likes.
	 * n8n replaces the request's abort signal with the execution's, so the deadline is a race: the
	 * late answer is ignored when it comes.
	 */
	private async attempt(
		request: IHttpRequestOptions,
		url: string,
		booking: Booking,
		itemIndex: number | undefined,
		cancel: AbortSignal | undefined,
		afterStop = false,
	): Promise<{ response: IN8nHttpFullResponse } | { networkCode: string }> {
		const sent = (
			this.ctx.helpers.httpRequestWithAuthentication.call(
				afterStop ? detachedFromStop(this.ctx) : this.ctx,
				CREDENTIAL_TYPE,
				request,
				this.credentialOptions,
			) as Promise<IN8nHttpFullResponse>
		).then(
			(response) => ({ response }),
			(error: unknown) => ({ error }),
		);
		const timer = new AbortController();
		const timedOut = sleep(RETRY_POLICY.timeoutMs, timer.signal).then(
			() => ({ timedOut: true as const }),
			() => ({ timedOut: false as const }),
		);
		const outcome = await Promise.race([sent, timedOut]);
		timer.abort(ATTEMPT_SETTLED);
		if ('timedOut' in outcome) return { networkCode: 'ETIMEDOUT' };
		if ('response' in outcome) return outcome;
		// no answer: the caller releases the budget's slot for a network failure, this for the rest
		if (cancel?.aborted) {
			this.budget.released(booking);
			throw this.cancelled(itemIndex);
		}
		const networkCode = networkCodeOf(outcome.error);
		if (networkCode === undefined) {
			this.budget.released(booking);
			throw this.requestFailure(outcome.error, url, itemIndex);
		}
		return { networkCode };
	}

	private finalFailure(
		outcome: Outcome,
		response: IN8nHttpFullResponse | undefined,
		url: string,
		details: {
			itemIndex?: number;
			items?: readonly number[];
			attempts: number;
			reachedService: number;
			idempotent: boolean;
		},
	): NodeApiError {
		const node = this.node;
		const failure =
			'networkCode' in outcome
				? networkError(node, outcome.networkCode, url, { itemIndex: details.itemIndex, answeredBefore: this.answered })
				: serviceError(node, outcome.status, response?.body, {
						itemIndex: details.itemIndex,
						retryAfterMs: outcome.retryAfterMs,
					});
		const where = details.items && details.items.length > 1 ? describeItems(details.items) : '';
		const tries = details.attempts > 1 ? `after ${details.attempts} attempts` : '';
		const suffix = [where ? `for ${where}` : '', tries].filter(Boolean).join(' ');
		if (suffix) failure.message = `${failure.message} (${suffix})`;
		if (!details.idempotent && mayHaveArrived(outcome)) {
			failure.description = [
				'The request may have reached the service before it failed, so what it creates may already exist: list what exists before running this again.',
				failure.description,
			]
				.filter(Boolean)
				.join(' ');
		}
		failure.context.attempts = details.attempts;
		// attempts before the last that the service may have acted on (a 404 after one means it did)
		failure.context.earlierAttemptsReachedService = details.reachedService;
		return failure;
	}

	/**
	 * A request that failed before any answer for a reason other than the network (n8n's own
	 * checks, an invalid header value such as an API key with a line break): its own message,
	 * never its options or config.
	 */
	private requestFailure(error: unknown, url: string, itemIndex?: number) {
		const message = String((error as { message?: unknown })?.message ?? error ?? 'unknown error');
		return new NodeOperationError(this.node, `The request to ${url} could not be sent: ${message}`, {
			itemIndex,
			description: 'Check the API key and Base URL in the Business Prospect Data API credential.',
		});
	}

	/**
	 * A request heavier than the key's whole minute: it could never fit the window, so it is not
	 * sent (the batching engine caps its batches below this; a caller sending its own list lands here).
	 */
	private tooHeavy(weight: number, itemIndex?: number, items?: readonly number[]) {
		const perMinute = this.budget.queriesPerMinute;
		const where = items && items.length > 1 ? ` for ${describeItems(items)}` : '';
		return new NodeOperationError(
			this.node,
			`This request weighs ${weight} queries, more than the API key allows in a minute (${perMinute} queries); it was not sent${where}`,
			{
				itemIndex,
				description: `The service counts one query per entity of a bulk call. Send at most ${perMinute} entities per request, or raise Queries per Minute in the credential if the service allows the key more.`,
			},
		);
	}

	/** The key's budget has no room before the caller's deadline: nothing was sent. */
	private budgetUsedUp(itemIndex?: number) {
		// the limit in force: the credential's, or the service's when it reports a lower one
		const perMinute = this.budget.queriesPerMinute;
		return new NodeApiError(
			this.node,
			{ budget: perMinute },
			{
				message: `The API key's query budget (${perMinute} queries per minute) is used up for now; the request was not sent`,
				description: 'Other workflows using the same credential share this budget. The next run continues where this one stopped.',
				itemIndex,
				failure: { cause: 'rate-limited', retryAfterMs: Math.max(1_000, this.budget.refusedUntil - Date.now()) },
			},
		);
	}

	/** A request not sent because the service refused the API key earlier in this run. */
	private keyRefused(body: unknown, itemIndex?: number, items?: readonly number[]) {
		const error = serviceError(this.node, 401, body, { itemIndex });
		const where = items && items.length > 1 ? ` for ${describeItems(items)}` : '';
		error.message = `${error.message} (not sent${where}: an earlier request of this run was refused)`;
		return error;
	}

	/** A v1 answer with Deprecation or Sunset headers: the user is told once per run, with the dates and how to switch. */
	private noticeDeprecation(headers: unknown): void {
		if (this.deprecationTold || !dialectFor(this.version).deprecated) return;
		const signal = readDeprecation(headers);
		if (!signal) return;
		this.deprecationTold = true;
		const advice = switchAdvice(this.credentialOptions.credentialsDecrypted?.data?.apiVersion, this.node);
		announce(this.ctx, this.redactor.text(deprecationNotice(signal, this.version, advice)));
	}

	private cancelled(itemIndex?: number) {
		return new NodeOperationError(this.node, 'The execution was cancelled', { itemIndex });
	}

	private cancelSignal(): AbortSignal | undefined {
		return 'getExecutionCancelSignal' in this.ctx ? this.ctx.getExecutionCancelSignal() : undefined;
	}
}
