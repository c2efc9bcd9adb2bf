/**
 * Keeps the API key out of everything a run leaves behind. A hostile or careless service may
 * echo the key (or the request headers) in any answer; the client passes every answer body and
 * every error through one Redactor before a node, n8n's execution data or a log can see it.
 */
import type { JsonObject } from 'n8n-workflow';

export const REDACTED = '***';

/** Keys whose value is a credential wherever they appear, e.g. an echo of the request headers. */
const SECRET_KEY = /^(?:api[_-]?key|x[_-]api[_-]?key|authorization|proxy[_-]authorization|cookie|set[_-]cookie)$/i;
/**
 * Keys whose value is a secret in an error, though a successful answer carries it to the code
 * that asked (the webhook secret of a registration): errors travel to executions and logs.
 */
const SECRET_KEY_IN_ERRORS = /^(?:webhook[_-]?secret|secret)$/i;
/** `API_KEY: abc`, `"api_key":"abc"`, `api-key=abc` in plain text */
const SECRET_ASSIGNMENT = /\b(api[_-]?key|authorization)(["']?\s*[:=]\s*["']?)(?:bearer\s+)?[^\s"',;&}\]]+/gi;
/**
 * Text that could hold a secret the rules above catch: every SECRET_KEY and SECRET_ASSIGNMENT
 * match contains one of these words. Text without them (and without a secret) needs no work.
 */
const MAY_NAME_A_SECRET = /api[_-]?key|authorization|cookie/i;
/** shorter values are too likely to occur in ordinary text to be replaced */
const MIN_SECRET_LENGTH = 4;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

export class Redactor {
	private readonly secrets: string[];
	/** the secrets as they appear inside JSON text (quotes, backslashes and controls escaped) */
	private readonly secretsInJson: string[];

	constructor(secrets: readonly unknown[]) {
		const texts = new Set<string>();
		for (const secret of secrets) {
			if (typeof secret !== 'string') continue;
			for (const form of [secret, secret.trim(), encodeURIComponent(secret.trim())]) {
				if (form.length >= MIN_SECRET_LENGTH) texts.add(form);
			}
		}
		// longest first, so a value that contains another is replaced whole
		this.secrets = [...texts].sort((a, b) => b.length - a.length);
		this.secretsInJson = [...new Set(this.secrets.map((secret) => JSON.stringify(secret).slice(1, -1)))];
	}

	text(value: string): string {
		let result = value;
		for (const secret of this.secrets) if (result.includes(secret)) result = result.split(secret).join(REDACTED);
		return MAY_NAME_A_SECRET.test(result) ? result.replace(SECRET_ASSIGNMENT, `$1$2${REDACTED}`) : result;
	}

	/**
	 * An answer body, cleaned: one native scan of its JSON text decides whether anything needs
	 * replacing, so a clean answer (nearly all of them) costs no walk through its values.
	 */
	body<T>(value: T): T {
		if (typeof value !== 'object' || value === null) return this.value(value);
		let json: string | undefined;
		try {
			json = JSON.stringify(value);
		} catch {
			json = undefined;
		}
		if (json !== undefined && !MAY_NAME_A_SECRET.test(json) && !this.secretsInJson.some((secret) => json.includes(secret))) {
			return value;
		}
		return this.value(value);
	}

	/**
	 * The value with every secret replaced, rebuilt only where something changed (a clean answer
	 * is returned as it is, so redaction costs one walk and no copy on the normal path).
	 */
	value<T>(value: T, depth = 0, inError = false): T {
		if (typeof value === 'string') return this.text(value) as T;
		if (depth > 64 || typeof value !== 'object' || value === null) return value;
		if (Array.isArray(value)) {
			let changed: unknown[] | undefined;
			value.forEach((entry, index) => {
				const clean = this.value(entry, depth + 1, inError);
				if (clean !== entry) (changed ??= value.slice())[index] = clean;
			});
			return (changed ?? value) as T;
		}
		if (!isPlainObject(value)) return value;
		let changed: Record<string, unknown> | undefined;
		for (const key of Object.keys(value)) {
			const entry = value[key];
			const secret = SECRET_KEY.test(key) || (inError && SECRET_KEY_IN_ERRORS.test(key));
			const clean = secret && entry !== null && entry !== undefined ? REDACTED : this.value(entry, depth + 1, inError);
			if (clean !== entry) {
				changed ??= Object.assign(Object.create(Object.getPrototypeOf(value) as object | null) as object, value);
				changed[key] = clean;
			}
		}
		return (changed ?? value) as T;
	}

	/** The error with its message, description, context, stored response and stack cleaned, in place. */
	error<E extends Error>(error: E): E {
		const target = error as E & {
			description?: unknown;
			messages?: unknown;
			context?: unknown;
			errorResponse?: unknown;
		};
		target.message = this.text(target.message);
		if (typeof target.stack === 'string') target.stack = this.text(target.stack);
		if (typeof target.description === 'string') target.description = this.text(target.description);
		if (Array.isArray(target.messages)) target.messages = target.messages.map((entry) => this.value(entry, 0, true));
		if (isPlainObject(target.context)) target.context = this.value(target.context, 0, true);
		if (target.errorResponse !== undefined) target.errorResponse = this.value(target.errorResponse, 0, true) as JsonObject;
		return error;
	}
}
