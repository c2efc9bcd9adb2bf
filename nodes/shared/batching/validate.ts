import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { ZodIssue, ZodTypeAny, z } from 'zod';

import { formatPath } from '../transport/serviceError';

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
		description: 'Nothing was sent to the service for this item.',
	});
}
