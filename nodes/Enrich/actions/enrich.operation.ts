import type { IDataObject, IExecuteFunctions, INode, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ItemOutcome, ItemRequest } from '../../shared/batching/engine';
import { assembleOutput, prepareItems } from '../../shared/batching/items';
import { itemValidationError, parseJsonParameter } from '../../shared/batching/validate';
import { concurrencyOption, optionsCollection } from '../../shared/descriptions';
import { type IdKind, idProblem, readText } from '../../shared/inputRules';
import { readParameter } from '../../shared/parameters';
import { type Enrichment, type EnrichResource, RESOURCES, selectedEnrichments } from '../helpers/enrichments';
import { parameterFields, readEnrichmentParameters } from '../helpers/parameters';
import { forTool, fromAi, notForTool, toolDescription } from '../../shared/toolMode';
import { BUSINESS_ID_FOR_MODEL, ENRICH_TOOL_DESCRIPTION, PROSPECT_ID_FOR_MODEL } from '../helpers/toolText';
import { type EnrichmentResults, enrichedItems, type PostsOutput, skippedItem } from '../helpers/output';
import type { ItemError } from '../../shared/batching/items';
import { apiVersionOf } from '../../shared/transport/apiVersion';
import { removedFieldsNotice } from '../helpers/removedFields';
import { type EnrichmentRun, largestGroup, runEnrichment, withEnrichmentsCost } from '../../shared/jobs';
import { jobOptions, jobsHint, noJobOnV1Hint, readJobSettings, reportJobProgress } from '../helpers/asyncJobs';
import { isNodeApiError } from '../../shared/transport/nodeErrors';
import { isRunRefusal } from '../../shared/batching/cost';
import { DEFAULT_API_VERSION } from '../../shared/transport/connection';

const enrichmentOptions = (resource: EnrichResource) =>
	RESOURCES[resource].enrichments.map(({ name, value, description }) => ({ name, value, description }));

export const description: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Prospect', value: 'prospect', description: 'Enrich people by prospect ID' },
			{ name: 'Business', value: 'business', description: 'Enrich companies by business ID' },
		],
		default: 'prospect',
	},
	{
		displayName: 'Enrichments',
		name: 'prospectEnrichments',
		type: 'multiOptions',
		required: true,
		displayOptions: { show: { resource: ['prospect'] } },
		options: enrichmentOptions('prospect'),
		default: ['profile'],
		description: 'What to add to each prospect. Each one is stored under its own key of the output item.',
	},
	{
		displayName: 'Enrichments',
		name: 'businessEnrichments',
		type: 'multiOptions',
		required: true,
		displayOptions: { show: { resource: ['business'] } },
		options: enrichmentOptions('business'),
		default: ['fundingAndAcquisitions'],
		description: 'What to add to each business. Each one is stored under its own key of the output item.',
	},
	toolDescription(ENRICH_TOOL_DESCRIPTION.prospect, { show: { resource: ['prospect'] } }),
	toolDescription(ENRICH_TOOL_DESCRIPTION.business, { show: { resource: ['business'] } }),
	notForTool({
		displayName: 'Prospect ID',
		name: 'prospectId',
		type: 'string',
		displayOptions: { show: { resource: ['prospect'] } },
		default: '={{ $json.prospect_id }}',
		description:
			'Reads the prospect_id field that Match Prospects adds. Items without one (such as unmatched contacts) are not sent and pass through with enrichment_status "skipped" and enrichment_reason "no prospect ID".',
	}),
	forTool({
		displayName: 'Prospect ID',
		name: 'prospectId',
		type: 'string',
		required: true,
		displayOptions: { show: { resource: ['prospect'] } },
		default: fromAi('prospect_id', PROSPECT_ID_FOR_MODEL),
		description: 'The prospect to enrich. By default the model sets it.',
	}),
	notForTool({
		displayName: 'Business ID',
		name: 'businessId',
		type: 'string',
		displayOptions: { show: { resource: ['business'] } },
		default: '={{ $json.business_id }}',
		description:
			'Reads the item\'s business_id field. Items without one are not sent and pass through with enrichment_status "skipped" and enrichment_reason "no business ID".',
	}),
	forTool({
		displayName: 'Business ID',
		name: 'businessId',
		type: 'string',
		required: true,
		displayOptions: { show: { resource: ['business'] } },
		default: fromAi('business_id', BUSINESS_ID_FOR_MODEL),
		description: 'The business to enrich. By default the model sets it.',
	}),
	notForTool({
		displayName: 'Posts Output',
		name: 'postsOutput',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['prospect'], prospectEnrichments: ['posts'] } },
		options: [
			{
				name: 'One Item per Prospect',
				value: 'list',
				description: 'Posts are a list in the posts field, empty when the prospect has none',
			},
			{
				name: 'One Item per Post',
				value: 'split',
				description:
					'Each post becomes its own item in the post field, linked to its prospect\'s item. A prospect without posts gives one item with post set to null.',
			},
		],
		default: 'list',
	}),
	...parameterFields,
	{
		...optionsCollection(),
		options: [
			concurrencyOption,
			{
				displayName: 'Enrichment Parameters',
				name: 'parameters',
				type: 'json',
				default: '{}',
				description:
					'Parameters object sent with each request of the enrichments that have no fields of their own (Website Keywords, Financial Indicators, Website Traffic and Buying Intent have), as the service documents it',
			},
			{
				displayName: 'Include Input Fields',
				name: 'includeInputFields',
				type: 'boolean',
				default: true,
				description:
					'Whether to keep the input item\'s own fields next to the enrichments, so the next node still sees the whole row',
			},
			...jobOptions,
		],
	},
];

interface EnrichOptions {
	concurrency?: number;
	parameters?: unknown;
	includeInputFields?: boolean;
	jobThreshold?: unknown;
	jobTimeLimit?: unknown;
}

/**
 * The item's id, or undefined when it has none (undefined, null or blank). Text or a number only;
 * business ids must have the contract's format, other ids no spaces and a sane length.
 */
export function readId(ctx: IExecuteFunctions, parameterName: string, idField: string, itemIndex: number, kind: IdKind) {
	const text = readText(readParameter(ctx, parameterName, itemIndex, '') as unknown);
	if (!text.ok) throw itemValidationError(ctx.getNode(), itemIndex, `${idField} ${text.problem}`);
	if (text.value === '') return undefined;
	const problem = idProblem(text.value, kind);
	if (problem) throw itemValidationError(ctx.getNode(), itemIndex, `${idField} ${problem}`);
	return text.value;
}

/** An input item with an id, and the parameters it sends with each selected enrichment. */
interface PreparedItem {
	itemIndex: number;
	id: string;
	parameters: Map<Enrichment, IDataObject | undefined>;
}

/** A 401: the API key was refused, so every request of the run would be. */
function isCredentialError(error: ItemError): boolean {
	return isNodeApiError(error) && error.httpCode === '401';
}

/** The optional parameters object of the item's requests (items share a request only when equal). */
function readParameters(ctx: IExecuteFunctions, node: INode, itemIndex: number): IDataObject | undefined {
	const value = parseJsonParameter(node, itemIndex, readParameter(ctx, 'options.parameters', itemIndex, ''), {
		label: 'Enrichment Parameters',
		shape: 'object',
		example: '{"key": "value"}',
	});
	return value && Object.keys(value).length > 0 ? value : undefined;
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const items = this.getInputData();
	const node = this.getNode();
	const resourceName = this.getNodeParameter('resource', 0) as EnrichResource;
	const resource = RESOURCES[resourceName];
	const selected = selectedEnrichments(
		resourceName,
		this.getNodeParameter(resourceName === 'prospect' ? 'prospectEnrichments' : 'businessEnrichments', 0, []) as string[],
	);
	if (selected.length === 0) {
		throw new NodeOperationError(node, 'Select at least one enrichment', {
			description: 'Choose what to add to each item in the Enrichments parameter.',
		});
	}
	const postsOutput: PostsOutput =
		resourceName === 'prospect' && selected.some((enrichment) => enrichment.shape === 'list')
			? (this.getNodeParameter('postsOutput', 0, 'list') as PostsOutput)
			: 'list';
	const options = this.getNodeParameter('options', 0, {}) as EnrichOptions;
	const includeInputFields = options.includeInputFields ?? true;
	const jobSettings = readJobSettings(this, options);
	const idParameter = resourceName === 'prospect' ? 'prospectId' : 'businessId';

	// 1. read and validate every item (id and the parameters of each enrichment) before anything is sent;
	//    items without an id need no request
	const now = new Date();
	const prepared = prepareItems(this, (itemIndex): PreparedItem | undefined => {
		const id = readId(this, idParameter, resource.idField, itemIndex, resourceName === 'business' ? 'business' : 'id');
		const json = readParameters(this, node, itemIndex);
		if (id === undefined) return undefined;
		const parameters = new Map<Enrichment, IDataObject | undefined>();
		for (const enrichment of selected) {
			parameters.set(
				enrichment,
				enrichment.parameters ? readEnrichmentParameters(this, enrichment.parameters, itemIndex, now) : json,
			);
		}
		return { itemIndex, id, parameters };
	});

	// 2. one run per enrichment: ids de-duplicated, chunked to the limit (or, on v2 from the job
	//    threshold on, one async job), joined back by id; items share a request (a job) only when
	//    their parameters for it are equal. A failed enrichment fails only its own key of the item:
	//    the other enrichments are still asked for.
	const results = new Map<number, EnrichmentResults>();
	const version = prepared.requests.length > 0 ? await apiVersionOf(this) : DEFAULT_API_VERSION;
	// `planned`: the cost of every enrichment is planned (and told) once for the node, below
	const shared = { concurrency: options.concurrency, continueOnFail: true, version, planned: true };
	const removed = removedFieldsNotice(selected, version);
	if (removed) this.addExecutionHints({ message: removed, location: 'outputPane' });
	const job = { timeoutMs: jobSettings.timeoutMs, onProgress: reportJobProgress(this) };
	const jobRuns: Array<Extract<EnrichmentRun, { via: 'job' }>> = [];
	let stopped: ItemError | undefined;
	// the requests of the enrichment whose largest group of equal parameters is largest (the v1 hint)
	let largestRequests: Array<ItemRequest<string>> = [];
	const requestsOf = (enrichment: Enrichment) =>
		prepared.requests.map(({ itemIndex, id, parameters }): ItemRequest<string> => {
			const sent = parameters.get(enrichment);
			return { itemIndex, entries: [id], shared: sent ? { parameters: sent } : undefined };
		});
	const runs = selected.map((enrichment) => ({ operation: enrichment.endpoint, requests: requestsOf(enrichment) }));
	const enrichAll = async (refused?: ItemError) => {
		// the run cannot finish in time (Continue On Fail): every item fails with that, nothing is sent
		stopped = refused;
		for (const [position, enrichment] of selected.entries()) {
			if (stopped) break;
			const requests = runs[position].requests;
			if (largestGroup(requests) > largestGroup(largestRequests)) largestRequests = requests;
			const run = await runEnrichment(this, enrichment.endpoint, requests, {
				version,
				jobThreshold: jobSettings.threshold,
				batch: shared,
				job: { ...job, enrichment: enrichment.name },
			});
			if (run.via === 'job') jobRuns.push(run);
			const outcomes = run.outcomes;
			for (const outcome of outcomes) {
				const perItem: EnrichmentResults = results.get(outcome.itemIndex) ?? new Map();
				results.set(outcome.itemIndex, perItem);
				if (outcome.ok) {
					perItem.set(enrichment, outcome.results[0]?.matches ?? []);
					continue;
				}
				// the API key was refused, or the run for lack of time: every other request would be too, so nothing more is sent
				if (isCredentialError(outcome.error) || isRunRefusal(outcome.error)) {
					if (!this.continueOnFail()) throw outcome.error;
					perItem.set(enrichment, { failed: outcome.error });
					stopped = outcome.error;
					continue;
				}
				perItem.set(enrichment, { failed: outcome.error });
			}
			if (stopped) break;
		}
	};
	if (prepared.requests.length > 0) await withEnrichmentsCost(this, runs, { version, jobThreshold: jobSettings.threshold }, enrichAll);
	const noJob = noJobOnV1Hint(version, jobSettings, largestRequests, selected[0].endpoint);
	const jobs = jobsHint(jobRuns);
	for (const message of [noJob, jobs]) if (message) this.addExecutionHints({ message, location: 'outputPane' });

	// an item for which every selected enrichment failed has failed (the first failure is its error)
	const failures = new Map<number, ItemError>();
	for (const { itemIndex } of prepared.requests) {
		const perItem = results.get(itemIndex);
		if (stopped && (perItem?.size ?? 0) < selected.length) {
			failures.set(itemIndex, stopped);
			continue;
		}
		const errors = [...(perItem?.values() ?? [])].flatMap((value) => (Array.isArray(value) ? [] : [value.failed as ItemError]));
		if (errors.length > 0 && errors.length === selected.length) failures.set(itemIndex, errors[0]);
	}

	// 3. one item per input item (or per post), in input order, each paired to its input item
	const idByItem = new Map(prepared.requests.map((request) => [request.itemIndex, request.id]));
	// results of an id only this item asked for are its own: emitted without a copy
	const askedFor = new Map<string, number>();
	for (const id of idByItem.values()) askedFor.set(id, (askedFor.get(id) ?? 0) + 1);
	const outcomes: Array<ItemOutcome<string>> = prepared.requests.map(({ itemIndex }) => {
		const error = failures.get(itemIndex);
		return error ? { itemIndex, ok: false, error } : { itemIndex, ok: true, results: [] };
	});
	return assembleOutput(this, prepared, outcomes, (itemIndex, outcome) => {
		const base = includeInputFields ? items[itemIndex].json : {};
		const pairedItem = { item: itemIndex };
		if (!outcome) return [{ json: skippedItem(items[itemIndex].json, resource, includeInputFields), pairedItem }];
		const id = idByItem.get(itemIndex) as string;
		const copy = (askedFor.get(id) ?? 0) > 1;
		return enrichedItems(base, resource, id, results.get(itemIndex) ?? new Map(), postsOutput, { copy }).map((json) => ({
			json,
			pairedItem,
		}));
	});
}
