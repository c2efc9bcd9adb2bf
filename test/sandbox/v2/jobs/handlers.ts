/**
 * The job flow's endpoints (v2-migration-research.md §7): dataset upload, each enrichment's
 * `/job`, status, cancel; and the result file at the link a succeeded job's status gives.
 */
import { type EndpointName, ENDPOINTS, idSchema, isJobOperation, type jobBodyOf, type JobControlName, type JobOperationName, jobOperationOf, LIMITS, type uploadDatasetBody } from '../../../../nodes/shared/api';
import { CsvError, parseCsv } from '../../../../nodes/shared/jobs/csv';
import { generalError, invalid, validationError } from '../../errors';
import type { Handler, HandlerContext, Reply } from '../../handlers/context';
import { responseContextV2 } from '../context';
import { jobResult } from './results';
import { type Job, type JobStore, RESULT_FILE_PREFIX } from './store';

type UploadBody = ReturnType<typeof uploadDatasetBody.parse>;
type JobBody = ReturnType<ReturnType<typeof jobBodyOf>['parse']>;

const iso = (time: number) => new Date(time).toISOString();

/** [I] The dataset CSV: a header row naming the id field, then one id per row (blank lines skipped). */
function datasetIds(file: string, idField: string): string[] {
	let rows: string[][];
	try {
		rows = parseCsv(file).filter((row) => !(row.length === 1 && row[0] === ''));
	} catch (error) {
		throw validationError([invalid(['file'], `is not valid CSV: ${(error as CsvError).message}`)]);
	}
	const [header, ...rest] = rows;
	if (!header || header.length !== 1 || header[0].trim() !== idField) {
		throw validationError([invalid(['file'], `must start with the header row "${idField}"`)]);
	}
	if (rest.length === 0) throw validationError([invalid(['file'], 'must hold at least 1 id')]);
	if (rest.length > LIMITS.jobRecords) throw validationError([invalid(['file'], `must hold at most ${LIMITS.jobRecords} ids`)]);
	return rest.map((row, index) => {
		const id = idSchema.safeParse(row.length === 1 ? row[0] : undefined);
		if (!id.success) throw validationError([invalid(['file', index + 2], 'must be one id per row')]);
		return id.data;
	});
}

function upload(body: UploadBody, ctx: HandlerContext): Reply {
	const ids = datasetIds(body.file, body.entity_type === 'business' ? 'business_id' : 'prospect_id');
	const dataset = {
		list_id: ctx.ids.uuid(),
		entityType: body.entity_type,
		ids,
		name: body.name,
		description: body.description,
		expiresAt: ctx.now.getTime() + ctx.jobs.settings.datasetTtlMs,
	};
	ctx.jobs.datasets.set(dataset.list_id, dataset);
	return {
		body: {
			response_context: responseContextV2(ctx),
			list_id: dataset.list_id,
			rowCount: ids.length,
			entityType: dataset.entityType,
			name: dataset.name,
			description: dataset.description,
			expiresAt: iso(dataset.expiresAt),
		},
	};
}

const submit =
	(enrichment: EndpointName, sync: Handler): Handler =>
	(body: JobBody, ctx: HandlerContext) => {
		const now = ctx.now.getTime();
		const dataset = ctx.jobs.datasets.get(body.list_id);
		if (!dataset) throw generalError(404, `Dataset ${body.list_id} not found`, ctx.correlationId);
		if (dataset.expiresAt <= now) {
			throw generalError(404, `Dataset ${body.list_id} expired at ${iso(dataset.expiresAt)}: upload the ids again`, ctx.correlationId);
		}
		const takes = ENDPOINTS[enrichment].batch!.key === 'business_ids' ? 'business' : 'prospect';
		if (dataset.entityType !== takes) {
			throw validationError([invalid(['list_id'], `the dataset holds ${dataset.entityType} ids; this enrichment takes ${takes} ids`)]);
		}
		const { settings } = ctx.jobs;
		const job: Job = {
			job_id: ctx.ids.uuid(),
			enrichment,
			list_id: dataset.list_id,
			submittedAt: now,
			queuedMs: settings.queuedMs,
			runningMs: settings.runningMs,
			fileTtlMs: settings.fileTtlMs,
			failWith: settings.failWith,
			result: jobResult(enrichment, sync, dataset.ids, body.parameters, ctx),
		};
		// its rows are billed now, and given back if it is cancelled; a job that will fail bills nothing
		if (!ctx.jobs.willFail(job)) {
			ctx.credits.debit({ at: ctx.now, endpoint: ENDPOINTS[enrichment].path, credits: job.result.idsWithData, jobId: job.job_id }, ctx.correlationId);
		}
		ctx.jobs.jobs.set(job.job_id, job);
		return {
			body: {
				response_context: responseContextV2(ctx),
				job_id: job.job_id,
				status: ctx.jobs.stateAt(job, now),
				status_url: `${ctx.jobs.origin}/v2/jobs/status/${job.job_id}`,
			},
		};
	};

function knownJob(ctx: HandlerContext): Job {
	const job = ctx.jobs.jobs.get(ctx.params.job_id);
	if (!job) throw generalError(404, `Job ${ctx.params.job_id} not found`, ctx.correlationId);
	return job;
}

/** [I] Credits: one per id with data, once the job has succeeded; none for a failed or cancelled job (research §15). */
function creditUsage(job: Job, state: string) {
	const billed = state === 'succeeded' || state === 'expired';
	return { total_credits: billed ? job.result.idsWithData : 0, total_results: billed ? job.result.records : 0 };
}

function status(_body: Record<string, never>, ctx: HandlerContext): Reply {
	const job = knownJob(ctx);
	const now = ctx.now.getTime();
	const state = ctx.jobs.stateAt(job, now);
	let results = null;
	if (state === 'succeeded') {
		const link = ctx.jobs.linkOf(job, now, () => ctx.ids.hex(32));
		results = {
			format: 'csv',
			download_url: `${ctx.jobs.origin}${ctx.jobs.resultPath(job)}?token=${link.token}`,
			expires_at: iso(link.expiresAt),
			file_expires_at: iso(ctx.jobs.finishesAt(job) + job.fileTtlMs),
		};
	}
	return {
		body: {
			response_context: responseContextV2(ctx),
			job_id: job.job_id,
			status: state,
			created_at: iso(job.submittedAt),
			credit_usage: creditUsage(job, state),
			results,
			error: state === 'failed' ? { message: ctx.jobs.failureOf(job) } : null,
		},
	};
}

/** Queued or running: cancelled (no credits used). Cancelled already: the same answer. Finished: 409. */
function cancel(_body: Record<string, never>, ctx: HandlerContext): Reply {
	const job = knownJob(ctx);
	const now = ctx.now.getTime();
	const state = ctx.jobs.stateAt(job, now);
	if (state === 'queued' || state === 'running') {
		job.cancelledAt = now;
		ctx.credits.refund(job.job_id);
	} else if (state !== 'cancelled') {
		throw generalError(409, `Job ${job.job_id} has ${state === 'expired' ? 'expired' : state} and cannot be cancelled`, ctx.correlationId);
	}
	return { body: { response_context: responseContextV2(ctx), job_id: job.job_id, status: 'cancelled' } };
}

/**
 * The handlers of the job flow, for the pull handlers given: each sync enrichment's `/job` serves
 * the data of that enrichment's handler.
 */
export function jobHandlersV2<P extends Partial<Record<EndpointName, Handler>>>(
	pull: P,
): Record<JobOperationName<Extract<keyof P, `enrich${string}`>> | JobControlName, Handler> {
	const handlers: Record<string, Handler> = { uploadEntityIdDataset: upload, jobStatus: status, jobCancel: cancel };
	for (const [name, handler] of Object.entries(pull) as Array<[EndpointName, Handler]>) {
		if (!isJobOperation(name) && Object.hasOwn(ENDPOINTS, jobOperationOf(name))) handlers[jobOperationOf(name)] = submit(name, handler);
	}
	return handlers as Record<JobOperationName<Extract<keyof P, `enrich${string}`>> | JobControlName, Handler>;
}

/**
 * GET <result link>: the CSV of a succeeded job, for a link that has not expired. No API key: the
 * link's token is the permission, as with a storage link. Undefined when the path is not a result
 * file's, so the API's routes answer it.
 */
export function resultFile(
	jobs: JobStore,
	method: string,
	path: string,
	query: Record<string, string> | undefined,
	now: number,
	correlationId: string,
): { status: number; headers: Record<string, string>; text: string } | undefined {
	if (!path.startsWith(RESULT_FILE_PREFIX)) return undefined;
	if (method !== 'GET') throw generalError(405, `Method ${method} is not allowed on ${path}`, correlationId);
	let jobId: string;
	try {
		jobId = decodeURIComponent(path.slice(RESULT_FILE_PREFIX.length).replace(/\.csv$/, ''));
	} catch {
		throw generalError(404, `Not found: ${path}`, correlationId);
	}
	const job = jobs.jobs.get(jobId);
	if (!job || !job.link || query?.token !== job.link.token) {
		throw generalError(403, 'The download link is not valid', correlationId);
	}
	const state = jobs.stateAt(job, now);
	if (state === 'expired') {
		throw generalError(404, `The result file of job ${job.job_id} was deleted at ${iso(jobs.finishesAt(job) + job.fileTtlMs)}`, correlationId);
	}
	if (job.link.expiresAt <= now) {
		throw generalError(403, `The download link expired at ${iso(job.link.expiresAt)}: get the job's status again for a new link`, correlationId);
	}
	return { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' }, text: job.result.csv };
}
