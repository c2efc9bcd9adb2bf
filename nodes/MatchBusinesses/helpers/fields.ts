import type { IDataObject, INode } from 'n8n-workflow';

import { describeIssue, itemValidationError, validateItem } from '../../shared/batching/validate';
import { normalizeName, normalizeProfileUrl } from '../../shared/inputRules';
import { BUSINESS_MATCH_FIELDS, type BusinessMatchItem, businessMatchItemSchema } from '../../shared/api';

/**
 * The match fields, in the order the service's reference lists them. Each parameter reads the
 * input item's field of the same name by default, so a table of accounts needs no mapping.
 */
export const MATCH_FIELDS = BUSINESS_MATCH_FIELDS;
export type BusinessMatchField = (typeof MATCH_FIELDS)[number];


/**
 * A domain as sent: lowercase, without a scheme, path, port, trailing dot or leading "www."
 * ("https://www.Acme.com/about" is sent as "acme.com"; "jane@acme.com" too), so a website or an
 * e-mail address mapped into Domain still matches. Text that is no address at all is left as it is, for validation to name.
 */
export function cleanDomain(text: string): string {
	let host = text.toLowerCase();
	const scheme = /^[a-z][a-z0-9+.-]*:\/\//.exec(host);
	if (scheme || host.startsWith('//')) {
		try {
			host = new URL(scheme ? host : `https:${host}`).hostname;
		} catch {
			return text;
		}
	} else {
		// an e-mail address mapped into Domain gives its domain
		host = host.split(/[/?#]/)[0].replace(/:\d+$/, '');
		host = host.slice(host.lastIndexOf('@') + 1);
	}
	return host.replace(/\.$/, '').replace(/^www\./, '');
}

/**
 * Turns a parameter value into what is sent: nothing for undefined, null and blank text (the
 * service never receives ""), trimmed text, numbers as text. Names in NFC; a domain cleaned by
 * `cleanDomain`; a website or profile URL without a scheme gets https://. Anything else
 * (objects, lists, booleans) is left for validation to name.
 */
export function cleanFieldValue(field: BusinessMatchField, value: unknown): unknown {
	if (value === undefined || value === null) return undefined;
	let text: string;
	if (typeof value === 'string') text = value.trim();
	else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
	else return value;
	if (text === '') return undefined;
	if (field === 'name') return normalizeName(text);
	if (field === 'domain') return cleanDomain(text);
	return normalizeProfileUrl(text);
}

/** The match object of one item: only the fields that hold a value. */
export function buildMatchEntry(read: (field: BusinessMatchField) => unknown): IDataObject {
	const entry: IDataObject = {};
	for (const field of MATCH_FIELDS) {
		const value = cleanFieldValue(field, read(field));
		if (value !== undefined) entry[field] = value as IDataObject[string];
	}
	return entry;
}

const isField = (key: unknown): key is BusinessMatchField => MATCH_FIELDS.includes(key as BusinessMatchField);

/** Said when an item has none of the match fields. */
export const NOTHING_TO_MATCH =
	'nothing to match on: name, domain, url and profnet_url are all empty (needs at least one of them)';
export const NOTHING_TO_MATCH_FIX =
	"Map the company's name, domain, website or profile URL, or give the input item fields of these names.";

/**
 * The match object to send for one item, and what was left out of it. A field that breaks a
 * rule (a name over 256 characters, a domain that is no domain name, a URL that is no web
 * address) is left out when the item can still match on its other fields: the match runs on
 * those, and the warning says what was left out and why. When no field remains, the item fails
 * with every problem, naming the item, the field and the rule; an item with no field at all
 * fails with NOTHING_TO_MATCH.
 */
export function readMatchEntry(
	node: INode,
	entry: IDataObject,
	itemIndex: number,
): { entry: BusinessMatchItem; warnings: string[] } {
	if (Object.keys(entry).length === 0) throw itemValidationError(node, itemIndex, NOTHING_TO_MATCH, NOTHING_TO_MATCH_FIX);
	const parsed = businessMatchItemSchema.safeParse(entry);
	if (parsed.success) return { entry: parsed.data, warnings: [] };
	const issues = parsed.error.issues;
	const bad = new Set<BusinessMatchField>();
	for (const issue of issues) {
		const field = issue.path[0];
		// an unknown field or a problem with the item as a whole: nothing to leave out
		if (!isField(field)) return { entry: validateItem(node, businessMatchItemSchema, entry, itemIndex), warnings: [] };
		bad.add(field);
	}
	const rest: IDataObject = {};
	for (const field of MATCH_FIELDS) if (!bad.has(field) && entry[field] !== undefined) rest[field] = entry[field];
	const reduced = businessMatchItemSchema.safeParse(rest);
	if (reduced.success) {
		const left = MATCH_FIELDS.filter((field) => bad.has(field) && entry[field] !== undefined);
		const problems = issues.map((issue) => describeIssue(issue)).join('; ');
		return { entry: reduced.data, warnings: [`${left.join(' and ')} not sent, matched on the other fields: ${problems}`] };
	}
	return { entry: validateItem(node, businessMatchItemSchema, entry, itemIndex), warnings: [] };
}
