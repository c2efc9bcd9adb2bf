/**
 * API v1's cases of enrichmentJob.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * The async job flow through the engine, over HTTP against the sandbox: the same output as the
 * sync `/enrich` path item for item, the exact requests (upload, submit, N polls, download),
 * cancel on stop, and the errors of a failed, expired, timed-out or foreign-cancelled job.
 */
import type { IDataObject } from 'n8n-workflow';

import { type ItemRequest } from '../../nodes/shared/batching/engine';
import { runEnrichment, runEnrichmentJob, type JobOptions, type JobProgress } from '../../nodes/shared/jobs';
import { type Sandbox, startSandbox } from '../sandbox';
import { jobContext } from './support/jobContext';

const T0 = Date.parse('2025-06-01T12:00:00.000Z');
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

describe('choosing the path', () => {
	it('runs a job on v2 from the threshold on, /enrich below it and always on v1, with the same outcomes', async () => {
		const requests = itemsFor(businessIds(9));
		const byPath = async (version: 'v1' | 'v2', jobThreshold: number | undefined) => {
			sandbox.clearRequests();
			const run = await runEnrichment(jobContext(sandbox).ctx, 'enrichBusinessFirmographics', requests, { version, jobThreshold, job: polling() });
			return { run, paths: [...new Set(sandbox.requests.map((request) => request.path.replace(/[0-9a-f-]{36}/, '<id>')))] };
		};
		const below = await byPath('v2', 11);
		const at = await byPath('v2', 10);
		const v1 = await byPath('v1', 10);
		expect([below.run.via, at.run.via, v1.run.via]).toEqual(['enrich', 'job', 'enrich']);
		expect(below.paths).toEqual(['/v2/businesses/firmographics/enrich']);
		expect(at.paths).toEqual([
			'/v2/async/entity-id-datasets/upload',
			'/v2/businesses/firmographics/job',
			'/v2/jobs/status/<id>',
			'/files/job-results/<id>.csv',
		]);
		expect(v1.paths).toEqual(['/v1/businesses/firmographics/bulk_enrich']);
		expect(at.run.outcomes).toEqual(below.run.outcomes);
	});

	it('refuses the job flow on v1, sending nothing', async () => {
		const error = await failureOf(runEnrichmentJob(jobContext(sandbox).ctx, { operation: 'enrichBusinessFirmographics', requests: itemsFor(businessIds(2)) }, { version: 'v1' }));
		expect(error.message).toBe('The operation enrichBusinessFirmographicsJob is not available on API v1');
		expect(sandbox.requests).toEqual([]);
	});
});
