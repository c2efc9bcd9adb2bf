import type { IDataObject, IExecuteFunctions, INodeExecutionData, IPairedItemData } from 'n8n-workflow';

import { stableKey, type ItemOutcome } from '../shared/batching/engine';
import { assembleOutput, errorItem, type PreparedItems } from '../shared/batching/items';

export type OutputMode = 'event' | 'inputItem';

type Success = Extract<ItemOutcome<string>, { ok: true }>;

/** Events are the same event when their ids are; events without an id compare by content. */
const eventKey = (event: IDataObject) =>
	event.event_id !== undefined && event.event_id !== null ? `id:${String(event.event_id)}` : stableKey(event);

const timeOf = (event: IDataObject) => {
	const ms = Date.parse(String(event.event_time ?? ''));
	return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
};

/** The events of one item's businesses, each once, oldest first (as the service sends them). */
function eventsOf(outcome: Success | undefined): IDataObject[] {
	const seen = new Map<string, IDataObject>();
	for (const result of outcome?.results ?? []) {
		for (const event of result.matches) {
			const key = eventKey(event);
			if (!seen.has(key)) seen.set(key, event);
		}
	}
	// stable: events without a readable time keep the service's order, after the others
	return [...seen.values()].sort((a, b) => (timeOf(a) === timeOf(b) ? 0 : timeOf(a) < timeOf(b) ? -1 : 1));
}

const paired = (items: number[]): IPairedItemData | IPairedItemData[] =>
	items.length === 1 ? { item: items[0] } : items.map((item) => ({ item }));

/**
 * One item per event, linked to every input item that asked for the event's business. An event
 * appears once even when several items (or several batches) asked for it. Order: by the first
 * input item that asked, and within it oldest first. Error items (Continue on Fail) keep their
 * input position.
 */
function perEvent(
	ctx: IExecuteFunctions,
	prepared: PreparedItems<unknown>,
	outcomes: Array<ItemOutcome<string>>,
): INodeExecutionData[] {
	const byItem = new Map(outcomes.map((outcome) => [outcome.itemIndex, outcome]));
	type EventSlot = { kind: 'event'; json: IDataObject; items: number[] };
	const slots: Array<EventSlot | { kind: 'error'; item: INodeExecutionData }> = [];
	const byEvent = new Map<string, EventSlot>();
	const count = ctx.getInputData().length;
	for (let itemIndex = 0; itemIndex < count; itemIndex++) {
		const validationError = prepared.errors.get(itemIndex);
		if (validationError) {
			slots.push({ kind: 'error', item: errorItem(validationError, itemIndex) });
			continue;
		}
		const outcome = byItem.get(itemIndex);
		if (outcome && !outcome.ok) {
			if (!ctx.continueOnFail()) throw outcome.error;
			slots.push({ kind: 'error', item: errorItem(outcome.error, itemIndex) });
			continue;
		}
		for (const event of eventsOf(outcome)) {
			const key = eventKey(event);
			const existing = byEvent.get(key);
			if (existing) {
				if (!existing.items.includes(itemIndex)) existing.items.push(itemIndex);
				continue;
			}
			const slot: EventSlot = { kind: 'event', json: event, items: [itemIndex] };
			byEvent.set(key, slot);
			slots.push(slot);
		}
	}
	return slots.map((slot) =>
		slot.kind === 'event' ? { json: slot.json, pairedItem: paired(slot.items) } : slot.item,
	);
}

/** Each input item kept, with an `events` list of its businesses' events (maybe empty). */
function perInputItem(
	ctx: IExecuteFunctions,
	prepared: PreparedItems<unknown>,
	outcomes: Array<ItemOutcome<string>>,
): INodeExecutionData[] {
	const input = ctx.getInputData();
	return assembleOutput(ctx, prepared, outcomes, (itemIndex, outcome) => [
		{ json: { ...input[itemIndex].json, events: eventsOf(outcome) }, pairedItem: { item: itemIndex } },
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
