import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { deepCopy } from 'n8n-workflow';

import type { ItemOutcome } from '../../shared/batching/engine';
import { assembleOutput, pairedTo, type PreparedItems } from '../../shared/batching/items';
import { eventKey } from '../../shared/eventTypes';

export type OutputMode = 'event' | 'inputItem';

type Success = Extract<ItemOutcome<string>, { ok: true }>;

const timeOf = (event: IDataObject) => {
	const ms = Date.parse(String(event.event_time ?? ''));
	return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
};

interface EventMeta {
	key: string;
	time: number;
}

/**
 * The events of one item's businesses, each once, oldest first (as the service sends them).
 * `meta` caches key and time per event object: the engine shares one object between every item
 * that asked for its business.
 */
function eventsOf(outcome: Success | undefined, meta: WeakMap<IDataObject, EventMeta>): IDataObject[] {
	const seen = new Map<string, { event: IDataObject; time: number }>();
	for (const result of outcome?.results ?? []) {
		for (const event of result.matches) {
			let known = meta.get(event);
			if (!known) meta.set(event, (known = { key: eventKey(event), time: timeOf(event) }));
			if (!seen.has(known.key)) seen.set(known.key, { event, time: known.time });
		}
	}
	// stable: events without a readable time keep the service's order, after the others
	return [...seen.values()]
		.sort((a, b) => (a.time === b.time ? 0 : a.time < b.time ? -1 : 1))
		.map(({ event }) => event);
}

/**
 * The output item of one event: the event as the service sends it, a copy of its own. Get Events
 * and the Business Events Webhook Trigger emit their events through this, so a workflow reads
 * the same fields from either.
 */
export function eventItem(event: IDataObject): INodeExecutionData {
	return { json: deepCopy(event) };
}

/**
 * One item per event, linked to every input item that asked for the event's business. An event
 * appears once even when several items (or several batches) asked for it. Order: by the first
 * input item that asked, and within it oldest first. Error items (Continue on Fail) keep their
 * input position. The engine's results may be shared between items: each emitted item gets its
 * own copy, once.
 */
function perEvent(
	ctx: IExecuteFunctions,
	prepared: PreparedItems<unknown>,
	outcomes: Array<ItemOutcome<string>>,
): INodeExecutionData[] {
	const meta = new WeakMap<IDataObject, EventMeta>();
	const emitted = new Map<string, { item: INodeExecutionData; items: number[] }>();
	const output = assembleOutput(ctx, prepared, outcomes, (itemIndex, outcome) => {
		const fresh: INodeExecutionData[] = [];
		for (const event of eventsOf(outcome, meta)) {
			const key = (meta.get(event) as EventMeta).key;
			const known = emitted.get(key);
			if (known) {
				// items are visited in order and each lists an event once: only the last entry can repeat
				if (known.items[known.items.length - 1] !== itemIndex) known.items.push(itemIndex);
				continue;
			}
			const item = eventItem(event);
			emitted.set(key, { item, items: [itemIndex] });
			fresh.push(item);
		}
		return fresh;
	});
	for (const { item, items } of emitted.values()) item.pairedItem = pairedTo(items);
	return output;
}

/**
 * Each input item kept, with an `events` list of its businesses' events (maybe empty). Items that
 * share a business get their own copies of its events.
 */
function perInputItem(
	ctx: IExecuteFunctions,
	prepared: PreparedItems<unknown>,
	outcomes: Array<ItemOutcome<string>>,
): INodeExecutionData[] {
	const input = ctx.getInputData();
	const meta = new WeakMap<IDataObject, EventMeta>();
	return assembleOutput(ctx, prepared, outcomes, (itemIndex, outcome) => [
		{
			json: { ...input[itemIndex].json, events: eventsOf(outcome, meta).map((event) => deepCopy(event)) },
			pairedItem: { item: itemIndex },
		},
	]);
}

export function buildOutput(
	ctx: IExecuteFunctions,
	mode: OutputMode,
	prepared: PreparedItems<unknown>,
	outcomes: Array<ItemOutcome<string>>,
): INodeExecutionData[] {
	return mode === 'inputItem' ? perInputItem(ctx, prepared, outcomes) : perEvent(ctx, prepared, outcomes);
}
