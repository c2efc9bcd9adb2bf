/**
 * Acceptance of accounts -> Match Businesses -> Get Events in a real n8n process (`n8n execute`),
 * the packed package installed as users install it, the sandbox as the service:
 * - 120 accounts (name and domain, domain alone, website, profile URL, name alone; duplicates and
 *   unknown companies) -> Match Businesses -> Get Events, both with default parameters:
 *   ceil(120 / 50) match requests + ceil(unique ids / 40) event requests, every account row kept
 *   in order by Match Businesses, each event paired to the rows that named its business;
 * - the same chain with Get Events keeping one item per input item: all 120 rows, in order;
 * - the shipped example `examples/accounts-to-events.json`, as imported by a user.
 * The accounts come from a Code node (n8n-nodes-base, as a user would paste a table); Match
 * Businesses and Get Events carry no parameters at all, so n8n fills in their defaults.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { DEFAULT_BUSINESS_EVENT_TYPES } from '../../nodes/shared/eventTypes';
import { LIMITS } from '../../nodes/shared/api';
import { REQUEST_METERING, UNPACED_PER_MINUTE } from '../sandbox';
import { type AccountTable, accountTable } from '../engine/matchBusinessesAccounts';
import type { WorkflowJson } from './harness/n8nInstance';
import { useSandboxN8n } from './harness/sandboxN8n';

const EXAMPLE = path.resolve(__dirname, '../../examples/accounts-to-events.json');
const MATCH_PATH = '/v1/businesses/match';
const EVENTS_PATH = '/v1/businesses/events';
const ENROLLMENTS_PATH = '/v1/businesses/events/enrollments';
const CREDENTIAL = { id: 'sandbox-credential', name: 'Business Prospect Data (sandbox)' };
const DAY_MS = 86_400_000;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** Manual Trigger -> Code (the account table) -> Match Businesses -> Get Events, defaults only. */
function chainWorkflow(id: string, accounts: IDataObject[], getEventsParameters: IDataObject = {}): WorkflowJson {
	const credentials = { businessProspectDataApi: CREDENTIAL };
	const node = (name: string, type: string, typeVersion: number, x: number, parameters: IDataObject, extra = {}) => ({
		id: `${id}-${x}`,
		name,
		type,
		typeVersion,
		position: [x, 0],
		parameters,
		...extra,
	});
	const link = (to: string) => ({ main: [[{ node: to, type: 'main', index: 0 }]] });
	return {
		id,
		name: `${accounts.length} accounts -> Match Businesses -> Get Events`,
		nodes: [
			node('Start', 'n8n-nodes-base.manualTrigger', 1, 0, {}),
			node('Accounts', 'n8n-nodes-base.code', 2, 200, { jsCode: `return ${JSON.stringify(accounts)}.map((json) => ({ json }));` }),
			node('Match Businesses', 'n8n-nodes-business-prospect-data.matchBusinesses', 1, 400, {}, { credentials }),
			node('Get Events', 'n8n-nodes-business-prospect-data.getEvents', 1, 600, getEventsParameters, { credentials }),
		],
		connections: { Start: link('Accounts'), Accounts: link('Match Businesses'), 'Match Businesses': link('Get Events') },
		settings: { executionOrder: 'v1' },
	};
}

const pairedIndexes = (items: Array<{ pairedItem?: unknown }>) =>
	items.map(({ pairedItem }) => (Array.isArray(pairedItem) ? pairedItem : [pairedItem]).map((p) => (p as { item: number }).item));

describe('accounts -> Match Businesses -> Get Events in real n8n', () => {
	let table: AccountTable = { rows: [], expected: [] };
	const example = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as WorkflowJson;

	const { sandbox, n8n } = useSandboxN8n({
		// the service's own rate limit stays on: the whole file sends a few dozen requests
		sandbox: { rateLimit: REQUEST_METERING },
		credential: CREDENTIAL,
		// API v1 named: the examples are at their API v2 node versions (apiVersionSwitch.v1.test.ts runs them on both)
		credentialData: { apiVersion: 'v1', maxRequestsPerMinute: UNPACED_PER_MINUTE },
		workflows: (started) => {
			table = accountTable(started.universe, 120);
			return [
				example,
				chainWorkflow('e2eAccountsEvents120', table.rows),
				chainWorkflow('e2eAccountsRows120', table.rows, { output: 'inputItem' }),
			];
		},
	});
	const bodies = (requestPath: string) =>
		sandbox.requests.filter((request) => request.path === requestPath).map((request) => request.body as IDataObject);

	test('120 accounts with default parameters: ceil(120/50) + ceil(unique ids/40) requests, every row kept in order', async () => {
		const { rows, expected } = table;
		const unique = new Set(expected.filter((id): id is string => id !== null));
		const sinceMs = Date.now() - 7 * DAY_MS;

		const result = await n8n().execute('e2eAccountsEvents120');
		expect({ status: result.status, error: result.describeError() }).toEqual({ status: 'success', error: '' });

		const matchBodies = bodies(MATCH_PATH);
		const eventBodies = bodies(EVENTS_PATH);
		const figures = {
			accounts: rows.length,
			unmatched: expected.filter((id) => id === null).length,
			uniqueMatched: unique.size,
			matchRequests: matchBodies.length,
			eventRequests: eventBodies.length,
		};
		process.stderr.write(`[e2e] accounts -> events figures: ${JSON.stringify(figures)}\n`);
		expect(matchBodies.map((body) => (body.businesses_to_match as unknown[]).length)).toEqual([50, 50, 20]);
		expect(matchBodies).toHaveLength(Math.ceil(120 / LIMITS.businessMatchItems));
		expect(eventBodies).toHaveLength(Math.ceil(unique.size / LIMITS.businessEventIds));
		expect(sandbox.requests).toHaveLength(matchBodies.length + eventBodies.length);
		expect(sandbox.requests.every((request) => request.status === 200)).toBe(true);
		const askedIds = eventBodies.flatMap((body) => body.business_ids as string[]);
		expect(askedIds).toHaveLength(unique.size);
		expect(new Set(askedIds)).toEqual(unique);

		// Match Businesses: every account row, in order, paired, with its business_id (null when unknown)
		const matched = result.output('Match Businesses');
		expect(pairedIndexes(matched)).toEqual(range(120).map((i) => [i]));
		matched.forEach(({ json }, i) => {
			expect(json).toMatchObject({ ...rows[i], business_id: expected[i], matched: expected[i] !== null });
		});

		// Get Events: the matched businesses' events of the last 7 days, each paired to the rows naming it
		const wanted = sandbox.universe.events.filter(
			(event) =>
				unique.has(event.business_id) &&
				DEFAULT_BUSINESS_EVENT_TYPES.includes(event.event_name) &&
				Date.parse(event.event_time) > sinceMs,
		);
		expect(wanted.length).toBeGreaterThan(0);
		const events = result.output('Get Events');
		expect(events.map(({ json }) => json.event_id).sort()).toEqual(wanted.map((event) => event.event_id).sort());
		const pairs = pairedIndexes(events);
		events.forEach(({ json }, i) => expect(pairs[i]).toEqual(range(120).filter((row) => expected[row] === json.business_id)));
	});

	test('Get Events with One Item per Input Item: all 120 account rows in order, unmatched ones with no events', async () => {
		const { rows, expected } = table;
		const result = await n8n().execute('e2eAccountsRows120');
		expect({ status: result.status, error: result.describeError() }).toEqual({ status: 'success', error: '' });
		const output = result.output('Get Events');
		expect(pairedIndexes(output)).toEqual(range(120).map((i) => [i]));
		output.forEach(({ json }, i) => {
			expect(json).toMatchObject({ ...rows[i], business_id: expected[i] });
			if (expected[i] === null) expect(json.events).toEqual([]);
			for (const event of json.events as IDataObject[]) expect(event.business_id).toBe(expected[i]);
		});
	});

	test('the example workflow runs headless: four accounts matched, one not, the active ones enrolled', async () => {
		const result = await n8n().execute(example.id);
		expect({ status: result.status, error: result.describeError() }).toEqual({ status: 'success', error: '' });

		const byDomain = (domain: string) => sandbox.universe.businesses.find((business) => business.domain === domain)?.business_id;
		expect(result.items('Match Businesses').map((item) => [item.account, item.business_id])).toEqual([
			['Urban Spark Freight (by name and domain)', byDomain('urban-spark-freight.example')],
			['Golden Lake Solutions (by domain)', byDomain('golden-lake-solutions.example')],
			['Crystal Bridge Education (by website)', byDomain('crystal-bridge-education.example')],
			['North Wave Kitchen (by name)', byDomain('north-wave-kitchen.example')],
			['Unknown company (no match)', null],
		]);
		expect(bodies(MATCH_PATH)).toHaveLength(1);
		expect(bodies(EVENTS_PATH)).toHaveLength(1);

		// every account has an event in the last 7 days: all four go into the enrollment
		const events = result.items('Get Events');
		const active = [...new Set(events.map((event) => event.business_id as string))].sort();
		expect(active).toHaveLength(4);
		const enrolled = [...sandbox.enrollments.businesses.values()].filter((enrollment) => enrollment.enrollment_key === 'active-accounts');
		expect(enrolled).toHaveLength(1);
		expect([...enrolled[0].business_ids].sort()).toEqual(active);
		expect(sandbox.requests.filter((request) => request.path === ENROLLMENTS_PATH && request.method === 'POST')).toHaveLength(1);
	});
});
