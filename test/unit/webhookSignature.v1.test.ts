/** API v1's cases of webhookSignature.test.ts: retiring v1 deletes this file (docs/development.md, "Retiring API v1"). */
import type { INode } from 'n8n-workflow';

import type { ApiClient } from '../../nodes/shared/transport/apiClient';
import { V1Registration } from '../../nodes/shared/api/v1/registration';

describe('webhook secret shape (a malformed secret must never become an empty or short HMAC key)', () => {
	it('V1 register() refuses a malformed secret in the answer, without quoting it', async () => {
		const client = { request: async () => ({ webhook_url: 'https://x.example/h', webhook_secret: '!!!!' }) } as unknown as ApiClient;
		const registration = new V1Registration(client, 'p-1', { name: 'Manage Webhook' } as INode);
		const failure = registration.register('https://x.example/h');
		await expect(failure).rejects.toThrow(/gave a webhook secret that cannot verify deliveries: it is not URL-safe base64$/);
		await expect(failure).rejects.not.toThrow(/!!!!/);
	});
});
