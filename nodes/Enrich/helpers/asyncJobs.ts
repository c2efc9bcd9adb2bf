/**
 * Enrich's async job options (API v2, from Enrich 2 on): from how many distinct IDs an enrichment
 * runs as the service's async job, how long a job may take, and what the run says about its jobs.
 * Both paths give the same items (the switch test compares them), so what a job adds (its ids,
 * credits) is said in one execution hint, never on the items.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { ItemRequest } from '../../shared/batching/engine';
import { itemValidationError } from '../../shared/batching/validate';
import { type ApiVersion, catalogFor, type CommonOperationName, dialectFor, type EndpointDefinition, LIMITS } from '../../shared/api';
import { DEFAULT_JOB_THRESHOLD, type EnrichmentRun, type JobProgress, largestGroup } from '../../shared/jobs';
import { FIRST_V2_NODE_VERSION } from '../../shared/transport/apiVersion';
import { RESOURCES } from './enrichments';

const MINUTE_MS = 60_000;
/** The service's 24 h a job may run, in the option's minutes. */
export const MAX_JOB_MINUTES = LIMITS.jobMaxRunMs / MINUTE_MS;
export const DEFAULT_JOB_MINUTES = 60;

/** The ids one `/enrich` request of an enrichment takes, from the catalog of the version it is sent on. */
export function idsPerRequest(endpoint: CommonOperationName, version: ApiVersion): number {
	const catalog: Partial<Record<string, EndpointDefinition>> = catalogFor(version);
	return catalog[endpoint]?.batch?.limit ?? 1;
}

/** "50 IDs", or "50 business IDs or 40 prospect IDs" should the resources' limits differ. */
function perRequestText(): string {
	const limits = Object.entries(RESOURCES).map(([resource, { enrichments }]) => ({ resource, limit: idsPerRequest(enrichments[0].endpoint, 'v2') }));
	if (new Set(limits.map(({ limit }) => limit)).size === 1) return `${limits[0].limit} IDs`;
	return limits.map(({ resource, limit }) => `${limit} ${resource} IDs`).join(' or ');
}

const FIRST_JOB_VERSION = FIRST_V2_NODE_VERSION.enrich;
const fromJobVersion = { show: { '@version': [{ _cnd: { gte: FIRST_JOB_VERSION } }] } };

export const jobOptions: INodeProperties[] = [
	{
		displayName: 'Async Job Threshold',
		name: 'jobThreshold',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		displayOptions: fromJobVersion,
		default: DEFAULT_JOB_THRESHOLD,
		description: `From this many unique IDs with the same parameters, run the service's async job (up to ${LIMITS.jobRecords.toLocaleString('en-US')} IDs a job) instead of one request per ${perRequestText()}. API v2 only: on API v1 every run sends requests.`,
	},
	{
		displayName: 'Job Time Limit (Minutes)',
		name: 'jobTimeLimit',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_JOB_MINUTES, numberPrecision: 0 },
		displayOptions: fromJobVersion,
		default: DEFAULT_JOB_MINUTES,
		description:
			'How long one async job may take, from sending its IDs to its results. Past it, the job is cancelled at the service and that enrichment fails.',
	},
];

export interface JobSettings {
	/** distinct ids of one group of equal parameters from which v2 runs a job; undefined: never (Enrich 1) */
	threshold?: number;
	timeoutMs: number;
}

function wholeNumber(ctx: IExecuteFunctions, value: unknown, label: string, min: number, max: number): number {
	if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return value;
	const bound = max === Number.MAX_SAFE_INTEGER ? `from ${min} on` : `from ${min} to ${max}`;
	throw itemValidationError(ctx.getNode(), 0, `${label} must be a whole number ${bound}, got ${JSON.stringify(value)}`);
}

/** The run's job settings from the Options collection, checked before anything is sent. */
export function readJobSettings(ctx: IExecuteFunctions, options: { jobThreshold?: unknown; jobTimeLimit?: unknown }): JobSettings {
	// Enrich 1 has no such options: a workflow saved with it keeps the sync path on either API
	if (ctx.getNode().typeVersion < FIRST_JOB_VERSION) return { timeoutMs: DEFAULT_JOB_MINUTES * MINUTE_MS };
	const threshold = wholeNumber(ctx, options.jobThreshold ?? DEFAULT_JOB_THRESHOLD, 'Async Job Threshold', 1, Number.MAX_SAFE_INTEGER);
	const minutes = wholeNumber(ctx, options.jobTimeLimit ?? DEFAULT_JOB_MINUTES, 'Job Time Limit (Minutes)', 1, MAX_JOB_MINUTES);
	return { threshold, timeoutMs: minutes * MINUTE_MS };
}

/** The job path's progress: the browser console of a manual run and the server log, in the same words. */
export function reportJobProgress(ctx: IExecuteFunctions): (progress: JobProgress) => void {
	return (progress) => {
		const position = progress.jobs > 1 ? `, ${progress.job} of ${progress.jobs}` : '';
		const polls = `${progress.polls} poll${progress.polls === 1 ? '' : 's'}`;
		const message = `Enrichment job ${progress.jobId} (${progress.enrichment}${position}): ${progress.status} (${polls})`;
		ctx.sendMessageToUI(message);
		ctx.logger.info(message);
	};
}

/** The one hint of a run in which jobs ran: their ids and the credits and results they used. */
export function jobsHint(runs: ReadonlyArray<Extract<EnrichmentRun, { via: 'job' }>>): string | undefined {
	const jobs = runs.flatMap((run) => run.jobs);
	if (jobs.length === 0) return undefined;
	const credits = runs.reduce((sum, run) => sum + run.creditUsage.total_credits, 0);
	const results = runs.reduce((sum, run) => sum + run.creditUsage.total_results, 0);
	const label = jobs.length === 1 ? 'Async job' : 'Async jobs';
	const count = (n: number) => n.toLocaleString('en-US');
	return `${label} ${jobs.map((job) => job.job_id).join(', ')}: ${count(credits)} credits, ${count(results)} results`;
}

/**
 * On a credential set to API v1 the threshold does not apply (v1 has no jobs): said when the run
 * would have taken the job path on v2, so a user who expected a job learns why none ran.
 */
export function noJobOnV1Hint(
	version: ApiVersion,
	settings: JobSettings,
	requests: ReadonlyArray<ItemRequest<string>>,
	endpoint: CommonOperationName,
): string | undefined {
	if (dialectFor(version).enrichments.jobs || settings.threshold === undefined) return undefined;
	// as on v2: the unique IDs of the largest group of items with the same parameters
	const ids = largestGroup(requests);
	if (ids < settings.threshold) return undefined;
	return `No async job ran for these ${ids.toLocaleString('en-US')} IDs: async jobs need API v2, and the credential's API Version is v1, so they were sent ${idsPerRequest(endpoint, version)} a request.`;
}
