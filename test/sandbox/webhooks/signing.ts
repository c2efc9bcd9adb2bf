/**
 * How the service signs a push (webhooks-research.md §3): X-Signature is the URL-safe base64,
 * with padding, of HMAC-SHA256 over `<X-Timestamp>.<raw body>`, keyed with the URL-safe-base64
 * decoded webhook secret. The body is serialized the way the service's Python stack does
 * (json.dumps defaults), so a receiver that re-serializes the parsed JSON gets another signature.
 */
import { createHmac } from 'node:crypto';

import type { Random } from '../random';

/** URL-safe base64 (`-` and `_`) that keeps the `=` padding, like Python's urlsafe_b64encode. */
export const base64UrlPadded = (bytes: Buffer): string => bytes.toString('base64').replace(/\+/g, '-').replace(/\//g, '_');

/** A new webhook secret: 32 bytes from the sandbox's seeded generator, URL-safe base64 with padding (44 characters). */
export function newWebhookSecret(random: Random): string {
	return base64UrlPadded(Buffer.from(random.hex(64), 'hex'));
}

/** The X-Signature value for a timestamp (as sent) and the exact body bytes. */
export function signDelivery(secret: string, timestamp: string, body: string | Buffer): string {
	const key = Buffer.from(secret.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
	return base64UrlPadded(createHmac('sha256', key).update(`${timestamp}.`).update(body).digest());
}

/** Python's json.dumps with its defaults: `", "` and `": "` separators, non-ASCII as \uXXXX. */
export function pythonJson(value: unknown): string {
	if (value === null || value === undefined) return 'null';
	if (typeof value === 'string') {
		return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
	}
	if (typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
	if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
	const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
	return `{${entries.map(([key, item]) => `${pythonJson(key)}: ${pythonJson(item)}`).join(', ')}}`;
}

/**
 * Python's str() of an aware UTC datetime, the pushed event_time's form:
 * `2025-12-06 11:41:55.703000+00:00`, and without the fraction when it is zero (`...11:41:55+00:00`).
 */
export function pythonTime(isoOrMs: string | number): string {
	const ms = typeof isoOrMs === 'number' ? isoOrMs : Date.parse(isoOrMs);
	const iso = new Date(ms).toISOString(); // 2025-12-06T11:41:55.703Z
	const fraction = iso.slice(20, 23);
	return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction === '000' ? '' : `.${fraction}000`}+00:00`;
}

/** Python's isoformat() of an aware UTC datetime (created_at, last_modified_time). */
export function pythonIsoFormat(ms: number): string {
	const iso = new Date(ms).toISOString();
	return `${iso.slice(0, 19)}.${iso.slice(20, 23)}000+00:00`;
}
