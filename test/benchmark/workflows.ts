/**
 * The benchmark's workflows, as a user would build them in n8n 2.41, each started by a Webhook
 * (POST, answered when the workflow is done) whose body carries the rows: `{ rows: [...] }`,
 * split into items by a Split Out node. "Ours" uses this package's nodes; "per row" uses n8n's
 * HTTP Request node with one request per row (or per page), the way users do it today.
 */
import { createHash } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import { ENDPOINTS, LIMITS, toWire } from '../../nodes/shared/api';
import { FIRST_V2_NODE_VERSION } from '../../nodes/shared/transport/apiVersion';
import type { WorkflowJson } from '../e2e/harness/n8nInstance';

export const PACKAGE = 'n8n-nodes-business-prospect-data';
export const CREDENTIAL = { id: 'benchmark-credential', name: 'Business Prospect Data (benchmark sandbox)' };
const CREDENTIALS = { businessProspectDataApi: CREDENTIAL };

/** A stable uuid-shaped id from a name (webhooks need one). */
const uuidOf = (name: string) => {
	const hex = createHash('sha256').update(name).digest('hex');
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

interface NodeSpec {
	name: string;
	type: string;
	typeVersion: number;
	parameters: IDataObject;
	credentials?: IDataObject;
	[key: string]: unknown;
}

/** Connections as [from, to, fromOutput?]. */
type Link = [string, string, number?];

function workflow(id: string, name: string, nodes: NodeSpec[], links: Link[]): WorkflowJson {
	const connections: Record<string, { main: Array<Array<{ node: string; type: 'main'; index: number }>> }> = {};
	for (const [from, to, output = 0] of links) {
		const main = (connections[from] ??= { main: [] }).main;
		while (main.length <= output) main.push([]);
		main[output].push({ node: to, type: 'main', index: 0 });
	}
	return {
		id,
		name,
		nodes: nodes.map((node, index) => ({ id: uuidOf(`${id}/${node.name}`), position: [index * 220, 0], ...node })),
		connections,
		settings: { executionOrder: 'v1' },
	};
}

/** The webhook path of a benchmark workflow. */
export const webhookPath = (workflowId: string) => `benchmark-${workflowId.toLowerCase()}`;

function start(workflowId: string): NodeSpec[] {
	return [
		{
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			webhookId: uuidOf(workflowId),
			parameters: { httpMethod: 'POST', path: webhookPath(workflowId), responseMode: 'lastNode', responseData: 'noData', options: {} },
		},
		{ name: 'Rows', type: 'n8n-nodes-base.splitOut', typeVersion: 1, parameters: { fieldToSplitOut: 'body.rows', options: {} } },
	];
}

/**
 * The typeVersion the benchmark runs of each node: its first that speaks API v2, which is its
 * latest (test/unit/benchmarkLoads.test.ts holds the two equal). Read from the version table rather
 * than from the node class, which tsx would load as the node's `.node.json` codex file. Nothing
 * here names API v1, so retiring it leaves test/benchmark as it is.
 */
export const benchmarkVersion = (node: string): number => {
	const version = FIRST_V2_NODE_VERSION[node];
	if (version === undefined) throw new Error(`No typeVersion of ${node} speaks API v2`);
	return version;
};

/** The service's paths the workflows call, from the v2 catalog (the one the nodes read). */
export const PATHS = {
	match: ENDPOINTS.matchProspects.path,
	enrich: ENDPOINTS.enrichProspectProfiles.path,
	search: ENDPOINTS.searchBusinesses.path,
	events: ENDPOINTS.getBusinessEvents.path,
} as const;

/**
 * Records per search page, ours and the HTTP Request's alike: v2's most, which is also Search
 * Businesses 2's default Page Size.
 */
export const SEARCH_PAGE_SIZE = LIMITS.searchPageSize.max;

/**
 * The page size a user writes into a hand-made v2 search for `limit` records (v2 has no total to
 * ask for): the fewest pages, of equal size, so that they hold exactly `limit` (1,200: three of 400).
 */
export const searchPageSize = (limit: number): number => Math.ceil(limit / Math.ceil(limit / SEARCH_PAGE_SIZE));

const ours = (name: string, node: string, parameters: IDataObject): NodeSpec => ({
	name,
	type: `${PACKAGE}.${node}`,
	typeVersion: benchmarkVersion(node),
	parameters,
	credentials: CREDENTIALS,
});

/** HTTP Request (4.2) with this package's credential type, a JSON body from an expression. */
function httpRequest(name: string, baseUrl: string, path: string, jsonBody: string, options: IDataObject = {}): NodeSpec {
	return {
		name,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			method: 'POST',
			url: `${baseUrl}${path}`,
			authentication: 'predefinedCredentialType',
			nodeCredentialType: 'businessProspectDataApi',
			sendBody: true,
			specifyBody: 'json',
			jsonBody,
			options,
		},
		credentials: CREDENTIALS,
	};
}

/** Loop Over Items, one item at a time: output 0 "done", output 1 "loop". */
const loop = (name: string): NodeSpec => ({
	name,
	type: 'n8n-nodes-base.splitInBatches',
	typeVersion: 3,
	parameters: { batchSize: 1, options: {} },
});

/** The control of a CPU measurement: the same webhook and rows, without the nodes measured. */
export function rowsOnly(id: string): WorkflowJson {
	return workflow(id, 'Benchmark: rows only (control)', start(id), [['Webhook', 'Rows']]);
}

// ---- Match -> Enrich --------------------------------------------------------------------------

/**
 * Enrich at its API v2 version (the credential at "Per Node Version") on the rows' business_id:
 * the async job path from `jobThreshold` distinct ids on, `/enrich` below (test/benchmark/jobs.ts).
 */
export function enrichV2(id: string, enrichments: string[], jobThreshold: number): WorkflowJson {
	const enrich: NodeSpec = {
		name: 'Enrich',
		type: `${PACKAGE}.enrich`,
		typeVersion: benchmarkVersion('enrich'),
		parameters: { resource: 'business', businessEnrichments: enrichments, options: { jobThreshold } },
		credentials: CREDENTIALS,
	};
	return workflow(id, `Benchmark: Enrich on API v2, async job from ${jobThreshold} ids`, [...start(id), enrich], [
		['Webhook', 'Rows'],
		['Rows', 'Enrich'],
	]);
}

/**
 * Enrich's Async Job Threshold in Match -> Enrich: above any run's distinct ids, so that Enrich
 * sends `/enrich` requests, the batching measured here (its default, 1,000, would take the async
 * job path at 10,000 contacts: that path is `npm run benchmark:jobs`, jobs.ts).
 */
export const ENRICH_JOB_THRESHOLD = 1_000_000;

/**
 * Match Prospects -> Enrich at the benchmark's typeVersions; `typeVersions` sets others, for a
 * test file that counts another API version's requests (its own business, not the benchmark's).
 */
export function matchEnrichOurs(id: string, concurrency?: number, typeVersions: { matchProspects?: number; enrich?: number } = {}): WorkflowJson {
	const options = concurrency === undefined ? {} : { options: { concurrency } };
	const enrichOptions = { options: { ...options.options, jobThreshold: ENRICH_JOB_THRESHOLD } };
	const at = (node: NodeSpec, typeVersion: number | undefined) => (typeVersion === undefined ? node : { ...node, typeVersion });
	return workflow(
		id,
		`Benchmark: Match Prospects -> Enrich${concurrency ? ` (concurrency ${concurrency})` : ''}`,
		[
			...start(id),
			at(ours('Match Prospects', 'matchProspects', options), typeVersions.matchProspects),
			at(ours('Enrich', 'enrich', enrichOptions), typeVersions.enrich),
		],
		[
			['Webhook', 'Rows'],
			['Rows', 'Match Prospects'],
			['Match Prospects', 'Enrich'],
		],
	);
}

/** The match object of one row, the way a user would write it into an HTTP Request body. */
const MATCH_BODY =
	"={{ JSON.stringify({ prospects_to_match: [Object.fromEntries(['email', 'phone_number', 'profnet', 'full_name', 'company_name', 'business_id'].filter((k) => $json[k] !== undefined && $json[k] !== null && $json[k] !== '').map((k) => [k, k === 'phone_number' ? String($json[k]).replace(/[^+0-9]/g, '') : $json[k]]))] }) }}";
const ENRICH_BODY = '={{ JSON.stringify({ prospect_ids: [$json.matched_prospects[0].prospect_id] }) }}';
const matched = {
	name: 'Matched?',
	type: 'n8n-nodes-base.if',
	typeVersion: 1,
	parameters: { conditions: { string: [{ value1: '={{ $json.matched_prospects[0].prospect_id }}', operation: 'isNotEmpty' }] } },
};

/**
 * Per row, one at a time: Loop Over Items (1) -> HTTP Request match -> matched? -> HTTP Request
 * enrich -> back to the loop. How users keep one request in flight (e.g. for a rate limit).
 */
export function matchEnrichPerRow(id: string, baseUrl: string): WorkflowJson {
	return workflow(
		id,
		'Benchmark: per row, one at a time (HTTP Request)',
		[
			...start(id),
			loop('Loop'),
			httpRequest('Match (HTTP Request)', baseUrl, PATHS.match, MATCH_BODY),
			matched,
			httpRequest('Enrich (HTTP Request)', baseUrl, PATHS.enrich, ENRICH_BODY),
		],
		[
			['Webhook', 'Rows'],
			['Rows', 'Loop'],
			['Loop', 'Match (HTTP Request)', 1],
			['Match (HTTP Request)', 'Matched?'],
			['Matched?', 'Enrich (HTTP Request)', 0],
			['Matched?', 'Loop', 1],
			['Enrich (HTTP Request)', 'Loop'],
		],
	);
}

/** Per row, all rows at once: n8n's HTTP Request default (every row's request in flight together). */
export function matchEnrichPerRowAtOnce(id: string, baseUrl: string): WorkflowJson {
	return workflow(
		id,
		'Benchmark: per row, all at once (HTTP Request)',
		[
			...start(id),
			httpRequest('Match (HTTP Request)', baseUrl, PATHS.match, MATCH_BODY),
			matched,
			httpRequest('Enrich (HTTP Request)', baseUrl, PATHS.enrich, ENRICH_BODY),
		],
		[
			['Webhook', 'Rows'],
			['Rows', 'Match (HTTP Request)'],
			['Match (HTTP Request)', 'Matched?'],
			['Matched?', 'Enrich (HTTP Request)', 0],
		],
	);
}

// ---- Search -----------------------------------------------------------------------------------

/** Search Businesses for `limit` records (no filters, preview), SEARCH_PAGE_SIZE a page. */
export function searchOurs(id: string, limit: number): WorkflowJson {
	return workflow(
		id,
		`Benchmark: Search Businesses, ${limit} records`,
		[start(id)[0], ours('Search Businesses', 'searchBusinesses', { limit, options: { pageSize: SEARCH_PAGE_SIZE } })],
		[['Webhook', 'Search Businesses']],
	);
}

/**
 * HTTP Request with n8n's pagination, as a user writes it against v2's cursor paging: the first
 * body without a cursor, each later one with the `next_cursor` of the answer before, until the
 * answer has none or `limit` records are in (the most pages it may fetch); then Split Out of the
 * records. One page after another, as v2 allows.
 */
export function searchPerPage(id: string, baseUrl: string, limit: number): WorkflowJson {
	const pageSize = searchPageSize(limit);
	const pages = Math.ceil(limit / pageSize);
	return workflow(
		id,
		`Benchmark: Search, one page at a time (HTTP Request), ${limit} records`,
		[
			start(id)[0],
			httpRequest(
				'Search (HTTP Request)',
				baseUrl,
				PATHS.search,
				`={{ JSON.stringify({ mode: 'preview', page_size: ${pageSize} }) }}`,
				{
					pagination: {
						pagination: {
							paginationMode: 'updateAParameterInEachRequest',
							parameters: { parameters: [{ type: 'body', name: 'next_cursor', value: '={{ $response.body.page.next_cursor }}' }] },
							paginationCompleteWhen: 'other',
							completeExpression: '={{ !$response.body.page.next_cursor }}',
							limitPagesFetched: true,
							maxRequests: pages,
						},
					},
				},
			),
			{ name: 'Records', type: 'n8n-nodes-base.splitOut', typeVersion: 1, parameters: { fieldToSplitOut: 'data', options: {} } },
		],
		[
			['Webhook', 'Search (HTTP Request)'],
			['Search (HTTP Request)', 'Records'],
		],
	);
}

// ---- Get Events -------------------------------------------------------------------------------

export function eventsOurs(id: string, since: string): WorkflowJson {
	return workflow(
		id,
		'Benchmark: Get Events',
		[...start(id), ours('Get Events', 'getEvents', { since, output: 'event' })],
		[
			['Webhook', 'Rows'],
			['Rows', 'Get Events'],
		],
	);
}

/**
 * Per business, one at a time: Loop Over Items (1) -> HTTP Request -> back to the loop. `body` is
 * in the package's words; the HTTP Request sends it in v2's (its event type names).
 */
export function eventsPerRow(id: string, baseUrl: string, body: IDataObject): WorkflowJson {
	const { business_ids: _ids, ...rest } = toWire('v2', body) ?? {};
	const jsonBody = `={{ JSON.stringify(Object.assign(${JSON.stringify(rest)}, { business_ids: [$json.business_id] })) }}`;
	return workflow(
		id,
		'Benchmark: Get Events per business, one at a time (HTTP Request)',
		[...start(id), loop('Loop'), httpRequest('Events (HTTP Request)', baseUrl, PATHS.events, jsonBody)],
		[
			['Webhook', 'Rows'],
			['Rows', 'Loop'],
			['Loop', 'Events (HTTP Request)', 1],
			['Events (HTTP Request)', 'Loop'],
		],
	);
}

// ---- Memory (memory.ts) -------------------------------------------------------------------------

export type SearchNode = 'searchBusinesses' | 'searchProspects';
export const SEARCH_NODE_NAMES: Record<SearchNode, string> = { searchBusinesses: 'Search Businesses', searchProspects: 'Search Prospects' };

/** A search with Return All (every record the node allows), no filters, SEARCH_PAGE_SIZE a page. */
export function searchReturnAll(id: string, node: SearchNode, mode: 'preview' | 'full'): WorkflowJson {
	const name = SEARCH_NODE_NAMES[node];
	return workflow(
		id,
		`Benchmark: ${name}, Return All, ${mode}`,
		[start(id)[0], ours(name, node, { mode, returnAll: true, options: { pageSize: SEARCH_PAGE_SIZE } })],
		[['Webhook', name]],
	);
}

export interface ReplicaNode {
	name: string;
	/** items the node outputs */
	count: number;
	/** item json to cycle through (a few of the package node's own items) */
	samples: IDataObject[];
}

/**
 * The items of a package workflow without the package: each node is a Code node (run by n8n's
 * task runner) that outputs `count` items cycling through `samples`, each a fresh copy, in a
 * chain after the Webhook (and Rows, when the package workflow splits the body into rows).
 */
export function codeReplica(id: string, options: { afterRows: boolean; nodes: ReplicaNode[] }): WorkflowJson {
	const head = options.afterRows ? start(id) : [start(id)[0]];
	const code = (node: ReplicaNode): NodeSpec => ({
		name: node.name,
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		parameters: {
			jsCode: [
				`const samples = ${JSON.stringify(node.samples)};`,
				'const items = [];',
				`for (let i = 0; i < ${node.count}; i++) items.push({ json: JSON.parse(JSON.stringify(samples[i % samples.length])) });`,
				'return items;',
			].join('\n'),
		},
	});
	const chain = [...head.map((node) => node.name), ...options.nodes.map((node) => node.name)];
	return workflow(
		id,
		`Benchmark: Code node replica of ${options.nodes.map((node) => node.name).join(' -> ')}`,
		[...head, ...options.nodes.map(code)],
		chain.slice(1).map((to, index): Link => [chain[index], to]),
	);
}
