import type { IDataObject } from 'n8n-workflow';

import { countryCode } from '../countries';
import { pickedValues } from '../filterPicker';
import { describeType, showValue } from '../inputRules';
import { FILTER_NAMES } from '../api';
import {
	BUSINESS_FILTERS,
	CATEGORIES_FIELD,
	CATEGORY_TYPES,
	EARLIER_FIELDS,
	type FilterSet,
	type ValueKind,
} from './filterFields.description';

export type FiltersBody = Record<string, { values: string[] }>;

/** Either what was read, or why it could not be (a rule, completed by the caller with the field). */
export type Read<T> = { ok: true; value: T } | { ok: false; problem: string };

const SEPARATORS: Record<ValueKind, RegExp> = {
	code: /[\s,;]+/,
	country: /[\n,;]+/,
	bracket: /[\n,]+/,
	list: /[\n,]+/,
	line: /\n+/,
	entry: /[\n;]+/,
};

/**
 * Flattens what a list field holds into strings: text typed into the field (split per `kind`),
 * a list from an expression (or from a workflow saved when the field took one value per entry),
 * or a mix. Values are trimmed and de-duplicated, codes lower-cased.
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
		for (const part of String(entry).split(SEPARATORS[kind])) {
			const value = kind === 'code' ? part.trim().toLowerCase() : part.trim();
			if (value !== '' && !values.includes(value)) values.push(value);
		}
	}
	return { ok: true, value: values };
}

/**
 * Countries as two-letter codes: codes, three-letter codes and names ("USA", "Germany") are
 * looked up; a value of several codes separated by spaces ("us gb") is read as those codes. Any
 * other two letters pass (the service decides); everything else is a problem naming the values.
 */
export function toCountryCodes(values: string[]): Read<string[]> {
	const codes: string[] = [];
	const unknown: string[] = [];
	const add = (code: string) => {
		if (!codes.includes(code)) codes.push(code);
	};
	for (const value of values) {
		const code = countryCode(value);
		if (code) {
			add(code);
			continue;
		}
		const words = value.split(/\s+/);
		const wordCodes = words.map((word) => countryCode(word));
		if (words.length > 1 && wordCodes.every((entry) => entry !== undefined)) wordCodes.forEach((entry) => add(entry!));
		else if (/^[a-z]{2}$/i.test(value)) add(value.toLowerCase());
		else unknown.push(value);
	}
	if (unknown.length === 0) return { ok: true, value: codes };
	const shown = unknown.map(showValue).join(', ');
	const verb = unknown.length === 1 ? 'is not a country' : 'are not countries';
	return { ok: false, problem: `${shown} ${verb} or two-letter code${unknown.length === 1 ? '' : 's'} (e.g. us, de)` };
}

/** The Filters field a user sees for a contract filter: "Countries", "Categories". */
export function filterFieldName(filter: string, set: FilterSet = BUSINESS_FILTERS): string {
	if (set.labels && Object.hasOwn(set.labels, filter)) return set.labels[filter];
	if ((CATEGORY_TYPES as Array<{ value: string }>).some((option) => option.value === filter)) return 'Categories';
	const field = Object.entries(set.fields).find(([, entry]) => entry.filter === filter)?.[0];
	return set.properties.find((property) => property.name === field)?.displayName ?? filter;
}

/** How a field is named in errors: an earlier text field by the picker that replaced it. */
const displayNameOf = (name: string, set: FilterSet) => {
	const filter = set.fields[name]?.filter;
	if (filter && EARLIER_FIELDS.has(name)) return filterFieldName(filter, set);
	return set.properties.find((property) => property.name === name)?.displayName ?? name;
};

/** Adds values to a filter, keeping the ones it has (a picker and its earlier text field fill the same filter). */
function addValues(filters: FiltersBody, filter: string, values: string[]): void {
	const list = filters[filter]?.values ?? [];
	for (const value of values) if (!list.includes(value)) list.push(value);
	if (list.length > 0) filters[filter] = { values: list };
}

const categoryTypeName = (type: string) =>
	CATEGORY_TYPES.find((option) => option.value === type)?.name ?? type;

/**
 * The contract's filters object from the Filters collection; filters left empty are not sent.
 * Problems name the field as the form shows it: `Countries: "Atlantis" is not a country ...`.
 */
export function filtersFromFields(
	fields: IDataObject,
	set: FilterSet = BUSINESS_FILTERS,
): { filters: FiltersBody; problems: string[] } {
	const filters: FiltersBody = {};
	const problems: string[] = [];
	const read = (label: string, raw: unknown, kind: ValueKind): string[] | undefined => {
		const list = toValueList(raw, kind);
		if (!list.ok) {
			problems.push(`${label} ${list.problem}`);
			return undefined;
		}
		if (kind !== 'country') return list.value;
		const codes = toCountryCodes(list.value);
		if (!codes.ok) problems.push(`${label}: ${codes.problem}`);
		return codes.ok ? codes.value : undefined;
	};

	for (const [name, { filter, kind, picker }] of Object.entries(set.fields)) {
		if (fields[name] === undefined) continue;
		const values = read(displayNameOf(name, set), picker ? pickedValues(fields[name]) : fields[name], kind);
		if (values) addValues(filters, filter, values);
	}

	const typeGiven = fields[CATEGORIES_FIELD.typeName] !== undefined;
	const categoriesGiven =
		fields[CATEGORIES_FIELD.name] !== undefined || fields[CATEGORIES_FIELD.pickerName] !== undefined;
	if (typeGiven || categoriesGiven) {
		const rawType = typeGiven ? fields[CATEGORIES_FIELD.typeName] : CATEGORY_TYPES[2].value;
		const type = typeof rawType === 'string' ? rawType : '';
		const picked = read('Categories', pickedValues(fields[CATEGORIES_FIELD.pickerName]), CATEGORIES_FIELD.pickerKind);
		const typed = read('Categories', fields[CATEGORIES_FIELD.name], CATEGORIES_FIELD.kind);
		const values = picked && typed ? [...new Set([...picked, ...typed])] : undefined;
		if (!CATEGORY_TYPES.some((option) => option.value === type)) {
			const allowed = CATEGORY_TYPES.map((option) => option.value).join(', ');
			const got = typeof rawType === 'string' ? showValue(type) : describeType(rawType);
			problems.push(`Category Type must be one of ${allowed}, got ${got}`);
		} else if (values && values.length > 0) {
			filters[type] = { values };
		} else if (values && typeGiven) {
			// a Category Type without categories would otherwise search every category, silently
			// (an empty Categories field alone is left out, like every empty field)
			problems.push(
				`Categories is empty: add the ${categoryTypeName(type)} values to search for, or remove Category Type`,
			);
		}
	}

	// workflows saved before Category became two fields: Filters > Category > Category Type + Categories
	const legacy = (fields.category as IDataObject | undefined)?.category as IDataObject | undefined;
	if (legacy) {
		const type = typeof legacy.type === 'string' ? legacy.type : '';
		if (CATEGORY_TYPES.some((option) => option.value === type)) {
			const values = read('Categories', legacy.values, CATEGORIES_FIELD.kind);
			if (values && values.length > 0) filters[type] = { values };
		} else {
			const allowed = CATEGORY_TYPES.map((option) => option.value).join(', ');
			const got = typeof legacy.type === 'string' ? showValue(type) : describeType(legacy.type);
			problems.push(`Category Type must be one of ${allowed}, got ${got}`);
		}
	}
	return { filters, problems };
}

/**
 * The filters of the "Filters (JSON)" parameter, once parsed (parseJsonParameter): in the
 * contract's own shape (`{ "country_code": { "values": ["us"] } }`). Filters that are only an empty
 * values list are left out, like empty fields in the UI; everything else is validated by the
 * contract's schema.
 */
export function withoutEmptyFilters(json: IDataObject): IDataObject {
	// no prototype: a "__proto__" filter stays a key that validation names, never a prototype
	const filters = Object.create(null) as IDataObject;
	for (const [name, entry] of Object.entries(json)) {
		// only a filter that is an empty list and nothing else: `{"values": [], "last_occurrence": 30}`
		// asks for something, so the schema refuses it with its reason, as the form does
		const values = (entry as IDataObject | null)?.values;
		if (Array.isArray(values) && values.length === 0 && Object.keys(entry as IDataObject).length === 1) continue;
		filters[name] = entry;
	}
	return filters;
}

/**
 * The keys of "Filters (JSON)" that are not filters of the contract, such as a typo, or
 * "__proto__", "constructor" or "prototype" (which would otherwise vanish into an object's
 * prototype and run the search unfiltered).
 */
export function unknownFilters(json: IDataObject, names: readonly string[] = FILTER_NAMES): string[] {
	return Object.keys(json).filter((name) => !names.includes(name));
}

function editDistance(a: string, b: string): number {
	let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
	for (let i = 1; i <= a.length; i++) {
		const current = [i];
		for (let j = 1; j <= b.length; j++) {
			current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
		}
		previous = current;
	}
	return previous[b.length];
}

/**
 * The filter name a mistyped one most likely meant: one that contains it or is contained in it
 * ("country" -> "country_code"), else the nearest by edit distance when it is close enough.
 */
export function closestFilter(name: string, names: readonly string[] = FILTER_NAMES): string | undefined {
	const key = name.toLowerCase().replace(/[\s-]+/g, '_');
	if (key.length < 3) return undefined;
	const containing = names.filter((filter) => filter.includes(key) || key.includes(filter));
	if (containing.length > 0) return [...containing].sort((a, b) => a.length - b.length)[0];
	let best: { filter: string; distance: number } | undefined;
	for (const filter of names) {
		const distance = editDistance(key, filter);
		if (!best || distance < best.distance) best = { filter, distance };
	}
	return best && best.distance <= Math.max(2, Math.floor(key.length / 3)) ? best.filter : undefined;
}
