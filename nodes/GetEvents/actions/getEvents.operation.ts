import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { runBatched, type ItemRequest } from '../../shared/batching/engine';
import { prepareItems } from '../../shared/batching/items';
import { itemValidationError, parseJsonParameter, validateItem } from '../../shared/batching/validate';
import { concurrencyOption, otherEventTypesOption } from '../../shared/descriptions';
import { eventTypesParameter, readEventTypes } from '../../shared/eventTypes';
import { parseIdList } from '../../shared/idList';
import { LIMITS } from '../../shared/limits';
import { readParameter } from '../../shared/parameters';
import { businessIdSchema, getBusinessEventsBody } from '../../shared/schemas';
import { buildOutput, type OutputMode } from '../output';
import { resolveSince } from '../since';
import { fixedForTool, forTool, fromAi, notForTool, toolDescription } from '../../shared/toolMode';
import { BUSINESS_IDS_FOR_MODEL, GET_EVENTS_TOOL_DESCRIPTION, SINCE_FOR_MODEL } from '../toolText';

export const description: INodeProperties[] = [
	toolDescription(GET_EVENTS_TOOL_DESCRIPTION),
	notForTool({
		displayName: 'Business IDs',
		name: 'businessIds',
		type: 'string',
		required: true,
		default: '={{ $json.business_id }}',
		placeholder: 'e.g. 3f2a9c1e0b7d4e5f8a6b2c3d4e5f6a7b',
		description:
			'The businesses to get events for: one ID, a list, or IDs separated by commas. By default the business_id field of each input item; an item whose business_id is null (a company Match Businesses found no match for) is skipped.',
		hint: `IDs from all input items are combined and each business is asked for once, ${LIMITS.businessEventIds} per request`,
	}),
	forTool({
		displayName: 'Business IDs',
		name: 'businessIds',
		type: 'string',
		required: true,
		default: fromAi('business_ids', BUSINESS_IDS_FOR_MODEL),
		description: 'The businesses to get events for. By default the model sets them.',
	}),
	eventTypesParameter(
		'Which kinds of events to return. To ask for a type not in this list, add it under Options > Other Event Types.',
	),
	notForTool({
		displayName: 'Since',
		name: 'since',
		type: 'dateTime',
		default: '={{ $now.minus({ days: 7 }).toISO() }}',
		description: `Only events after this moment are returned. Must be within the last ${LIMITS.eventWindowDays} days (the service keeps events for about three months) and not in the future. A date without a time means midnight and a time without an offset is read in the workflow's time zone (Settings > Timezone); empty means 7 days ago.`,
	}),
	forTool({
		displayName: 'Since',
		name: 'since',
		type: 'string',
		default: fromAi('since', SINCE_FOR_MODEL, 'string', ''),
		description: 'Only events after this moment. By default the model sets it; empty means 7 days ago.',
	}),
	notForTool({
		displayName: 'Output',
		name: 'output',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'One Item per Event',
				value: 'event',
				description:
					'Each event becomes an item, linked to every input item that asked for its business',
			},
			{
				name: 'One Item per Input Item',
				value: 'inputItem',
				description: 'Each input item is kept and gets an events field listing the events of its businesses',
			},
		],
		default: 'event',
		hint: 'With no events there are no items, so later nodes do not run. To continue anyway, pick One Item per Input Item or turn on Always Output Data.',
	}),
	fixedForTool('output', 'event'),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			concurrencyOption,
			{
				displayName: 'Event Data Parameters',
				name: 'eventDataParameters',
				type: 'json',
				default: '[]',
				description:
					'Extra filters on the event payload, sent to the service as event_data_parameters: a JSON list of objects',
			},
			otherEventTypesOption,
		],
	},
];

/** Said in the run (output pane) when the businesses had no events, instead of an empty output without a word. */
export const NO_EVENTS_HINT =
	'No events: none of the businesses had events of the chosen types in the period, so the nodes after this one did not run';

/** The body fields items share; items with equal ones are batched together. */
interface SharedFields extends IDataObject {
	event_types: string[];
	timestamp_from: string;
	event_data_parameters?: IDataObject[];
}

/** The body of one item: any number of ids (the batching engine chunks them to the limit). */
const itemSchema = getBusinessEventsBody.extend({ business_ids: z.array(businessIdSchema) });

function readEventDataParameters(ctx: IExecuteFunctions, itemIndex: number, raw: unknown): IDataObject[] | undefined {
	const list = parseJsonParameter(ctx.getNode(), itemIndex, raw, {
		label: 'Event Data Parameters',
		shape: 'objectList',
		example: '[{"key": "value"}]',
	});
	return list === undefined || list.length === 0 ? undefined : list;
}

/** Expression parts that read the current item (or another node's item paired with it). */
const ITEM_REFERENCE = /\$(?:json|binary|item|itemIndex|input|node|data|fromAI|\()|\bitem\b/;

/**
 * Since, read once for all items when it does not depend on the item. An expression such as the
 * default `$now.minus({ days: 7 })` would otherwise differ by milliseconds from item to item, and
 * items with different Since values cannot share a request.
 */
function sinceReader(ctx: IExecuteFunctions): (itemIndex: number) => unknown {
	const raw = ctx.getNodeParameter('since', 0, '', { rawExpressions: true });
	const perItem = typeof raw === 'string' && raw.startsWith('=') && ITEM_REFERENCE.test(raw);
	if (perItem) return (itemIndex) => ctx.getNodeParameter('since', itemIndex);
	let once: { value: unknown } | undefined;
	return (itemIndex) => {
		once ??= { value: ctx.getNodeParameter('since', itemIndex) };
		return once.value;
	};
}

function readItem(
	ctx: IExecuteFunctions,
	itemIndex: number,
	now: number,
	since: (itemIndex: number) => unknown,
): ItemRequest<string> | undefined {
	const raw = readParameter(ctx, 'businessIds', itemIndex);
	// null is Match Businesses' answer for a company it found no match for: nothing to ask, skipped
	if (raw === null) return undefined;
	const ids = parseIdList(raw, 'business');
	if ('error' in ids) throw itemValidationError(ctx.getNode(), itemIndex, `Business IDs ${ids.error}`);
	if (ids.ids.length === 0) {
		throw itemValidationError(
			ctx.getNode(),
			itemIndex,
			'Business IDs is empty: the item has no business_id. Map a field that holds the IDs, or type them.',
		);
	}

	const options = readParameter(ctx, 'options', itemIndex, {}) as IDataObject;
	const eventTypes = readEventTypes(readParameter(ctx, 'eventTypes', itemIndex, []), options.otherEventTypes);
	if (!eventTypes.ok) throw itemValidationError(ctx.getNode(), itemIndex, eventTypes.problem);

	// Since is read first: an expression such as {{ $now }} is then not later than the clock
	const sinceValue = since(itemIndex);
	const from = resolveSince(sinceValue, ctx.getTimezone(), now, Date.now());
	if ('error' in from) throw itemValidationError(ctx.getNode(), itemIndex, `Since ${from.error}`);

	const shared: SharedFields = { event_types: eventTypes.value, timestamp_from: from.timestampFrom };
	const eventData = readEventDataParameters(ctx, itemIndex, options.eventDataParameters);
	if (eventData) shared.event_data_parameters = eventData;

	validateItem(ctx.getNode(), itemSchema, { ...shared, business_ids: ids.ids }, itemIndex);
	return { itemIndex, entries: ids.ids, shared };
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const now = Date.now();
	const since = sinceReader(this);
	const prepared = prepareItems(this, (itemIndex) => readItem(this, itemIndex, now, since));
	const concurrency = (this.getNodeParameter('options', 0, {}) as IDataObject).concurrency as number | undefined;
	const outcomes = await runBatched(this, 'getBusinessEvents', prepared.requests, { concurrency });
	const mode = this.getNodeParameter('output', 0, 'event') as OutputMode;
	const output = buildOutput(this, mode, prepared, outcomes);
	if (mode === 'event' && output.length === 0 && prepared.requests.length > 0) {
		this.addExecutionHints({ message: NO_EVENTS_HINT, location: 'outputPane' });
	}
	return output;
}
