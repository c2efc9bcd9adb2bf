/**
 * An enrichment run as the service's async job flow (v2-migration-research.md §7): the ids go
 * as datasets to one job per group of items with equal parameters (10,000 ids a job, jobs one
 * after another: jobGroups.ts), each job runs from upload to rows (oneJob.ts), and the rows are
 * joined back to the items. The outcome has the shape `runBatched` gives for the sync `/enrich`
 * (rows `{<id field>, data}`, one per record, with v1's names), so a node reads both paths alike;
 * the job adds the credits it used.
 */
import type { IDataObject, IExecuteFunctions, IPollFunctions } from 'n8n-workflow';

import type { ItemOutcome, ItemRequest } from '../batching/engine';
import { type ItemFailure, userContinuesOnFail } from '../batching/items';
import { type ApiVersion, jobOperationOf, LIMITS } from '../api';
import { ApiClient, type OperationName } from '../transport/apiClient';
import { groupIds, groupKey, type JobGroup, jobChunks } from './jobGroups';
import { unexpectedJobAnswer } from './jobErrors';
import type { CreditUsage, JobProgress, JobSummary } from './jobTypes';
import { runOneJob } from './oneJob';

export type { CreditUsage, JobProgress, JobSummary } from './jobTypes';

/** What to enrich: the sync operation (its `/job` is derived) and each item's ids, as for runBatched. */
export interface JobRequest {
	operation: OperationName;
	requests: Array<ItemRequest<string>>;
}

export interface JobOptions {
	/** the API version: jobs exist on v2 only (v1 has no /job: "not available on API v1", nothing sent) */
	version: ApiVersion;
	/** wait before the first poll; each later wait is half as long again (default 2 s) */
	firstPollMs?: number;
	/** the longest wait between polls (default 30 s) */
	maxPollMs?: number;
	/** how long one job may take from its upload to its results (default: the service's 24 h) */
	timeoutMs?: number;
	/** called after every status poll, e.g. to show progress in the execution */
	onProgress?: (progress: JobProgress) => void;
	/** failed jobs fail their items instead of the run (the node's Continue on Fail by default) */
	continueOnFail?: boolean;
	/** the dataset's name at the service (shown in its app) */
	datasetName?: string;
	/** the enrichment's display name, for progress and errors (default: the operation's name) */
	enrichment?: string;
}

export interface JobRun {
	/** per request, in order: each item's results per entry, as runBatched gives them */
	outcomes: Array<ItemOutcome<string>>;
	/**
	 * the sum over every submitted job, from the last status seen: a job that succeeded and
	 * billed counts though its results could not be read
	 */
	creditUsage: CreditUsage;
	/** every submitted job, in submission order */
	jobs: JobSummary[];
}

export const JOB_DEFAULTS = { firstPollMs: 2_000, maxPollMs: 30_000, timeoutMs: LIMITS.jobMaxRunMs } as const;

/** Runs the enrichment of every request's ids as async jobs; see the file's comment. */
export async function runEnrichmentJob(ctx: IExecuteFunctions | IPollFunctions, request: JobRequest, options: JobOptions): Promise<JobRun> {
	const client = await ApiClient.of(ctx, options.version);
	const node = ctx.getNode();
	const jobOperation = jobOperationOf(request.operation) as OperationName;
	// both throw "not available on API v1" before anything is sent
	client.definitionOf(jobOperation);
	const batch = client.definitionOf(request.operation).batch;
	if (!batch) throw unexpectedJobAnswer(node, 'catalog', `${request.operation} takes no ids`);
	const business = batch.key === 'business_ids';
	const continueOnFail = options.continueOnFail ?? userContinuesOnFail(ctx);
	const signal = 'getExecutionCancelSignal' in ctx ? ctx.getExecutionCancelSignal() : undefined;
	const jobs: JobSummary[] = [];
	const setting = {
		ctx,
		client,
		node,
		version: options.version,
		operation: request.operation,
		jobOperation,
		idField: business ? ('business_id' as const) : ('prospect_id' as const),
		entityType: business ? ('business' as const) : ('prospect' as const),
		signal,
		firstPollMs: options.firstPollMs ?? JOB_DEFAULTS.firstPollMs,
		maxPollMs: options.maxPollMs ?? JOB_DEFAULTS.maxPollMs,
		timeoutMs: options.timeoutMs ?? JOB_DEFAULTS.timeoutMs,
		datasetName: options.datasetName,
		enrichment: options.enrichment,
		onProgress: options.onProgress,
		jobs,
	};

	const groups = groupIds(request.requests);
	const chunks = jobChunks(groups.values());
	const rowsByGroup = new Map<JobGroup, Map<string, IDataObject[]>>();
	const failures = new Map<number, ItemFailure['error']>();
	for (const [index, chunk] of chunks.entries()) {
		try {
			const { rows } = await runOneJob(setting, chunk, { job: index + 1, jobs: chunks.length });
			let groupRows = rowsByGroup.get(chunk.group);
			if (!groupRows) rowsByGroup.set(chunk.group, (groupRows = new Map()));
			for (const [id, list] of rows) groupRows.set(id, list);
		} catch (error) {
			// runOneJob fails with an item error already; a stop fails the run whatever the setting
			const failure = error as ItemFailure['error'];
			if (!continueOnFail || signal?.aborted) throw failure;
			for (const item of chunk.items) if (!failures.has(item)) failures.set(item, failure);
		}
	}

	const creditUsage: CreditUsage = { total_credits: 0, total_results: 0 };
	for (const { credit_usage } of jobs) {
		creditUsage.total_credits += credit_usage.total_credits;
		creditUsage.total_results += credit_usage.total_results;
	}

	// each item's results per entry, in its entries' order, as runBatched gives them
	const outcomes = request.requests.map((item): ItemOutcome<string> => {
		const error = failures.get(item.itemIndex);
		if (error) return { itemIndex: item.itemIndex, ok: false, error };
		const rows = rowsByGroup.get(groups.get(groupKey(item)) as JobGroup);
		const results = item.entries.map((entry) => {
			const id = String(entry).trim();
			return { entry: id, matches: rows?.get(id) ?? [] };
		});
		return { itemIndex: item.itemIndex, ok: true, results };
	});
	return { outcomes, creditUsage, jobs };
}
