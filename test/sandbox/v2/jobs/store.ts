/**
 * The sandbox's async jobs (v2-migration-research.md §7, "Async (`/job`)"): uploaded datasets and
 * submitted jobs, with the job states, a configurable processing time, the expiries (dataset,
 * download link, result file), cancel, and credits used. A job's state is read from the sandbox
 * clock each time it is asked for, so a test moves a job along by moving the clock.
 */
import { type DatasetEntityType, type JobState, LIMITS } from '../../../../nodes/shared/api';
import type { CellEncoding } from './cellEncodings';

export interface JobSettings {
	/** time a job waits in `queued` after its submission */
	queuedMs: number;
	/** time a job spends `running` before it succeeds (the processing time) */
	runningMs: number;
	/** how long a download link works (the service: about 1 h) */
	linkTtlMs: number;
	/** how long a finished job's result file is kept (the service: 7 days); the job is `expired` after */
	fileTtlMs: number;
	/** [I] how long an uploaded dataset can be used (the research says datasets expire, not when) */
	datasetTtlMs: number;
	/** jobs submitted while this is set end `failed` with this error message */
	failWith?: string;
	/** how the result file writes its cells: ordinary CSV text (the default) or typed JSON (cellEncodings.ts) */
	cellEncoding: CellEncoding;
}

export const DEFAULT_JOB_SETTINGS: JobSettings = {
	queuedMs: 0,
	runningMs: 1_000,
	linkTtlMs: LIMITS.jobLinkTtlMs,
	fileTtlMs: LIMITS.jobFileTtlMs,
	datasetTtlMs: 24 * 60 * 60_000,
	cellEncoding: 'text',
};

export interface Dataset {
	list_id: string;
	entityType: DatasetEntityType;
	ids: string[];
	name: string;
	description: string;
	expiresAt: number;
}

/** What a job's result file holds, computed at submission from the same data as the sync `/enrich`. */
export interface JobResult {
	csv: string;
	/** result records (CSV rows) */
	records: number;
	/** ids with at least one record: [I] one credit each, as the sync enrichments bill */
	idsWithData: number;
}

export interface Job {
	job_id: string;
	/** the sync operation whose data the job serves, e.g. enrichBusinessFirmographics */
	enrichment: string;
	list_id: string;
	submittedAt: number;
	/** the settings when it was submitted: a later configure() does not change a running job */
	queuedMs: number;
	runningMs: number;
	fileTtlMs: number;
	failWith?: string;
	cancelledAt?: number;
	result: JobResult;
	/** the current download link; a new one once it has expired */
	link?: { token: string; expiresAt: number };
}

export class JobStore {
	settings: JobSettings = { ...DEFAULT_JOB_SETTINGS };
	readonly datasets = new Map<string, Dataset>();
	readonly jobs = new Map<string, Job>();
	/** http://127.0.0.1:<port>, for the links the answers carry (set once the server listens) */
	origin = '';

	/** Changes the settings for jobs submitted from now on; a key set to undefined takes its default. */
	configure(patch: Partial<JobSettings>): void {
		const next: JobSettings = { ...this.settings };
		for (const key of Object.keys(patch) as Array<keyof JobSettings>) {
			(next as unknown as Record<string, unknown>)[key] = patch[key] ?? DEFAULT_JOB_SETTINGS[key];
		}
		this.settings = next;
	}

	/** When the job stops running (succeeds or fails), cancelled or not. */
	finishesAt(job: Job): number {
		return job.submittedAt + job.queuedMs + job.runningMs;
	}

	/** The job's state at `now` on the sandbox clock. */
	stateAt(job: Job, now: number): JobState {
		if (job.cancelledAt !== undefined) return 'cancelled';
		if (now < job.submittedAt + job.queuedMs) return 'queued';
		if (now < this.finishesAt(job)) return 'running';
		if (this.willFail(job)) return 'failed';
		return now < this.finishesAt(job) + job.fileTtlMs ? 'succeeded' : 'expired';
	}

	/** Whether the job ends `failed` once it has run (known when it is submitted). */
	willFail(job: Job): boolean {
		return job.failWith !== undefined || job.queuedMs + job.runningMs > LIMITS.jobMaxRunMs;
	}

	/** Why a job failed, in the service's words. */
	failureOf(job: Job): string {
		return job.failWith ?? `The job ran longer than the ${LIMITS.jobMaxRunMs / 3_600_000} h limit`;
	}

	/** The download link of a succeeded job: the current one, or a new one once it has expired. */
	linkOf(job: Job, now: number, newToken: () => string): { token: string; expiresAt: number } {
		if (!job.link || job.link.expiresAt <= now) job.link = { token: newToken(), expiresAt: now + this.settings.linkTtlMs };
		return job.link;
	}

	resultPath(job: Job): string {
		return `${RESULT_FILE_PREFIX}${encodeURIComponent(job.job_id)}.csv`;
	}
}

/** Where result files are served: outside the API's paths, like a storage link (no API key). */
export const RESULT_FILE_PREFIX = '/files/job-results/';
