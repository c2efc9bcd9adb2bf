/**
 * An enrichment run as the service's async job flow (v2-migration-research.md §7): the ids are
 * uploaded as a dataset (a CSV, multipart), the enrichment's `/job` is submitted with its
 * `list_id`, `/v2/jobs/status/{job_id}` is polled with a growing wait within a deadline, and the
 * result CSV is downloaded and joined back to the input items. The outcome has the shape
 * `runBatched` gives for the sync `/enrich` (rows `{<id field>, data}`, one per record, with v1's
 * names), so a node reads both paths alike; the job adds the credits it used.
 *
 * Items share a job when their shared fields (the parameters) are equal, as they share a request
 * on the sync path; ids are sent once (trimmed), and more than LIMITS_V2.jobRecords ids make
 * several jobs, run one after another. A stopped execution cancels the running job at the service
 * (a cancelled job bills nothing), and so does a job that outlives the deadline.
 */
import type { IDataObject, IExecuteFunctions, IPollFunctions } from 'n8n-workflow';

import type { ItemOutcome, ItemRequest } from '../batching/engine';
import { stableKey } from '../batching/grouping';
import { type ItemFailure, toItemError } from '../batching/items';
import { type ApiVersion, jobOperationOf } from '../catalog';
import { LIMITS_V2 } from '../limits';
import { FINAL_JOB_STATES, type JobState } from '../schemasV2';
import { ApiClient, type OperationName } from '../transport/apiClient';
import { fromWire } from '../transport/wireNames';
import { formatCsv } from './csv';
import { downloadResult, linkProblem } from './download';
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
import { readResultRows } from './resultRows';
import { pollDelay, waitUnlessStopped } from './waiting';

/** What to enrich: the sync operation (its `/job` is derived) and each item's ids, as for runBatched. */
export interface JobRequest {
	operation: OperationName;
	requests: Array<ItemRequest<string>>;
}

export interface JobProgress {
	jobId: string;
	status: JobState | string;
	/** status requests so far for this job */
	polls: number;
	elapsedMs: number;
	ids: number;
	/** this job's position (from 1) among the run's jobs */
	job: number;
	jobs: number;
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

export interface JobRun {
	/** per request, in order: each item's results per entry, as runBatched gives them */
	outcomes: Array<ItemOutcome<string>>;
	/** the sum over the run's jobs, from their final status */
	creditUsage: CreditUsage;
	jobs: JobSummary[];
}

export const JOB_DEFAULTS = { firstPollMs: 2_000, maxPollMs: 30_000, timeoutMs: LIMITS_V2.jobMaxRunMs } as const;

/** The time a cancel may take after a stop or a timeout before the run gives up on it. */
const CANCEL_DEADLINE_MS = 15_000;

interface Group {
	shared: IDataObject;
	ids: string[];
	owners: Map<string, number[]>;
}

const numberOr0 = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Runs the enrichment of every request's ids as async jobs; see the file's comment. */
export async function runEnrichmentJob(ctx: IExecuteFunctions | IPollFunctions, request: JobRequest, options: JobOptions): Promise<JobRun> {
	const client = await ApiClient.of(ctx, options.version);
	const node = ctx.getNode();
	const jobOperation = jobOperationOf(request.operation) as OperationName;
	// both throw "not available on API v1" before anything is sent
	client.definitionOf(jobOperation);
	const batch = client.definitionOf(request.operation).batch;
	if (!batch) throw unexpectedJobAnswer(node, 'catalog', `${request.operation} takes no ids`);
	const idField = batch.key === 'business_ids' ? 'business_id' : 'prospect_id';
	const entityType = batch.key === 'business_ids' ? 'business' : 'prospect';
	const continueOnFail = options.continueOnFail ?? ('continueOnFail' in ctx ? ctx.continueOnFail() : false);
	const signal = 'getExecutionCancelSignal' in ctx ? ctx.getExecutionCancelSignal() : undefined;
	const firstPollMs = options.firstPollMs ?? JOB_DEFAULTS.firstPollMs;
	const maxPollMs = options.maxPollMs ?? JOB_DEFAULTS.maxPollMs;
	const timeoutMs = options.timeoutMs ?? JOB_DEFAULTS.timeoutMs;

	// 1. group by shared fields, ids once each (trimmed), in first-asked order; chunk to the job limit
	const groups = new Map<string, Group>();
	for (const item of request.requests) {
		const key = stableKey(item.shared ?? {});
		let group = groups.get(key);
		if (!group) groups.set(key, (group = { shared: item.shared ?? {}, ids: [], owners: new Map() }));
		for (const entry of item.entries) {
			const id = String(entry).trim();
			const owners = group.owners.get(id);
			if (owners) owners.push(item.itemIndex);
			else {
				group.ids.push(id);
				group.owners.set(id, [item.itemIndex]);
			}
		}
	}
	const chunks = [...groups.values()].flatMap((group) => {
		const list: Array<{ group: Group; ids: string[] }> = [];
		for (let start = 0; start < group.ids.length; start += LIMITS_V2.jobRecords) {
			list.push({ group, ids: group.ids.slice(start, start + LIMITS_V2.jobRecords) });
		}
		return list;
	});

	const rowsById = new Map<Group, Map<string, IDataObject[]>>();
	const failures = new Map<number, ItemFailure['error']>();
	const jobs: JobSummary[] = [];
	const creditUsage: CreditUsage = { total_credits: 0, total_results: 0 };

	for (const [position, chunk] of chunks.entries()) {
		const items = [...new Set(chunk.ids.flatMap((id) => chunk.group.owners.get(id) ?? []))].sort((a, b) => a - b);
		const itemIndex = items[0];
		const label: JobLabel = { jobId: '', operation: request.operation, ids: chunk.ids.length, itemIndex };
		const started = Date.now();
		let jobId: string | undefined;
		let summary: JobSummary | undefined;
		let cancelTried = false;

		/** Cancels the job at the service, even after a stop; whether the service took it. */
		const cancelJob = async (): Promise<boolean> => {
			if (jobId === undefined) return false;
			cancelTried = true;
			try {
				await client.request('jobCancel', {}, { pathParams: { job_id: jobId }, afterStop: true, deadline: Date.now() + CANCEL_DEADLINE_MS, itemIndex });
				return true;
			} catch {
				return false;
			}
		};

		try {
			// 2. upload the ids as a dataset, and submit the job with its list_id
			const uploaded = await client.request(
				'uploadEntityIdDataset',
				{
					file: formatCsv([[idField], ...chunk.ids.map((id) => [id])]),
					entity_type: entityType,
					name: options.datasetName ?? `n8n ${request.operation}`,
					description: `${chunk.ids.length} ${entityType} ids from n8n (${node.name})`,
				},
				{ itemIndex, items },
			);
			const listId = uploaded.list_id;
			if (typeof listId !== 'string' || listId === '') throw unexpectedJobAnswer(node, 'dataset upload', 'it has no list_id', itemIndex);
			if (uploaded.rowCount !== undefined && uploaded.rowCount !== chunk.ids.length) {
				throw unexpectedJobAnswer(node, 'dataset upload', `the service read ${String(uploaded.rowCount)} of the ${chunk.ids.length} ids sent`, itemIndex);
			}
			if (signal?.aborted) throw stoppedBeforeSubmit(node, itemIndex);
			const submitted = await client.request(jobOperation, { ...chunk.group.shared, list_id: listId }, { itemIndex, items });
			if (typeof submitted.job_id !== 'string' || submitted.job_id === '') {
				throw unexpectedJobAnswer(node, 'job submission', 'it has no job_id', itemIndex);
			}
			jobId = submitted.job_id;
			label.jobId = jobId;
			summary = {
				job_id: jobId,
				list_id: listId,
				status: String(submitted.status ?? 'queued'),
				ids: chunk.ids.length,
				polls: 0,
				credit_usage: { total_credits: 0, total_results: 0 },
			};
			jobs.push(summary);

			// 3. poll until a final state, the deadline or a stop; then 4. download (a refused link: poll once more for a fresh one)
			const deadline = started + timeoutMs;
			let refreshes = 0;
			let text: string | undefined;
			while (text === undefined) {
				// the last poll is at the deadline, so a job finishing just in time is not cancelled
				const remaining = deadline - Date.now();
				if (remaining <= 0) throw jobTimedOut(node, label, timeoutMs, summary.status, await cancelJob());
				// a refused link is replaced at once: the job is done, nothing to wait for
				const wait = refreshes > 0 ? 0 : Math.min(pollDelay(summary.polls, firstPollMs, maxPollMs), remaining);
				if (!(await waitUnlessStopped(wait, signal))) throw jobStopped(node, label, await cancelJob());
				let status: IDataObject;
				try {
					status = await client.request('jobStatus', undefined, { pathParams: { job_id: jobId }, itemIndex, deadline });
				} catch (error) {
					if (signal?.aborted) throw jobStopped(node, label, await cancelJob());
					throw toItemError(node, error, itemIndex);
				}
				summary.polls++;
				summary.status = String(status.status);
				options.onProgress?.({
					jobId,
					status: summary.status,
					polls: summary.polls,
					elapsedMs: Date.now() - started,
					ids: chunk.ids.length,
					job: position + 1,
					jobs: chunks.length,
				});
				const usage = (status.credit_usage ?? {}) as IDataObject;
				summary.credit_usage = { total_credits: numberOr0(usage.total_credits), total_results: numberOr0(usage.total_results) };
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
				const download = await downloadResult(ctx, url as string, { signal });
				if ('stopped' in download) throw stoppedAfterResults(node, label);
				if ('failed' in download) throw resultUnusable(node, label, download.failed);
				if ('text' in download) text = download.text;
				else if (++refreshes > 1) throw resultUnusable(node, label, `the result link was refused (${download.refused}) twice`);
			}

			// 5. the rows, with v1's names as on the sync path
			const read = readResultRows(text, idField);
			if ('problem' in read) throw resultUnusable(node, label, read.problem);
			const rows = read.rows;
			for (const list of rows.values()) list.splice(0, list.length, ...fromWire(options.version, list));
			let groupRows = rowsById.get(chunk.group);
			if (!groupRows) rowsById.set(chunk.group, (groupRows = new Map()));
			for (const [id, list] of rows) if (chunk.group.owners.has(id)) groupRows.set(id, list);
			creditUsage.total_credits += summary.credit_usage.total_credits;
			creditUsage.total_results += summary.credit_usage.total_results;
		} catch (error) {
			const failure = toItemError(node, error, itemIndex);
			// given up on a job still queued or running (its status could not be read): cancel it, so it bills nothing
			if (summary && !cancelTried && !FINAL_JOB_STATES.has(summary.status as JobState)) {
				const cancelled = await cancelJob();
				const what = `The enrichment job ${summary.job_id}`;
				const outcome = cancelled ? `${what} was cancelled at the service, so it bills nothing.` : `Cancelling ${what.replace(/^The /, 'the ')} failed: it may still run and bill.`;
				failure.description = [failure.description, outcome].filter(Boolean).join(' ');
			}
			if (!continueOnFail || signal?.aborted) throw failure;
			for (const item of items) if (!failures.has(item)) failures.set(item, failure);
		}
	}

	// 6. each item's results per entry, in its entries' order, as runBatched gives them
	const outcomes = request.requests.map((item): ItemOutcome<string> => {
		const error = failures.get(item.itemIndex);
		if (error) return { itemIndex: item.itemIndex, ok: false, error };
		const group = groups.get(stableKey(item.shared ?? {}));
		const results = item.entries.map((entry) => {
			const id = String(entry).trim();
			return { entry: id, matches: rowsById.get(group as Group)?.get(id) ?? [] };
		});
		return { itemIndex: item.itemIndex, ok: true, results };
	});
	return { outcomes, creditUsage, jobs };
}
