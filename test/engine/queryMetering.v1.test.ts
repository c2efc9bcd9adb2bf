/**
 * The service meters queries (rate-limits.md), on API v1 (each node at version 1, at Per Node
 * Version): Match Prospects -> Enrich against a sandbox that meters them, at a small scaled limit
 * (a window of seconds instead of a minute), sends no request the window cannot take (no 429), caps
 * its batches at the key's limit, and tells the cost of a run longer than a minute of the key
 * before it and after it, each node in its own output panel; progress counts the batches that
 * succeeded and says how many failed. Each test uses an API key of its own: the budget is the
 * key's. Retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 */
import type { IDataObject } from 'n8n-workflow';

import { costTiming } from '../../nodes/shared/batching/cost';
import { onItems, packageNode, runWorkflow, sandboxCredentials, useSandbox } from './harness';
import { typeVersionFor } from './harness/apiVersions';
import { contactTable, expectedProspectId } from './matchEnrichContacts';

const sandbox = useSandbox({ rateLimit: false }, (started) => started.configure({ faults: {} }));

const MATCH_PATH = '/v1/prospects/match';
const PROFILE_PATH = '/v1/prospects/profiles/bulk_enrich';
// each node at version 1, the newest that speaks v1 at Per Node Version: these are v1's cases
const matchNode = () => packageNode('matchProspects', 'Match Prospects', {}, { typeVersion: typeVersionFor('matchProspects', 'v1') });
const enrichNode = () => packageNode('enrich', 'Enrich', {}, { typeVersion: typeVersionFor('enrich', 'v1') });

/**
 * The entities of each request to a path that the sandbox answered 200, largest first: a smaller
 * batch that fits the window may go ahead of a larger one that waits for it.
 */
const sentSizes = (path: string, list: string) =>
	sandbox.requests
		.filter((r) => r.path === path && r.status === 200)
		.map((r) => ((r.body as IDataObject)[list] as unknown[]).length)
		.sort((a, b) => b - a);
const throttled = () => sandbox.requests.filter((request) => request.status === 429).length;

/** A key of its own with the sandbox metering queries at `queries` per `windowMs`, and its credential. */
function meteredKey(apiKey: string, queries: number, windowMs: number, maxRequestsPerMinute = 1_000_000) {
	sandbox.configure({ apiKey, rateLimit: { queries, windowMs } });
	return sandboxCredentials(sandbox, { apiKey, maxRequestsPerMinute });
}

test('Match Prospects -> Enrich of 100 contacts at 60 queries a (3-second) window: every query counted, no 429, rows in order', async () => {
	const credentials = meteredKey('metered-key-a', 60, 3_000);
	const contacts = contactTable(sandbox.universe, 100);
	const expected = contacts.map((row) => expectedProspectId(sandbox.universe, row) ?? null);
	const unique = new Set(expected.filter((id): id is string => id !== null));

	const run = await runWorkflow(onItems(contacts, matchNode(), enrichNode()), { credentials });
	expect(run.error).toBeUndefined();
	expect(throttled()).toBe(0);
	// 100 queries to match (40, 40, 20: the first answer had not told the limit yet), then the
	// unique matched ids enriched in calls of at most 50
	expect(sentSizes(MATCH_PATH, 'prospects_to_match')).toEqual([40, 40, 20]);
	const enriched = sentSizes(PROFILE_PATH, 'prospect_ids');
	expect(enriched.reduce((sum, n) => sum + n, 0)).toBe(unique.size);
	expect(enriched).toEqual(Array.from({ length: Math.ceil(unique.size / 50) }, (_, i) => Math.min(50, unique.size - 50 * i)));
	const rows = run.output('Enrich');
	expect(rows).toHaveLength(100);
	expect(rows.map((row) => row.pairedItem)).toEqual(contacts.map((_, item) => ({ item })));
});

test('a run longer than a minute of the key: batches capped at its limit, the cost said before and after, exactly', async () => {
	const credentials = meteredKey('metered-key-b', 30, 2_000);
	// one contact first: its answer tells the key's limit (30)
	const contacts = contactTable(sandbox.universe, 70);
	expect((await runWorkflow(onItems(contacts.slice(0, 1), matchNode()), { credentials })).error).toBeUndefined();
	sandbox.clearRequests();

	const run = await runWorkflow(onItems(contacts, matchNode()), { credentials });
	expect(run.error).toBeUndefined();
	expect(sentSizes(MATCH_PATH, 'prospects_to_match')).toEqual([30, 30, 10]);
	expect(throttled()).toBe(0);
	expect(run.runData['Match Prospects'][0].hints).toEqual([
		{ message: 'This run needs about 70 queries: at least 2 minutes at 30 queries per minute', location: 'outputPane' },
		{ message: 'This run spent 70 queries in 3 requests', location: 'outputPane' },
	]);
});

describe('told once per node execution, with what succeeded and what failed', () => {
	beforeEach(() => (costTiming.progressEveryMs = 0));
	afterEach(() => (costTiming.progressEveryMs = 60_000));

	test('progress counts the batches that succeeded and says how many failed', async () => {
		const credentials = meteredKey('metered-key-progress', 100, 2_000);
		const contacts = contactTable(sandbox.universe, 120);
		expect((await runWorkflow(onItems(contacts.slice(0, 1), matchNode()), { credentials })).error).toBeUndefined();
		sandbox.clearRequests();
		// the second of three batches of 40 is refused (403 is not retried)
		sandbox.configure({ faults: { sequence: ['ok', '403', 'ok'] } });
		const messages: string[] = [];
		const node = packageNode('matchProspects', 'Match Prospects', { options: { concurrency: 1 } }, { typeVersion: typeVersionFor('matchProspects', 'v1'), onError: 'continueRegularOutput' });
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
			'Match Prospects: 40 of about 120 queries done, 0 minutes so far',
			'Match Prospects: 40 of about 120 queries done, 0 minutes so far; 1 request failed (40 queries)',
			'Match Prospects: 80 of about 120 queries done, 0 minutes so far; 1 request failed (40 queries)',
			'Match Prospects: This run spent 120 queries in 3 requests',
		]);
	});

	test('Match Prospects -> Enrich in one workflow: each node tells its own cost in its own output panel', async () => {
		const credentials = meteredKey('metered-key-two-nodes', 30, 2_000);
		const contacts = contactTable(sandbox.universe, 40);
		expect((await runWorkflow(onItems(contacts.slice(0, 1), matchNode()), { credentials })).error).toBeUndefined();
		sandbox.clearRequests();

		const unique = new Set(contacts.map((row) => expectedProspectId(sandbox.universe, row)).filter((id) => id !== undefined));
		// the matched prospects need more than the key's minute too
		expect(unique.size).toBeGreaterThan(30);

		const run = await runWorkflow(onItems(contacts, matchNode(), enrichNode()), { credentials });
		expect(run.error).toBeUndefined();
		const enrichRequests = sandbox.requests.filter((request) => request.path === PROFILE_PATH).length;
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
