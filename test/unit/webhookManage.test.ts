/**
 * Manage Webhook's Delete Registration as an AI tool, and how registration URLs are compared.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { execute as deleteRegistration } from '../../nodes/ManageWebhook/actions/webhookV1/delete.operation';
import { normalizedUrl, sameUrl } from '../../nodes/shared/api';

function toolContext(onlyIfUrl: string): { ctx: IExecuteFunctions; credentialsRead: () => number } {
	let reads = 0;
	const ctx = {
		getNode: () => ({ name: 'Manage Webhook', type: 'n8n-nodes-business-prospect-data.manageWebhookTool', typeVersion: 1, parameters: {} }),
		getInputData: () => [{ json: {} }],
		getNodeParameter: (name: string, _itemIndex: number, fallback: unknown) => (name === 'onlyIfUrl' ? onlyIfUrl : fallback),
		continueOnFail: () => false,
		getCredentials: async () => {
			reads++;
			throw new Error('no request expected');
		},
	} as unknown as IExecuteFunctions;
	return { ctx, credentialsRead: () => reads };
}

describe('Manage Webhook: Delete Registration as a tool', () => {
	it('deletes nothing without Only If URL Is: an item error before any request', async () => {
		const { ctx, credentialsRead } = toolContext('');
		await expect(deleteRegistration.call(ctx)).rejects.toThrow(/As a tool, Delete Registration deletes only the registration of a given URL/);
		expect(credentialsRead()).toBe(0);
	});
});

describe('registration URLs compared normalized', () => {
	it('ignores a trailing slash, the case of scheme and host and a default port', () => {
		expect(sameUrl('https://N8N.example.com:443/webhook/a/webhook/', 'https://n8n.example.com/webhook/a/webhook')).toBe(true);
		expect(sameUrl('HTTPS://n8n.example.com/webhook/a/webhook', 'https://n8n.example.com/webhook/a/webhook')).toBe(true);
		expect(sameUrl('https://n8n.example.com/webhook/a/webhook', 'https://n8n.example.com/webhook/b/webhook')).toBe(false);
		expect(sameUrl('https://n8n.example.com/Webhook/a', 'https://n8n.example.com/webhook/a')).toBe(false);
		expect(sameUrl(undefined, 'https://x.example')).toBe(false);
		expect(normalizedUrl(' not a url/ ')).toBe('not a url');
	});
});
