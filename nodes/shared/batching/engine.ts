import type { IDataObject, IExecuteFunctions, INode, IPollFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { ApiVersion, EndpointDefinition } from '../api';
import { ApiClient, type OperationName } from '../transport/apiClient';
import { type ServiceProblem, serviceError } from '../transport/serviceError';
import { type ItemFailure, toItemError, userContinuesOnFail } from './items';
import { refusalOf, withRunCost } from './cost';
import { chunk, stableKey } from './grouping';
import { mapWithConcurrency } from './pool';
import { isNodeApiError } from '../transport/nodeErrors';

/** What one input item asks of a batched endpoint. */
export interface ItemRequest<E = unknown> {
	itemIndex: number;
	/** this item's elements of the endpoint's batch key (ids, or match objects); never empty ids */
	entries: E[];
	/** the other body fields; items share a request only when these are equal */
	shared?: IDataObject;
}

export interface EntryResult<E> {
	entry: E;
	/**
	 * response elements for this entry: exactly one for a position join, 0..n for an id join.
	 * SHARED, NOT COPIED: see runBatched.
	 */
	matches: IDataObject[];
}

export type ItemOutcome<E> = { itemIndex: number; ok: true; results: Array<EntryResult<E>> } | ItemFailure;

export interface BatchOptions {
	/** requests in flight at once (node option "Batch Concurrency") */
	concurrency?: number;
	/** turn failed chunks into per-item errors instead of failing the run */
	continueOnFail?: boolean;
	/** the API version to send to (its catalog's path, limit and result rows); v1 by default */
	version?: ApiVersion;
	/**
	 * the node put this run's queries in its cost plan before (`plannedQueries`, as Enrich does for
	 * all its enrichments at once): the run adds none, and only counts what it sends
	 */
	planned?: boolean;
}

/**
 * Measured in a real n8n (docs/benchmarks.md, Batch Concurrency): at 50 ms per request, 4 in
 * flight take Match -> Enrich of 1,000 contacts in about half the time of 2, still close to the
 * latency bound; 8 gains less and lands further from its bound. Under the service's 200 requests
 * a minute the shared rate budget, not the concurrency, sets the pace.
 */
export const DEFAULT_CONCURRENCY = 4;

/** One element of a request: the value sent and the item entries (after de-duplication) it answers. */
interface Element<E> {
	value: E;
	owners: Array<{ itemIndex: number; entryIndex: number }>;
}

/**
 * Steps 1 and 2 of a batched run: items grouped by their shared fields and their elements
 * collected (de-duplicated by id for an id join), each group chunked to the endpoint's limit and to
 * what the key allows in a minute where each element is a query (a heavier request could never fit
 * the service's window), and what each chunk weighs.
 */
function pack<E>(client: ApiClient, name: OperationName, requests: Array<ItemRequest<E>>, node: INode) {
	const definition = client.definitionOf(name);
	const batch = definition.batch;
	if (!batch) throw new NodeOperationError(node, `Endpoint ${name} does not take batches`);
	const byId = definition.result?.join?.by === 'id';

	const groups = new Map<string, { shared: IDataObject; elements: Array<Element<E>>; byValue: Map<string, Element<E>> }>();
	for (const request of requests) {
		const key = stableKey(request.shared ?? {});
		let group = groups.get(key);
		if (!group) {
			group = { shared: request.shared ?? {}, elements: [], byValue: new Map() };
			groups.set(key, group);
		}
		request.entries.forEach((value, entryIndex) => {
			const owner = { itemIndex: request.itemIndex, entryIndex };
			const idKey = byId ? String(value).trim() : undefined;
			const existing = idKey === undefined ? undefined : group.byValue.get(idKey);
			if (existing) return void existing.owners.push(owner);
			const element: Element<E> = { value: (idKey ?? value) as E, owners: [owner] };
			group.elements.push(element);
			if (idKey !== undefined) group.byValue.set(idKey, element);
		});
	}

	const meter = client.meterOf(name);
	const perMinute = client.queriesPerMinute;
	const limit = 'entities' in meter && meter.entities === batch.key ? Math.min(batch.limit ?? perMinute, perMinute) : batch.limit;
	const jobs = [...groups.values()].flatMap((group) =>
		chunk(group.elements, limit).map((elements) => ({ shared: group.shared, elements })),
	);
	const bodyOf = (job: (typeof jobs)[number], elements = job.elements) =>
		({ ...job.shared, [batch.key]: elements.map((e) => e.value) }) as IDataObject;
	const weights = jobs.map((job) => client.weightOf(name, bodyOf(job)));
	return { batchKey: batch.key, groups, jobs, bodyOf, weights };
}

/**
 * The queries a batched run of `requests` would spend, packed as runBatched packs them: for a node
 * that plans several runs at once (`BatchOptions.planned`), so that its cost is told once, in full.
 */
export async function plannedQueries<E>(
	ctx: IExecuteFunctions | IPollFunctions,
	name: OperationName,
	requests: Array<ItemRequest<E>>,
	version?: ApiVersion,
): Promise<number> {
	const client = await ApiClient.of(ctx, version);
	return pack(client, name, requests, ctx.getNode()).weights.reduce((sum, weight) => sum + weight, 0);
}

/**
 * The batching engine: packs the entries of many input items into as few requests as the
 * endpoint's limit allows, runs them with bounded concurrency and scatters the results back to
 * the items that asked: outcomes in the order of `requests`, and each item's results in the
 * order of its `entries`. For endpoints that join results by id, repeated ids (trimmed) are
 * requested once and shared. Callers validate entries first: the engine sends them as given.
 *
 * Results are NOT copied: the `matches` objects are the parsed response objects, and an element
 * asked for by several entries or items appears (as the same object) in each of their results.
 * Callers must treat them as read-only and copy when they emit (one copy per emitted output
 * item, e.g. `{ ...match }` or deepCopy when nested values are changed), never mutate them.
 *
 * A 422 that names elements fails the items that own them; the rest of the chunk is re-sent, as
 * long as each answer names more elements (so it ends after at most one round per element).
 */
export async function runBatched<E>(
	ctx: IExecuteFunctions | IPollFunctions,
	name: OperationName,
	requests: Array<ItemRequest<E>>,
	options: BatchOptions = {},
): Promise<Array<ItemOutcome<E>>> {
	// the run's client for the version: every chunk shares its key's budget
	const client = await ApiClient.of(ctx, options.version);
	const definition = client.definitionOf(name);
	const node = ctx.getNode();
	const { batchKey, groups, jobs, bodyOf, weights } = pack(client, name, requests, node);
	const continueOnFail = options.continueOnFail ?? userContinuesOnFail(ctx);

	// 3. send, with bounded concurrency
	const matches = new Map<Element<E>, IDataObject[]>();
	const failures = new Map<number, ItemFailure['error']>();

	const ownerItems = (elements: Array<Element<E>>) => [...new Set(elements.flatMap((e) => e.owners.map((o) => o.itemIndex)))];

	await withRunCost(ctx, client, async (cost) => {
		// before anything is sent: the cost of a run longer than a minute of the key, or why it cannot finish in time
		const part = cost.plan(options.planned ? 0 : weights.reduce((sum, weight) => sum + weight, 0));
		// the user's Continue On Fail decides, not a caller that collects failures (Enrich): without it the node fails
		const refused = refusalOf(cost, continueOnFail && userContinuesOnFail(ctx));
		if (refused) {
			part.close();
			for (const request of requests) failures.set(request.itemIndex, refused);
			return;
		}
		// once the service refuses the API key (401), the client sends nothing more in this run: the
		// chunks after it fail at once with that refusal
		await mapWithConcurrency(jobs, options.concurrency ?? DEFAULT_CONCURRENCY, async (job, index) => {
			let sent: Array<Element<E>> = [];
			try {
				sent = await sendJob(job);
			} finally {
				// progress counts what succeeded; what failed is counted apart
				const done =
					sent.length === 0 ? 0 : sent.length === job.elements.length ? weights[index] : client.weightOf(name, bodyOf(job, sent));
				if (done > 0) part.succeeded(done);
				if (sent.length < job.elements.length) part.failed(weights[index] - done);
			}
		});
	});

	/** Sends a chunk (re-sending it without the elements a 422 names); returns the elements answered. */
	async function sendJob(job: (typeof jobs)[number]): Promise<Array<Element<E>>> {
		let elements = job.elements;
		for (;;) {
			const itemIndex = elements[0].owners[0].itemIndex;
			try {
				const body = bodyOf(job, elements);
				const response = await client.request(name, body, { itemIndex, items: ownerItems(elements) });
				scatter(node, definition, response, elements, matches);
				return elements;
			} catch (error) {
				// a 422 that names elements fails their items; the others are re-sent
				const named = namedElements(error, batchKey, elements);
				if (named.size > 0) {
					const labelled = relabel(node, error as NodeApiError, batchKey, elements);
					if (!continueOnFail) throw labelled;
					for (const position of named) {
						for (const item of ownerItems([elements[position]])) failures.set(item, labelled);
					}
					elements = elements.filter((_, position) => !named.has(position));
					if (elements.length > 0) continue;
					return [];
				}
				const failure = toItemError(node, error, itemIndex);
				if (!continueOnFail) throw failure;
				for (const item of ownerItems(elements)) {
					if (!failures.has(item)) failures.set(item, failure);
				}
				return [];
			}
		}
	}

	// 4. scatter back: every owner gets its element's matches at its entry's position
	const resultsByItem = new Map<number, Array<EntryResult<E>>>();
	for (const group of groups.values()) {
		for (const element of group.elements) {
			const found = matches.get(element) ?? [];
			for (const owner of element.owners) {
				let list = resultsByItem.get(owner.itemIndex);
				if (!list) resultsByItem.set(owner.itemIndex, (list = []));
				list[owner.entryIndex] = { entry: element.value, matches: found };
			}
		}
	}
	return requests.map((request): ItemOutcome<E> => {
		const error = failures.get(request.itemIndex);
		if (error) return { itemIndex: request.itemIndex, ok: false, error };
		// entries of one item always land in the same group, so the list has no holes
		return { itemIndex: request.itemIndex, ok: true, results: resultsByItem.get(request.itemIndex) ?? [] };
	});
}

/**
 * The rows of an id-joined answer, one per record: a v2 enrichment row whose `data` is a list
 * (`rowData: 'oneOrMany'`) becomes one row per element, `{id, data: element}`, as v1 answers a
 * list (several rows of the same id); an empty list is no row, as an id v1 had nothing for.
 */
function recordRows(list: IDataObject[], rowData: 'oneOrMany' | undefined): IDataObject[] {
	if (rowData !== 'oneOrMany' || !list.some((row) => Array.isArray(row?.data))) return list;
	return list.flatMap((row) =>
		Array.isArray(row?.data) ? (row.data as IDataObject[]).map((data) => ({ ...row, data })) : [row],
	);
}

function scatter<E>(
	node: NodeApiError['node'],
	definition: EndpointDefinition,
	response: IDataObject,
	elements: Array<Element<E>>,
	matches: Map<Element<E>, IDataObject[]>,
) {
	const join = definition.result?.join;
	const field = definition.result?.field;
	const list = field === undefined ? [response] : ((response?.[field] ?? []) as IDataObject[]);
	if (!Array.isArray(list)) {
		throw new NodeApiError(node, response as JsonObject, { message: `The service answered without a "${field}" list` });
	}
	if (join?.by === 'position') {
		if (list.length !== elements.length) {
			throw new NodeApiError(node, response as JsonObject, {
				message: `The service answered ${list.length} results for ${elements.length} requested; results cannot be paired with items`,
			});
		}
		elements.forEach((element, position) => matches.set(element, [list[position]]));
		return;
	}
	if (join?.by === 'id') {
		const byKey = new Map(elements.map((element) => [String(element.value), element]));
		for (const result of recordRows(list, definition.result?.rowData)) {
			const element = byKey.get(String(result?.[join.field]));
			if (!element) continue;
			const list = matches.get(element);
			if (list) list.push(result);
			else matches.set(element, [result]);
		}
		return;
	}
	elements.forEach((element) => matches.set(element, list));
}

/** Positions in the chunk that a 422 names, e.g. loc ["body", "prospect_ids", 7]. */
function namedElements<E>(error: unknown, key: string, elements: Array<Element<E>>): Set<number> {
	const positions = new Set<number>();
	if (!isNodeApiError(error) || error.httpCode !== '422') return positions;
	const problems = (error.context.problems ?? []) as unknown as ServiceProblem[];
	for (const problem of problems) {
		const [field, position] = problem.path;
		if (field === key && typeof position === 'number' && position < elements.length) positions.add(position);
	}
	return positions;
}

/** Rewrites chunk positions in a 422 into the input items they came from. */
function relabel<E>(node: NodeApiError['node'], error: NodeApiError, key: string, elements: Array<Element<E>>) {
	const problems = ((error.context.problems ?? []) as unknown as ServiceProblem[]).map((problem) => {
		const [field, position, ...rest] = problem.path;
		if (field !== key || typeof position !== 'number' || !elements[position]) return problem;
		return { path: rest, message: problem.message, itemIndex: elements[position].owners[0].itemIndex };
	});
	const first = problems.find((problem) => problem.itemIndex !== undefined);
	return serviceError(node, 422, error.errorResponse, { problems, itemIndex: first?.itemIndex });
}
