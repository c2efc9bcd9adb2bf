/**
 * The async job flow through the engine, over HTTP against the sandbox: the same output as the
 * sync `/enrich` path item for item, the exact requests (upload, submit, N polls, download),
 * cancel on stop, and the errors of a failed, expired, timed-out or foreign-cancelled job.
 */
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { type ItemRequest, runBatched } from '../../nodes/shared/batching/engine';
import { linkProblem } from '../../nodes/shared/jobs/download';
import { readResultRows } from '../../nodes/shared/jobs/resultRows';
import { runEnrichment, runEnrichmentJob, type JobOptions, type JobProgress } from '../../nodes/shared/jobs';
import type { OperationName } from '../../nodes/shared/transport/apiClient';
import { type Sandbox, startSandbox } from '../sandbox';
import { jobContext } from './support/jobContext';

const T0 = Date.parse('2025-06-01T12:00:00.000Z');
const DAY = 24 * 3_600_000;
let clock = T0;
let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ now: () => new Date(clock), rateLimit: false });
});
afterAll(async () => await sandbox.close());
beforeEach(() => {
	clock = T0;
	// queued until T0 + 1 s, running until T0 + 3 s: with the clock a second on per poll, 4 polls
	sandbox.jobs.configure({ queuedMs: 1_000, runningMs: 2_000, failWith: undefined });
	sandbox.configure({ faults: {} });
	sandbox.clearRequests();
});

/** Fast polls; the sandbox clock a second on after each poll (or as `step` says). */
function polling(step: (progress: JobProgress) => void = () => (clock += 1_000)): Omit<JobOptions, 'version'> & { seen: JobProgress[] } {
	const seen: JobProgress[] = [];
	return {
		seen,
		firstPollMs: 1,
		maxPollMs: 5,
		onProgress: (progress) => {
			seen.push(progress);
			step(progress);
		},
	};
}

const businessIds = (count: number, from = 0) => sandbox.universe.businesses.slice(from, from + count).map((business) => business.business_id);
const prospectIds = (count: number) => sandbox.universe.prospects.slice(0, count).map((prospect) => prospect.prospect_id);
const NOBODY = 'f'.repeat(32);

/** Items as the Enrich node builds them: one id each, some ids asked by two items, one of nobody, one padded. */
function itemsFor(ids: string[], shared?: IDataObject): Array<ItemRequest<string>> {
	const list = [...ids, ids[0], ` ${ids[1]} `, NOBODY];
	return list.map((id, itemIndex) => ({ itemIndex, entries: [id], ...(shared && { shared }) }));
}

/** What the sandbox saw, as "METHOD path". */
/** The error a run ends with (the test fails if it succeeds). */
async function failureOf(run: Promise<unknown>): Promise<Error & { description?: string }> {
	return (await run.then(
		() => {
			throw new Error('the run succeeded');
		},
		(caught: unknown) => caught,
	)) as Error & { description?: string };
}

const lines = () => sandbox.requests.map((request) => `${request.method} ${request.path}`);

async function bothPaths(operation: OperationName, requests: Array<ItemRequest<string>>) {
	const sync = await runBatched(jobContext(sandbox).ctx, operation, requests, { version: 'v2' });
	sandbox.clearRequests();
	const options = polling();
	const job = await runEnrichmentJob(jobContext(sandbox).ctx, { operation, requests }, { version: 'v2', ...options });
	return { sync, job, polls: options.seen };
}

describe('the job path gives the sync /enrich output, item for item', () => {
	it('for an enrichment of one record per id (firmographics), with the exact requests', async () => {
		const ids = businessIds(120);
		const { sync, job, polls } = await bothPaths('enrichBusinessFirmographics', itemsFor(ids));
		expect(job.outcomes).toEqual(sync);
		expect(job.outcomes.filter((outcome) => outcome.ok && outcome.results[0].matches.length === 1)).toHaveLength(122);
		const jobId = job.jobs[0].job_id;
		expect(lines()).toEqual([
			'POST /v2/async/entity-id-datasets/upload',
			'POST /v2/businesses/firmographics/job',
			...Array(4).fill(`GET /v2/jobs/status/${jobId}`),
			`GET /files/job-results/${jobId}.csv`,
		]);
		expect(polls.map((progress) => [progress.status, progress.polls, progress.job, progress.jobs, progress.ids])).toEqual([
			['queued', 1, 1, 1, 121],
			['running', 2, 1, 1, 121],
			['running', 3, 1, 1, 121],
			['succeeded', 4, 1, 1, 121],
		]);
		expect(job.creditUsage).toEqual({ total_credits: 120, total_results: 120 });
		expect(job.jobs).toEqual([
			{ job_id: jobId, list_id: expect.any(String), status: 'succeeded', ids: 121, polls: 4, credit_usage: { total_credits: 120, total_results: 120 } },
		]);
		// each id once, trimmed, in first-asked order; the submit body is the list_id alone
		const [upload, submit] = sandbox.requests;
		const file = /filename="ids\.csv"\r\nContent-Type: text\/csv\r\n\r\n([\s\S]*?)\r\n--/.exec(upload.body as string)?.[1];
		expect(file).toBe(['business_id', ...ids, NOBODY].join('\r\n') + '\r\n');
		expect(upload.body).toContain('name="entity_type"\r\n\r\nbusiness\r\n');
		expect(submit.body).toEqual({ list_id: job.jobs[0].list_id });
	});

	it('for enrichments of several records per id (lookalikes, prospect posts)', async () => {
		const lookalikes = await bothPaths('enrichBusinessLookalikes', itemsFor(businessIds(60)));
		expect(lookalikes.job.outcomes).toEqual(lookalikes.sync);
		const rows = lookalikes.job.outcomes.flatMap((outcome) => (outcome.ok ? outcome.results[0].matches : []));
		expect(rows.length).toBeGreaterThan(62);
		const posts = await bothPaths('enrichProspectPosts', itemsFor(prospectIds(60)));
		expect(posts.job.outcomes).toEqual(posts.sync);
	});

	it('with v1\'s names on both paths (contact information: professions_email, no emails)', async () => {
		const { sync, job } = await bothPaths('enrichProspectContacts', itemsFor(prospectIds(80)));
		expect(job.outcomes).toEqual(sync);
		const records = job.outcomes.flatMap((outcome) => (outcome.ok ? outcome.results[0].matches.map((row) => row.data as IDataObject) : []));
		expect(records.some((record) => 'professions_email' in record)).toBe(true);
		expect(records.filter((record) => 'professional_email' in record || 'emails' in record)).toEqual([]);
	});

	it('with the parameters items share: one job per parameters object', async () => {
		const ids = businessIds(10);
		const requests = [
			...itemsFor(ids.slice(0, 5), { parameters: { month_period: '2025-04' } }),
			...itemsFor(ids.slice(5), { parameters: { month_period: '2025-03' } }).map((request) => ({ ...request, itemIndex: request.itemIndex + 8 })),
		];
		const { sync, job } = await bothPaths('enrichBusinessWebsiteTraffic', requests);
		expect(job.outcomes).toEqual(sync);
		expect(sandbox.requests.filter((request) => request.path.endsWith('/job')).map((request) => request.body)).toEqual([
			{ parameters: { month_period: '2025-04' }, list_id: job.jobs[0].list_id },
			{ parameters: { month_period: '2025-03' }, list_id: job.jobs[1].list_id },
		]);
	});

	it('in jobs of at most 10,000 ids: 10,050 ids are two jobs, each upload, submit, polls and download', async () => {
		const ids = Array.from({ length: 10_050 }, (_, i) => (i < 5_000 ? sandbox.universe.businesses[i].business_id : i.toString(16).padStart(32, 'e')));
		const requests = ids.map((id, itemIndex) => ({ itemIndex, entries: [id] }));
		const options = polling();
		const { ctx } = jobContext(sandbox);
		const job = await runEnrichmentJob(ctx, { operation: 'enrichBusinessFirmographics', requests }, { version: 'v2', ...options });
		expect(job.jobs.map((summary) => [summary.ids, summary.polls, summary.status])).toEqual([
			[10_000, 4, 'succeeded'],
			[50, 4, 'succeeded'],
		]);
		expect(lines().filter((line) => !line.startsWith('GET /v2/jobs/status/'))).toEqual([
			'POST /v2/async/entity-id-datasets/upload',
			'POST /v2/businesses/firmographics/job',
			`GET /files/job-results/${job.jobs[0].job_id}.csv`,
			'POST /v2/async/entity-id-datasets/upload',
			'POST /v2/businesses/firmographics/job',
			`GET /files/job-results/${job.jobs[1].job_id}.csv`,
		]);
		expect(sandbox.requests).toHaveLength(14);
		expect(job.outcomes.filter((outcome) => outcome.ok && outcome.results[0].matches.length === 1)).toHaveLength(5_000);
		expect(job.creditUsage).toEqual({ total_credits: 5_000, total_results: 5_000 });
	});
});

describe('the key and the link', () => {
	it('sends the API key to the API only: never to the result link, never in the output', async () => {
		const { ctx, sent } = jobContext(sandbox);
		const run = await runEnrichmentJob(ctx, { operation: 'enrichBusinessFirmographics', requests: itemsFor(businessIds(5)) }, { version: 'v2', ...polling() });
		expect(sent.map((request) => [request.method, new URL(request.url).pathname.split('/')[1], request.authenticated])).toEqual([
			['POST', 'v2', true],
			['POST', 'v2', true],
			...Array(4).fill(['GET', 'v2', true]),
			['GET', 'files', false],
		]);
		expect(sandbox.requests[6].headers.api_key).toBeUndefined();
		expect(JSON.stringify(run)).not.toContain(sandbox.apiKey);
	});

	it('polls again for a fresh link when the link expired before the download', async () => {
		const options = polling((progress) => {
			clock += progress.status === 'succeeded' && progress.polls === 4 ? 2 * 3_600_000 : 1_000;
		});
		const { ctx } = jobContext(sandbox);
		const run = await runEnrichmentJob(ctx, { operation: 'enrichBusinessFirmographics', requests: itemsFor(businessIds(3)) }, { version: 'v2', ...options });
		const jobId = run.jobs[0].job_id;
		expect(lines().slice(2)).toEqual([
			...Array(4).fill(`GET /v2/jobs/status/${jobId}`),
			`GET /files/job-results/${jobId}.csv`,
			`GET /v2/jobs/status/${jobId}`,
			`GET /files/job-results/${jobId}.csv`,
		]);
		expect(sandbox.requests.map((request) => request.status).slice(-3)).toEqual([403, 200, 200]);
		expect(run.jobs[0].polls).toBe(5);
	});
});

describe('the result link', () => {
	it('is fetched over https, or plain http to this machine only, never with a user name', () => {
		expect(
			['https://files.example/r.csv?token=x', 'http://127.0.0.1:9/r.csv', 'http://files.example/r.csv?token=secret', 'https://u:p@files.example/r.csv', 'nope', undefined].map(
				linkProblem,
			),
		).toEqual([
			undefined,
			undefined,
			'the result link http://files.example/r.csv is not https',
			'the result link carries a user name or password',
			'the service gave a result link that is not a URL',
			'the service gave no result link',
		]);
	});

	it('is downloaded again after a 5xx', async () => {
		const options = polling((progress) => {
			clock += 1_000;
			if (progress.status === 'succeeded') sandbox.configure({ faults: { sequence: ['503'] } });
		});
		const run = await runEnrichmentJob(jobContext(sandbox).ctx, { operation: 'enrichBusinessFirmographics', requests: itemsFor(businessIds(3)) }, { version: 'v2', ...options });
		expect(sandbox.requests.slice(-2).map((request) => [request.path.split('/')[1], request.status])).toEqual([
			['files', 503],
			['files', 200],
		]);
		expect(run.creditUsage).toEqual({ total_credits: 3, total_results: 3 });
	});
});

describe('a stop, a failure, an expiry, a timeout', () => {
	it('cancels the job at the service when the execution is stopped, though n8n aborts the run\'s requests', async () => {
		const { ctx, stop } = jobContext(sandbox);
		const options = polling((progress) => {
			clock += 1_000;
			if (progress.polls === 2) stop();
		});
		const error = await failureOf(runEnrichmentJob(ctx, { operation: 'enrichBusinessFirmographics', requests: itemsFor(businessIds(4)) }, { version: 'v2', ...options }));
		const jobId = [...sandbox.jobs.jobs.values()].at(-1)!.job_id;
		expect([error.message, error.description]).toEqual([
			'The execution was cancelled',
			`The enrichment job ${jobId} (enrichBusinessFirmographics, 5 ids) was cancelled at the service, so it bills nothing.`,
		]);
		expect(lines()).toEqual([
			'POST /v2/async/entity-id-datasets/upload',
			'POST /v2/businesses/firmographics/job',
			`GET /v2/jobs/status/${jobId}`,
			`GET /v2/jobs/status/${jobId}`,
			`POST /v2/jobs/cancel/${jobId}`,
		]);
		expect(sandbox.jobs.jobs.get(jobId)?.cancelledAt).toBe(T0 + 2_000);
	});

	it('names a failed job, its reason and what to do; under Continue on Fail the job\'s items fail instead of the run', async () => {
		sandbox.jobs.configure({ failWith: 'The enrichment backend is unavailable' });
		const requests = itemsFor(businessIds(2));
		const error = await failureOf(runEnrichmentJob(jobContext(sandbox).ctx, { operation: 'enrichBusinessFirmographics', requests }, { version: 'v2', ...polling() }));
		const jobId = [...sandbox.jobs.jobs.values()].at(-1)!.job_id;
		expect([error.message, error.description]).toEqual([
			`The enrichment job ${jobId} (enrichBusinessFirmographics, 3 ids) failed: The enrichment backend is unavailable`,
			"Run the node again to submit a new job. If it fails again, give the service's support the job id.",
		]);
		const run = await runEnrichmentJob(jobContext(sandbox, { continueOnFail: true }).ctx, { operation: 'enrichBusinessFirmographics', requests }, { version: 'v2', ...polling() });
		expect(run.outcomes.map((outcome) => (outcome.ok ? 'ok' : outcome.error.message.replace(/job \S+/, 'job <id>')))).toEqual(
			Array(5).fill('The enrichment job <id> (enrichBusinessFirmographics, 3 ids) failed: The enrichment backend is unavailable'),
		);
		expect(run.creditUsage).toEqual({ total_credits: 0, total_results: 0 });
	});

	it('names an expired job and a job cancelled by someone else', async () => {
		const expiring = polling((progress) => {
			clock += progress.polls === 2 ? 8 * DAY : 1_000;
		});
		const expired = await failureOf(runEnrichmentJob(jobContext(sandbox).ctx, { operation: 'enrichBusinessFirmographics', requests: itemsFor(businessIds(2)) }, { version: 'v2', ...expiring }));
		const first = [...sandbox.jobs.jobs.values()].at(-1)!.job_id;
		expect([expired.message, expired.description]).toEqual([
			`The enrichment job ${first} (enrichBusinessFirmographics, 3 ids) expired before its results were downloaded`,
			"The service keeps a job's results for 7 days. Run the node again to submit a new job.",
		]);
		clock = T0;
		const foreign = polling((progress) => {
			clock += 1_000;
			const job = sandbox.jobs.jobs.get(progress.jobId)!;
			if (progress.polls === 1) job.cancelledAt = clock;
		});
		const cancelled = await failureOf(runEnrichmentJob(jobContext(sandbox).ctx, { operation: 'enrichBusinessFirmographics', requests: itemsFor(businessIds(2)) }, { version: 'v2', ...foreign }));
		const second = [...sandbox.jobs.jobs.values()].at(-1)!.job_id;
		expect(cancelled.message).toBe(`The enrichment job ${second} (enrichBusinessFirmographics, 3 ids) was cancelled at the service before it finished`);
	});

	it('cancels a job whose status can no longer be read, and says so in the error', async () => {
		const options = polling((progress) => {
			clock += 1_000;
			// the next request (the second poll) is refused; the cancel after it goes through
			if (progress.polls === 1) sandbox.configure({ faults: { sequence: ['403'] } });
		});
		const error = await failureOf(runEnrichmentJob(jobContext(sandbox).ctx, { operation: 'enrichBusinessFirmographics', requests: itemsFor(businessIds(2)) }, { version: 'v2', ...options }));
		const jobId = [...sandbox.jobs.jobs.values()].at(-1)!.job_id;
		expect(error.message).toBe('The service refused the request (forbidden) (403): Forbidden: this enrichment is not part of your plan (simulated)');
		expect(error.description).toMatch(new RegExp(`^Correlation id: [0-9a-f-]{36}\\. The enrichment job ${jobId} was cancelled at the service, so it bills nothing\\.$`));
		expect(lines().slice(-3)).toEqual([`GET /v2/jobs/status/${jobId}`, `GET /v2/jobs/status/${jobId}`, `POST /v2/jobs/cancel/${jobId}`]);
		expect(sandbox.jobs.jobs.get(jobId)?.cancelledAt).toBe(T0 + 1_000);
	});

	it('cancels a job that outlives the deadline, after a last poll at the deadline', async () => {
		sandbox.jobs.configure({ queuedMs: 0, runningMs: DAY });
		const error = await failureOf(runEnrichmentJob(
			jobContext(sandbox).ctx,
			{ operation: 'enrichBusinessFirmographics', requests: itemsFor(businessIds(2)) },
			{ version: 'v2', firstPollMs: 10, maxPollMs: 10, timeoutMs: 200 },
		));
		const job = [...sandbox.jobs.jobs.values()].at(-1)!;
		expect([error.message, error.description]).toEqual([
			`The enrichment job ${job.job_id} (enrichBusinessFirmographics, 3 ids) did not finish within 1 s (last status "running")`,
			'It was cancelled at the service, so it bills nothing. Run the node again to submit a new job. Allow it more time, or enrich fewer ids per run.',
		]);
		expect(lines().at(-1)).toBe(`POST /v2/jobs/cancel/${job.job_id}`);
		expect(job.cancelledAt).toBe(T0);
	});
});

describe('a result file that holds nothing', () => {
	it('is refused when the job reported results: never read as "no match" for every id', async () => {
		const { ctx } = jobContext(sandbox);
		// a proxy or storage host answering the download with an empty 200
		const download = ctx.helpers.httpRequest;
		Object.assign(ctx.helpers, {
			httpRequest: async (request: IHttpRequestOptions) => ({ ...(await download(request)), body: '' }),
		});
		const error = await failureOf(runEnrichmentJob(ctx, { operation: 'enrichBusinessFirmographics', requests: itemsFor(businessIds(3)) }, { version: 'v2', ...polling() }));
		const jobId = [...sandbox.jobs.jobs.values()].at(-1)!.job_id;
		expect(error.message).toBe(
			`The results of the enrichment job ${jobId} (enrichBusinessFirmographics, 4 ids) could not be read: the file holds no rows, but the job reported 3 results`,
		);
	});

	it('still counts the credits the job billed (under Continue on Fail, its items fail)', async () => {
		const { ctx } = jobContext(sandbox, { continueOnFail: true });
		const download = ctx.helpers.httpRequest;
		Object.assign(ctx.helpers, {
			httpRequest: async (request: IHttpRequestOptions) => ({ ...(await download(request)), body: 'not_the_id\r\nx\r\n' }),
		});
		const run = await runEnrichmentJob(ctx, { operation: 'enrichBusinessFirmographics', requests: itemsFor(businessIds(3)) }, { version: 'v2', ...polling() });
		expect(run.outcomes.map((outcome) => outcome.ok)).toEqual(Array(6).fill(false));
		expect(run.jobs.map((job) => job.status)).toEqual(['succeeded']);
		expect(run.creditUsage).toEqual({ total_credits: 3, total_results: 3 });
	});
});

describe('choosing the path', () => {
	it('decides per group of equal parameters: a large group is a job, small groups go to /enrich, outcomes in item order', async () => {
		const ids = businessIds(12);
		const months = ['2025-01', '2025-02', '2025-03'];
		// items 0, 4 and 8 each have parameters of their own; the other 9 share theirs
		const requests = ids.map((id, itemIndex): ItemRequest<string> => ({
			itemIndex,
			entries: [id],
			shared: { parameters: { month_period: itemIndex % 4 === 0 ? months[itemIndex / 4] : '2025-04' } },
		}));
		const sync = await runBatched(jobContext(sandbox).ctx, 'enrichBusinessWebsiteTraffic', requests, { version: 'v2' });
		const byPath = async (jobThreshold: number) => {
			sandbox.clearRequests();
			const run = await runEnrichment(jobContext(sandbox).ctx, 'enrichBusinessWebsiteTraffic', requests, { version: 'v2', jobThreshold, job: polling() });
			return { run, lines: lines().map((line) => line.replace(/[0-9a-f-]{36}/, '<id>')) };
		};
		// 12 unique ids, but no group of 10: all through /enrich, one request per group
		const spread = await byPath(10);
		expect(spread.run.via).toBe('enrich');
		expect(spread.lines).toEqual(Array(4).fill('POST /v2/businesses/website_traffic/enrich'));
		// the group of 9 is a job; the three one-id groups are three /enrich requests, not three jobs
		const mixed = await byPath(9);
		expect(mixed.run.via).toBe('job');
		expect(mixed.lines).toEqual([
			...Array(3).fill('POST /v2/businesses/website_traffic/enrich'),
			'POST /v2/async/entity-id-datasets/upload',
			'POST /v2/businesses/website_traffic/job',
			...Array(4).fill('GET /v2/jobs/status/<id>'),
			'GET /files/job-results/<id>.csv',
		]);
		expect(sandbox.requests.filter((request) => request.path.endsWith('/job')).map((request) => request.body)).toEqual([
			{ parameters: { month_period: '2025-04' }, list_id: expect.any(String) },
		]);
		expect(mixed.run.outcomes).toEqual(sync);
		expect(mixed.run.outcomes.map((outcome) => outcome.itemIndex)).toEqual(ids.map((_, index) => index));
	});
});

describe('reading a result file', () => {
	it('refuses a file whose first column is not the id, or whose rows do not match the header', () => {
		expect(readResultRows('prospect_id,name\r\nx,y\r\n', 'business_id')).toEqual({ problem: 'its first column is "prospect_id", not "business_id"' });
		expect(readResultRows('business_id,name\r\nx,y,z\r\n', 'business_id')).toEqual({ problem: 'row 2 has 3 fields where the header has 2' });
		expect(readResultRows('business_id\r\n"x', 'business_id')).toEqual({ problem: 'it is not valid CSV: a quoted field opened on line 2 is never closed' });
		expect(readResultRows('', 'business_id')).toEqual({ rows: new Map() });
		// without a record shape every column is text; an empty cell is a null field
		expect(readResultRows('business_id,name,__proto__\r\nx,"a,b",1\r\n\r\nx,,\r\n', 'business_id')).toEqual({
			rows: new Map([
				[
					'x',
					[
						{ business_id: 'x', data: Object.fromEntries([['name', 'a,b'], ['__proto__', '1']]) },
						{ business_id: 'x', data: Object.fromEntries([['name', null], ['__proto__', null]]) },
					],
				],
			]),
		});
		expect(readResultRows('business_id,__proto__\r\nx,1\r\n', 'business_id', Object.fromEntries([['__proto__', 'integer']]))).toEqual({
			rows: new Map([['x', [{ business_id: 'x', data: Object.fromEntries([['__proto__', 1]]) }]]]),
		});
	});
});
