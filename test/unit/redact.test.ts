/**
 * The redactor's fast path for answer bodies: one scan of the JSON text decides whether to walk
 * the body. It must clean exactly what the full walk cleans, for any body and any secret.
 */
import fc from 'fast-check';

import { REDACTED, Redactor } from '../../nodes/shared/transport/redact';

/** secrets with the characters JSON escapes, and plain ones */
const secret = fc.oneof(
	fc.string({ minLength: 4, maxLength: 24 }),
	fc.constantFrom('sk_live_0123456789', 'ab"cd\\ef', 'tab\there', 'line\nbreak', 'é-accent-key', 'key with spaces '),
);

/** JSON-shaped bodies whose strings and keys may hold the secret, a header echo or plain text */
const bodyWith = (key: string) => {
	const text = fc.oneof(
		fc.string(),
		fc.constant(key),
		fc.constant(`prefix ${key} suffix`),
		fc.constant(encodeURIComponent(key.trim())),
		fc.constantFrom('api_key=abc123', 'Authorization: Bearer xyz', 'no secret here', 'cookie jar', ''),
	);
	const objectKey = fc.oneof(fc.string(), fc.constantFrom('api_key', 'API_KEY', 'x-api-key', 'Authorization', 'name', key));
	return fc.letrec((tie) => ({
		value: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
		array: fc.array(tie('value'), { maxLength: 4 }),
		object: fc.dictionary(objectKey, tie('value'), { maxKeys: 4 }),
	})).value;
};

describe('Redactor.body', () => {
	test('cleans exactly what the full walk cleans, for any body and secret', () => {
		fc.assert(
			fc.property(
				secret.chain((key) => fc.tuple(fc.constant(key), bodyWith(key))),
				([key, body]) => {
					const redactor = new Redactor([key]);
					expect(redactor.body(body)).toEqual(redactor.value(body));
				},
			),
			{ numRuns: 2_000 },
		);
	});

	test('a clean answer comes back as the same object, not a copy', () => {
		const body = { data: [{ name: 'Acme', website: 'acme.example' }], total_results: 1 };
		expect(new Redactor(['sk_live_0123456789']).body(body)).toBe(body);
	});

	test('a key with quotes and backslashes is found although JSON escapes it', () => {
		const key = 'ab"cd\\ef';
		expect(new Redactor([key]).body({ echo: `your key is ${key}` })).toEqual({ echo: `your key is ${REDACTED}` });
	});

	test('a header echo is blanked even when the key itself is not in the answer', () => {
		expect(new Redactor(['sk_live_0123456789']).body({ headers: { API_KEY: 'something-else' } })).toEqual({
			headers: { API_KEY: REDACTED },
		});
	});
});

describe('Redactor: the webhook secret', () => {
	it('reaches the code that asked in an answer, but never travels in an error', async () => {
		const { NodeApiError } = await import('n8n-workflow');
		const redactor = new Redactor(['api-key-1234']);
		const answer = { webhook_url: 'https://n8n.example/webhook/x', webhook_secret: 'c2VjcmV0LXNlY3JldC1zZWNyZXQ=' };
		expect(redactor.body(answer)).toEqual(answer);
		const error = new NodeApiError({ id: 'n', name: 'N', type: 't', typeVersion: 1, position: [0, 0], parameters: {} }, answer, {
			message: 'The service returned an unexpected answer (200)',
		});
		error.context.answer = answer;
		const cleaned = redactor.error(error);
		expect(JSON.stringify({ ...cleaned, context: cleaned.context, errorResponse: (cleaned as { errorResponse?: unknown }).errorResponse })).not.toContain(
			answer.webhook_secret,
		);
		expect(cleaned.context.answer).toEqual({ webhook_url: answer.webhook_url, webhook_secret: REDACTED });
	});
});
