/**
 * The accounts -> Match Businesses -> Get Events chain with default parameters on one API version,
 * at the node versions that speak it: matchBusinesses.test.ts runs these cases on v2,
 * matchBusinesses.v1.test.ts on v1 (retiring v1 deletes that file); and what the two files share:
 * their sandbox, the nodes and the request log's readers. 120 accounts with duplicates and unknown
 * companies, batch sizes, order and pairing.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DEFAULT_BUSINESS_EVENT_TYPES } from '../../nodes/shared/eventTypes';
import { RETRY_POLICY } from '../../nodes/shared/transport/retryPolicy';
import { businessProfileUrl } from '../sandbox/universe/businessMatch';
import { type ApiVersion, LIMITS, v2EventType } from '../../nodes/shared/api';
import type { Sandbox } from '../sandbox';
import { onItems, packageNode, runWorkflow, sandboxCredentials, useSandbox, type WorkflowNode } from './harness';
import { pathOn, typeVersionFor } from './harness/apiVersions';
import { accountTable } from './matchBusinessesAccounts';

export const MATCH_PATH = '/v1/businesses/match';
const EVENTS_PATH = '/v1/businesses/events';
const DAY_MS = 86_400_000;

/** The test file's sandbox, set by setUpSandbox(). */
export let sandbox: Sandbox;

/** Starts the test file's sandbox (no rate limit, faults cleared before each test) before its tests and closes it after. */
export function setUpSandbox(): void {
	sandbox = useSandbox({ rateLimit: false }, (started) => started.configure({ faults: {} }));
}

const credentials = () => sandboxCredentials(sandbox);
export const requestsTo = (path: string) => sandbox.requests.filter((request) => request.path === path);
export const bodies = (path: string) => requestsTo(path).map((request) => request.body as IDataObject);

export const matchNode = (parameters: INodeParameters = {}, settings: Partial<WorkflowNode> = {}): WorkflowNode =>
	packageNode('matchBusinesses', 'Match Businesses', parameters, settings);
const eventsNode = (parameters: INodeParameters = {}, typeVersion = 1): WorkflowNode => ({
	name: 'Get Events',
	type: 'n8n-nodes-business-prospect-data.getEvents',
	typeVersion,
	parameters,
});

/** The chain's nodes at the typeVersions that speak `api` (the credential at Per Node Version). */
export const chainOn = (api: ApiVersion, events: INodeParameters = {}) => [
	matchNode({}, { typeVersion: typeVersionFor('matchBusinesses', api) }),
	eventsNode(events, typeVersionFor('getEvents', api)),
];

export async function run(items: IDataObject[], ...nodes: WorkflowNode[]) {
	return await runWorkflow(onItems(items, ...nodes), { credentials: credentials() });
}

export const pairedIndexes = (pairs: Array<Array<{ item: number }>>) => pairs.map((pair) => pair.map((p) => p.item));
export const range = (n: number) => Array.from({ length: n }, (_, i) => i);

export function accountsChainCases(api: ApiVersion): void {
	const sentBusinesses = () => bodies(pathOn(api, MATCH_PATH)).map((body) => body.businesses_to_match as IDataObject[]);

	test('120 accounts: ceil(120/50) match requests + ceil(unique ids/40) event requests, every row kept in order', async () => {
		const { rows, expected } = accountTable(sandbox.universe, 120);
		const unique = new Set(expected.filter((id): id is string => id !== null));
		// the table is what the acceptance asks for: duplicates and unknown companies
		expect(expected.filter((id) => id === null)).toHaveLength(6);
		expect(unique.size).toBeLessThan(expected.length - 6);
		const sinceMs = Date.now() - 7 * DAY_MS;

		const result = await run(rows, ...chainOn(api));
		expect(result.error).toBeUndefined();

		// requests: exactly as many as the limits allow, full batches first, nothing else sent
		expect(sentBusinesses().map((batch) => batch.length)).toEqual([50, 50, 20]);
		expect(sentBusinesses()).toHaveLength(Math.ceil(120 / LIMITS.businessMatchItems));
		const eventBodies = bodies(pathOn(api, EVENTS_PATH));
		// the body's keys, no more (v2 refuses unknown keys), and each version's event names
		for (const body of eventBodies) expect(Object.keys(body).sort()).toEqual(['business_ids', 'event_types', 'timestamp_from']);
		const sentTypes = api !== 'v2' ? DEFAULT_BUSINESS_EVENT_TYPES : DEFAULT_BUSINESS_EVENT_TYPES.map(v2EventType);
		for (const body of eventBodies) expect(body.event_types).toEqual(sentTypes);
		expect(eventBodies).toHaveLength(Math.ceil(unique.size / LIMITS.businessEventIds));
		for (const body of eventBodies) expect((body.business_ids as string[]).length).toBeLessThanOrEqual(40);
		expect(new Set(eventBodies.flatMap((body) => body.business_ids as string[]))).toEqual(unique);
		expect(eventBodies.flatMap((body) => body.business_ids as string[])).toHaveLength(unique.size);
		expect(sandbox.requests).toHaveLength(sentBusinesses().length + eventBodies.length);

		// Match Businesses: one item per account, in order, paired, the row kept
		const matched = result.json('Match Businesses');
		expect(matched.map((item) => item.row)).toEqual(range(120));
		expect(matched.map((item) => item.business_id)).toEqual(expected);
		expect(matched.map((item) => item.matched)).toEqual(expected.map((id) => id !== null));
		matched.forEach((item, i) => expect(item).toMatchObject({ ...rows[i], business_id: expected[i] }));
		expect(pairedIndexes(result.pairedItems('Match Businesses'))).toEqual(range(120).map((i) => [i]));

		// Get Events: the events of the matched businesses, each linked to every row that named it
		const wanted = sandbox.universe.events.filter(
			(event) =>
				unique.has(event.business_id) &&
				DEFAULT_BUSINESS_EVENT_TYPES.includes(event.event_name) &&
				Date.parse(event.event_time) > sinceMs,
		);
		expect(wanted.length).toBeGreaterThan(0);
		const events = result.json('Get Events');
		expect(events.map((event) => event.event_id).sort()).toEqual(wanted.map((event) => event.event_id).sort());
		const pairs = pairedIndexes(result.pairedItems('Get Events'));
		events.forEach((event, i) => {
			expect(pairs[i]).toEqual(range(120).filter((row) => expected[row] === event.business_id));
		});
	});

	test('Get Events keeping one item per input item: all 120 rows in order, unmatched ones with no events', async () => {
		const { rows, expected } = accountTable(sandbox.universe, 120);
		const result = await run(rows, ...chainOn(api, { output: 'inputItem' }));
		expect(result.error).toBeUndefined();
		const output = result.json('Get Events');
		expect(output.map((item) => item.row)).toEqual(range(120));
		expect(pairedIndexes(result.pairedItems('Get Events'))).toEqual(range(120).map((i) => [i]));
		output.forEach((item, i) => {
			expect(item.business_id).toBe(expected[i]);
			if (expected[i] === null) expect(item.events).toEqual([]);
			for (const event of item.events as IDataObject[]) expect(event.business_id).toBe(expected[i]);
		});
		expect(output.some((item) => (item.events as unknown[]).length > 0)).toBe(true);
	});

	test('Get Events skips an item whose business_id is null without a request; a missing one is still an error', async () => {
		const known = sandbox.universe.businesses[0].business_id;
		const [, events] = chainOn(api);
		const skipped = await run([{ business_id: null }, { business_id: null }], events);
		expect(skipped.error).toBeUndefined();
		expect(sandbox.requests).toHaveLength(0);
		expect(skipped.json('Get Events')).toEqual([]);

		const missing = await run([{ business_id: known }, { name: 'Acme' }], events);
		expect(missing.error?.message).toBe(
			'Item 1: Business IDs is empty: the item has no business_id. Map a field that holds the IDs, or type them.',
		);
		expect(sandbox.requests).toHaveLength(0);
	});
}

/**
 * Match Businesses at the node version that speaks `api`: what is sent for each field, Continue on
 * Fail with invalid rows and with a failing service, and a bad domain left out with a warning, on
 * the version's path.
 */
export function matchBusinessesCases(api: ApiVersion): void {
	const matchPath = pathOn(api, MATCH_PATH);
	const matchNodeOn: typeof matchNode = (parameters, settings = {}) => matchNode(parameters, { typeVersion: typeVersionFor('matchBusinesses', api), ...settings });
	const sentBusinesses = () => bodies(matchPath).map((body) => body.businesses_to_match as IDataObject[]);

	const business = (n: number) => sandbox.universe.businesses[n];

	test('reads each field from the item, cleans and omits empty ones, keeps the row', async () => {
		const [a, b, c] = [business(10), business(11), business(12)];
		const rows = [
			{ id: 'r1', name: `  ${a.name} `, domain: '', url: null, note: 'keep me' },
			{ id: 'r2', domain: `HTTPS://WWW.${b.domain.toUpperCase()}/contact`, business_id: 'stale' },
			{ id: 'r3', url: `www.${c.domain}`, profnet_url: businessProfileUrl(c).replace('https://', '') },
		];
		const result = await run(rows, matchNodeOn());

		expect(bodies(matchPath)).toEqual([
			{
				businesses_to_match: [
					{ name: a.name },
					{ domain: b.domain },
					{ url: `https://www.${c.domain}`, profnet_url: businessProfileUrl(c) },
				],
			},
		]);
		expect(result.json('Match Businesses')).toEqual([
			{ ...rows[0], business_id: a.business_id, matched: true, match_input: { name: a.name } },
			{ ...rows[1], business_id: b.business_id, matched: true, match_input: { domain: b.domain } },
			{
				...rows[2],
				business_id: c.business_id,
				matched: true,
				match_input: { url: `https://www.${c.domain}`, profnet_url: businessProfileUrl(c) },
			},
		]);
	});

	test('fields mapped with expressions from other columns (a CRM "Website" column)', async () => {
		const a = business(20);
		const result = await run(
			[{ 'Account Name': a.name, Website: a.website, url: 'https://ignored.example' }],
			matchNodeOn({ companyName: '={{ $json["Account Name"] }}', website: '={{ $json.Website }}' }),
		);
		expect(bodies(matchPath)).toEqual([{ businesses_to_match: [{ name: a.name, url: a.website }] }]);
		expect(result.json('Match Businesses')[0].business_id).toBe(a.business_id);
	});

	const invalidRows = () => {
		const rows: IDataObject[] = range(53).map((i) => ({ domain: business(i).domain }));
		rows[4] = { crm_id: 'no company fields' };
		rows[17] = { domain: 'not a domain' };
		rows[30] = { name: 'x'.repeat(LIMITS.companyNameLength + 1), url: 'ftp://acme.example' };
		return rows;
	};

	test('Continue on Fail: invalid rows become paired error items, the 50 valid rows go in one request', async () => {
		const rows = invalidRows();
		const result = await run(rows, matchNodeOn({}, { onError: 'continueRegularOutput' }));

		expect(result.error).toBeUndefined();
		expect(sentBusinesses().map((batch) => batch.length)).toEqual([50]);
		const output = result.json('Match Businesses');
		expect(output).toHaveLength(53);
		expect(pairedIndexes(result.pairedItems('Match Businesses'))).toEqual(range(53).map((i) => [i]));
		expect(output[4]).toEqual({
			error: 'Item 4: nothing to match on: name, domain, url and profnet_url are all empty (needs at least one of them)',
			details:
				"Map the company's name, domain, website or profile URL, or give the input item fields of these names. Nothing was sent to the service for this item.",
		});
		expect(output[17]).toEqual({
			error: 'Item 17: domain must be a domain name such as example.com',
			details: 'Nothing was sent to the service for this item.',
		});
		expect(output[30].error).toBe(
			'Item 30: name must be at most 256 characters; url must be a web address (http or https) such as https://www.example.com',
		);
		for (const i of range(53).filter((i) => ![4, 17, 30].includes(i))) {
			expect(output[i]).toMatchObject({ domain: business(i).domain, business_id: business(i).business_id, matched: true });
		}
	});

	test('a bad domain next to a name is left out with a warning; the name matches', async () => {
		const a = business(40);
		const result = await run([{ name: a.name, domain: 'intranet' }], matchNodeOn());
		expect(bodies(matchPath)).toEqual([{ businesses_to_match: [{ name: a.name }] }]);
		expect(result.json('Match Businesses')).toEqual([
			{
				name: a.name,
				domain: 'intranet',
				business_id: a.business_id,
				matched: true,
				match_input: { name: a.name },
				warnings: ['domain not sent, matched on the other fields: domain must be a domain name such as example.com'],
			},
		]);
	});

	test('Continue on Fail: a request the service keeps failing gives paired error items, the rest go through', async () => {
		const rows = range(60).map((i) => ({ domain: business(i).domain }));
		// the first request (rows 0-49) fails on every attempt; the second (50-59) succeeds
		sandbox.configure({ faults: { sequence: Array(RETRY_POLICY.maxAttempts).fill('503') } });
		const result = await run(rows, matchNodeOn({ options: { concurrency: 1 } }, { onError: 'continueRegularOutput' }));

		expect(result.error).toBeUndefined();
		expect(requestsTo(matchPath).map((request) => request.status)).toEqual([...Array(RETRY_POLICY.maxAttempts).fill(503), 200]);
		const output = result.json('Match Businesses');
		expect(output).toHaveLength(60);
		expect(pairedIndexes(result.pairedItems('Match Businesses'))).toEqual(range(60).map((i) => [i]));
		for (const item of output.slice(0, 50)) expect(String(item.error)).toContain('(503)');
		output.slice(50).forEach((item, i) => expect(item.business_id).toBe(business(50 + i).business_id));
	});
}
