/** What the job flow reports: progress while a job runs, and each job's summary and credits. */
import type { JobState } from '../api';

export interface JobProgress {
	jobId: string;
	/** what the job enriches: the enrichment's display name, or its operation name */
	enrichment: string;
	status: JobState | string;
	/** status requests so far for this job */
	polls: number;
	elapsedMs: number;
	ids: number;
	/** this job's position (from 1) among the run's jobs */
	job: number;
	jobs: number;
}

export interface CreditUsage {
	total_credits: number;
	total_results: number;
}

export interface JobSummary {
	job_id: string;
	list_id: string;
	status: string;
	ids: number;
	polls: number;
	credit_usage: CreditUsage;
}
