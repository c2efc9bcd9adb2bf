import type { IDataObject } from 'n8n-workflow';

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
