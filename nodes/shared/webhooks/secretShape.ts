/** What a webhook secret must look like to sign deliveries with (signature.ts uses it; so does every registration model). */

/** A webhook secret as the service issues it: URL-safe base64, optionally padded. */
const SECRET_SHAPE = /^[A-Za-z0-9_-]+={0,2}$/;
/** The shortest HMAC key accepted: a shorter (or empty) key would let anyone forge signatures. */
export const MIN_SIGNING_KEY_BYTES = 16;

/** Why this text cannot be a webhook secret, or undefined when it can (never quotes the text). */
export function secretProblem(secret: unknown): string | undefined {
	if (typeof secret !== 'string' || !SECRET_SHAPE.test(secret)) return 'it is not URL-safe base64';
	if (Buffer.from(secret, 'base64url').length < MIN_SIGNING_KEY_BYTES) return `it decodes to fewer than ${MIN_SIGNING_KEY_BYTES} bytes`;
	return undefined;
}
