/**
 * A run that cannot finish before the workflow times out is refused before anything is sent
 * (batching/cost.ts). Without Continue On Fail the node fails with that reason (queryMetering and
 * searchMetering tests); with it, the node does not fail: every input item gets the reason as its
 * error item, paired to it, and nothing is sent. API v2, so these cases outlive v1.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { onItems, packageNode, runWorkflow, sandboxCredentials, useSandbox, type WorkflowNode } from './harness';
import { contactTable } from './matchEnrichContacts';

const sandbox = useSandbox({ rateLimit: false }, (started) => started.configure({ faults: {} }));

/** A credential on API v2 paced at `perMinute` queries, and a workflow that times out after a minute. */
const credentials = (perMinute: number) => sandboxCredentials(sandbox, { apiVersion: 'v2', maxRequestsPerMinute: perMinute });
const TIMEOUT = { executionTimeout: 60 };
const withErrorOutput = (type: string, name: string, parameters: INodeParameters = {}): WorkflowNode =>
	packageNode(type, name, parameters, { onError: 'continueErrorOutput' });
const indexes = (pairs: Array<Array<{ item: number }>>) => pairs.map((pair) => pair.map((p) => p.item));
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const refusal = (queries: number, minutes: number, perMinute: number) =>
	`This run needs about ${queries} queries: at least ${minutes} minute${minutes === 1 ? '' : 's'} at ${perMinute} queries per minute, longer than the time left before the workflow times out (less than a minute); nothing was sent`;

test('Match Prospects: every item gets the refusal as its error item, paired, and nothing is sent', async () => {
	const contacts = contactTable(sandbox.universe, 250);
	const run = await runWorkflow({ ...onItems(contacts, withErrorOutput('matchProspects', 'Match Prospects')), settings: TIMEOUT }, { credentials: credentials(100) });

	expect(run.error).toBeUndefined();
	expect(sandbox.requests).toEqual([]);
	expect(run.output('Match Prospects', 0)).toEqual([]);
	expect(indexes(run.pairedItems('Match Prospects', 1))).toEqual(range(250).map((i) => [i]));
	const errors = run.json('Match Prospects', 1).map((json) => json.error);
	expect(new Set(errors)).toEqual(new Set([refusal(250, 2, 100)]));
});

test('Search Prospects: three searches the timeout cannot hold fail one by one, nothing sent', async () => {
	const items: IDataObject[] = [{ limit: 1 }, { limit: 2 }, { limit: 3 }];
	const node = withErrorOutput('searchProspects', 'Search Prospects', { limit: '={{ $json.limit }}' });
	const run = await runWorkflow({ ...onItems(items, node), settings: TIMEOUT }, { credentials: credentials(2) });

	expect(run.error).toBeUndefined();
	expect(sandbox.requests).toEqual([]);
	expect(run.output('Search Prospects', 0)).toEqual([]);
	expect(indexes(run.pairedItems('Search Prospects', 1))).toEqual([[0], [1], [2]]);
	expect(run.json('Search Prospects', 1).map((json) => json.error)).toEqual(Array(3).fill(refusal(3, 1, 2)));
});

test('Enrich: every item gets the refusal as its error item, paired, and nothing is sent', async () => {
	const ids = sandbox.universe.prospects.slice(0, 120).map((prospect) => ({ prospect_id: prospect.prospect_id }));
	const run = await runWorkflow({ ...onItems(ids, withErrorOutput('enrich', 'Enrich')), settings: TIMEOUT }, { credentials: credentials(60) });

	expect(run.error).toBeUndefined();
	expect(sandbox.requests).toEqual([]);
	expect(run.output('Enrich', 0)).toEqual([]);
	expect(indexes(run.pairedItems('Enrich', 1))).toEqual(range(120).map((i) => [i]));
	const errors = run.json('Enrich', 1).map((json) => json.error);
	expect(new Set(errors)).toEqual(new Set([refusal(120, 1, 60)]));
});

/**
 * Enrich with three enrichments on a key the service reports at 50 queries a minute (the credential
 * unpaced): the plan fits before the first answer; after it, the other 80 queries need a minute
 * the timeout does not leave, so the second enrichment is refused.
 */
describe('Enrich refused after its first enrichment', () => {
	const ids = () => sandbox.universe.businesses.slice(0, 40).map((business) => ({ business_id: business.business_id }));
	const enrich = (onError?: 'continueErrorOutput') =>
		packageNode('enrich', 'Enrich', { resource: 'business', businessEnrichments: ['firmographics', 'technographics', 'workforceTrends'] }, onError ? { onError } : {});
	const refusedAfterFirst =
		'This run needs about 120 queries: at least 2 minutes at 50 queries per minute, longer than the time left before the workflow times out (less than a minute); stopped after 40 queries';
	const keyAt50 = (apiKey: string) => {
		sandbox.configure({ apiKey, rateLimit: { queries: 50, windowMs: 60_000 } });
		return sandboxCredentials(sandbox, { apiKey, apiVersion: 'v2', maxRequestsPerMinute: 1_000_000 });
	};

	test('without Continue On Fail the node fails with the refusal, after the one request sent', async () => {
		const run = await runWorkflow({ ...onItems(ids(), enrich()), settings: TIMEOUT }, { credentials: keyAt50('refused-later-a') });
		expect(run.error?.message).toBe(refusedAfterFirst);
		expect(sandbox.requests.map((request) => request.status)).toEqual([200]);
	});

	test('with Continue On Fail every item gets the refusal as its error item (its enrichments incomplete), nothing more sent', async () => {
		const run = await runWorkflow({ ...onItems(ids(), enrich('continueErrorOutput')), settings: TIMEOUT }, { credentials: keyAt50('refused-later-b') });
		expect(run.error).toBeUndefined();
		expect(sandbox.requests.map((request) => request.status)).toEqual([200]);
		expect(run.output('Enrich', 0)).toEqual([]);
		expect(indexes(run.pairedItems('Enrich', 1))).toEqual(range(40).map((i) => [i]));
		expect(new Set(run.json('Enrich', 1).map((json) => json.error))).toEqual(new Set([refusedAfterFirst]));
	});
});
