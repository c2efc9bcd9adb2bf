import type { IDataObject } from 'n8n-workflow';

import { describeType, showValue } from '../../shared/inputRules';
import { FILTER_NAMES } from '../../shared/schemas';
import { CATEGORY_TYPES, FILTER_FIELDS, type ValueKind } from '../descriptions/filters.description';

export type FiltersBody = Record<string, { values: string[] }>;

/** Either what was read, or why it could not be (a rule, completed by the caller with the field). */
export type Read<T> = { ok: true; value: T } | { ok: false; problem: string };

/**
 * Flattens what a list field holds into strings: a list (from the UI or an expression), a
 * single string, or a mix. Codes and brackets may also be written as one comma-separated string.
 * Values are trimmed and de-duplicated, codes lower-cased.
 */
export function toValueList(raw: unknown, kind: ValueKind): Read<string[]> {
	const flat: unknown[] = Array.isArray(raw) ? raw.flat(Infinity) : [raw];
	const values: string[] = [];
	for (const entry of flat) {
		if (entry === null || entry === undefined) continue;
		if (typeof entry === 'object') {
			return { ok: false, problem: `must be a list of text values, got ${JSON.stringify(entry).slice(0, 60)}` };
		}
		if (typeof entry !== 'string' && !(typeof entry === 'number' && Number.isFinite(entry))) {
			return { ok: false, problem: `must be a list of text values, got ${describeType(entry)}` };
		}
		const text = String(entry);
		const parts = kind === 'code' ? text.split(/[\s,;]+/) : kind === 'bracket' ? text.split(',') : [text];
		for (const part of parts) {
			const value = kind === 'code' ? part.trim().toLowerCase() : part.trim();
			if (value !== '' && !values.includes(value)) values.push(value);
		}
	}
	return { ok: true, value: values };
}

/**
 * The contract's filters object from the Filters collection; filters left empty are not sent.
 * Problems are returned as "filters.<name> <rule>" texts.
 */
export function filtersFromFields(fields: IDataObject): { filters: FiltersBody; problems: string[] } {
	const filters: FiltersBody = {};
	const problems: string[] = [];
	const add = (filter: string, raw: unknown, kind: ValueKind) => {
		const read = toValueList(raw, kind);
		if (!read.ok) problems.push(`filters.${filter} ${read.problem}`);
		else if (read.value.length > 0) filters[filter] = { values: read.value };
	};

	for (const [name, { filter, kind }] of Object.entries(FILTER_FIELDS)) {
		if (fields[name] !== undefined) add(filter, fields[name], kind);
	}

	const category = (fields.category as IDataObject | undefined)?.category as IDataObject | undefined;
	if (category) {
		const type = typeof category.type === 'string' ? category.type : '';
		if (CATEGORY_TYPES.some((option) => option.value === type)) add(type, category.values, 'text');
		else {
			const allowed = CATEGORY_TYPES.map((option) => option.value).join(', ');
			const got = typeof category.type === 'string' ? showValue(type) : describeType(category.type);
			problems.push(`filters.category type must be one of ${allowed}, got ${got}`);
		}
	}
	return { filters, problems };
}

/**
 * The filters of the "Filters (JSON)" parameter, once parsed (parseJsonParameter): in the
 * contract's own shape (`{ "country_code": { "values": ["us"] } }`). Filters whose values list is
 * empty are left out, like empty fields in the UI; everything else is validated by the
 * contract's schema.
 */
export function withoutEmptyFilters(json: IDataObject): IDataObject {
	// no prototype: a "__proto__" filter stays a key that validation names, never a prototype
	const filters = Object.create(null) as IDataObject;
	for (const [name, entry] of Object.entries(json)) {
		const values = (entry as IDataObject | null)?.values;
		if (Array.isArray(values) && values.length === 0) continue;
		filters[name] = entry;
	}
	return filters;
}

/**
 * The keys of "Filters (JSON)" that are not filters of the contract, such as a typo, or
 * "__proto__", "constructor" or "prototype" (which would otherwise vanish into an object's
 * prototype and run the search unfiltered).
 */
export function unknownFilters(json: IDataObject): string[] {
	return Object.keys(json).filter((name) => !(FILTER_NAMES as readonly string[]).includes(name));
}
