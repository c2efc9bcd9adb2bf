import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { type ItemOutcome, type ItemRequest, runBatched } from '../../shared/batching/engine';
import { assembleOutput, prepareItems } from '../../shared/batching/items';
import { itemValidationError, parseJsonParameter } from '../../shared/batching/validate';
import { concurrencyOption } from '../../shared/descriptions';
import { type IdKind, idProblem, readText } from '../../shared/inputRules';
import { readParameter } from '../../shared/parameters';
import { type EnrichResource, RESOURCES, selectedEnrichments } from '../enrichments';
import { forTool, fromAi, notForTool, toolDescription } from '../../shared/toolMode';
import { BUSINESS_ID_FOR_MODEL, ENRICH_TOOL_DESCRIPTION, PROSPECT_ID_FOR_MODEL } from '../toolText';
import { type EnrichmentResults, enrichedItems, type PostsOutput, skippedItem } from '../output';

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
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			concurrencyOption,
			{
				displayName: 'Enrichment Parameters',
				name: 'parameters',
				type: 'json',
				default: '{}',
				description: 'Parameters object sent with each enrichment request, as the service documents it',
			},
			{
				displayName: 'Include Input Fields',
				name: 'includeInputFields',
				type: 'boolean',
				default: true,
				description:
					'Whether to keep the input item\'s own fields next to the enrichments, so the next node still sees the whole row',
			},
		],
	},
];

interface EnrichOptions {
	concurrency?: number;
	parameters?: unknown;
	includeInputFields?: boolean;
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

/** The optional parameters object of the item's requests (items share a request only when equal). */
function readParameters(ctx: IExecuteFunctions, itemIndex: number): IDataObject | undefined {
	const value = parseJsonParameter(ctx.getNode(), itemIndex, readParameter(ctx, 'options.parameters', itemIndex, ''), {
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
	const idParameter = resourceName === 'prospect' ? 'prospectId' : 'businessId';

	// 1. read and validate every item; items without an id need no request
	const prepared = prepareItems(this, (itemIndex): ItemRequest<string> | undefined => {
		const id = readId(this, idParameter, resource.idField, itemIndex, resourceName === 'business' ? 'business' : 'id');
		const parameters = readParameters(this, itemIndex);
		if (id === undefined) return undefined;
		return { itemIndex, entries: [id], shared: parameters ? { parameters } : undefined };
	});

	// 2. one batched run per enrichment: ids de-duplicated, chunked to the limit, joined back by id
	const results = new Map<number, EnrichmentResults>();
	const failures = new Map<number, Extract<ItemOutcome<string>, { ok: false }>>();
	if (prepared.requests.length > 0) {
		const shared = { concurrency: options.concurrency };
		for (const enrichment of selected) {
			// under Continue on Fail, an item that already failed is not asked for again
			const pending = prepared.requests.filter((request) => !failures.has(request.itemIndex));
			if (pending.length === 0) break;
			const outcomes = await runBatched(this, enrichment.endpoint, pending, shared);
			for (const outcome of outcomes) {
				if (!outcome.ok) {
					if (!failures.has(outcome.itemIndex)) failures.set(outcome.itemIndex, outcome);
					continue;
				}
				const perItem = results.get(outcome.itemIndex) ?? new Map();
				perItem.set(enrichment, outcome.results[0]?.matches ?? []);
				results.set(outcome.itemIndex, perItem);
			}
		}
	}

	// 3. one item per input item (or per post), in input order, each paired to its input item
	const idByItem = new Map(prepared.requests.map((request) => [request.itemIndex, request.entries[0]]));
	// results of an id only this item asked for are its own: emitted without a copy
	const askedFor = new Map<string, number>();
	for (const id of idByItem.values()) askedFor.set(id, (askedFor.get(id) ?? 0) + 1);
	const outcomes: Array<ItemOutcome<string>> = prepared.requests.map(
		({ itemIndex }) => failures.get(itemIndex) ?? { itemIndex, ok: true, results: [] },
	);
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
