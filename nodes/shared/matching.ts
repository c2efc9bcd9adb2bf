/**
 * What Match Prospects and Match Businesses share: one match element per input item, as many per
 * request as the endpoint allows, results joined back by position, and one output item per input
 * item carrying the id found (or null), `matched` and what was sent.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { type ItemRequest, runBatched } from './batching/engine';
import { assembleOutput, prepareItems } from './batching/items';
import type { CommonOperationName } from './api';
import { concurrencyOption, optionsCollection } from './descriptions';
import { apiVersionOf } from './transport/apiVersion';

/** The key of what was sent for a row: a name no contact or account table uses for its own column. */
export const MATCH_INPUT_KEY = 'match_input';

/**
 * One output item of a match node: `<idField>` (null when the service found no match),
 * `matched`, and `match_input`: the fields that were sent (only those, none as null); with the
 * input fields in front when they are kept. The match fields win over input fields of the same
 * name (a row's stale id is replaced by this match's answer). `warnings` is added when match
 * fields were left out. Fields the service adds per element (`error`, `error_type`, later ones)
 * are kept as they come; its own echo (`input`, every field with null for the ones not sent) is
 * not passed on.
 */
export function matchOutput(
	idField: string,
	inputJson: IDataObject,
	result: IDataObject,
	sent: IDataObject,
	includeInputFields: boolean,
	warnings: string[] = [],
): IDataObject {
	const raw = result[idField];
	const id = typeof raw === 'string' && raw.trim() !== '' ? raw : null;
	const matchFields: IDataObject = { [idField]: id, matched: id !== null, [MATCH_INPUT_KEY]: { ...sent } };
	for (const [key, value] of Object.entries(result)) if (key !== 'input' && !(key in matchFields)) matchFields[key] = value;
	if (warnings.length > 0) matchFields.warnings = warnings;
	return includeInputFields ? { ...inputJson, ...matchFields } : matchFields;
}

/** The Options collection of a match node: Batch Concurrency and Include Input Fields. */
export function matchOptions(idField: string): INodeProperties {
	return {
		...optionsCollection(),
		options: [
			concurrencyOption,
			{
				displayName: 'Include Input Fields',
				name: 'includeInputFields',
				type: 'boolean',
				default: true,
				description: `Whether to keep the input item's own fields next to the match result, so the next node still sees the whole row. The result fields (${idField}, matched, ${MATCH_INPUT_KEY}) replace input fields of the same name.`,
			},
		],
	};
}

export interface MatchRun<Entry> {
	endpoint: CommonOperationName;
	/** the id field the service answers with: `prospect_id`, `business_id` */
	idField: string;
	/** the match element of one item and what was left out of it (throws for an item that cannot match) */
	readEntry: (itemIndex: number) => { entry: Entry; warnings: string[] };
}

/** Reads and checks every item, sends the matches, and returns one output item per input item, in order. */
export async function runMatch<Entry>(ctx: IExecuteFunctions, run: MatchRun<Entry>): Promise<INodeExecutionData[]> {
	const items = ctx.getInputData();
	const options = ctx.getNodeParameter('options', 0, {}) as { concurrency?: number; includeInputFields?: boolean };
	const includeInputFields = options.includeInputFields ?? true;

	// 1. read and validate every item before anything is sent
	const warnings = new Map<number, string[]>();
	const prepared = prepareItems(ctx, (itemIndex): ItemRequest<Entry> => {
		const read = run.readEntry(itemIndex);
		if (read.warnings.length > 0) warnings.set(itemIndex, read.warnings);
		return { itemIndex, entries: [read.entry] };
	});

	// 2. one element per item, up to the endpoint's limit per request, joined back by position
	const outcomes = prepared.requests.length
		? await runBatched(ctx, run.endpoint, prepared.requests, { concurrency: options.concurrency, version: await apiVersionOf(ctx) })
		: [];

	// 3. one output item per input item, in input order. The engine joins by position, so every
	// sent item has exactly one result (else the whole chunk failed); each is emitted once.
	const sentBy = new Map(prepared.requests.map((request) => [request.itemIndex, request.entries[0]]));
	return assembleOutput(ctx, prepared, outcomes, (itemIndex, outcome) => {
		const result = outcome?.results[0]?.matches[0] ?? {};
		const sent = (sentBy.get(itemIndex) ?? {}) as IDataObject;
		const json = matchOutput(run.idField, items[itemIndex].json, result, sent, includeInputFields, warnings.get(itemIndex));
		return [{ json, pairedItem: { item: itemIndex } }];
	});
}
