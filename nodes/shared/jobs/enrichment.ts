/**
 * One entry point for an enrichment run on either path: the sync `/enrich` (runBatched, 50 ids a
 * request) or, on API v2 from `jobThreshold` distinct ids on, one async job per 10,000 ids. Both
 * give the same outcomes, so the node's output does not depend on the path; the job path adds
 * the credits it used. The node passes the version its node version or credential chose and the
 * threshold the user set (docs/v2-migration.md, "Built: async jobs in Enrich").
 */
import type { IExecuteFunctions, IPollFunctions } from 'n8n-workflow';

import { type BatchOptions, type ItemOutcome, type ItemRequest, runBatched } from '../batching/engine';
import type { ApiVersion } from '../catalog';
import type { OperationName } from '../transport/apiClient';
import { type CreditUsage, type JobOptions, type JobSummary, runEnrichmentJob } from './runJob';

/**
 * [I] The distinct ids from which a job is worth its wait: 1,000 ids are 20 `/enrich` requests,
 * about 6 s at the service's 200 requests a minute, while a job waits for its queue and polls.
 * A package default, not a service limit; the node lets the user change it.
 */
export const DEFAULT_JOB_THRESHOLD = 1_000;

export interface EnrichmentOptions {
	version: ApiVersion;
	/** distinct ids from which v2 runs a job; undefined: never a job */
	jobThreshold?: number;
	/** the sync path's options (concurrency, continue on fail) */
	batch?: Omit<BatchOptions, 'version'>;
	/** the job path's options (polling, deadline, progress, continue on fail) */
	job?: Omit<JobOptions, 'version'>;
}

export type EnrichmentRun =
	| { via: 'enrich'; outcomes: Array<ItemOutcome<string>> }
	| { via: 'job'; outcomes: Array<ItemOutcome<string>>; creditUsage: CreditUsage; jobs: JobSummary[] };

/** The distinct ids the requests ask for, as both paths count them (trimmed). */
export function distinctIds(requests: ReadonlyArray<ItemRequest<string>>): number {
	return new Set(requests.flatMap((request) => request.entries.map((id) => String(id).trim()))).size;
}

/** Whether a run of `requests` takes the job path. */
export function usesJob(requests: ReadonlyArray<ItemRequest<string>>, options: Pick<EnrichmentOptions, 'version' | 'jobThreshold'>): boolean {
	return options.version === 'v2' && options.jobThreshold !== undefined && distinctIds(requests) >= options.jobThreshold;
}

export async function runEnrichment(
	ctx: IExecuteFunctions | IPollFunctions,
	operation: OperationName,
	requests: Array<ItemRequest<string>>,
	options: EnrichmentOptions,
): Promise<EnrichmentRun> {
	if (!usesJob(requests, options)) {
		return { via: 'enrich', outcomes: await runBatched(ctx, operation, requests, { ...options.batch, version: options.version }) };
	}
	const run = await runEnrichmentJob(ctx, { operation, requests }, {
		continueOnFail: options.batch?.continueOnFail,
		...options.job,
		version: options.version,
	});
	return { via: 'job', ...run };
}
