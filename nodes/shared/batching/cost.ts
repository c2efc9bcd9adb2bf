/**
 * What a batched run costs at the service, said to the user (issue 28, "Cost before and after",
 * "Long runs behave"): before a run that needs more than a minute of the key's queries, the
 * queries it will spend and the least time that takes; a run that cannot finish within the
 * workflow's timeout fails before sending anything, naming both figures; about once a minute,
 * progress; after, the queries and requests it spent. Every batching node gets this from the engine.
 */
import type { IExecuteFunctions, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { RunUsage } from '../transport/apiClient';

const MINUTE_MS = 60_000;
/** progress is told about this often on a long run */
export const PROGRESS_EVERY_MS = MINUTE_MS;

const count = (n: number) => n.toLocaleString('en-US');
const minutes = (n: number) => `${count(n)} minute${n === 1 ? '' : 's'}`;
const queriesText = (n: number) => `${count(n)} quer${n === 1 ? 'y' : 'ies'}`;

/**
 * The least time `queries` take on a key of `perMinute`, from an empty window: every full minute
 * of queries but the last waits for the window (rate-limits.md: (ceil(N / limit) - 1) minutes).
 */
export function floorMinutes(queries: number, perMinute: number): number {
	return Math.max(0, Math.ceil(queries / perMinute) - 1);
}

/** "This run needs about 19,000 queries: at least 94 minutes at 200 queries per minute" */
export function costBefore(queries: number, perMinute: number): string {
	return `This run needs about ${count(queries)} queries: at least ${minutes(floorMinutes(queries, perMinute))} at ${count(perMinute)} queries per minute`;
}

/** "This run spent 19,000 queries in 412 requests" */
export function costAfter(usage: RunUsage): string {
	return `This run spent ${queriesText(usage.queries)} in ${count(usage.requests)} request${usage.requests === 1 ? '' : 's'}`;
}

/** "About 4,200 of 10,000 queries spent, 21 minutes so far" */
export function progressText(spent: number, total: number, elapsedMs: number): string {
	return `About ${count(spent)} of ${count(total)} queries spent, ${minutes(Math.floor(elapsedMs / MINUTE_MS))} so far`;
}

type RunContext = IExecuteFunctions | IPollFunctions;

/** The workflow's timeout in ms (Settings, Timeout Workflow), when the context can read it and one is set. */
export function workflowTimeoutMs(ctx: RunContext): number | undefined {
	const read = (ctx as Partial<IExecuteFunctions>).getWorkflowSettings;
	if (typeof read !== 'function') return undefined;
	const seconds = Number(read.call(ctx)?.executionTimeout);
	return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

/** Tells the user: an execution hint where the context shows one, the editor's console, and n8n's log. */
export function tell(ctx: RunContext, message: string, hint: boolean): void {
	const run = ctx as Partial<IExecuteFunctions>;
	if (hint && typeof run.addExecutionHints === 'function') run.addExecutionHints({ message, location: 'outputPane' });
	if (typeof run.sendMessageToUI === 'function') run.sendMessageToUI(`${ctx.getNode().name}: ${message}`);
	ctx.logger?.info(`${ctx.getNode().name}: ${message}`);
}

/**
 * Before a run: nothing for a run within one minute of the key's queries; the cost for a longer
 * one; an error, before anything is sent, for one that cannot finish within the workflow's timeout.
 * Returns whether the run is long (its progress and cost after are told).
 */
export function announceCost(ctx: RunContext, queries: number, perMinute: number): boolean {
	if (queries <= perMinute) return false;
	const before = costBefore(queries, perMinute);
	const timeoutMs = workflowTimeoutMs(ctx);
	const floorMs = floorMinutes(queries, perMinute) * MINUTE_MS;
	if (timeoutMs !== undefined && floorMs > timeoutMs) {
		throw new NodeOperationError(
			ctx.getNode(),
			`${before}, longer than the workflow's timeout of ${minutes(Math.floor(timeoutMs / MINUTE_MS))}; nothing was sent`,
			{
				description:
					'The service counts one query per entity of a bulk call. Split the input over several runs, raise the timeout in the workflow settings, or raise Queries per Minute in the credential if the service allows the key more.',
			},
		);
	}
	tell(ctx, before, true);
	return true;
}
