/**
 * The service meters queries (rate-limits.md): a run that cannot finish within the workflow's
 * timeout (counting the time the execution already spent) is refused before anything is sent,
 * naming both figures; Enrich of two enrichments tells the cost of both once before and once after,
 * its batches capped at the key's limit. Each test uses an API key of its own: the budget is the
 * key's. The cases on v1's match and enrich paths: queryMetering.v1.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { costTiming } from '../../nodes/shared/batching/cost';
import { onItems, packageNode, runWorkflow, sandboxCredentials, useSandbox } from './harness';
import { contactTable } from './matchEnrichContacts';

const sandbox = useSandbox({ rateLimit: false }, (started) => started.configure({ faults: {} }));

const matchNode = () => packageNode('matchProspects', 'Match Prospects');
const enrichBusinesses = () =>
	packageNode('enrich', 'Enrich', { resource: 'business', businessEnrichments: ['firmographics', 'technographics'] });

/** A key of its own with the sandbox metering queries at `queries` per `windowMs`, and its credential. */
function meteredKey(apiKey: string, queries: number, windowMs: number, maxRequestsPerMinute = 1_000_000) {
	sandbox.configure({ apiKey, rateLimit: { queries, windowMs } });
	return sandboxCredentials(sandbox, { apiKey, maxRequestsPerMinute });
}

test('a run that cannot finish within the workflow timeout fails before sending anything, naming both figures', async () => {
	const credentials = meteredKey('metered-key-c', 200, 60_000, 100);
	const workflow = { ...onItems(contactTable(sandbox.universe, 250), matchNode()), settings: { executionTimeout: 60 } };
	const run = await runWorkflow(workflow, { credentials });
	expect(run.error?.message).toBe(
		"This run needs about 250 queries: at least 2 minutes at 100 queries per minute, longer than the time left before the workflow times out (less than a minute); nothing was sent",
	);
	expect(sandbox.requests).toEqual([]);
});

test("the timeout check counts the time the execution has already spent: 2 minutes needed, 1 of the timeout's 4 left", async () => {
	const credentials = meteredKey('metered-key-spent', 200, 60_000, 100);
	const workflow = { ...onItems(contactTable(sandbox.universe, 250), matchNode()), settings: { executionTimeout: 240 } };
	// earlier nodes took two and a half minutes of the execution's four
	const run = await runWorkflow(workflow, { credentials, startedAt: Date.now() - 150_000 });
	expect(run.error?.message).toBe(
		"This run needs about 250 queries: at least 2 minutes at 100 queries per minute, longer than the time left before the workflow times out (1 minute); nothing was sent",
	);
	expect(sandbox.requests).toEqual([]);
});

describe('told once per node execution, with what succeeded and what failed', () => {
	beforeEach(() => (costTiming.progressEveryMs = 0));
	afterEach(() => (costTiming.progressEveryMs = 60_000));

	test('Enrich of two enrichments tells the cost of both once, before the first is sent, and once after', async () => {
		const credentials = meteredKey('metered-key-enrich', 30, 2_000);
		const ids = sandbox.universe.businesses.slice(0, 40).map((business) => ({ business_id: business.business_id }));
		expect((await runWorkflow(onItems(ids.slice(0, 1), enrichBusinesses()), { credentials })).error).toBeUndefined();
		sandbox.clearRequests();

		const run = await runWorkflow(onItems(ids, enrichBusinesses()), { credentials });
		expect(run.error).toBeUndefined();
		// each enrichment in batches of at most the key's 30 (the pacing is not the subject here: a 429 retried is not counted)
		expect(sandbox.requests.filter((request) => request.status === 200).map((request) => ((request.body as IDataObject).business_ids as unknown[]).length).sort((a, b) => b - a)).toEqual([30, 30, 10, 10]);
		expect(run.runData.Enrich[0].hints).toEqual([
			{ message: 'This run needs about 80 queries: at least 2 minutes at 30 queries per minute', location: 'outputPane' },
			{ message: `This run spent 80 queries in ${sandbox.requests.length} requests`, location: 'outputPane' },
		]);
	});
});
