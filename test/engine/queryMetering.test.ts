/**
 * The service meters queries (rate-limits.md): a run that cannot finish within the workflow's
 * timeout (counting the time the execution already spent) is refused before anything is sent,
 * naming both figures; Enrich of two enrichments tells the cost of both once before and once after,
 * its batches capped at the key's limit. Each test uses an API key of its own: the budget is the
 * key's. The cases on v1's match and enrich paths: queryMetering.v1.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { costTiming } from '../../nodes/shared/batching/cost';
import { ENDPOINTS } from '../../nodes/shared/api';
import { onItems, packageNode, runWorkflow, sandboxCredentials, useSandbox } from './harness';
import { typeVersionFor } from './harness/apiVersions';
import { contactTable, expectedProspectId } from './matchEnrichContacts';

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

/**
 * On API v2 (each node at its first v2 version): Match Prospects -> Enrich sends no request the
 * window cannot take, caps its batches at the key's limit (v2 matches 50 a request before the limit
 * is known), tells the cost before and after, each node in its own output panel, and progress
 * counts the batches that succeeded and says how many failed. The same on v1:
 * queryMetering.v1.test.ts.
 */
const MATCH_PATH_V2 = ENDPOINTS.matchProspects.path;
const PROFILE_PATH_V2 = ENDPOINTS.enrichProspectProfiles.path;
const matchNodeV2 = () => packageNode('matchProspects', 'Match Prospects', {}, { typeVersion: typeVersionFor('matchProspects', 'v2') });
const enrichNodeV2 = () => packageNode('enrich', 'Enrich', {}, { typeVersion: typeVersionFor('enrich', 'v2') });

/**
 * The entities of each request to a path that the sandbox answered 200, largest first: a smaller
 * batch that fits the window may go ahead of a larger one that waits for it.
 */
const sentSizesV2 = (path: string, list: string) =>
	sandbox.requests
		.filter((r) => r.path === path && r.status === 200)
		.map((r) => ((r.body as IDataObject)[list] as unknown[]).length)
		.sort((a, b) => b - a);
const throttledV2 = () => sandbox.requests.filter((request) => request.status === 429).length;

/** A key of its own with the sandbox metering queries at `queries` per `windowMs`, and its credential. */
function meteredKeyV2(apiKey: string, queries: number, windowMs: number, maxRequestsPerMinute = 1_000_000) {
	sandbox.configure({ apiKey, rateLimit: { queries, windowMs } });
	return sandboxCredentials(sandbox, { apiKey, maxRequestsPerMinute });
}

test('v2: Match Prospects -> Enrich of 100 contacts at 60 queries a (3-second) window: every query counted, no 429, rows in order', async () => {
	const credentials = meteredKeyV2('metered-key-v2-a', 60, 3_000);
	const contacts = contactTable(sandbox.universe, 100);
	const expected = contacts.map((row) => expectedProspectId(sandbox.universe, row) ?? null);
	const unique = new Set(expected.filter((id): id is string => id !== null));

	const run = await runWorkflow(onItems(contacts, matchNodeV2(), enrichNodeV2()), { credentials });
	expect(run.error).toBeUndefined();
	expect(throttledV2()).toBe(0);
	// 100 queries to match (v2's 50 a request: the first answer had not told the limit yet), then
	// the unique matched ids enriched in calls of at most 50
	expect(sentSizesV2(MATCH_PATH_V2, 'prospects_to_match')).toEqual([50, 50]);
	const enriched = sentSizesV2(PROFILE_PATH_V2, 'prospect_ids');
	expect(enriched.reduce((sum, n) => sum + n, 0)).toBe(unique.size);
	expect(enriched).toEqual(Array.from({ length: Math.ceil(unique.size / 50) }, (_, i) => Math.min(50, unique.size - 50 * i)));
	const rows = run.output('Enrich');
	expect(rows).toHaveLength(100);
	expect(rows.map((row) => row.pairedItem)).toEqual(contacts.map((_, item) => ({ item })));
});

test('v2: a run longer than a minute of the key: batches capped at its limit, the cost said before and after, exactly', async () => {
	const credentials = meteredKeyV2('metered-key-v2-b', 30, 2_000);
	// one contact first: its answer tells the key's limit (30)
	const contacts = contactTable(sandbox.universe, 70);
	expect((await runWorkflow(onItems(contacts.slice(0, 1), matchNodeV2()), { credentials })).error).toBeUndefined();
	sandbox.clearRequests();

	const run = await runWorkflow(onItems(contacts, matchNodeV2()), { credentials });
	expect(run.error).toBeUndefined();
	expect(sentSizesV2(MATCH_PATH_V2, 'prospects_to_match')).toEqual([30, 30, 10]);
	expect(throttledV2()).toBe(0);
	expect(run.runData['Match Prospects'][0].hints).toEqual([
		{ message: 'This run needs about 70 queries: at least 2 minutes at 30 queries per minute', location: 'outputPane' },
		{ message: 'This run spent 70 queries in 3 requests', location: 'outputPane' },
	]);
});

describe('v2: told once per node execution, with what succeeded and what failed', () => {
	beforeEach(() => (costTiming.progressEveryMs = 0));
	afterEach(() => (costTiming.progressEveryMs = 60_000));

	test('v2: progress counts the batches that succeeded and says how many failed', async () => {
		const credentials = meteredKeyV2('metered-key-v2-progress', 100, 2_000);
		const contacts = contactTable(sandbox.universe, 120);
		expect((await runWorkflow(onItems(contacts.slice(0, 1), matchNodeV2()), { credentials })).error).toBeUndefined();
		sandbox.clearRequests();
		// the second of three batches (50, 50, 20 on v2) is refused (403 is not retried)
		sandbox.configure({ faults: { sequence: ['ok', '403', 'ok'] } });
		const messages: string[] = [];
		const node = packageNode('matchProspects', 'Match Prospects', { options: { concurrency: 1 } }, { typeVersion: typeVersionFor('matchProspects', 'v2'), onError: 'continueRegularOutput' });
		const run = await runWorkflow(onItems(contacts, node), {
			credentials,
			sendDataToUI: (type, data) => {
				if (type === 'sendConsoleMessage') messages.push(...(data as { messages: string[] }).messages);
			},
		});
		expect(run.error).toBeUndefined();
		expect(sandbox.requests.map((request) => request.status)).toEqual([200, 403, 200]);
		expect(messages).toEqual([
			'Match Prospects: This run needs about 120 queries: at least 1 minute at 100 queries per minute',
			'Match Prospects: 50 of about 120 queries done, 0 minutes so far',
			'Match Prospects: 50 of about 120 queries done, 0 minutes so far; 1 request failed (50 queries)',
			'Match Prospects: 70 of about 120 queries done, 0 minutes so far; 1 request failed (50 queries)',
			'Match Prospects: This run spent 120 queries in 3 requests',
		]);
	});

	test('v2: Match Prospects -> Enrich in one workflow: each node tells its own cost in its own output panel', async () => {
		const credentials = meteredKeyV2('metered-key-v2-two-nodes', 30, 2_000);
		const contacts = contactTable(sandbox.universe, 40);
		expect((await runWorkflow(onItems(contacts.slice(0, 1), matchNodeV2()), { credentials })).error).toBeUndefined();
		sandbox.clearRequests();

		const unique = new Set(contacts.map((row) => expectedProspectId(sandbox.universe, row)).filter((id) => id !== undefined));
		// the matched prospects need more than the key's minute too
		expect(unique.size).toBeGreaterThan(30);

		const run = await runWorkflow(onItems(contacts, matchNodeV2(), enrichNodeV2()), { credentials });
		expect(run.error).toBeUndefined();
		const enrichRequests = sandbox.requests.filter((request) => request.path === PROFILE_PATH_V2).length;
		expect(run.runData['Match Prospects'][0].hints?.map((hint) => hint.message)).toEqual([
			'This run needs about 40 queries: at least 1 minute at 30 queries per minute',
			`This run spent 40 queries in ${sandbox.requests.length - enrichRequests} requests`,
		]);
		expect(run.runData.Enrich[0].hints?.map((hint) => hint.message)).toEqual([
			`This run needs about ${unique.size} queries: at least 1 minute at 30 queries per minute`,
			`This run spent ${unique.size} queries in ${enrichRequests} requests`,
		]);
	});
});
