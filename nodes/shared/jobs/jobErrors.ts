/**
 * What a user reads when a job does not end in results: which job, what happened, what to do.
 * Every message names the job id, which the service's support can look up.
 */
import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

export interface JobLabel {
	jobId: string;
	/** what the job enriches, in the user's words (e.g. Company Profile; the operation name when none is given) */
	enrichment: string;
	ids: number;
	/** the first input item the job answers, for n8n's item reference */
	itemIndex?: number;
}

const what = (job: JobLabel) => `The enrichment job ${job.jobId} (${job.enrichment}, ${job.ids.toLocaleString('en-US')} ids)`;
const AGAIN = 'Run the node again to submit a new job.';

/** The service ended the job `failed`. */
export function jobFailed(node: INode, job: JobLabel, reason: string | undefined, body: unknown) {
	return new NodeApiError(node, (body ?? {}) as JsonObject, {
		message: `${what(job)} failed${reason ? `: ${reason}` : ''}`,
		description: `${AGAIN} If it fails again, give the service's support the job id.`,
		itemIndex: job.itemIndex,
	});
}

/** The result file was deleted before it was downloaded (kept 7 days), or the job expired otherwise. */
export function jobExpired(node: INode, job: JobLabel) {
	return new NodeOperationError(node, `${what(job)} expired before its results were downloaded`, {
		description: `The service keeps a job's results for 7 days. ${AGAIN}`,
		itemIndex: job.itemIndex,
	});
}

/** Someone else cancelled the job (another client with the same API key, the service's app). */
export function jobCancelledElsewhere(node: INode, job: JobLabel) {
	return new NodeOperationError(node, `${what(job)} was cancelled at the service before it finished`, {
		description: `This run did not cancel it. ${AGAIN}`,
		itemIndex: job.itemIndex,
	});
}

/** The job did not finish within the run's time limit; this run cancelled it (or tried to). */
export function jobTimedOut(node: INode, job: JobLabel, timeoutMs: number, lastStatus: string, cancelled: boolean) {
	const limit = timeoutMs < 60_000 ? `${Math.ceil(timeoutMs / 1_000)} s` : `${Math.round(timeoutMs / 60_000)} min`;
	return new NodeOperationError(node, `${what(job)} did not finish within ${limit} (last status "${lastStatus}")`, {
		description: cancelled
			? `It was cancelled at the service, so it bills nothing. ${AGAIN} Allow it more time, or enrich fewer ids per run.`
			: `Cancelling it at the service failed: it may still run and bill. ${AGAIN} Allow it more time, or enrich fewer ids per run.`,
		itemIndex: job.itemIndex,
	});
}

/** The execution was stopped while the job ran. */
export function jobStopped(node: INode, job: JobLabel, cancelled: boolean) {
	return new NodeOperationError(node, 'The execution was cancelled', {
		description: cancelled
			? `${what(job)} was cancelled at the service, so it bills nothing.`
			: `Cancelling ${what(job).replace(/^The /, 'the ')} at the service failed: it may still run and bill.`,
		itemIndex: job.itemIndex,
	});
}

/** The execution was stopped after the upload, before a job was submitted. */
export function stoppedBeforeSubmit(node: INode, itemIndex?: number) {
	return new NodeOperationError(node, 'The execution was cancelled', {
		description: 'No job was submitted, so nothing runs or bills at the service (the uploaded dataset expires unused).',
		itemIndex,
	});
}

/** The execution was stopped while the results of a finished job were downloaded. */
export function stoppedAfterResults(node: INode, job: JobLabel) {
	return new NodeOperationError(node, 'The execution was cancelled', {
		description: `${what(job)} had finished (and billed) when the execution was stopped; its results were not read. ${AGAIN}`,
		itemIndex: job.itemIndex,
	});
}

/** The result file could not be read or fetched. */
export function resultUnusable(node: INode, job: JobLabel, why: string) {
	return new NodeOperationError(node, `The results of ${what(job).replace(/^The /, 'the ')} could not be read: ${why}`, {
		description: `The job succeeded and billed; its results stay downloadable for 7 days from the service's app. ${AGAIN}`,
		itemIndex: job.itemIndex,
	});
}

/** The service answered the upload or submit with something the flow cannot go on with. */
export function unexpectedJobAnswer(node: INode, step: string, detail: string, itemIndex?: number) {
	return new NodeOperationError(node, `The service's answer to the ${step} cannot be used: ${detail}`, {
		description: 'Nothing more was sent for these items.',
		itemIndex,
	});
}
