/**
 * The service's error answers. Each status has the body shape the service's reference shows, so
 * clients parse sandbox errors with the same code as real ones. No error repeats a header value:
 * the API key must never come back in a response.
 */
import type { ZodError, ZodIssue } from 'zod/v3';

export class HttpError extends Error {
	constructor(
		readonly status: number,
		readonly body: Record<string, unknown>,
		readonly headers: Record<string, string> = {},
	) {
		super(`HTTP ${status}`);
	}
}

/** 401, 403, 404, 405, 500 and 503 share this shape. */
export const generalError = (status: number, details: string, correlationId: string) =>
	new HttpError(status, { details, correlation_id: correlationId });

/** A 429 as rate-limits.md describes it: `error: rate_limit_exceeded`, a message, `retry_after` (and the header). */
export function rateLimited(retryAfterSeconds: number, message: string): HttpError {
	return new HttpError(
		429,
		{ error: 'rate_limit_exceeded', message, retry_after: retryAfterSeconds },
		{ 'Retry-After': String(retryAfterSeconds) },
	);
}

/** One entry of a 422 body; `loc` starts with "body" and names the field and array index. */
export interface ValidationDetail {
	loc: Array<string | number>;
	msg: string;
	type: string;
}

export const validationError = (detail: ValidationDetail[]) => new HttpError(422, { detail });

/** A 422 entry for a rule the schemas do not express (loc is relative to the body). */
export const invalid = (path: Array<string | number>, msg: string, type = 'value_error'): ValidationDetail => ({
	loc: ['body', ...path],
	msg,
	type,
});

export const notEnumMember = (path: Array<string | number>, permitted: readonly string[]) =>
	invalid(
		path,
		`value is not a valid enumeration member; permitted: ${permitted.map((value) => `'${value}'`).join(', ')}`,
		'type_error.enum',
	);

/** zod's issues in the service's (pydantic's) words, so clients see familiar types and messages. */
function detailsOf(issue: ZodIssue): ValidationDetail[] {
	switch (issue.code) {
		case 'invalid_type':
			return issue.received === 'undefined'
				? [invalid(issue.path, 'field required', 'value_error.missing')]
				: [invalid(issue.path, issue.message, `type_error.${issue.expected}`)];
		case 'invalid_enum_value':
			return [notEnumMember(issue.path, issue.options.map(String))];
		case 'unrecognized_keys':
			// One entry per unknown key, located at the key itself.
			return issue.keys.map((key) => invalid([...issue.path, key], 'extra fields not permitted', 'value_error.extra'));
		case 'too_small':
		case 'too_big':
			return [invalid(issue.path, issue.message, `value_error.${issue.code}`)];
		default:
			return [invalid(issue.path, issue.message)];
	}
}

/** A 422 for a body (loc starts with "body") or, for GET endpoints, the query string (loc starts with "query"). */
export const zodValidationError = (error: ZodError, where: 'body' | 'query' = 'body') =>
	validationError(
		error.issues
			.flatMap(detailsOf)
			.map((detail) => (where === 'body' ? detail : { ...detail, loc: ['query', ...detail.loc.slice(1)] })),
	);
