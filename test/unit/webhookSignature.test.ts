import { createHmac } from 'node:crypto';

import { secretProblem } from '../../nodes/shared/webhooks/secretShape';
import { base64UrlPadded, computeSignature, signingKey, verifySignature } from '../../nodes/shared/webhooks/signature';

// a secret as the service issues it: 32 bytes, URL-safe base64 with padding; chosen to contain - and _
const secretBytes = Buffer.from('fb ef ff 00 11 22 33 44 55 66 77 88 99 aa bb cc dd ee ff fe fd fc fb fa f9 f8 f7 f6 f5 f4 f3 f2'.replace(/ /g, ''), 'hex');
const secret = secretBytes.toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
const key = signingKey(secret);
const now = 1_780_000_000;
const body = Buffer.from('{"event_id": "abc", "event_name": "new_product", "data": {"title": "Caf\\u00e9"}}');

/** The reference: the research's sample receiver, written out with node:crypto only. */
const reference = (ts: string, raw: Buffer) =>
	createHmac('sha256', Buffer.from(secret.replace(/-/g, '+').replace(/_/g, '/'), 'base64'))
		.update(Buffer.concat([Buffer.from(`${ts}.`), raw]))
		.digest('base64')
		.replace(/\+/g, '-')
		.replace(/\//g, '_');

const verify = (ts: unknown, signature: unknown, raw: Buffer = body, at: number = now) => verifySignature(key, raw, ts, signature, at);

describe('webhook signature (X-Signature over <X-Timestamp>.<raw body>)', () => {
	it('uses the URL-safe-base64-decoded secret as the key, not its text', () => {
		expect(secret).toMatch(/[-_]/);
		expect(secret).toMatch(/=$/);
		expect(key.equals(secretBytes)).toBe(true);
	});

	it('accepts a delivery signed as the service signs it (URL-safe base64 with padding, 44 characters)', () => {
		const signature = reference(String(now), body);
		expect(signature).toHaveLength(44);
		expect(signature.endsWith('=')).toBe(true);
		expect(computeSignature(key, String(now), body)).toBe(signature);
		expect(verify(String(now), signature)).toEqual({ ok: true });
	});

	it('accepts the timestamp at exactly ±300 s and refuses ±301 s', () => {
		for (const offset of [-300, 300]) {
			const ts = String(now + offset);
			expect(verify(ts, reference(ts, body))).toEqual({ ok: true });
		}
		for (const offset of [-301, 301]) {
			const ts = String(now + offset);
			expect(verify(ts, reference(ts, body))).toEqual({ ok: false, reason: expect.stringMatching(/^Invalid timestamp/) });
		}
	});

	it.each([['1780000000.5'], ['1.78e9'], [' 1780000000'], ['abc'], [''], ['0x6a1b']])('refuses the non-integer timestamp %j', (ts) => {
		const result = verify(ts, reference(ts, body));
		expect(result.ok).toBe(false);
	});

	it('refuses a missing or repeated header', () => {
		const signature = reference(String(now), body);
		expect(verify(undefined, signature).ok).toBe(false);
		expect(verify(String(now), undefined).ok).toBe(false);
		expect(verify([String(now), String(now)], signature).ok).toBe(false);
		expect(verify(String(now), [signature, signature]).ok).toBe(false);
		expect(verify([String(now)], [signature])).toEqual({ ok: true });
	});

	it('refuses every change: body byte, timestamp, key, signature alphabet, padding, prefix, case', () => {
		const signature = reference(String(now), body);
		const changedBody = Buffer.from(body);
		changedBody[changedBody.length - 2] ^= 1;
		expect(verify(String(now), signature, changedBody).ok).toBe(false);
		// the parsed and re-serialized body is other bytes
		expect(verify(String(now), signature, Buffer.from(JSON.stringify(JSON.parse(body.toString())))).ok).toBe(false);
		expect(verify(String(now - 1), signature).ok).toBe(false);
		expect(verifySignature(signingKey(base64UrlPadded(Buffer.alloc(32, 7))), body, String(now), signature, now).ok).toBe(false);
		// the standard alphabet: a timestamp whose signature holds + or / (so it differs from the URL-safe one)
		const standardOf = (ts: string) => createHmac('sha256', key).update(`${ts}.`).update(body).digest('base64');
		const tsStandard = Array.from({ length: 100 }, (_, i) => String(now + i)).find((ts) => /[+/]/.test(standardOf(ts)));
		expect(tsStandard).toBeDefined();
		expect(standardOf(tsStandard!)).not.toBe(reference(tsStandard!, body));
		expect(verify(tsStandard!, standardOf(tsStandard!)).ok).toBe(false);
		expect(verify(String(now), signature.replace(/=+$/, '')).ok).toBe(false);
		expect(verify(String(now), `sha256=${signature}`).ok).toBe(false);
		expect(verify(String(now), createHmac('sha256', key).update(`${now}.`).update(body).digest('hex')).ok).toBe(false);
		expect(verify(String(now), signature.toLowerCase() === signature ? signature.toUpperCase() : signature.toLowerCase()).ok).toBe(false);
		expect(verify(String(now), '').ok).toBe(false);
	});

	it('says nothing about the expected signature or the secret in its reasons', () => {
		const wrong = verify(String(now), 'A'.repeat(44));
		expect(wrong).toEqual({ ok: false, reason: 'Invalid signature' });
		const text = JSON.stringify([wrong, verify('x', 'y'), verify(String(now + 999), 'y')]);
		expect(text).not.toContain(secret);
		expect(text).not.toContain(reference(String(now), body));
	});
});

describe('webhook secret shape (a malformed secret must never become an empty or short HMAC key)', () => {
	it.each([['   '], ['!!!!'], ['a'], [''], ['AAAA'], ['q83vEjRWeJq83vEjRW+/'], ['q83vEjRWeJq83vEjRWeJq8M=\n'], ['q83vEjRWeJq83vEjRWeJq8M===']])(
		'refuses %j instead of decoding it to a short key',
		(malformed) => {
			expect(secretProblem(malformed)).toEqual(expect.any(String));
			expect(() => signingKey(malformed)).toThrow(/^The webhook secret cannot be used to verify deliveries/);
		},
	);

	it('accepts URL-safe base64 of at least 16 bytes, padded or not', () => {
		expect(secretProblem(secret)).toBeUndefined();
		expect(secretProblem(secret.replace(/=+$/, ''))).toBeUndefined();
		expect(signingKey(base64UrlPadded(Buffer.alloc(16, 1)))).toHaveLength(16);
		expect(secretProblem(base64UrlPadded(Buffer.alloc(15, 1)))).toMatch(/fewer than 16 bytes/);
	});
});
