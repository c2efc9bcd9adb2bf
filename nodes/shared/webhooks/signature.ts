/**
 * How a delivery proves it comes from the service (webhooks-research.md §3): `X-Signature` is the
 * URL-safe base64 (padded, no prefix) of HMAC-SHA256 over `<X-Timestamp>.<raw body>`, keyed with
 * the URL-safe-base64-decoded webhook secret; `X-Timestamp` is integer Unix seconds within 300 s
 * of now, either way. Nothing here logs, returns or throws the secret or the key.
 */
import { createHmac, timingSafeEqual } from 'crypto';

import { LIMITS } from '../api';
import { secretProblem } from './secretShape';

/**
 * The HMAC key of a webhook secret: its URL-safe base64 decoded. Throws for anything else
 * (Buffer.from would silently drop invalid characters, down to an empty key anyone can sign with).
 */
export function signingKey(secret: string): Buffer {
	const problem = secretProblem(secret);
	if (problem !== undefined) throw new Error(`The webhook secret cannot be used to verify deliveries: ${problem}`);
	return Buffer.from(secret, 'base64url');
}

/** URL-safe base64 with `=` padding, as Python's urlsafe_b64encode writes it. */
export function base64UrlPadded(bytes: Buffer): string {
	return bytes.toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
}

/** The X-Signature value the service sends for this timestamp (as sent) and these body bytes. */
export function computeSignature(key: Buffer, timestamp: string, rawBody: Buffer | string): string {
	return base64UrlPadded(createHmac('sha256', key).update(`${timestamp}.`).update(rawBody).digest());
}

/** The reason given when the timestamp is fine but the signature is not this key's. */
export const SIGNATURE_MISMATCH = 'Invalid signature';

export type Verdict = { ok: true } | { ok: false; reason: string };

/** Integer Unix seconds, written as digits only (an optional minus sign): "1.5", "1e9", " 12" are not. */
const INTEGER_SECONDS = /^-?\d{1,15}$/;

/**
 * Checks one delivery's timestamp and signature. The signature is compared in constant time on
 * equal-length buffers; the reasons are short and say nothing about the expected value.
 */
export function verifySignature(
	key: Buffer,
	rawBody: Buffer,
	timestampHeader: unknown,
	signatureHeader: unknown,
	nowSeconds: number,
): Verdict {
	const timestamp = singleHeader(timestampHeader);
	const signature = singleHeader(signatureHeader);
	if (timestamp === undefined || signature === undefined) return { ok: false, reason: 'Invalid signature: X-Timestamp and X-Signature are required' };
	if (!INTEGER_SECONDS.test(timestamp)) return { ok: false, reason: 'Invalid timestamp: X-Timestamp must be whole Unix seconds' };
	if (Math.abs(nowSeconds - Number(timestamp)) > LIMITS.webhookTimestampToleranceSeconds) {
		return { ok: false, reason: `Invalid timestamp: X-Timestamp is more than ${LIMITS.webhookTimestampToleranceSeconds} s from now` };
	}
	const expected = Buffer.from(computeSignature(key, timestamp, rawBody), 'utf8');
	const given = Buffer.from(signature.trim(), 'utf8');
	// timingSafeEqual needs equal lengths; the length of a valid signature (44) is public
	if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: SIGNATURE_MISMATCH };
	return { ok: true };
}

/** A header's value when it was sent once (a repeated header arrives as an array or joined by commas). */
function singleHeader(value: unknown): string | undefined {
	if (Array.isArray(value)) return value.length === 1 ? singleHeader(value[0]) : undefined;
	if (typeof value !== 'string' || value === '' || value.includes(',')) return undefined;
	return value;
}
