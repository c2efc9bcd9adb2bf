/**
 * Event type pickers shared by the event nodes: the known types as a multi-select, plus free
 * values (the service's list is open and grows), read back as one de-duplicated list.
 */
import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { BUSINESS_EVENT_TYPES, v1EventType } from './api';
import { type Checked, describeType } from './inputRules';

/** The business event types the contract names: the default selection of the event nodes. */
export const DEFAULT_BUSINESS_EVENT_TYPES = [
	'ipo_announcement',
	'new_funding_round',
	'new_investment',
	'new_office',
	'new_partnership',
	'new_product',
];

/** The prospect event types the contract names. */
export const DEFAULT_PROSPECT_EVENT_TYPES = ['prospect_changed_company', 'prospect_changed_role'];

const ACRONYMS: Record<string, string> = { ipo: 'IPO' };
const SMALL_WORDS = new Set(['and', 'in', 'of', 'or', 'the']);

/** "new_funding_round" -> "New Funding Round", "ipo_announcement" -> "IPO Announcement" */
export function eventTypeLabel(type: string): string {
	return type
		.split('_')
		.filter(Boolean)
		.map((word, index) => {
			if (ACRONYMS[word]) return ACRONYMS[word];
			if (index > 0 && SMALL_WORDS.has(word)) return word;
			return word.charAt(0).toUpperCase() + word.slice(1);
		})
		.join(' ');
}

/** Multi-select options for a list of event types, sorted by label. */
export function eventTypeOptions(types: readonly string[]): INodePropertyOptions[] {
	return types
		.map((type) => ({ name: eventTypeLabel(type), value: type }))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Free event type values as typed ("new_award, cost_cutting"), or as an array from an expression.
 * Commas, semicolons and line breaks separate values.
 */
export function splitFreeValues(value: unknown): string[] {
	if (value === undefined || value === null) return [];
	const parts = Array.isArray(value) ? value.flatMap((entry) => splitFreeValues(entry)) : String(value).split(/[,;\n]/);
	return parts.map((part) => part.trim()).filter((part) => part !== '');
}

/** The selected types followed by the free ones, each once, in the order given. */
export function combineEventTypes(selected: unknown, free: unknown): string[] {
	// a type typed with its API v2 name (executive_joined_company) is read as its v1 name: the
	// client sends each version its own name (api/v2/wireNames.ts)
	return [...new Set([...splitFreeValues(selected), ...splitFreeValues(free)].map(v1EventType))];
}

/** The first value that is not text (nor a number), anywhere in a list. */
function nonText(value: unknown, depth = 0): unknown {
	if (value === undefined || value === null || typeof value === 'string') return undefined;
	if (typeof value === 'number' && Number.isFinite(value)) return undefined;
	if (Array.isArray(value) && depth < 2) {
		for (const entry of value) {
			const found = nonText(entry, depth + 1);
			if (found !== undefined) return found;
		}
		return undefined;
	}
	return value;
}

/**
 * combineEventTypes with types checked: an object or a boolean where event types belong is a
 * problem ("must be text or a list of text, got an object"), never the event type "[object Object]".
 * The problem starts with the parameter that holds it: "Other Event Types must be text ...".
 */
export function readEventTypes(selected: unknown, free: unknown): Checked<string[]> {
	for (const [value, field] of [
		[selected, 'Event Types'],
		[free, 'Other Event Types'],
	] as const) {
		const found = nonText(value);
		if (found !== undefined) {
			return { ok: false, problem: `${field} must be text or a list of text, got ${describeType(found)}` };
		}
	}
	return { ok: true, value: combineEventTypes(selected, free) };
}

/**
 * The identity of an event, for de-duplication (Get Events) and for the trigger's memory of
 * fired events (stored in static data, so the format must not change): `id:<event_id>`; for an
 * event without an id, its business (or prospect), type and time.
 */
export function eventKey(event: IDataObject): string {
	const id = event.event_id;
	if ((typeof id === 'string' && id !== '') || typeof id === 'number') return `id:${id}`;
	const owner = event.business_id ?? event.prospect_id;
	return `x:${String(owner)}|${String(event.event_name)}|${String(event.event_time)}`;
}

/** The "Event Types" multi-select of the event nodes: the known types, the standard ones preselected. */
export function eventTypesParameter(
	description: string,
	types: readonly string[] = BUSINESS_EVENT_TYPES,
	defaults: readonly string[] = DEFAULT_BUSINESS_EVENT_TYPES,
): INodeProperties {
	return {
		displayName: 'Event Types',
		name: 'eventTypes',
		type: 'multiOptions',
		options: eventTypeOptions(types),
		default: [...defaults],
		description,
	};
}
