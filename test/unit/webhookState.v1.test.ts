/** API v1's cases of webhookState.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1"). */
import type { IDataObject } from 'n8n-workflow';

import { openSecret, sealSecret } from '../../nodes/shared/webhooks/secretBox';
import { readStoredRegistration, writeStoredRegistration } from '../../nodes/BusinessEventsWebhookTrigger/helpers/state';

const secret = 'q83vEjRWeJq83vEjRWeJq83vEjRWeJq83vEjRWeJq8M=';
const apiKey = 'sk_live_0123456789abcdef';
const binding = 'v1|partner-1|https://n8n.example.com/webhook/abc/webhook';

describe('the sealed webhook secret', () => {
	it('leaves no stored field holding the secret, its key bytes or the API key, in any encoding', () => {
		const staticData: IDataObject = {};
		writeStoredRegistration(staticData, {
			model: 'v1',
			webhookUrl: 'https://n8n.example.com/webhook/abc/webhook',
			owner: 'partner partner-1',
			binding,
			secret: sealSecret(secret, apiKey, binding),
			registeredAt: new Date(0).toISOString(),
		});
		const stored = JSON.stringify(staticData);
		const keyBytes = Buffer.from(secret.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
		for (const forbidden of [
			secret,
			secret.replace(/=+$/, ''),
			keyBytes.toString('base64'),
			keyBytes.toString('hex'),
			Buffer.from(secret).toString('base64'),
			Buffer.from(secret).toString('hex'),
			apiKey,
		]) {
			expect(stored).not.toContain(forbidden);
		}
		expect(readStoredRegistration(staticData)?.webhookUrl).toBe('https://n8n.example.com/webhook/abc/webhook');
		expect(openSecret(readStoredRegistration(staticData)?.secret, apiKey, binding)).toBe(secret);
		writeStoredRegistration(staticData, undefined);
		expect(staticData).toEqual({});
	});
});
