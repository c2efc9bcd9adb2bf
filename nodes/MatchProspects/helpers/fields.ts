import type { IDataObject, INode } from 'n8n-workflow';

import { describeIssue, validateItem } from '../../shared/batching/validate';
import { normalizeName, normalizeProfileUrl } from '../../shared/inputRules';
import { type MatchItem, matchItemSchema } from '../../shared/api';

/**
 * The match fields, in the order the contract lists them. Each parameter has the API field's
 * name and by default reads the input item's field of the same name, so a table of contacts
 * needs no mapping.
 */
export const MATCH_FIELDS = ['email', 'phone_number', 'profnet', 'full_name', 'company_name', 'business_id'] as const;
export type MatchField = (typeof MATCH_FIELDS)[number];


/** Formatting people type into phone numbers; the contract wants "+" and digits only. */
const PHONE_SEPARATORS = /[\s().\-/]/g;

/**
 * Turns a parameter value into what is sent: nothing for undefined, null and blank text (the
 * contract never receives ""), trimmed text, numbers as text (spreadsheets store phone numbers
 * as numbers). Names and e-mail addresses in NFC (an "é" typed as "e" and a combining accent is
 * one letter); a profile URL without a scheme gets https://. Anything else (objects, lists,
 * booleans) is left for validation to name.
 */
export function cleanFieldValue(field: MatchField, value: unknown): unknown {
	if (value === undefined || value === null) return undefined;
	let text: string;
	if (typeof value === 'string') text = value.trim();
	else if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'bigint') text = String(value);
	else return value;
	if (text === '') return undefined;
	if (field === 'phone_number') return text.replace(PHONE_SEPARATORS, '');
	if (field === 'full_name' || field === 'company_name' || field === 'email') return normalizeName(text);
	if (field === 'profnet') return normalizeProfileUrl(text);
	return text;
}

/** The match object of one item: only the fields that hold a value. */
export function buildMatchEntry(read: (field: MatchField) => unknown): IDataObject {
	const entry: IDataObject = {};
	for (const field of MATCH_FIELDS) {
		const value = cleanFieldValue(field, read(field));
		if (value !== undefined) entry[field] = value as IDataObject[string];
	}
	return entry;
}

/** The fields that match only as a pair. */
const NAME_PAIR = ['full_name', 'company_name'] as const;

const isField = (key: unknown): key is MatchField => MATCH_FIELDS.includes(key as MatchField);

/**
 * The match object to send for one item, and what was left out of it. A field that breaks a
 * rule (an invalid email, a phone number without its country code, an "O'Brien", a name
 * without a company, a malformed business_id) is left out when the item can still match on its
 * other fields: the match runs on those, and the warning says what was left out and why. Name
 * and company are left out together (one is no fetcher without the other). Leaving out
 * business_id widens the match to every company; the warning says so. When no fetcher remains,
 * the item fails with every problem, naming the item, field and rule.
 */
export function readMatchEntry(node: INode, entry: IDataObject, itemIndex: number): { entry: MatchItem; warnings: string[] } {
	const parsed = matchItemSchema.safeParse(entry);
	if (parsed.success) return { entry: parsed.data, warnings: [] };
	const issues = parsed.error.issues;
	const bad = new Set<MatchField>();
	for (const issue of issues) {
		const field = issue.path[0];
		// an unknown field or a problem with the item as a whole: nothing to leave out
		if (!isField(field)) return { entry: validateItem(node, matchItemSchema, entry, itemIndex), warnings: [] };
		bad.add(field);
	}
	if (NAME_PAIR.some((field) => bad.has(field))) for (const field of NAME_PAIR) bad.add(field);
	const rest: IDataObject = {};
	for (const field of MATCH_FIELDS) if (!bad.has(field) && entry[field] !== undefined) rest[field] = entry[field];
	const reduced = matchItemSchema.safeParse(rest);
	if (reduced.success) {
		const left = MATCH_FIELDS.filter((field) => bad.has(field) && entry[field] !== undefined);
		const problems = issues.map((issue) => describeIssue(issue)).join('; ');
		const widened = left.includes('business_id') ? ' (without business_id the match is not restricted to one company)' : '';
		return {
			entry: reduced.data,
			warnings: [`${left.join(' and ')} not sent, matched on the other fields${widened}: ${problems}`],
		};
	}
	return { entry: validateItem(node, matchItemSchema, entry, itemIndex), warnings: [] };
}
