import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { z } from 'zod/v3';

import { runBatched, type ItemRequest } from '../../shared/batching/engine';
import { businessEventsFields, businessIdSchema, dialectFor, ENDPOINTS, idSchema, LIMITS, PROSPECT_EVENT_TYPES, prospectEventsFields } from '../../shared/api';
import { apiVersionOf } from '../../shared/transport/apiVersion';
import { prepareItems } from '../../shared/batching/items';
import { itemValidationError, parseJsonParameter, validateItem } from '../../shared/batching/validate';
import { concurrencyOption, optionsCollection, otherEventTypesOption } from '../../shared/descriptions';
import { DEFAULT_PROSPECT_EVENT_TYPES, eventTypesParameter, readEventTypes } from '../../shared/eventTypes';
import { parseIdList } from '../../shared/idList';
import { readParameter } from '../../shared/parameters';
import { buildOutput, type OutputMode } from '../helpers/output';
import { resolveSince } from '../helpers/since';
import { fixedForTool, forTool, fromAi, notForTool, toolDescription } from '../../shared/toolMode';
import {
	BUSINESS_IDS_FOR_MODEL,
	GET_EVENTS_TOOL_DESCRIPTION,
	GET_PROSPECT_EVENTS_TOOL_DESCRIPTION,
	PROSPECT_IDS_FOR_MODEL,
	SINCE_FOR_MODEL,
} from '../helpers/toolText';
import { DEFAULT_API_VERSION } from '../../shared/transport/connection';

/** Whose events: businesses (the default, as before this parameter existed) or prospects. */
export type EventsResource = 'business' | 'prospect';

const forBusinesses = { show: { resource: ['business'] } };
const forProspects = { show: { resource: ['prospect'] } };

export const description: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Business',
				value: 'business',
				description: 'Funding, IPOs, new products, offices, partnerships, hiring and more',
			},
			{
				name: 'Prospect',
				value: 'prospect',
				description: 'Role changes, company changes and job anniversaries',
			},
		],
		default: 'business',
		description: 'Whose events to get',
	},
	toolDescription(GET_EVENTS_TOOL_DESCRIPTION, forBusinesses),
	toolDescription(GET_PROSPECT_EVENTS_TOOL_DESCRIPTION, forProspects),
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
		displayOptions: forBusinesses,
	}),
	forTool({
		displayName: 'Business IDs',
		name: 'businessIds',
		type: 'string',
		required: true,
		default: fromAi('business_ids', BUSINESS_IDS_FOR_MODEL),
		description: 'The businesses to get events for. By default the model sets them.',
		displayOptions: forBusinesses,
	}),
	notForTool({
		displayName: 'Prospect IDs',
		name: 'prospectIds',
		type: 'string',
		required: true,
		default: '={{ $json.prospect_id }}',
		placeholder: 'e.g. 0f1e2d3c4b5a69788796a5b4c3d2e1f00a1b2c3d',
		description:
			'The prospects to get events for: one ID, a list, or IDs separated by commas. By default the prospect_id field of each input item (as Match Prospects returns it); items without one are passed over.',
		hint: `IDs from all input items are combined and each prospect is asked for once, ${LIMITS.prospectEventIds} per request`,
		displayOptions: forProspects,
	}),
	forTool({
		displayName: 'Prospect IDs',
		name: 'prospectIds',
		type: 'string',
		required: true,
		default: fromAi('prospect_ids', PROSPECT_IDS_FOR_MODEL),
		description: 'The prospects to get events for. By default the model sets them.',
		displayOptions: forProspects,
	}),
	{
		...eventTypesParameter(
			'Which kinds of events to return. To ask for a type not in this list, add it under Options > Other Event Types.',
		),
		displayOptions: forBusinesses,
	},
	{
		...eventTypesParameter(
			'Which kinds of prospect events to return. To ask for a type not in this list, add it under Options > Other Event Types.',
			PROSPECT_EVENT_TYPES,
			DEFAULT_PROSPECT_EVENT_TYPES,
		),
		name: 'prospectEventTypes',
		displayOptions: forProspects,
	},
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
					'Each event becomes an item, linked to every input item that asked for its business or prospect',
			},
			{
				name: 'One Item per Input Item',
				value: 'inputItem',
				description:
					'Each input item is kept and gets an events field listing the events of its businesses or prospects',
			},
		],
		default: 'event',
		hint: 'With no events there are no items, so later nodes do not run. To continue anyway, pick One Item per Input Item or turn on Always Output Data.',
	}),
	fixedForTool('output', 'event'),
	{
		...optionsCollection(),
		options: [
			concurrencyOption,
			{
				displayName: 'Event Data Parameters',
				name: 'eventDataParameters',
				type: 'json',
				default: '[]',
				description:
					'Extra filters on the event payload, sent to the service as event_data_parameters: a JSON list of objects',
				displayOptions: { show: { '/resource': ['business'] } },
			},
			otherEventTypesOption,
		],
	},
];

/** Said in the run (output pane) when the businesses had no events, instead of an empty output without a word. */
export const NO_EVENTS_HINT =
	'No events: none of the businesses had events of the chosen types in the period, so the nodes after this one did not run';

/** The same, for prospects. */
export const NO_PROSPECT_EVENTS_HINT =
	'No events: none of the prospects had events of the chosen types in the period, so the nodes after this one did not run';

/** What differs between business and prospect events; the rest of the run is the same. */
export interface ResourceSetup {
	endpoint: 'getBusinessEvents' | 'getProspectEvents';
	idsParameter: string;
	idsLabel: string;
	idKind: 'business' | 'id';
	/** the body's id list (the catalog's batch key) */
	idsField: string;
	/** the id field of each event and of an input item (the catalog's join field) */
	itemField: string;
	eventTypesParameter: string;
	schema: z.ZodTypeAny;
	/** event_data_parameters is a business events filter only */
	eventData: boolean;
	/**
	 * An item without an id (a contact Match Prospects did not find has prospect_id null) is kept
	 * without a request instead of failing the run; a hint counts such items.
	 */
	skipItemsWithoutIds: boolean;
	/** which items come without an id, for the hint that counts them */
	withoutIdExample: string;
	noEventsHint: string;
}

/** The body fields items share; items with equal ones are batched together. */
interface SharedFields extends IDataObject {
	event_types: string[];
	timestamp_from: string;
	event_data_parameters?: IDataObject[];
}

/**
 * The body's id list and each event's id field, as the events endpoint's catalog entry names them
 * (its batch key and join field; both versions' entries agree), as the trigger reads them.
 */
function idFieldsOf(endpoint: ResourceSetup['endpoint']): Pick<ResourceSetup, 'endpoint' | 'idsField' | 'itemField'> {
	const { batch, result } = ENDPOINTS[endpoint];
	const join = result?.join;
	return { endpoint, idsField: batch?.key ?? '', itemField: join?.by === 'id' ? join.field : '' };
}

/** Per resource; `schema` is the body of one item: any number of ids (the engine chunks them to the limit). */
export const RESOURCES: Record<EventsResource, ResourceSetup> = {
	business: {
		...idFieldsOf('getBusinessEvents'),
		idsParameter: 'businessIds',
		idsLabel: 'Business IDs',
		idKind: 'business',
		eventTypesParameter: 'eventTypes',
		schema: businessEventsFields.extend({ business_ids: z.array(businessIdSchema) }),
		eventData: true,
		skipItemsWithoutIds: false,
		withoutIdExample: 'companies Match Businesses found no match for',
		noEventsHint: NO_EVENTS_HINT,
	},
	prospect: {
		...idFieldsOf('getProspectEvents'),
		idsParameter: 'prospectIds',
		idsLabel: 'Prospect IDs',
		idKind: 'id',
		eventTypesParameter: 'prospectEventTypes',
		// the engine de-duplicates ids across items, so one item's list is not bound to unique ids
		schema: prospectEventsFields.extend({ prospect_ids: z.array(idSchema) }),
		eventData: false,
		skipItemsWithoutIds: true,
		withoutIdExample: 'contacts Match Prospects did not find',
		noEventsHint: NO_PROSPECT_EVENTS_HINT,
	},
};

/** The resource of this run; anything but "prospect" (a workflow from before the parameter) is business. */
export function eventsResource(ctx: IExecuteFunctions): EventsResource {
	return ctx.getNodeParameter('resource', 0, 'business') === 'prospect' ? 'prospect' : 'business';
}

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
	setup: ResourceSetup,
	itemIndex: number,
	now: number,
	since: (itemIndex: number) => unknown,
): ItemRequest<string> | undefined {
	const raw = readParameter(ctx, setup.idsParameter, itemIndex);
	// null is a matcher's answer for a row it found no match for (Match Businesses): nothing to ask, skipped
	if (raw === null) return undefined;
	const ids = parseIdList(raw, setup.idKind);
	if ('error' in ids) throw itemValidationError(ctx.getNode(), itemIndex, `${setup.idsLabel} ${ids.error}`);
	if (ids.ids.length === 0 && setup.skipItemsWithoutIds) return undefined;
	if (ids.ids.length === 0) {
		throw itemValidationError(
			ctx.getNode(),
			itemIndex,
			`${setup.idsLabel} is empty: the item has no ${setup.itemField}. Map a field that holds the IDs, or type them.`,
		);
	}

	const options = readParameter(ctx, 'options', itemIndex, {}) as IDataObject;
	const eventTypes = readEventTypes(
		readParameter(ctx, setup.eventTypesParameter, itemIndex, []),
		options.otherEventTypes,
	);
	if (!eventTypes.ok) throw itemValidationError(ctx.getNode(), itemIndex, eventTypes.problem);

	// Since is read first: an expression such as {{ $now }} is then not later than the clock
	const sinceValue = since(itemIndex);
	const from = resolveSince(sinceValue, ctx.getTimezone(), now, Date.now());
	if ('error' in from) throw itemValidationError(ctx.getNode(), itemIndex, `Since ${from.error}`);

	const shared: SharedFields = { event_types: eventTypes.value, timestamp_from: from.timestampFrom };
	if (setup.eventData) {
		const eventData = readEventDataParameters(ctx, itemIndex, options.eventDataParameters);
		if (eventData) shared.event_data_parameters = eventData;
	}

	validateItem(ctx.getNode(), setup.schema, { ...shared, [setup.idsField]: ids.ids }, itemIndex);
	return { itemIndex, entries: ids.ids, shared };
}

/** v2's events body has no event_data_parameters (research §6): refused before anything is sent. */
function refuseEventDataOnV2(ctx: IExecuteFunctions, requests: Array<ItemRequest<string>>): void {
	const asking = requests.find((request) => request.shared?.event_data_parameters !== undefined);
	if (asking === undefined) return;
	throw itemValidationError(
		ctx.getNode(),
		asking.itemIndex,
		'Event Data Parameters are not taken by API v2: remove the option, or set API Version to v1 in the credential',
	);
}

/** Said when items had no id to ask for (only where such items are skipped). */
export function withoutIdsHint(
	setup: Pick<ResourceSetup, 'itemField' | 'withoutIdExample'>,
	count: number,
	mode: OutputMode,
): string {
	const items = count === 1 ? '1 item had' : `${count} items had`;
	const kept = mode === 'inputItem' ? 'they are kept with an empty events list' : 'they have no events in the output';
	return `${items} no ${setup.itemField} (for example ${setup.withoutIdExample}): nothing was asked for them and ${kept}`;
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const now = Date.now();
	const setup = RESOURCES[eventsResource(this)];
	const since = sinceReader(this);
	const prepared = prepareItems(this, (itemIndex) => readItem(this, setup, itemIndex, now, since));
	// the credential is read only when something is sent
	const version = prepared.requests.length > 0 ? await apiVersionOf(this) : DEFAULT_API_VERSION;
	if (!dialectFor(version).events.eventDataParameters) refuseEventDataOnV2(this, prepared.requests);
	const concurrency = (this.getNodeParameter('options', 0, {}) as IDataObject).concurrency as number | undefined;
	const outcomes =
		prepared.requests.length > 0 ? await runBatched(this, setup.endpoint, prepared.requests, { concurrency, version }) : [];
	const mode = this.getNodeParameter('output', 0, 'event') as OutputMode;
	const output = buildOutput(this, mode, prepared, outcomes);
	if (mode === 'event' && output.length === 0 && prepared.requests.length > 0) {
		this.addExecutionHints({ message: setup.noEventsHint, location: 'outputPane' });
	}
	const withoutIds = this.getInputData().length - prepared.requests.length - prepared.errors.size;
	if (withoutIds > 0) {
		this.addExecutionHints({ message: withoutIdsHint(setup, withoutIds, mode), location: 'outputPane' });
	}
	return output;
}
