/**
 * `npm run benchmark:jobs` (jobsRun.ts): enrichment of 10,000 business ids on API v2 by the async job
 * path (upload, submit, polls, download: nodes/shared/jobs) against the sync path (200 `/enrich`
 * calls of 50 ids: runBatched), engine-level in this process over HTTP against the sandbox, the
 * same engine code a node runs. Counts the requests the sandbox answered and the wall time, and
 * checks that both paths give equal outcomes. Writes its section of docs/benchmarks.md.
 *
 * The job's processing time is the sandbox's setting (stated in the section): the service
 * publishes none, so the job path's wall time here is the polling schedule around that setting.
 */

import { DEFAULT_CONCURRENCY, type ItemOutcome, type ItemRequest, runBatched } from '../../nodes/shared/batching/engine';
import { JOB_DEFAULTS, runEnrichmentJob } from '../../nodes/shared/jobs';
import { LIMITS } from '../../nodes/shared/limits';
import type { OperationName } from '../../nodes/shared/transport/apiClient';
import { startSandbox } from '../sandbox';
import { jobContext } from '../unit/support/jobContext';
import { table } from './report';

export const JOBS_HEADING = '## Large enrichments on API v2: async job vs /enrich';

const IDS = 10_000;
const LATENCY_MS = 50;
/** the sandbox's processing time of a job of 10,000 ids ([I]: the service publishes none) */
const JOB_RUNNING_MS = 10_000;
const UNIVERSE = { businesses: 12_000, prospects: 100 };

export interface PathRun {
	path: 'job' | '/enrich';
	enrichments: number;
	requests: number;
	/** "upload 1, submit 1, status 4, download 1" or "/enrich 200" */
	breakdown: string;
	wallMs: number;
	refused: number;
	outcomes: string;
}

export interface JobsResult {
	latencyBound: PathRun[];
	underBudget: PathRun[];
	equal: boolean;
}

const ENRICHMENTS: OperationName[] = ['enrichBusinessFirmographics', 'enrichBusinessTechnographics'];

function breakdown(paths: string[]): string {
	const kinds = new Map<string, number>();
	for (const path of paths) {
		const kind = path.startsWith('/files/')
			? 'download'
			: path.includes('/entity-id-datasets/')
				? 'upload'
				: path.startsWith('/v2/jobs/status/')
					? 'status'
					: path.endsWith('/job')
						? 'submit'
						: '/enrich';
		kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
	}
	return [...kinds].map(([kind, count]) => `${kind} ${count}`).join(', ');
}

/** One run of `enrichments` over 10,000 ids on one path, in a sandbox of its own (its own key budget). */
async function runPath(path: PathRun['path'], enrichments: OperationName[], rateLimited: boolean): Promise<{ run: PathRun; outcomes: Array<Array<ItemOutcome<string>>> }> {
	const sandbox = await startSandbox({ ...UNIVERSE, latencyMs: LATENCY_MS, rateLimit: rateLimited ? LIMITS.rateLimit : false });
	sandbox.jobs.configure({ queuedMs: 0, runningMs: JOB_RUNNING_MS });
	try {
		const ids = sandbox.universe.businesses.slice(0, IDS).map((business) => business.business_id);
		const requests: Array<ItemRequest<string>> = ids.map((id, itemIndex) => ({ itemIndex, entries: [id] }));
		const { ctx } = jobContext(sandbox, rateLimited ? { maxRequestsPerMinute: LIMITS.rateLimit.requests } : {});
		const outcomes: Array<Array<ItemOutcome<string>>> = [];
		const started = performance.now();
		for (const operation of enrichments) {
			outcomes.push(
				path === 'job'
					? (await runEnrichmentJob(ctx, { operation, requests }, { version: 'v2' })).outcomes
					: await runBatched(ctx, operation, requests, { version: 'v2' }),
			);
		}
		const wallMs = performance.now() - started;
		const found = outcomes.flat().filter((outcome) => outcome.ok && outcome.results[0].matches.length > 0).length;
		return {
			outcomes,
			run: {
				path,
				enrichments: enrichments.length,
				requests: sandbox.requests.length,
				breakdown: breakdown(sandbox.requests.map((request) => request.path)),
				wallMs,
				refused: sandbox.requests.filter((request) => request.status === 429).length,
				outcomes: `${found.toLocaleString('en-US')} of ${(IDS * enrichments.length).toLocaleString('en-US')} with data`,
			},
		};
	} finally {
		await sandbox.close();
	}
}

const sameOutcomes = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export async function jobsBenchmark(log: (message: string) => void): Promise<JobsResult> {
	const latencyBound: PathRun[] = [];
	const underBudget: PathRun[] = [];
	let equal = true;
	const show = (run: PathRun) =>
		log(`  ${run.path}, ${run.enrichments} enrichment(s): ${run.requests} requests (${run.breakdown}), ${(run.wallMs / 1000).toFixed(1)} s, ${run.refused} x 429`);
	log('latency-bound: no rate limit, 50 ms a request');
	const sync = await runPath('/enrich', ENRICHMENTS.slice(0, 1), false);
	show(sync.run);
	const job = await runPath('job', ENRICHMENTS.slice(0, 1), false);
	show(job.run);
	latencyBound.push(sync.run, job.run);
	equal &&= sameOutcomes(sync.outcomes, job.outcomes);
	log('under the service\'s 200 requests a minute: two enrichments of the same 10,000 ids');
	const syncBudget = await runPath('/enrich', ENRICHMENTS, true);
	show(syncBudget.run);
	const jobBudget = await runPath('job', ENRICHMENTS, true);
	show(jobBudget.run);
	underBudget.push(syncBudget.run, jobBudget.run);
	equal &&= sameOutcomes(syncBudget.outcomes, jobBudget.outcomes);
	return { latencyBound, underBudget, equal };
}

const row = (run: PathRun): string[] => [
	run.path === 'job' ? 'async job' : '`/enrich`, 50 ids a call',
	String(run.requests),
	run.breakdown,
	`${(run.wallMs / 1000).toFixed(1)} s`,
	`${Math.round((run.requests / LIMITS.rateLimit.requests) * 100)} %`,
	String(run.refused),
];

export function jobsSection(result: JobsResult, date: string): string {
	const header = ['path', 'requests', 'of which', 'wall time', 'share of a minute\'s budget', '429s'];
	const pollSchedule = `first wait ${JOB_DEFAULTS.firstPollMs / 1000} s, each later one half as long again, at most ${JOB_DEFAULTS.maxPollMs / 1000} s`;
	return [
		JOBS_HEADING,
		'',
		`Enrichment of ${IDS.toLocaleString('en-US')} business ids on API v2 (issue 21's acceptance), engine-level: the engine code a node`,
		'runs (`runEnrichmentJob` and `runBatched`), in one process, over HTTP against the sandbox. Written by',
		`\`npm run benchmark:jobs\` on ${date}, on a shared 2-core machine (wall times are single runs).`,
		'',
		'Sandbox settings: a universe of 12,000 businesses (the 10,000 ids all exist), every answer after',
		`${LATENCY_MS} ms, a job queued 0 s and running ${JOB_RUNNING_MS / 1000} s whatever its size ([I]: the service publishes no processing`,
		`time, so this setting decides the job's wall time), the result link and file as the service keeps them. The engine polls with`,
		`its defaults (${pollSchedule}); \`/enrich\` runs at the default Batch Concurrency (${DEFAULT_CONCURRENCY}).`,
		'',
		'**Latency-bound** (no rate limit: the sandbox does not enforce one, the credential allows any rate), one enrichment (firmographics):',
		'',
		table(header, result.latencyBound.map(row)),
		'',
		`**Under the service's ${LIMITS.rateLimit.requests} requests a minute** (the sandbox enforces it, the package paces itself as shipped), two`,
		'enrichments of the same ids (firmographics, then technographics, as Enrich runs one enrichment after another):',
		'',
		table(header, result.underBudget.map(row)),
		'',
		`Both paths gave equal outcomes item for item: ${result.equal ? 'yes' : 'NO'}.`,
		'',
		'Reading: the job path sends a handful of requests whatever the number of ids (up to 10,000 a job), `/enrich` one per',
		"50 ids. Latency-bound, `/enrich` is faster: the job's wall time is its processing time (here the sandbox's setting), the",
		'submit (the sandbox computes the whole result then) and the overshoot of the polling schedule. Under the 200 a minute,',
		"400 `/enrich` calls take two minutes of the key's budget (the second 200 wait for the window, then go one at a time near",
		"its limit, the shared rate budget's rule), while the two jobs take 12 requests and leave the budget to other workflows.",
		'',
	].join('\n');
}
