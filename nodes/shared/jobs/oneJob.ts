/**
 * One job from upload to rows (research §7): upload the ids as a CSV dataset, submit the
 * enrichment's `/job` with the `list_id`, poll the status with a growing wait until a final state,
 * the deadline or a stop, download the result CSV (a refused link: one more poll for a fresh one)
 * and read its rows with v1's names. A job this run gives up on while it is queued or running is
 * cancelled at the service (a cancelled job bills nothing), after a stop too.
 */
import type { IDataObject, IExecuteFunctions, INode, IPollFunctions } from 'n8n-workflow';

import { toItemError } from '../batching/items';
import { type ApiVersion, enrichmentRecord, FINAL_JOB_STATES, fromWire, type JobState } from '../api';
import type { ApiClient, OperationName } from '../transport/apiClient';
import { formatCsv } from './csv';
import { downloadResult, linkProblem } from './download';
import type { JobChunk } from './jobGroups';
import {
	jobCancelledElsewhere,
	jobExpired,
	jobFailed,
	type JobLabel,
	jobStopped,
	jobTimedOut,
	resultUnusable,
	stoppedAfterResults,
	stoppedBeforeSubmit,
	unexpectedJobAnswer,
} from './jobErrors';
import type { CreditUsage, JobProgress, JobSummary } from './jobTypes';
import { readResultRows } from './resultRows';
import { pollDelay, waitUnlessStopped } from './waiting';

/** What every job of a run shares. */
export interface JobSetting {
	ctx: IExecuteFunctions | IPollFunctions;
	client: ApiClient;
	node: INode;
	version: ApiVersion;
	/** the sync enrichment, and its `/job` */
	operation: OperationName;
	jobOperation: OperationName;
	idField: 'business_id' | 'prospect_id';
	entityType: 'business' | 'prospect';
	signal: AbortSignal | undefined;
	firstPollMs: number;
	maxPollMs: number;
	timeoutMs: number;
	datasetName?: string;
	/** the enrichment's display name, for messages */
	enrichment?: string;
	onProgress?: (progress: JobProgress) => void;
	/** every submitted job's summary, kept up to date, in submission order */
	jobs: JobSummary[];
}

/** The time a cancel may take after a stop or a timeout before the run gives up on it. */
const CANCEL_DEADLINE_MS = 15_000;

const numberOr0 = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function creditUsageOf(status: IDataObject): CreditUsage {
	const usage = (status.credit_usage ?? {}) as IDataObject;
	return { total_credits: numberOr0(usage.total_credits), total_results: numberOr0(usage.total_results) };
}

/**
 * The job's rows by id (only ids the chunk asked for) and its summary. Fails with an item error
 * of the chunk's first item; the caller decides whether it fails the run.
 */
export async function runOneJob(
	setting: JobSetting,
	chunk: JobChunk,
	position: { job: number; jobs: number },
): Promise<{ rows: Map<string, IDataObject[]>; summary: JobSummary }> {
	const { client, node } = setting;
	const itemIndex = chunk.items[0];
	const label: JobLabel = { jobId: '', enrichment: setting.enrichment ?? setting.operation, ids: chunk.ids.length, itemIndex };
	const started = Date.now();
	let summary: JobSummary | undefined;
	let cancelTried = false;

	/** Cancels the job at the service, even after a stop; whether the service took it. */
	const cancelJob = async (): Promise<boolean> => {
		if (!summary) return false;
		cancelTried = true;
		try {
			await client.request(
				'jobCancel',
				{},
				{ pathParams: { job_id: summary.job_id }, afterStop: true, deadline: Date.now() + CANCEL_DEADLINE_MS, itemIndex },
			);
			return true;
		} catch {
			return false;
		}
	};

	try {
		summary = await submit(setting, chunk, itemIndex);
		label.jobId = summary.job_id;
		const text = await resultText(setting, summary, label, started, position, cancelJob);
		const read = readResultRows(text, setting.idField, enrichmentRecord(setting.operation));
		if ('problem' in read) throw resultUnusable(node, label, read.problem);
		// an empty file for a job that found results (a proxy's empty 200, a cut download) is no "no match"
		if (read.rows.size === 0 && summary.credit_usage.total_results > 0) {
			throw resultUnusable(node, label, `the file holds no rows, but the job reported ${summary.credit_usage.total_results} results`);
		}
		// v1's names, as on the sync path; only the ids asked for
		const rows = new Map<string, IDataObject[]>();
		for (const [id, list] of read.rows) if (chunk.group.owners.has(id)) rows.set(id, fromWire(setting.version, list));
		return { rows, summary };
	} catch (error) {
		const failure = toItemError(node, error, itemIndex);
		// given up on a job still queued or running (its status could not be read): cancel it, so it bills nothing
		if (summary && !cancelTried && !FINAL_JOB_STATES.has(summary.status as JobState)) {
			const what = `the enrichment job ${summary.job_id}`;
			const outcome = (await cancelJob())
				? `The enrichment job ${summary.job_id} was cancelled at the service, so it bills nothing.`
				: `Cancelling ${what} failed: it may still run and bill.`;
			failure.description = [failure.description, outcome].filter(Boolean).join(' ');
		}
		throw failure;
	}
}

/** Uploads the chunk's ids as a dataset and submits the job: its summary, listed in `setting.jobs`. */
async function submit(setting: JobSetting, chunk: JobChunk, itemIndex: number): Promise<JobSummary> {
	const { client, node } = setting;
	const uploaded = await client.request(
		'uploadEntityIdDataset',
		{
			file: formatCsv([[setting.idField], ...chunk.ids.map((id) => [id])]),
			entity_type: setting.entityType,
			name: setting.datasetName ?? `n8n ${setting.operation}`,
			description: `${chunk.ids.length} ${setting.entityType} ids from n8n (${node.name})`,
		},
		{ itemIndex, items: chunk.items },
	);
	const listId = uploaded.list_id;
	if (typeof listId !== 'string' || listId === '') throw unexpectedJobAnswer(node, 'dataset upload', 'it has no list_id', itemIndex);
	if (uploaded.rowCount !== undefined && uploaded.rowCount !== chunk.ids.length) {
		throw unexpectedJobAnswer(
			node,
			'dataset upload',
			`the service read ${String(uploaded.rowCount)} of the ${chunk.ids.length} ids sent`,
			itemIndex,
		);
	}
	if (setting.signal?.aborted) throw stoppedBeforeSubmit(node, itemIndex);
	// sent to the end even if the execution is stopped meanwhile: a submit that arrived starts a
	// billed job, and only its id lets the stop cancel it (the polls below see the stop)
	const submitted = await client.request(
		setting.jobOperation,
		{ ...chunk.group.shared, list_id: listId },
		{ itemIndex, items: chunk.items, afterStop: true },
	);
	if (typeof submitted.job_id !== 'string' || submitted.job_id === '') {
		throw unexpectedJobAnswer(node, 'job submission', 'it has no job_id', itemIndex);
	}
	const summary: JobSummary = {
		job_id: submitted.job_id,
		list_id: listId,
		status: String(submitted.status ?? 'queued'),
		ids: chunk.ids.length,
		polls: 0,
		credit_usage: { total_credits: 0, total_results: 0 },
	};
	setting.jobs.push(summary);
	return summary;
}

/** Polls until the job succeeded and returns its result file's text; throws for every other end. */
async function resultText(
	setting: JobSetting,
	summary: JobSummary,
	label: JobLabel,
	started: number,
	position: { job: number; jobs: number },
	cancelJob: () => Promise<boolean>,
): Promise<string> {
	const { client, node, signal } = setting;
	const deadline = started + setting.timeoutMs;
	let refreshes = 0;
	for (;;) {
		// the last poll is at the deadline, so a job finishing just in time is not cancelled
		const remaining = deadline - Date.now();
		if (remaining <= 0) throw jobTimedOut(node, label, setting.timeoutMs, summary.status, await cancelJob());
		// a refused link is replaced at once: the job is done, nothing to wait for
		const wait = refreshes > 0 ? 0 : Math.min(pollDelay(summary.polls, setting.firstPollMs, setting.maxPollMs), remaining);
		if (!(await waitUnlessStopped(wait, signal))) throw jobStopped(node, label, await cancelJob());
		let status: IDataObject;
		try {
			status = await client.request('jobStatus', undefined, {
				pathParams: { job_id: summary.job_id },
				itemIndex: label.itemIndex,
				deadline,
			});
		} catch (error) {
			if (signal?.aborted) throw jobStopped(node, label, await cancelJob());
			throw toItemError(node, error, label.itemIndex ?? 0);
		}
		summary.polls++;
		summary.status = String(status.status);
		summary.credit_usage = creditUsageOf(status);
		setting.onProgress?.({
			jobId: summary.job_id,
			enrichment: label.enrichment,
			status: summary.status,
			polls: summary.polls,
			elapsedMs: Date.now() - started,
			ids: summary.ids,
			...position,
		});
		if (summary.status === 'failed') {
			const error = status.error as IDataObject | string | null | undefined;
			throw jobFailed(node, label, typeof error === 'string' ? error : (error?.message as string | undefined), status);
		}
		if (summary.status === 'expired') throw jobExpired(node, label);
		if (summary.status === 'cancelled') throw jobCancelledElsewhere(node, label);
		// queued, running, or a state this package does not know yet: poll again
		if (summary.status !== 'succeeded') continue;
		const url = (status.results as IDataObject | null | undefined)?.download_url;
		const problem = linkProblem(url);
		if (problem) throw resultUnusable(node, label, problem);
		const download = await downloadResult(setting.ctx, url as string, { signal });
		if ('stopped' in download) throw stoppedAfterResults(node, label);
		if ('failed' in download) throw resultUnusable(node, label, download.failed);
		if ('text' in download) return download.text;
		if (++refreshes > 1) throw resultUnusable(node, label, `the result link was refused (${download.refused}) twice`);
	}
}
