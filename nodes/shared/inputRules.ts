/**
 * How the nodes read what users map into parameters, before the contract's schemas check it:
 * text (never an object turned into "[object Object]"), ids (business ids in the contract's
 * format), profile URLs, names (NFC) and user JSON (objects without a prototype). Each reader
 * returns the value or a problem worded as a rule ("must be text, got an object"); the caller
 * puts the item and the field in front.
 */
import { BUSINESS_ID_PATTERN, BUSINESS_ID_RULE, ID_NOISE, LIMITS } from './api';

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

const SHOWN_LENGTH = 40;

/** A value for a message: quoted, escaped, and cut to 40 characters so a huge value never fills an error. */
export function showValue(value: string): string {
	const characters = Array.from(value);
	return JSON.stringify(characters.length > SHOWN_LENGTH ? `${characters.slice(0, SHOWN_LENGTH).join('')}…` : value);
}

/** "an object", "a list", "null", "a boolean (true)", "a number (NaN)": for "got ..." in messages. */
export function describeType(value: unknown): string {
	if (value === null) return 'null';
	if (value === undefined) return 'nothing';
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'object') return 'an object';
	if (typeof value === 'boolean' || typeof value === 'number') return `a ${typeof value} (${String(value)})`;
	return `a ${typeof value}`;
}

/** Text from a parameter: a string (trimmed) or a finite number; undefined and null read as empty. */
export function readText(value: unknown): Checked<string> {
	if (value === undefined || value === null) return { ok: true, value: '' };
	if (typeof value === 'string') return { ok: true, value: value.trim() };
	if (typeof value === 'number' && Number.isFinite(value)) return { ok: true, value: String(value) };
	return { ok: false, problem: `must be text, got ${describeType(value)}` };
}

/** `business`: 32 lowercase hexadecimal characters. `id`: any other id (no format in the contract). */
export type IdKind = 'business' | 'id';

/**
 * Why `id` is not an id of this kind, e.g. `"acme" is not a business ID: must be 32 lowercase
 * hexadecimal characters`; undefined when it is one. Ids have no spaces: a value with a space
 * inside is one bad value, never two ids.
 */
export function idProblem(id: string, kind: IdKind): string | undefined {
	if (kind === 'business') {
		return BUSINESS_ID_PATTERN.test(id) ? undefined : `${showValue(id)} is not a business ID: ${BUSINESS_ID_RULE}`;
	}
	if (id.length > LIMITS.idLength) return `${showValue(id)} is not an ID: must be at most ${LIMITS.idLength} characters`;
	if (ID_NOISE.test(id)) {
		return `${showValue(id)} is not an ID: must not contain spaces or control characters (separate IDs with commas, semicolons or line breaks)`;
	}
	return undefined;
}

/** Names are compared and sent in NFC: an "é" typed as "e" + combining accent becomes one letter. */
export const normalizeName = (text: string): string => text.normalize('NFC');

/**
 * A profile URL as sent: one without a scheme (`www.example.com/in/jane`, `profnet.com/in/jane`,
 * `//example.com/in/jane`) gets `https://`. A value that names another scheme (`javascript:`,
 * `ftp:`, `data:`) is left as it is, for the contract's rule to refuse.
 */
export function normalizeProfileUrl(text: string): string {
	if (/^https?:\/\//i.test(text)) return text;
	if (text.startsWith('//')) return `https:${text}`;
	const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text);
	// "www.example.com:443/in/jane" has a port, not a scheme: a scheme has no dot
	if (scheme && !scheme[1].includes('.')) return text;
	return `https://${text}`;
}

// ---------------------------------------------------------------- user JSON

/** Keys that set or shadow an object's prototype in JavaScript. */
export const RESERVED_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

const MAX_DEPTH = 64;

/** An object straight from JSON or an object literal: its prototype is null or some realm's Object.prototype. */
function isPlainObject(value: object): boolean {
	const prototype = Object.getPrototypeOf(value) as object | null;
	return prototype === null || Object.getPrototypeOf(prototype) === null;
}

export interface UserJson {
	value: unknown;
	/** where the first key from RESERVED_KEYS was found, e.g. `country_code.__proto__` */
	reservedKey?: string;
}

/**
 * A copy of user JSON (parsed text, or a value from an expression) in which every object has no
 * prototype, so that a key such as "__proto__" is an ordinary key that validation sees and names,
 * never a prototype change. Values with a toJSON method (dates) become what JSON would hold.
 * Functions, class instances (including objects whose prototype an expression changed with a
 * "__proto__" key) and nesting deeper than 64 levels are problems.
 */
export function toUserJson(input: unknown): Checked<UserJson> {
	let reservedKey: string | undefined;
	const copy = (value: unknown, path: string, depth: number): Checked<unknown> => {
		if (depth > MAX_DEPTH) return { ok: false, problem: `is nested more than ${MAX_DEPTH} levels deep` };
		if (value === null || typeof value === 'string' || typeof value === 'boolean') return { ok: true, value };
		if (typeof value === 'number') {
			return Number.isFinite(value) ? { ok: true, value } : { ok: false, problem: `holds ${describeType(value)} at ${path || 'the top'}` };
		}
		if (typeof value !== 'object') return { ok: false, problem: `holds ${describeType(value)} at ${path || 'the top'}, which is not JSON` };
		if (Array.isArray(value)) {
			const list: unknown[] = [];
			for (let index = 0; index < value.length; index++) {
				const entry = copy(value[index] ?? null, `${path}[${index}]`, depth + 1);
				if (!entry.ok) return entry;
				list.push(entry.value);
			}
			return { ok: true, value: list };
		}
		const toJSON = (value as { toJSON?: unknown }).toJSON;
		if (typeof toJSON === 'function') return copy(toJSON.call(value) as unknown, path, depth + 1);
		if (!isPlainObject(value)) {
			return {
				ok: false,
				problem: `holds an object that is not plain JSON at ${path || 'the top'} (an expression's "__proto__" key changes an object's prototype instead of adding a field)`,
			};
		}
		const object = Object.create(null) as Record<string, unknown>;
		for (const key of Object.keys(value)) {
			const at = path ? `${path}.${key}` : key;
			if (RESERVED_KEYS.includes(key)) reservedKey ??= at;
			const entry = copy((value as Record<string, unknown>)[key], at, depth + 1);
			if (!entry.ok) return entry;
			// on an object without a prototype, "__proto__" is an ordinary own key
			if (entry.value !== undefined) object[key] = entry.value;
		}
		return { ok: true, value: object };
	};
	const result = copy(input, '', 0);
	return result.ok ? { ok: true, value: { value: result.value, reservedKey } } : result;
}
