/**
 * runEnrichment when the run is refused for lack of time. Items of a job group and
 * of /enrich groups mixed, the /enrich part refused for lack of time under Continue On Fail: no
 * job is submitted, every job item gets the same refusal, the /enrich items theirs, in item order.
 * No other test reaches this path (making the refusal go unseen leaves every enrichment suite green).
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import type { ItemRequest } from '../../nodes/shared/batching/engine';
import { isRunRefusal } from '../../nodes/shared/batching/cost';
import { runEnrichment } from '../../nodes/shared/jobs';
import { type Sandbox, startSandbox } from '../sandbox';
import { jobContext } from './support/jobContext';

let sandbox: Sandbox;
beforeAll(async () => {
	sandbox = await startSandbox({ rateLimit: false });
});
afterAll(async () => await sandbox.close());

it('a refused /enrich part refuses the job part too, nothing sent, outcomes in item order', async () => {
	const ids = sandbox.universe.businesses.slice(0, 12).map((business) => business.business_id);
	const months = ['2025-01', '2025-02', '2025-03'];
	// items 0, 4 and 8 have parameters of their own (/enrich); the other 9 share theirs (a job at 9)
	const requests = ids.map(
		(id, itemIndex): ItemRequest<string> => ({
			itemIndex,
			entries: [id],
			shared: { parameters: { month_period: itemIndex % 4 === 0 ? months[itemIndex / 4] : '2025-04' } },
		}),
	);
	// 2 queries a minute and a workflow that times out in 30 s: the three /enrich queries cannot finish
	const base = jobContext(sandbox, { continueOnFail: true, maxRequestsPerMinute: 2 }).ctx as IExecuteFunctions;
	const ctx = Object.assign(Object.create(base) as IExecuteFunctions, { getWorkflowSettings: () => ({ executionTimeout: 30 }) });
	sandbox.clearRequests();
	const run = await runEnrichment(ctx, 'enrichBusinessWebsiteTraffic', requests, {
		version: 'v2',
		jobThreshold: 9,
		job: { firstPollMs: 1, maxPollMs: 5 },
	});
	expect(sandbox.requests).toEqual([]);
	expect(run.via).toBe('enrich');
	expect(run.outcomes.map((outcome) => outcome.itemIndex)).toEqual(ids.map((_, index) => index));
	const errors = run.outcomes.map((outcome) => (outcome.ok ? undefined : outcome.error));
	expect(errors.every((error) => isRunRefusal(error))).toBe(true);
	expect(new Set(errors).size).toBe(1);
});
