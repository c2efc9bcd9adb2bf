/**
 * `npm run benchmark:jobs` (jobsRun.ts): enrichment of 10,000 business ids on API v2 by Enrich 2 in
 * a real n8n (test/e2e/harness: the package installed from `npm pack`, `n8n start`, a Webhook
 * whose body carries the rows), once by the async job path (upload, submit, polls, download:
 * nodes/shared/jobs) and once by `/enrich` (200 calls of 50 ids), the same workflow with the Async
 * Job Threshold below or above the 10,000. Counts the requests the sandbox answered, reads n8n's
 * executionTime of the Enrich node and of the execution from the stored execution, and checks
 * that both paths give equal items. Writes its section of docs/benchmarks.md.
 *
 * The job's processing time is the sandbox's setting (stated in the section): the service
 * publishes none, so the job path's wall time here is the polling schedule around that setting.
 */
import os from 'node:os';

import type { IDataObject } from 'n8n-workflow';

import { DEFAULT_CONCURRENCY } from '../../nodes/shared/batching/engine';
import { JOB_DEFAULTS } from '../../nodes/shared/jobs';
import { LIMITS } from '../../nodes/shared/api';
import { FIRST_V2_NODE_VERSION } from '../../nodes/shared/transport/apiVersion';
import { N8N_VERSION } from '../e2e/harness/n8nInstall';
import { type Sandbox, startSandbox } from '../sandbox';
import { BenchN8n } from './n8nBench';
import { table } from './report';
import { enrichV2 } from './workflows';

export const JOBS_HEADING = '## Large enrichments on API v2: async job vs /enrich';

const IDS = 10_000;
const LATENCY_MS = 50;
/** the sandbox's processing time of a job of 10,000 ids ([I]: the service publishes none) */
const JOB_RUNNING_MS = 10_000;
const UNIVERSE = { businesses: 12_000, prospects: 100 };
/** the service's window: a run waits it out so that the next starts with the key's whole budget */
const WINDOW_MS = LIMITS.rateLimit.windowMs + 2_000;

export interface PathRun {
	path: 'job' | '/enrich';
	enrichments: number;
	requests: number;
	/** "upload 1, submit 1, status 4, download 1" or "/enrich 200" */
	breakdown: string;
	/** n8n's executionTime of the Enrich node */
	nodeMs: number;
	/** the execution's startedAt -> stoppedAt */
	executionMs: number;
	refused: number;
	outcomes: string;
	status: string;
	/** the machine's 1-minute load average at the run's end (2 cores: above 2, processes wait for a core) */
	load: number;
}

export interface JobsResult {
	latencyBound: PathRun[];
	underBudget: PathRun[];
	equal: boolean;
}

const ENRICHMENTS = ['firmographics', 'technographics'];

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

const workflowId = (path: PathRun['path'], enrichments: number) => `EnrichV2${path === 'job' ? 'Job' : 'Sync'}${enrichments}`;

/** The n8n and sandbox of one setting: latency-bound (no limit anywhere) or under the service's 200 a minute. */
async function setting(rateLimited: boolean, enrichments: string[], log: (message: string) => void) {
	const sandbox = await startSandbox({ ...UNIVERSE, latencyMs: LATENCY_MS, rateLimit: rateLimited ? LIMITS.rateLimit : false });
	sandbox.jobs.configure({ queuedMs: 0, runningMs: JOB_RUNNING_MS });
	const workflows = (['job', '/enrich'] as const).map((path) =>
		enrichV2(workflowId(path, enrichments.length), enrichments, path === 'job' ? 1 : IDS + 1),
	);
	log(`  starting n8n ${N8N_VERSION} with the packed package (${rateLimited ? 'paced as shipped, the sandbox at 200 a minute' : 'client-side pacing lifted, no rate limit'})`);
	try {
		const bench = await BenchN8n.create({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, workflows, liftClientRateLimit: !rateLimited, log: () => undefined });
		return { sandbox, bench };
	} catch (error) {
		await sandbox.close();
		throw error;
	}
}

async function runPath(sandbox: Sandbox, bench: BenchN8n, path: PathRun['path'], enrichments: number, rows: IDataObject[]) {
	sandbox.clearRequests();
	const run = await bench.run(workflowId(path, enrichments), rows);
	const items = run.status === 'success' ? run.output('Enrich').map((item) => item.json) : [];
	const found = items.filter((item) => item.enrichment_status === 'enriched').length;
	const result: PathRun = {
		path,
		enrichments,
		requests: sandbox.requests.length,
		breakdown: breakdown(sandbox.requests.map((request) => request.path)),
		nodeMs: run.nodes.Enrich?.executionTimeMs ?? 0,
		executionMs: run.executionMs,
		refused: sandbox.requests.filter((request) => request.status === 429).length,
		outcomes: `${found.toLocaleString('en-US')} of ${IDS.toLocaleString('en-US')} items enriched`,
		status: run.status === 'success' ? 'success' : `${run.status}: ${run.error ?? ''}`,
		load: os.loadavg()[0],
	};
	return { result, items };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export async function jobsBenchmark(log: (message: string) => void): Promise<JobsResult> {
	const show = (run: PathRun) =>
		log(
			`  ${run.path}, ${run.enrichments} enrichment(s): ${run.requests} requests (${run.breakdown}), Enrich ${(run.nodeMs / 1000).toFixed(1)} s, ` +
				`execution ${(run.executionMs / 1000).toFixed(1)} s, ${run.refused} x 429, ${run.outcomes}, ${run.status}, load ${run.load.toFixed(1)}`,
		);
	let equal = true;
	const measure = async (rateLimited: boolean, enrichments: string[]): Promise<PathRun[]> => {
		const { sandbox, bench } = await setting(rateLimited, enrichments, log);
		try {
			const rows = sandbox.universe.businesses.slice(0, IDS).map((business, row) => ({ business_id: business.business_id, row }));
			const job = await runPath(sandbox, bench, 'job', enrichments.length, rows);
			show(job.result);
			// under the limit, the job's requests leave the key's window before /enrich starts
			if (rateLimited) await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
			const sync = await runPath(sandbox, bench, '/enrich', enrichments.length, rows);
			show(sync.result);
			equal &&= job.items.length === IDS && same(job.items, sync.items);
			return [sync.result, job.result];
		} finally {
			await bench.dispose();
			await sandbox.close();
		}
	};
	log(`latency-bound: no rate limit, ${LATENCY_MS} ms a request, one enrichment`);
	const latencyBound = await measure(false, ENRICHMENTS.slice(0, 1));
	log(`under the service's ${LIMITS.rateLimit.queries} requests a minute: two enrichments of the same 10,000 ids`);
	const underBudget = await measure(true, ENRICHMENTS);
	return { latencyBound, underBudget, equal };
}

const row = (run: PathRun): string[] => [
	run.path === 'job' ? 'async job' : '`/enrich`, 50 ids a call',
	String(run.requests),
	run.breakdown,
	`${(run.nodeMs / 1000).toFixed(1)} s`,
	`${(run.executionMs / 1000).toFixed(1)} s`,
	`${Math.round((run.requests / LIMITS.rateLimit.queries) * 100)} %`,
	String(run.refused),
	run.load.toFixed(1),
];

export function jobsSection(result: JobsResult, date: string): string {
	const header = ['path', 'requests', 'of which', 'in the Enrich node', 'execution', 'share of a minute\'s budget', '429s', 'machine load'];
	const pollSchedule = `first wait ${JOB_DEFAULTS.firstPollMs / 1000} s, each later one half as long again, at most ${JOB_DEFAULTS.maxPollMs / 1000} s`;
	return [
		JOBS_HEADING,
		'',
		`Enrichment of ${IDS.toLocaleString('en-US')} business ids on API v2 (issue 21's acceptance) by Enrich ${FIRST_V2_NODE_VERSION.enrich} in a real n8n ${N8N_VERSION}`,
		'(the package installed from `npm pack`, `n8n start`, a Webhook whose body carries the rows, Split Out, Enrich). The same',
		`workflow twice: Async Job Threshold 1 (the job path) and ${(IDS + 1).toLocaleString('en-US')} (\`/enrich\`). Times are n8n's executionTime of`,
		'the Enrich node and the execution\'s start to stop, read from the stored execution; requests are what the sandbox answered.',
		`Written by \`npm run benchmark:jobs\` on ${date}, on a 2-core machine shared with other work (single runs; "machine load" is`,
		"the 1-minute load average at the run's end: above 2, processes wait for a core, and the wall times grow with it).",
		'',
		'Sandbox settings: a universe of 12,000 businesses (the 10,000 ids all exist), every answer after',
		`${LATENCY_MS} ms, a job queued 0 s and running ${JOB_RUNNING_MS / 1000} s whatever its size ([I]: the service publishes no processing`,
		"time, so this setting decides the job's wall time), the result link and file as the service keeps them. The node polls with",
		`the engine's defaults (${pollSchedule}); \`/enrich\` runs at the default Batch Concurrency (${DEFAULT_CONCURRENCY}).`,
		'',
		"**Latency-bound** (the sandbox enforces no rate limit, the credential's Max Requests per Minute lifts the package's pacing), one",
		'enrichment (firmographics):',
		'',
		table(header, result.latencyBound.map(row)),
		'',
		`**Under the service's ${LIMITS.rateLimit.queries} requests a minute** (the sandbox enforces it, the package paces itself as shipped), two`,
		'enrichments of the same ids (firmographics, then technographics, as Enrich runs one enrichment after another); the job run',
		"first, then a wait of the service's window, then `/enrich` with the key's whole budget:",
		'',
		table(header, result.underBudget.map(row)),
		'',
		`Both paths gave equal items, item for item: ${result.equal ? 'yes' : 'NO'}.`,
		'',
		'Reading: the job path sends a handful of requests whatever the number of ids (up to 10,000 a job), `/enrich` one per',
		"50 ids. Latency-bound, `/enrich` is faster: the job's wall time is its processing time (here the sandbox's setting), the",
		'submit (the sandbox computes the whole result then) and the overshoot of the polling schedule. Under the 200 a minute,',
		"400 `/enrich` calls take two minutes of the key's budget (the second 200 wait for the window, then go one at a time near",
		"its limit, the shared rate budget's rule), while the two jobs take a dozen requests and leave the budget to other workflows.",
		'',
	].join('\n');
}
