/**
 * What Enrich says about its async jobs: the progress message (the enrichment's name, the job's
 * position when an enrichment runs several) and the batch limit its texts take from the catalog.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { reportJobProgress } from '../../nodes/Enrich/helpers/asyncJobs';
import type { JobProgress } from '../../nodes/shared/jobs';
import { withLimits } from './enrichJobTexts.cases';

describe('the progress message of a job', () => {
	const messagesOf = (progress: JobProgress[]) => {
		const sent: string[] = [];
		const logged: string[] = [];
		const ctx = { sendMessageToUI: (message: string) => sent.push(message), logger: { info: (message: string) => logged.push(message) } };
		const report = reportJobProgress(ctx as unknown as IExecuteFunctions);
		for (const entry of progress) report(entry);
		expect(logged).toEqual(sent);
		return sent;
	};
	const progress = (job: number, jobs: number, polls: number): JobProgress => ({
		jobId: `job-${job}`,
		enrichment: 'Company Profile',
		status: 'running',
		polls,
		elapsedMs: 0,
		ids: 10,
		job,
		jobs,
	});

	it("names the enrichment, and the job's position when there are several", () => {
		expect(messagesOf([progress(1, 1, 1), progress(1, 2, 3), progress(2, 2, 1)])).toEqual([
			'Enrichment job job-1 (Company Profile): running (1 poll)',
			'Enrichment job job-1 (Company Profile, 1 of 2): running (3 polls)',
			'Enrichment job job-2 (Company Profile, 2 of 2): running (1 poll)',
		]);
	});
});

describe('the batch limit in the texts comes from the catalog, per enrichment', () => {
	it('gives the model of Search Businesses 2 the event window of the limits', () => {
		const { tool } = withLimits(50);
		expect(tool.FILTERS_FOR_MODEL).toContain('"last_occurrence": days from 1 to 60}');
	});
});
