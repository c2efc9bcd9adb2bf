import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { ZodIssue, ZodTypeAny, z } from 'zod/v3';

import { toUserJson } from '../inputRules';
import { LIMITS } from '../api';
import { formatPath } from '../transport/serviceError';

/** The sentence every validation error ends with. */
export const NOTHING_SENT = 'Nothing was sent to the service for this item.';

/** "phone_number must be in international form ..." from a zod issue. */
export function describeIssue(issue: ZodIssue, fieldPrefix?: string): string {
	const path = [...(fieldPrefix ? [fieldPrefix] : []), ...issue.path];
	const field = path.length ? formatPath(path) : (fieldPrefix ?? 'the item');
	if (issue.code === 'invalid_type' && issue.received === 'undefined') return `${field} is required`;
	if (issue.code === 'invalid_type' && issue.expected === 'integer') return `${field} must be a whole number`;
	if (issue.code === 'invalid_type') {
		return `${field} must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}, got ${issue.received}`;
	}
	if (issue.code === 'unrecognized_keys') return `${field} has unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
	if (issue.code === 'invalid_enum_value') return `${field} must be one of ${issue.options.join(', ')}`;
	return `${field} ${issue.message}`;
}

export class ItemValidationError extends NodeOperationError {}

/**
 * Validates one item's value; the error names the item, the field and the rule, e.g.
 * `Item 3: phone_number must be in international form ...`.
 */
export function validateItem<S extends ZodTypeAny>(
	node: INode,
	schema: S,
	value: unknown,
	itemIndex: number,
	fieldPrefix?: string,
): z.infer<S> {
	const parsed = schema.safeParse(value);
	if (parsed.success) return parsed.data;
	const problems = parsed.error.issues.map((issue) => describeIssue(issue, fieldPrefix));
	throw new ItemValidationError(node, `Item ${itemIndex}: ${problems.join('; ')}`, {
		itemIndex,
		description: NOTHING_SENT,
	});
}

/**
 * The error for an input item that cannot be sent: message `Item 3: <message>`, description
 * `<fix> Nothing was sent to the service for this item.` Returned, not thrown: `throw
 * itemValidationError(...)`.
 */
export function itemValidationError(node: INode, itemIndex: number, message: string, fix?: string): ItemValidationError {
	return new ItemValidationError(node, `Item ${itemIndex}: ${message}`, {
		itemIndex,
		description: fix ? `${fix.trim()} ${NOTHING_SENT}` : NOTHING_SENT,
	});
}

export interface JsonParameterOptions {
	/** the parameter's display name, e.g. "Enrichment Parameters" */
	label: string;
	/** what the value must be: a JSON object, or a list of objects (a single object becomes a list of one) */
	shape: 'object' | 'objectList';
	/** a valid value shown in the error, e.g. `{"key": "value"}` */
	example: string;
	/**
	 * Keys "__proto__", "constructor" and "prototype" are refused unless the caller validates the
	 * keys itself (e.g. filters, where they are unknown filters).
	 */
	allowReservedKeys?: boolean;
}

/**
 * Reads a JSON parameter that may arrive as text or (from an expression) as a parsed value.
 * Empty text, null and undefined give undefined; anything else must parse and have the shape,
 * or an `itemValidationError` is thrown, e.g. `Item 2: Enrichment Parameters is not valid JSON
 * (Unexpected token ...)`. Empty objects and lists are returned as they are. Every object of the
 * result has no prototype (see toUserJson), so a "__proto__" key is data, never a prototype; such
 * keys are refused unless `allowReservedKeys`. At most LIMITS.jsonParameterLength characters.
 */
export function parseJsonParameter(
	node: INode,
	itemIndex: number,
	raw: unknown,
	options: JsonParameterOptions & { shape: 'object' },
): IDataObject | undefined;
export function parseJsonParameter(
	node: INode,
	itemIndex: number,
	raw: unknown,
	options: JsonParameterOptions & { shape: 'objectList' },
): IDataObject[] | undefined;
export function parseJsonParameter(
	node: INode,
	itemIndex: number,
	raw: unknown,
	options: JsonParameterOptions,
): IDataObject | IDataObject[] | undefined {
	const { label, shape, example } = options;
	const fix = `Write ${shape === 'object' ? 'a JSON object' : 'a JSON list of objects'} such as ${example}, or leave it empty.`;
	const tooLong = () =>
		itemValidationError(node, itemIndex, `${label} must be at most ${LIMITS.jsonParameterLength} characters as JSON`, fix);
	let parsed = raw;
	if (typeof raw === 'string') {
		if (raw.trim() === '') return undefined;
		if (raw.length > LIMITS.jsonParameterLength) throw tooLong();
		try {
			parsed = JSON.parse(raw);
		} catch (error) {
			throw itemValidationError(node, itemIndex, `${label} is not valid JSON (${(error as Error).message})`, fix);
		}
	}
	if (parsed === undefined || parsed === null) return undefined;
	const json = toUserJson(parsed);
	if (!json.ok) throw itemValidationError(node, itemIndex, `${label} ${json.problem}`, fix);
	const { value, reservedKey } = json.value;
	if (reservedKey !== undefined && !options.allowReservedKeys) {
		throw itemValidationError(
			node,
			itemIndex,
			`${label} uses a reserved key (${reservedKey}): the keys __proto__, constructor and prototype are not accepted`,
			fix,
		);
	}
	if (typeof raw !== 'string' && JSON.stringify(value).length > LIMITS.jsonParameterLength) throw tooLong();
	const isObject = (entry: unknown) => typeof entry === 'object' && entry !== null && !Array.isArray(entry);
	if (shape === 'object') {
		if (!isObject(value)) throw itemValidationError(node, itemIndex, `${label} must be a JSON object`, fix);
		return value as IDataObject;
	}
	const list = Array.isArray(value) ? value : [value];
	if (!list.every(isObject)) throw itemValidationError(node, itemIndex, `${label} must be a JSON list of objects`, fix);
	return list as IDataObject[];
}
