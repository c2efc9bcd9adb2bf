/**
 * The benchmark's scenarios against one real n8n and one sandbox: each runs a workflow, counts
 * the requests the sandbox answered, checks the output (every row, in order), and sets the
 * measurement beside its bound:
 *
 * Every workflow speaks API v2 (the nodes' latest typeVersions, v2's paths; workflows.ts).
 *
 *   minimum requests  the v2 catalog's batch limits (minimumRequests below): ceil(rows / 50)
 *                     match + ceil(unique matched ids / 50) enrich; ceil(records / page size)
 *                     search pages (500 a page); ceil(businesses / 40) events
 *   bound             max(latency bound, rate-limit floor); the latency bound is, per node, its
 *                     requests in waves of `concurrency` (a search: its pages one after another,
 *                     each naming the next), times the latency; the floor is what the key's queries a minute
 *                     allow (200 by default; the service meters queries: a match or enrich call
 *                     weighs one per entity, rate-limits.md): (ceil(queries / 200) - 1) minutes
 *                     once a scenario needs more than 200, the queries counted from the
 *                     sandbox's log of accepted requests by the catalog's meters (queries.ts).
 *                     One row at a time: requests x latency.
 *
 * `sharedKey` starts several Match -> Enrich workflows together on one credential: one API key
 * in one n8n process, paced by the key's shared budget. Its time is first Match start to last
 * Enrich end over all of them, against the floor of all their queries together.
 */
import os from 'node:os';

import type { IDataObject } from 'n8n-workflow';

import { DEFAULT_CONCURRENCY } from '../../nodes/shared/batching/engine';
import { type ApiVersion, ENDPOINTS, type EndpointName, type EndpointNames, LIMITS } from '../../nodes/shared/api';
import { DEFAULT_BUSINESS_EVENT_TYPES } from '../../nodes/shared/eventTypes';
import { resolveSince } from '../../nodes/GetEvents/helpers/since';
import { contactTable } from '../engine/matchEnrichContacts';
import { acceptedQueries, queryFloorMs } from './queries';
import type { RecordedRequest, Sandbox, SandboxUniverse } from '../sandbox';
import { route } from '../sandbox/router';
import type { BenchN8n, BenchRun } from './n8nBench';
import { SEARCH_PAGE_SIZE } from './workflows';

export type Approach = 'ours' | 'per row, one at a time' | 'per row, all at once' | 'per page, one at a time';

export interface ScenarioResult {
	scenario: string;
	approach: Approach;
	rows: number;
	latencyMs: number;
	concurrency: number;
	requests: number;
	minimum: number;
	/** n8n's executionTime of the scenario's nodes (ours, or the HTTP Request nodes and their loop) */
	nodeMs: number;
	/** the execution's startedAt -> stoppedAt */
	executionMs: number;
	boundMs: number;
	/** n8n's executionTime per node, µs per input row */
	perItemUs: Record<string, number>;
	peakRssMb: number | undefined;
	/** n8n main-thread CPU of the whole execution (see BenchRun.mainThreadCpuMs) */
	mainThreadCpuMs: number | undefined;
	/** 429 answers the sandbox gave */
	refused: number;
	/** the queries of the scenario's accepted requests (the service's unit of rate) */
	queries: number;
	/** problems found in the output (missing rows, wrong order, wrong count) */
	problems: string[];
}

export interface BenchContext {
	sandbox: Sandbox;
	bench: BenchN8n;
	/** the sandbox enforces its rate limit (queries per minute) */
	rateLimited?: boolean;
	/** the sandbox's limit and the credential's pacing, when not the service's 200 queries a minute */
	queriesPerMinute?: number;
}

/** The API version the benchmark measures: a request on another is a problem of the run. */
const MEASURED_VERSION: ApiVersion = 'v2';

/** A request's endpoint, by the sandbox's router: its catalog name (the same operation on every version) and version. */
const endpointOf = (request: RecordedRequest): { name: EndpointNames[ApiVersion]; version: ApiVersion } => route(request.method, request.path, 'benchmark');

/** The ids or items one request of a batched endpoint carries at most: the v2 catalog's, as the nodes' engine reads it. */
export function batchLimitOf(name: EndpointName): number {
	const limit = ENDPOINTS[name].batch?.limit;
	if (limit === undefined) throw new Error(`${name} is not batched`);
	return limit;
}

/** The fewest requests each scenario allows on API v2. */
export const minimumRequests = {
	/** `rows` contacts matched, then the `uniqueMatched` distinct prospects found enriched */
	matchEnrich: (rows: number, uniqueMatched: number): number =>
		Math.ceil(rows / batchLimitOf('matchProspects')) + Math.ceil(uniqueMatched / batchLimitOf('enrichProspectProfiles')),
	/** `records` records of a search, up to v2's most a page */
	search: (records: number): number => Math.ceil(records / SEARCH_PAGE_SIZE),
	/** the events of `uniqueBusinesses` distinct businesses */
	events: (uniqueBusinesses: number): number => Math.ceil(uniqueBusinesses / batchLimitOf('getBusinessEvents')),
};

/**
 * The rate-limit floor of a scenario that spends `queries` within one key's budget of
 * `perWindow` queries a minute (the service's 200 by default).
 */
export function rateFloorMs(queries: number, perWindow: number = LIMITS.rateLimit.queries): number {
	return queryFloorMs(queries, perWindow);
}

/** A rate-limited scenario's floor: its accepted queries at the context's queries a minute. */
const floorOf = (context: BenchContext, queries: number) => (context.rateLimited ? rateFloorMs(queries, context.queriesPerMinute) : 0);

const waves = (requests: number, concurrency: number) => Math.ceil(requests / concurrency);

// ---- data ---------------------------------------------------------------------------------------

/**
 * A CRM export of `count` contacts: the Match -> Enrich acceptance's table (mixed fetchers, 5%
 * duplicates, 1% unknown contacts), its prospects reused once the universe runs out.
 */
export const contacts = (universe: SandboxUniverse, count: number): IDataObject[] => contactTable(universe, count);

/** `count` different businesses, as rows with a business_id. */
export const businessRows = (universe: SandboxUniverse, count: number): IDataObject[] =>
	universe.businesses.slice(0, count).map((business, row) => ({ row, business_id: business.business_id }));

/** Get Events' Since for the benchmark (fixed for the run, so ours and per row ask the same). */
export function eventsSince(now = Date.now()) {
	const since = new Date(now - (LIMITS.eventWindowDays - 2) * 86_400_000).toISOString();
	const resolved = resolveSince(since, 'UTC', now);
	if ('error' in resolved) throw new Error(resolved.error);
	return { since, body: { event_types: [...DEFAULT_BUSINESS_EVENT_TYPES], timestamp_from: resolved.timestampFrom } };
}

// ---- running ------------------------------------------------------------------------------------

/** n8n main-thread CPU of a run of the control workflow (webhook and Split Out only) over `rows`. */
export async function controlCpuMs(context: BenchContext, workflowId: string, rows: IDataObject[]): Promise<number | undefined> {
	return (await context.bench.run(workflowId, rows)).mainThreadCpuMs;
}

async function measure(context: BenchContext, workflowId: string, rows: IDataObject[], latencyMs: number) {
	context.sandbox.configure({ latencyMs });
	context.sandbox.clearRequests();
	const run = await context.bench.run(workflowId, rows);
	const requests = context.sandbox.requests;
	const count = (name: EndpointName) => requests.filter((request) => endpointOf(request).name === name).length;
	const refused = requests.filter((request) => request.status === 429).length;
	const queries = acceptedQueries(requests);
	const problems = run.status === 'success' ? [] : [`execution ${run.status}: ${run.error ?? ''}`];
	const offVersion = requests.filter((request) => endpointOf(request).version !== MEASURED_VERSION);
	if (offVersion.length > 0) problems.push(`${offVersion.length} requests not on API ${MEASURED_VERSION}, the first ${offVersion[0].method} ${offVersion[0].path}`);
	return { run, count, refused, queries, problems };
}

const timeOf = (run: BenchRun, nodes: string[]) => nodes.reduce((sum, node) => sum + (run.nodes[node]?.executionTimeMs ?? 0), 0);
const perItem = (run: BenchRun, nodes: string[], rows: number) =>
	Object.fromEntries(nodes.map((node) => [node, ((run.nodes[node]?.executionTimeMs ?? 0) * 1000) / Math.max(1, rows)]));

function checkRows(problems: string[], items: IDataObject[], rows: number, what: string) {
	if (items.length !== rows) problems.push(`${what}: ${items.length} items for ${rows} rows`);
	const misplaced = items.findIndex((item, index) => item.row !== index);
	if (misplaced !== -1) problems.push(`${what}: item ${misplaced} holds row ${String(items[misplaced]?.row)}`);
}

export async function matchEnrich(
	context: BenchContext,
	workflowId: string,
	rows: IDataObject[],
	options: { latencyMs: number; concurrency?: number; scenario?: string },
): Promise<ScenarioResult> {
	const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
	const { run, count, refused, queries, problems } = await measure(context, workflowId, rows, options.latencyMs);
	const matched = run.status === 'success' ? run.output('Match Prospects').map((item) => item.json.prospect_id) : [];
	const unique = new Set(matched.filter((id) => typeof id === 'string')).size;
	const minimum = { match: minimumRequests.matchEnrich(rows.length, 0), enrich: minimumRequests.matchEnrich(0, unique) };
	if (run.status === 'success') checkRows(problems, run.output('Enrich').map((item) => item.json), rows.length, 'Enrich');
	const requests = count('matchProspects') + count('enrichProspectProfiles');
	const latencyBound = (waves(minimum.match, concurrency) + waves(minimum.enrich, concurrency)) * options.latencyMs;
	const nodes = ['Match Prospects', 'Enrich'];
	return {
		scenario: options.scenario ?? `Match → Enrich, ${rows.length.toLocaleString('en-US')} contacts`,
		approach: 'ours',
		rows: rows.length,
		latencyMs: options.latencyMs,
		concurrency,
		requests,
		minimum: minimum.match + minimum.enrich,
		nodeMs: timeOf(run, nodes),
		executionMs: run.executionMs,
		boundMs: Math.max(latencyBound, floorOf(context, queries)),
		perItemUs: perItem(run, nodes, rows.length),
		peakRssMb: run.peakRssMb,
		mainThreadCpuMs: run.mainThreadCpuMs,
		refused,
		queries,
		problems,
	};
}

export async function matchEnrichPerRow(
	context: BenchContext,
	workflowId: string,
	rows: IDataObject[],
	options: { latencyMs: number; atOnce?: boolean; scenario?: string },
): Promise<ScenarioResult> {
	const { run, count, refused, queries, problems } = await measure(context, workflowId, rows, options.latencyMs);
	const matchedRows = run.nodes['Enrich (HTTP Request)']?.items ?? 0;
	const requests = count('matchProspects') + count('enrichProspectProfiles');
	if (count('matchProspects') !== rows.length) problems.push(`${count('matchProspects')} match requests for ${rows.length} rows`);
	const nodes = ['Loop', 'Match (HTTP Request)', 'Matched?', 'Enrich (HTTP Request)'];
	return {
		scenario: options.scenario ?? `Match → Enrich, ${rows.length.toLocaleString('en-US')} contacts`,
		approach: options.atOnce ? 'per row, all at once' : 'per row, one at a time',
		rows: rows.length,
		latencyMs: options.latencyMs,
		concurrency: options.atOnce ? rows.length : 1,
		requests,
		minimum: rows.length + matchedRows,
		nodeMs: timeOf(run, nodes),
		executionMs: run.executionMs,
		boundMs: options.atOnce ? 2 * options.latencyMs : requests * options.latencyMs,
		perItemUs: perItem(run, nodes, rows.length),
		peakRssMb: run.peakRssMb,
		mainThreadCpuMs: run.mainThreadCpuMs,
		refused,
		queries,
		problems,
	};
}

export async function search(
	context: BenchContext,
	workflowId: string,
	limit: number,
	options: { latencyMs: number; perPage?: boolean },
): Promise<ScenarioResult> {
	// v2's pages come one after another (each answer names the next), whatever the Batch Concurrency
	const concurrency = 1;
	const { run, count, refused, queries, problems } = await measure(context, workflowId, [], options.latencyMs);
	const node = options.perPage ? 'Records' : 'Search Businesses';
	const expected = context.sandbox.universe.searchBusinesses().slice(0, limit).map((business) => business.business_id);
	if (run.status === 'success') {
		const ids = run.output(node).map((item) => item.json.business_id);
		if (ids.length !== expected.length) problems.push(`${ids.length} businesses for a limit of ${limit}`);
		const misplaced = ids.findIndex((id, index) => id !== expected[index]);
		if (misplaced !== -1) problems.push(`business ${misplaced} out of order`);
	}
	const requests = count('searchBusinesses');
	const minimum = minimumRequests.search(expected.length);
	const latencyBound = minimum * options.latencyMs;
	const nodes = options.perPage ? ['Search (HTTP Request)', 'Records'] : ['Search Businesses'];
	return {
		scenario: `Search, ${limit.toLocaleString('en-US')} records`,
		approach: options.perPage ? 'per page, one at a time' : 'ours',
		rows: limit,
		latencyMs: options.latencyMs,
		concurrency,
		requests,
		minimum,
		nodeMs: timeOf(run, nodes),
		executionMs: run.executionMs,
		boundMs: Math.max(latencyBound, floorOf(context, queries)),
		perItemUs: perItem(run, nodes, limit),
		peakRssMb: run.peakRssMb,
		mainThreadCpuMs: run.mainThreadCpuMs,
		refused,
		queries,
		problems,
	};
}

export async function events(
	context: BenchContext,
	workflowId: string,
	rows: IDataObject[],
	options: { latencyMs: number; perRow?: boolean; concurrency?: number },
): Promise<ScenarioResult> {
	const concurrency = options.perRow ? 1 : (options.concurrency ?? DEFAULT_CONCURRENCY);
	const { run, count, refused, queries, problems } = await measure(context, workflowId, rows, options.latencyMs);
	const requests = count('getBusinessEvents');
	const unique = new Set(rows.map((row) => row.business_id)).size;
	const minimum = options.perRow ? rows.length : minimumRequests.events(unique);
	if (run.status === 'success' && !options.perRow) {
		const eventIds = run.output('Get Events').map((item) => item.json.event_id);
		if (eventIds.length === 0) problems.push('no events');
		if (new Set(eventIds).size !== eventIds.length) problems.push('an event appears twice');
	}
	const nodes = options.perRow ? ['Loop', 'Events (HTTP Request)'] : ['Get Events'];
	return {
		scenario: `Get Events, ${rows.length.toLocaleString('en-US')} businesses`,
		approach: options.perRow ? 'per row, one at a time' : 'ours',
		rows: rows.length,
		latencyMs: options.latencyMs,
		concurrency,
		requests,
		minimum,
		nodeMs: timeOf(run, nodes),
		executionMs: run.executionMs,
		boundMs: Math.max(waves(minimum, concurrency) * options.latencyMs, floorOf(context, queries)),
		perItemUs: perItem(run, nodes, rows.length),
		peakRssMb: run.peakRssMb,
		mainThreadCpuMs: run.mainThreadCpuMs,
		refused,
		queries,
		problems,
	};
}

// ---- many workflows on one API key ---------------------------------------------------------------

export interface SharedKeyResult {
	/** workflows started together on the one credential */
	workflows: number;
	rowsEach: number;
	/** match and enrich requests the sandbox answered (any status) */
	requests: number;
	/** the sum of each execution's minimum, from its own output */
	minimum: number;
	/** 429 answers the sandbox gave */
	refused: number;
	/** the queries of the requests answered 200, by the catalog's meters */
	queries: number;
	/** the first Match Prospects start to the last Enrich end, over every execution */
	spanMs: number;
	/** each execution's Match Prospects start to its Enrich end */
	eachMs: number[];
	/** the rate-limit floor of the queries answered 200 (as queue mode's test counts it) */
	floorMs: number;
	/** requests that arrived in each 10 s from the first one: where the time went */
	perTenSeconds: number[];
	/** the machine's 1-minute load average when the workflows started and when the last one ended */
	load: { start: number; end: number };
	/** problems found in the executions or their output */
	problems: string[];
}

function perTenSeconds(times: number[]): number[] {
	if (times.length === 0) return [];
	const first = Math.min(...times);
	const counts = Array.from({ length: Math.floor((Math.max(...times) - first) / 10_000) + 1 }, () => 0);
	for (const time of times) counts[Math.floor((time - first) / 10_000)]++;
	return counts;
}

/**
 * Match -> Enrich in each of `workflowIds` (all on the benchmark's one credential), started
 * together, each with its own contiguous slice of `rows`: the same work as one workflow over all
 * of `rows`, split.
 */
export async function sharedKey(
	context: BenchContext,
	workflowIds: string[],
	rows: IDataObject[],
	options: { latencyMs?: number } = {},
): Promise<SharedKeyResult> {
	if (options.latencyMs !== undefined) context.sandbox.configure({ latencyMs: options.latencyMs });
	context.sandbox.clearRequests();
	const each = Math.ceil(rows.length / workflowIds.length);
	const slices = workflowIds.map((_, index) => rows.slice(index * each, (index + 1) * each));
	const loadStart = os.loadavg()[0];
	const runs = await Promise.all(workflowIds.map(async (id, index) => await context.bench.run(id, slices[index])));
	const loadEnd = os.loadavg()[0];

	const problems: string[] = [];
	let minimum = 0;
	runs.forEach((run, index) => {
		const id = workflowIds[index];
		if (run.status !== 'success') {
			problems.push(`${id}: execution ${run.status}: ${run.error ?? ''}`);
			return;
		}
		const matched = run.output('Match Prospects').map((item) => item.json.prospect_id);
		const unique = new Set(matched.filter((prospectId) => typeof prospectId === 'string')).size;
		minimum += minimumRequests.matchEnrich(slices[index].length, unique);
		const enriched = run.output('Enrich').map((item) => item.json);
		if (enriched.length !== slices[index].length) problems.push(`${id}: ${enriched.length} items for ${slices[index].length} rows`);
		const misplaced = enriched.findIndex((item, position) => item.row !== slices[index][position]?.row);
		if (misplaced !== -1) problems.push(`${id}: item ${misplaced} holds row ${String(enriched[misplaced]?.row)}`);
	});
	// by endpoint, whatever API version the workflows speak (test/e2e/faults.test.ts runs them on v1)
	const requests = context.sandbox.requests.filter((request) => ['matchProspects', 'enrichProspectProfiles'].includes(endpointOf(request).name));
	const spans = runs.map((run) => ({ start: run.nodes['Match Prospects']?.startedAt ?? Number.NaN, end: run.nodes.Enrich?.endedAt ?? Number.NaN }));
	return {
		workflows: workflowIds.length,
		rowsEach: each,
		requests: requests.length,
		minimum,
		refused: requests.filter((request) => request.status === 429).length,
		queries: acceptedQueries(requests),
		spanMs: Math.max(...spans.map((span) => span.end)) - Math.min(...spans.map((span) => span.start)),
		eachMs: spans.map((span) => span.end - span.start),
		floorMs: floorOf(context, acceptedQueries(requests)),
		perTenSeconds: perTenSeconds(requests.map((request) => request.at.getTime())),
		load: { start: loadStart, end: loadEnd },
		problems,
	};
}
