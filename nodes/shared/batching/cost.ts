/**
 * What a run costs at the service, said to the user (issue 28, "Cost before and after", "Long
 * runs behave"), for every node that sends many requests: the batching engine's runs and the paged
 * searches. Before a run that needs more than a minute of the key's queries: the queries it will
 * spend and the least time that takes (where a search's total is known only from its first page,
 * right after that page); a run that cannot finish before the workflow times out fails, naming
 * both figures; about once a minute, progress (what succeeded, and what failed); after, the queries
 * and requests it spent.
 *
 * One node execution (one execution context) has one RunCost, whatever parts it runs (Enrich runs
 * one batched run per enrichment, a search node one search per input item): each notice is told at
 * most once per node execution, in that node's output panel (n8n keeps a node's execution hints
 * with its run, and only when the node succeeds), in the editor's console and in n8n's log.
 */
import type { IExecuteFunctions, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ApiClient, type RunUsage } from '../transport/apiClient';

const MINUTE_MS = 60_000;
/** progress is told about this often on a long run */
export const PROGRESS_EVERY_MS = MINUTE_MS;
/** How often progress is told: tests set 0 to hear it after every request (counts, not timings). */
export const costTiming = { progressEveryMs: PROGRESS_EVERY_MS };

const count = (n: number) => n.toLocaleString('en-US');
const minutes = (n: number) => `${count(n)} minute${n === 1 ? '' : 's'}`;
const queriesText = (n: number) => `${count(n)} quer${n === 1 ? 'y' : 'ies'}`;
const requestsText = (n: number) => `${count(n)} request${n === 1 ? '' : 's'}`;

/**
 * The least time `queries` take on a key of `perMinute`, from an empty window: every full minute
 * of queries but the last waits for the window (rate-limits.md: (ceil(N / limit) - 1) minutes).
 */
export function floorMinutes(queries: number, perMinute: number): number {
	return Math.max(0, Math.ceil(queries / perMinute) - 1);
}

/** The queries a run needs: exact, or a lower bound while some search's total is not known yet. */
export interface Estimate {
	queries: number;
	atLeast: boolean;
}

/**
 * "This run needs about 19,000 queries: at least 94 minutes at 200 queries per minute"; "at least
 * 500 queries" while a part is still a lower bound; `found` leads when a search's first page told
 * it ("The search's first page counts 10,000 results, so this run needs ...").
 */
export function costBefore(estimate: Estimate | number, perMinute: number, found?: string): string {
	const { queries, atLeast } = typeof estimate === 'number' ? { queries: estimate, atLeast: false } : estimate;
	const lead = found === undefined ? 'This' : `${found}, so this`;
	return `${lead} run needs ${atLeast ? 'at least' : 'about'} ${count(queries)} queries: at least ${minutes(floorMinutes(queries, perMinute))} at ${count(perMinute)} queries per minute`;
}

/**
 * What a search's first page told, leading the cost: "The search's first page counts 10,000
 * results"; where the node runs several searches, "The first page of item 3's search counts ...".
 */
export function searchFound(totalResults: number, itemIndex?: number): string {
	const results = `${count(totalResults)} result${totalResults === 1 ? '' : 's'}`;
	return itemIndex === undefined
		? `The search's first page counts ${results}`
		: `The first page of item ${itemIndex}'s search counts ${results}`;
}

/** "This run spent 19,000 queries in 412 requests" */
export function costAfter(usage: RunUsage): string {
	return `This run spent ${queriesText(usage.queries)} in ${requestsText(usage.requests)}`;
}

/** Where a run stands: the queries of the requests that succeeded, and the requests that failed. */
export interface Progress {
	done: number;
	expected: Estimate;
	failedRequests: number;
	/** the queries those failed requests were meant to do */
	failedQueries: number;
}

/** "4,200 of about 19,000 queries done, 21 minutes so far; 2 requests failed (80 queries)" */
export function progressText(progress: Progress, elapsedMs: number): string {
	const { done, expected, failedRequests, failedQueries } = progress;
	const text = `${count(done)} of ${expected.atLeast ? 'at least' : 'about'} ${count(expected.queries)} queries done, ${minutes(Math.floor(elapsedMs / MINUTE_MS))} so far`;
	if (failedRequests === 0) return text;
	const failed = `${requestsText(failedRequests)} failed`;
	return `${text}; ${failedQueries > 0 ? `${failed} (${queriesText(failedQueries)})` : failed}`;
}

type RunContext = IExecuteFunctions | IPollFunctions;

/** The workflow's timeout in ms (Settings, Timeout Workflow), when the context can read it and one is set. */
export function workflowTimeoutMs(ctx: RunContext): number | undefined {
	const read = (ctx as Partial<IExecuteFunctions>).getWorkflowSettings;
	if (typeof read !== 'function') return undefined;
	const seconds = Number(read.call(ctx)?.executionTimeout);
	return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

/**
 * When n8n ends the execution for its timeout (ms since the epoch), or undefined without one.
 *
 * n8n's node contexts (n8n-core's NodeExecutionContext, 1.x and 2.x) carry the deadline n8n itself
 * enforces, `additionalData.executionTimeoutTimestamp`: set when the execution starts (or resumes
 * after a Wait) from the workflow's timeout, or the instance's EXECUTIONS_TIMEOUT, capped at
 * EXECUTIONS_TIMEOUT_MAX, and never later than a calling workflow's. It is not part of the
 * IExecuteFunctions interface: where a context lacks it, the deadline is the execution's start
 * (`getExecutionContext().establishedAt`, which after a Wait is the first start, so it errs early)
 * plus the workflow's own timeout; without a start, this node's start. Time already spent by
 * earlier nodes thus counts either way.
 */
export function executionDeadline(ctx: RunContext, now = Date.now()): number | undefined {
	const additionalData = (ctx as { additionalData?: { executionTimeoutTimestamp?: unknown } }).additionalData;
	const enforced = Number(additionalData?.executionTimeoutTimestamp);
	if (additionalData?.executionTimeoutTimestamp !== undefined && Number.isFinite(enforced) && enforced > 0) return enforced;
	const timeoutMs = workflowTimeoutMs(ctx);
	if (timeoutMs === undefined) return undefined;
	const context = typeof ctx.getExecutionContext === 'function' ? ctx.getExecutionContext() : undefined;
	const started = Number(context?.establishedAt);
	return (Number.isFinite(started) && started > 0 && started <= now ? started : now) + timeoutMs;
}

/** "1 minute", "3 minutes" (whole minutes, rounded down: never more than is left), "less than a minute" */
function timeLeftText(ms: number): string {
	const whole = Math.floor(ms / MINUTE_MS);
	return whole < 1 ? 'less than a minute' : minutes(whole);
}

/** Tells the user: an execution hint where the context shows one, the editor's console, and n8n's log. */
export function tell(ctx: RunContext, message: string, hint: boolean): void {
	const run = ctx as Partial<IExecuteFunctions>;
	if (hint && typeof run.addExecutionHints === 'function') run.addExecutionHints({ message, location: 'outputPane' });
	if (typeof run.sendMessageToUI === 'function') run.sendMessageToUI(`${ctx.getNode().name}: ${message}`);
	ctx.logger?.info(`${ctx.getNode().name}: ${message}`);
}

/** A part of a run's plan whose queries are a lower bound until `settle` gives them. */
export interface CostPart {
	/** the part's queries, now known (a search's first page told its total); `found` says what told it */
	settle(queries: number, found?: string): void;
	/** a request of this part succeeded */
	succeeded(weight: number): void;
	/** a request of this part failed; `notDone` of its queries were not done */
	failed(notDone: number): void;
	/**
	 * The part is over (a search that ended, or stopped early on a failure): its queries become what
	 * it sent, so that later parts are not checked against pages it will never send.
	 */
	close(): void;
}

/**
 * The cost of one node execution: its plan (parts, each exact or a lower bound), what has been
 * done, and whether the cost was told. Made by `withRunCost`, one per execution context.
 */
export class RunCost {
	private readonly parts: Array<{ queries: number; exact: boolean; sent: number }> = [];
	private told = false;
	private done = 0;
	private failedRequests = 0;
	private failedQueries = 0;
	private readonly startedAt = Date.now();
	private toldAt = this.startedAt;

	constructor(
		private readonly ctx: RunContext,
		/** the run's client: the key's queries per minute as last known (the service's headers may lower it) */
		private readonly client: Pick<ApiClient, 'queriesPerMinute'>,
	) {}

	private get perMinute(): number {
		return this.client.queriesPerMinute;
	}

	/** Whether the run was found to need more than a minute (its progress and cost after are told). */
	get long(): boolean {
		return this.told;
	}

	/** The queries planned so far, and whether some part is still a lower bound. */
	get expected(): Estimate {
		return {
			queries: this.parts.reduce((sum, part) => sum + part.queries, 0),
			atLeast: this.parts.some((part) => !part.exact),
		};
	}

	/** Adds a part to the plan: its queries, exact or (`exact` false) the least it needs. Call `check` once planned. */
	plan(queries: number, exact = true): CostPart {
		const part = { queries, exact, sent: 0 };
		this.parts.push(part);
		return {
			settle: (queries, found) => {
				part.queries = queries;
				part.exact = true;
				this.check(found);
			},
			succeeded: (weight) => {
				part.sent += weight;
				this.done += weight;
				this.tellProgress();
			},
			failed: (notDone) => {
				part.sent += notDone;
				this.failedRequests++;
				this.failedQueries += notDone;
				this.tellProgress();
			},
			close: () => {
				part.queries = part.sent;
				part.exact = true;
			},
		};
	}

	/**
	 * Before sending what is planned: nothing for a run within one minute of the key's queries; the
	 * cost of a longer one, once per node execution; an error, before anything more is sent, for one
	 * that cannot finish before the execution's deadline (the queries not yet sent against the time
	 * left, so that time spent by earlier nodes counts). Checked again whenever a part settles.
	 */
	check(found?: string): void {
		const refusal = this.checked(found);
		if (refusal) throw refusal;
	}

	/** `check`, the refusal returned instead of thrown (the caller decides: Continue On Fail). */
	checked(found?: string): NodeOperationError | undefined {
		const expected = this.expected;
		if (expected.queries <= this.perMinute) return undefined;
		const before = costBefore(expected, this.perMinute, found);
		const now = Date.now();
		const deadline = executionDeadline(this.ctx, now);
		const sent = this.done + this.failedQueries;
		const floorMs = floorMinutes(expected.queries - sent, this.perMinute) * MINUTE_MS;
		if (deadline !== undefined && floorMs > deadline - now) {
			const stopped = sent === 0 ? 'nothing was sent' : `stopped after ${queriesText(sent)}`;
			return refusal(new NodeOperationError(
				this.ctx.getNode(),
				`${before}, longer than the time left before the workflow times out (${timeLeftText(deadline - now)}); ${stopped}`,
				{
					description:
						'The service counts one query per entity of a bulk call and one per search page. Split the input over several runs, raise the timeout in the workflow settings, or raise Queries per Minute in the credential if the service allows the key more.',
				},
			));
		}
		if (this.told) return undefined;
		this.told = true;
		tell(this.ctx, before, true);
		return undefined;
	}

	/** Progress on a long run, at most once per `costTiming.progressEveryMs`. */
	private tellProgress(): void {
		if (!this.told) return;
		const now = Date.now();
		if (now - this.toldAt < costTiming.progressEveryMs) return;
		this.toldAt = now;
		const progress = { done: this.done, expected: this.expected, failedRequests: this.failedRequests, failedQueries: this.failedQueries };
		tell(this.ctx, progressText(progress, now - this.startedAt), false);
	}
}

/** The refusals of runs that cannot finish in time, made here: a caller tells them from other failures. */
const refusals = new WeakSet<object>();
const refusal = (error: NodeOperationError): NodeOperationError => {
	refusals.add(error);
	return error;
};

/** Whether an error is a run's refusal for lack of time (the rest of the run is refused too). */
export const isRunRefusal = (error: unknown): boolean => typeof error === 'object' && error !== null && refusals.has(error);

/**
 * `check` for a run whose items fail one by one under Continue On Fail: a run that cannot finish
 * in time is refused as a whole, and under Continue On Fail the refusal is returned for every item
 * to carry as its error (nothing is sent), instead of failing the node.
 */
export function refusalOf(cost: RunCost, continueOnFail: boolean): NodeOperationError | undefined {
	const refusal = cost.checked();
	if (refusal && !continueOnFail) throw refusal;
	return refusal;
}

/** The RunCost of each execution context while it runs (a poll context lives on: removed when done). */
const costs = new WeakMap<object, RunCost>();

/**
 * Runs `run` with the node execution's RunCost: the first caller makes it (and tells the cost
 * after, when the run turned out long); a call inside it (a batched run inside Enrich's, a search
 * inside the search node's) shares it, so nothing is told twice in one node execution.
 */
export async function withRunCost<T>(ctx: RunContext, client: ApiClient, run: (cost: RunCost) => Promise<T>): Promise<T> {
	const shared = costs.get(ctx);
	if (shared) return await run(shared);
	const cost = new RunCost(ctx, client);
	costs.set(ctx, cost);
	const before = await ApiClient.usageOf(ctx);
	try {
		return await run(cost);
	} finally {
		costs.delete(ctx);
		if (cost.long) {
			const after = await ApiClient.usageOf(ctx);
			tell(ctx, costAfter({ requests: after.requests - before.requests, queries: after.queries - before.queries }), true);
		}
	}
}
