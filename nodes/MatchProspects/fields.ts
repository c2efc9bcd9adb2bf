import type { IDataObject, INode } from 'n8n-workflow';

import { describeIssue, validateItem } from '../shared/batching/validate';
import { type MatchItem, matchItemSchema } from '../shared/schemas';

/**
 * The match fields, in the order the contract lists them. Each parameter has the API field's
 * name and by default reads the input item's field of the same name, so a table of contacts
 * needs no mapping.
 */
export const MATCH_FIELDS = ['email', 'phone_number', 'profnet', 'full_name', 'company_name', 'business_id'] as const;
export type MatchField = (typeof MATCH_FIELDS)[number];

/** `={{ $json.email }}` and so on: the parameter default for a field. */
export const readsOwnField = (field: MatchField) => `={{ $json.${field} }}`;

/** Formatting people type into phone numbers; the contract wants "+" and digits only. */
const PHONE_SEPARATORS = /[\s().\-/]/g;

/**
 * Turns a parameter value into what is sent: nothing for undefined, null and blank text (the
 * contract never receives ""), trimmed text, numbers as text (spreadsheets store phone numbers
 * as numbers). Anything else is left for validation to name.
 */
export function cleanFieldValue(field: MatchField, value: unknown): unknown {
	if (value === undefined || value === null) return undefined;
	let text: string;
	if (typeof value === 'string') text = value.trim();
	else if (typeof value === 'number' || typeof value === 'bigint') text = String(value);
	else return value;
	if (text === '') return undefined;
	if (field === 'phone_number') return text.replace(PHONE_SEPARATORS, '');
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

/**
 * The match object to send for one item, and what was left out of it. When the only problems
 * are with full_name / company_name (e.g. "O'Brien", or a name without a company) and the item
 * can still match by email, phone number or profile URL, the pair is left out and the match
 * runs on the other fields; the warning says what was left out and why. Otherwise the item
 * fails with every problem, naming the item, field and rule.
 */
export function readMatchEntry(node: INode, entry: IDataObject, itemIndex: number): { entry: MatchItem; warnings: string[] } {
	const parsed = matchItemSchema.safeParse(entry);
	if (parsed.success) return { entry: parsed.data, warnings: [] };
	const issues = parsed.error.issues;
	const pairOnly = issues.every((issue) => NAME_PAIR.includes(issue.path[0] as (typeof NAME_PAIR)[number]));
	if (pairOnly) {
		const rest = { ...entry };
		for (const field of NAME_PAIR) delete rest[field];
		const reduced = matchItemSchema.safeParse(rest);
		if (reduced.success) {
			const left = NAME_PAIR.filter((field) => entry[field] !== undefined).join(' and ');
			const problems = issues.map((issue) => describeIssue(issue)).join('; ');
			return { entry: reduced.data, warnings: [`${left} not sent, matched on the other fields: ${problems}`] };
		}
	}
	return { entry: validateItem(node, matchItemSchema, entry, itemIndex), warnings: [] };
}
