/**
 * Where v2's names meet the package's, once: the v2 dialect's `wire` (dialect.ts). The client sends
 * every request through the door's `toWire` and hands every answer back through `fromWire`, so
 * nothing else in the package knows that v2 renamed anything.
 *
 * The package speaks v1's names on both versions: an answer from v2 reaches the nodes with
 * `time_took_in_seconds`, `employee_joined_company`, `founding_stage`, `professions_email` and
 * the other names of renames.ts read backwards. Why v1's and not v2's corrected spellings:
 * the outputs of v1 must not change, and a workflow moved from v1 to v2 must keep reading the
 * same fields, so one shape for both can only be v1's. Fields v2 removed (V2_REMOVED_FIELDS) are
 * absent on v2, never invented.
 */
import type { IDataObject } from 'n8n-workflow';

import { v1ContextField, v1EventType, v1FieldName, v2EventType } from './renames';

/** v1 operations that v2 serves under another name: one autocomplete for both kinds of filter (research §8). */
const V2_OPERATION_NAMES: Readonly<Record<string, string>> = {
	businessAutocomplete: 'autocomplete',
	prospectAutocomplete: 'autocomplete',
};

/** The catalog name of an operation on v2 (the same name, unless v2 merged it into another). */
export function wireOperation(name: string): string {
	return Object.hasOwn(V2_OPERATION_NAMES, name) ? V2_OPERATION_NAMES[name] : name;
}

const isObject = (value: unknown): value is IDataObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A request body in v2's words: event types under their v2 names, in `event_types`
 * (fetches, enrollments), a search's `filters.events.values` and a check_connectivity
 * `simulation.event_name`.
 */
export function wireBody(body: IDataObject | undefined): IDataObject | undefined {
	if (!body) return body;
	let wire = body;
	if (Array.isArray(body.event_types)) {
		wire = { ...wire, event_types: body.event_types.map((type) => (typeof type === 'string' ? v2EventType(type) : type)) };
	}
	// a search's events filter names event types too (research §4)
	const filters = body.filters;
	if (isObject(filters) && isObject(filters.events) && Array.isArray(filters.events.values)) {
		const values = filters.events.values.map((type) => (typeof type === 'string' ? v2EventType(type) : type));
		wire = { ...wire, filters: { ...filters, events: { ...filters.events, values } } };
	}
	const simulation = body.simulation;
	if (isObject(simulation) && typeof simulation.event_name === 'string') {
		wire = { ...wire, simulation: { ...simulation, event_name: v2EventType(simulation.event_name) } };
	}
	return wire;
}

/** An enrollment's event types in v1's names; the same list when none was renamed. */
function v1EventTypes(types: unknown[]): unknown[] {
	const named = types.map((type) => (typeof type === 'string' ? v1EventType(type) : type));
	return named.some((type, i) => type !== types[i]) ? named : types;
}

/**
 * A value with v2's renamed keys (at any depth) and event names turned back into v1's. Objects
 * without a rename are returned as they are, not copied: most answers have none, and a search
 * brings up to 60,000 records.
 */
function withV1Names(value: unknown): unknown {
	if (Array.isArray(value)) {
		let changed = false;
		const list = value.map((inner) => {
			const named = withV1Names(inner);
			if (named !== inner) changed = true;
			return named;
		});
		return changed ? list : value;
	}
	if (value === null || typeof value !== 'object') return value;
	let changed = false;
	const entries = Object.entries(value).map(([key, inner]): [string, unknown] => {
		const name = v1FieldName(key);
		const named =
			key === 'event_name' && typeof inner === 'string'
				? v1EventType(inner)
				: key === 'event_types' && Array.isArray(inner)
					? v1EventTypes(inner)
					: withV1Names(inner);
		if (name !== key || named !== inner) changed = true;
		return [name, named];
	});
	// fromEntries defines own properties: a key such as "__proto__" stays a key
	return changed ? Object.fromEntries(entries) : value;
}

/** A v2 answer in v1's words: the response_context's and the payloads' renamed fields. */
export function houseAnswer<T>(answer: T): T {
	if (answer === null || typeof answer !== 'object') return answer;
	const named = withV1Names(answer) as T;
	if (Array.isArray(named)) return named;
	const context = (named as IDataObject).response_context;
	if (context === null || typeof context !== 'object' || Array.isArray(context)) return named;
	const v1Context = Object.fromEntries(Object.entries(context).map(([key, inner]) => [v1ContextField(key), inner]));
	return { ...named, response_context: v1Context };
}
