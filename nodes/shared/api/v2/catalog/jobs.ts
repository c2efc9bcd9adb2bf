/**
 * The API v2 async job flow (v2-migration-research.md §7, §14, "Async (`/job`)"), kept apart
 * from the pull families of v2.ts: upload the ids as a dataset (multipart), submit an
 * enrichment's `/job` with the dataset's `list_id`, poll `/v2/jobs/status/{job_id}`, cancel with
 * `/v2/jobs/cancel/{job_id}`. The result is a CSV at the `download_url` the status gives: not a
 * catalog path (it is a link the answer names, fetched without the API key: jobs/download.ts).
 */
import { emptyBody } from '../schemas/fields';
import { jobBodyOf, uploadDatasetBody } from '../schemas';
import { ONE_QUERY_ASSUMED } from './meters';
import type { EndpointDefinition } from './types';

/** The `/job` operation of a sync enrichment operation: the same name with `Job` after it. */
export type JobOperationName<N extends string> = `${N}Job`;

export const jobOperationOf = <N extends string>(enrichment: N): JobOperationName<N> => `${enrichment}Job`;

/**
 * One `/job` entry per sync `/enrich` entry of `definitions`: the same path ending in /job, and a
 * body with `list_id` and the same parameters. Not idempotent: a submit repeated after a lost
 * answer would start (and bill) a second job.
 */
export function enrichmentJobs<D extends Record<string, EndpointDefinition>>(
	definitions: D,
): Record<JobOperationName<Extract<keyof D, `enrich${string}`>>, EndpointDefinition> {
	const jobs: Record<string, EndpointDefinition> = {};
	for (const [name, definition] of Object.entries(definitions)) {
		if (!name.startsWith('enrich') || !definition.path.endsWith('/enrich')) continue;
		jobs[jobOperationOf(name)] = {
			method: 'POST',
			meter: ONE_QUERY_ASSUMED,
			path: definition.path.replace(/\/enrich$/, '/job'),
			body: jobBodyOf(definition.body as Parameters<typeof jobBodyOf>[0]),
			idempotent: false,
		};
	}
	return jobs as Record<JobOperationName<Extract<keyof D, `enrich${string}`>>, EndpointDefinition>;
}

/** Upload, status and cancel: the same for every enrichment. */
export const JOB_CONTROL_ENDPOINTS = {
	uploadEntityIdDataset: {
		method: 'POST',
		meter: ONE_QUERY_ASSUMED,
		path: '/v2/async/entity-id-datasets/upload',
		body: uploadDatasetBody,
		multipart: true,
		// a repeated upload leaves one more dataset, which nothing uses, bills nothing and expires
		idempotent: true,
	},
	jobStatus: { method: 'GET', meter: ONE_QUERY_ASSUMED, path: '/v2/jobs/status/{job_id}', body: emptyBody, idempotent: true },
	// cancelling twice leaves the job cancelled
	jobCancel: { method: 'POST', meter: ONE_QUERY_ASSUMED, path: '/v2/jobs/cancel/{job_id}', body: emptyBody, idempotent: true },
} satisfies Record<string, EndpointDefinition>;

export type JobControlName = keyof typeof JOB_CONTROL_ENDPOINTS;

/** Whether a v2 operation belongs to the job flow (the pull families' tests leave these out). */
export const isJobOperation = (name: string): boolean => name.endsWith('Job') || Object.hasOwn(JOB_CONTROL_ENDPOINTS, name);
