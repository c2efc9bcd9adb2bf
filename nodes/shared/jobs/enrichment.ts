/**
 * One entry point for an enrichment run on either path: the sync `/enrich` (runBatched, 50 ids a
 * request) or, on API v2 for each group of items with equal parameters that has `jobThreshold`
 * distinct ids or more, one async job per 10,000 ids. Both
 * give the same outcomes, so the node's output does not depend on the path; the job path adds
 * the credits it used. The node passes the version its node version or credential chose and the
 * threshold the user set (docs/v2-migration.md, "Built: async jobs in Enrich").
 */
import type { IExecuteFunctions, IPollFunctions, NodeOperationError } from 'n8n-workflow';

import { isRunRefusal, refusalOf, withRunCost } from '../batching/cost';
import { type ItemFailure, userContinuesOnFail } from '../batching/items';
import { type BatchOptions, type ItemOutcome, type ItemRequest, plannedQueries, runBatched } from '../batching/engine';
import { type ApiVersion, dialectFor } from '../api';
import { ApiClient, type OperationName } from '../transport/apiClient';
import { groupIds, groupKey } from './jobGroups';
import { type CreditUsage, type JobOptions, type JobSummary, runEnrichmentJob } from './runJob';

/**
 * [I] The distinct ids from which a job is worth its wait: 1,000 ids are 20 `/enrich` requests and
 * 1,000 queries (five minutes of a key's 200 a minute); a job is a handful of calls, whose weight the
 * budget learns from the headers (docs/batching-and-limits.md, Queries), but it waits for its queue.
 * A package default, not a service limit; the node lets the user change it.
 */
export const DEFAULT_JOB_THRESHOLD = 1_000;

export interface EnrichmentOptions {
	version: ApiVersion;
	/** distinct ids of one group of equal parameters from which v2 runs a job; undefined: never a job */
	jobThreshold?: number;
	/** the sync path's options (concurrency, continue on fail) */
	batch?: Omit<BatchOptions, 'version'>;
	/** the job path's options (polling, deadline, progress, continue on fail) */
	job?: Omit<JobOptions, 'version'>;
}

export type EnrichmentRun =
	| { via: 'enrich'; outcomes: Array<ItemOutcome<string>> }
	| { via: 'job'; outcomes: Array<ItemOutcome<string>>; creditUsage: CreditUsage; jobs: JobSummary[] };

/**
 * The distinct ids (trimmed, as both paths count them) of the largest group of items with equal
 * parameters: a job is made per group
 * (jobGroups.ts), so the threshold is met by a group, never by ids spread over many groups.
 */
export function largestGroup(requests: ReadonlyArray<ItemRequest<string>>): number {
	let largest = 0;
	for (const group of groupIds(requests).values()) largest = Math.max(largest, group.ids.length);
	return largest;
}

/** Whether a run of `requests` takes the job path, for some of its groups at least. */
export function usesJob(
	requests: ReadonlyArray<ItemRequest<string>>,
	options: Pick<EnrichmentOptions, 'version' | 'jobThreshold'>,
): boolean {
	return (
		dialectFor(options.version).enrichments.jobs && options.jobThreshold !== undefined && largestGroup(requests) >= options.jobThreshold
	);
}

/** Whether a request takes the job path: its group of equal parameters has `jobThreshold` distinct ids or more. */
function jobChoice(requests: ReadonlyArray<ItemRequest<string>>, options: Pick<EnrichmentOptions, 'version' | 'jobThreshold'>) {
	if (!usesJob(requests, options)) return () => false;
	const threshold = options.jobThreshold as number;
	const groups = groupIds(requests);
	return (request: ItemRequest<string>) => (groups.get(groupKey(request))?.ids.length ?? 0) >= threshold;
}

/**
 * Runs the enrichments of one node execution with their cost planned at once, before the first is
 * sent: the queries of every enrichment's `/enrich` requests (its job groups are a handful of calls
 * each, told by their own progress), so that a node asking for several enrichments is told its
 * cost once, in full (batching/cost.ts). Their runs must pass `batch.planned`.
 */
export async function withEnrichmentsCost<T>(
	ctx: IExecuteFunctions | IPollFunctions,
	runs: ReadonlyArray<{ operation: OperationName; requests: Array<ItemRequest<string>> }>,
	options: Pick<EnrichmentOptions, 'version' | 'jobThreshold'>,
	run: (refused?: NodeOperationError) => Promise<T>,
): Promise<T> {
	const client = await ApiClient.of(ctx, options.version);
	return await withRunCost(ctx, client, async (cost) => {
		let queries = 0;
		for (const { operation, requests } of runs) {
			const byJob = jobChoice(requests, options);
			queries += await plannedQueries(
				ctx,
				operation,
				requests.filter((request) => !byJob(request)),
				options.version,
			);
		}
		cost.plan(queries);
		// under Continue On Fail a run that cannot finish in time is every item's error: `run` gets it
		return await run(refusalOf(cost, userContinuesOnFail(ctx)));
	});
}

/**
 * Each group of items with equal parameters takes its own path: one with at least `jobThreshold`
 * distinct ids a job, the others `/enrich` (1,200 ids with 1,200 different keywords are 1,200
 * requests, not 1,200 one-id jobs waiting one after another). The outcomes keep the requests' order.
 */
export async function runEnrichment(
	ctx: IExecuteFunctions | IPollFunctions,
	operation: OperationName,
	requests: Array<ItemRequest<string>>,
	options: EnrichmentOptions,
): Promise<EnrichmentRun> {
	const sync = (list: Array<ItemRequest<string>>) => runBatched(ctx, operation, list, { ...options.batch, version: options.version });
	if (!usesJob(requests, options)) return { via: 'enrich', outcomes: await sync(requests) };
	const byJob = jobChoice(requests, options);
	const toJob = requests.filter(byJob);
	const toSync = requests.filter((request) => !byJob(request));
	const synced = toSync.length > 0 ? await sync(toSync) : [];
	// the run was refused for lack of time (Continue On Fail): the job is not submitted, its items get the refusal
	const refused = synced.find((outcome): outcome is ItemFailure => !outcome.ok && isRunRefusal(outcome.error))?.error;
	const run = refused
		? undefined
		: await runEnrichmentJob(
				ctx,
				{ operation, requests: toJob },
				{ continueOnFail: options.batch?.continueOnFail, ...options.job, version: options.version },
			);
	// each list answers its requests in their order: merged back into the requests' order
	const fromJob = run?.outcomes[Symbol.iterator]();
	const fromSync = synced[Symbol.iterator]();
	const outcomes = requests.map((request): ItemOutcome<string> => {
		if (!byJob(request)) return fromSync.next().value as ItemOutcome<string>;
		if (refused) return { itemIndex: request.itemIndex, ok: false, error: refused };
		return fromJob?.next().value as ItemOutcome<string>;
	});
	return run ? { via: 'job', ...run, outcomes } : { via: 'enrich', outcomes };
}
