import type { IDataObject } from 'n8n-workflow';

import { LIMITS } from '../../nodes/shared/api';
import { isSealedSecret, openSecret, sealSecret } from '../../nodes/shared/webhooks/secretBox';
import { merge, readSeen, remember } from '../../nodes/shared/webhooks/seenEvents';
import { firstDelivery, isReplay, memoryKey, readStoredRegistration, writeStoredRegistration } from '../../nodes/BusinessEventsWebhookTrigger/helpers/state';

const secret = 'q83vEjRWeJq83vEjRWeJq83vEjRWeJq83vEjRWeJq8M=';
const apiKey = 'sk_live_0123456789abcdef';
const binding = 'v1|partner-1|https://n8n.example.com/webhook/abc/webhook';

describe('the sealed webhook secret', () => {
	it('opens with the same API key and registration', () => {
		const box = sealSecret(secret, apiKey, binding);
		expect(isSealedSecret(box)).toBe(true);
		expect(openSecret(box, apiKey, binding)).toBe(secret);
		// the credential form may keep surrounding spaces: the key is derived from the trimmed API key
		expect(openSecret(box, ` ${apiKey} `, binding)).toBe(secret);
	});

	it('does not open with another API key, another registration, or a changed byte', () => {
		const box = sealSecret(secret, apiKey, binding);
		expect(openSecret(box, `${apiKey}x`, binding)).toBeUndefined();
		expect(openSecret(box, apiKey, `${binding}/other`)).toBeUndefined();
		for (const field of ['data', 'tag', 'iv', 'salt'] as const) {
			const bytes = Buffer.from(box[field], 'base64');
			bytes[0] ^= 1;
			expect(openSecret({ ...box, [field]: bytes.toString('base64') }, apiKey, binding)).toBeUndefined();
		}
		expect(openSecret(undefined, apiKey, binding)).toBeUndefined();
		expect(openSecret({ v: 2 }, apiKey, binding)).toBeUndefined();
	});

	it('is sealed afresh each time (random salt and IV)', () => {
		const a = sealSecret(secret, apiKey, binding);
		const b = sealSecret(secret, apiKey, binding);
		expect(a.salt).not.toBe(b.salt);
		expect(a.iv).not.toBe(b.iv);
		expect(a.data).not.toBe(b.data);
	});
});

describe('the memory of fired events', () => {
	it('remembers keys oldest first and drops the oldest beyond the bound', () => {
		const list: string[] = [];
		for (let i = 0; i < 7; i++) expect(remember(list, `id:${i}`, 5)).toBe(true);
		expect(list).toEqual(['id:2', 'id:3', 'id:4', 'id:5', 'id:6']);
		expect(remember(list, 'id:4', 5)).toBe(false);
		expect(list).toEqual(['id:2', 'id:3', 'id:4', 'id:5', 'id:6']);
		// a dropped key is new again: the bound is the price of bounded memory
		expect(remember(list, 'id:0', 5)).toBe(true);
		expect(list).toEqual(['id:3', 'id:4', 'id:5', 'id:6', 'id:0']);
	});

	it('merges two copies (stored order first) within the bound', () => {
		expect(merge(['a', 'b', 'c'], ['b', 'd', 'e'], 10)).toEqual(['a', 'b', 'c', 'd', 'e']);
		expect(merge(['a', 'b', 'c'], ['d', 'e'], 4)).toEqual(['b', 'c', 'd', 'e']);
		expect(readSeen({ seenEvents: ['a', 1, 'b'] as unknown as IDataObject[] })).toEqual(['a', 'b']);
		expect(readSeen({})).toEqual([]);
	});

	it('fires each event once per trigger, across copies of static data, bounded at the limit', () => {
		const key = memoryKey('wf-dedup', 'node-1', false);
		const first: IDataObject = {};
		expect(firstDelivery(key, first, 'id:1')).toBe(true);
		expect(firstDelivery(key, first, 'id:1')).toBe(false);
		// a second delivery that loaded static data before the first one's save: the process remembers
		const stale: IDataObject = {};
		expect(firstDelivery(key, stale, 'id:1')).toBe(false);
		expect(firstDelivery(key, stale, 'id:2')).toBe(true);
		expect(stale.seenEvents).toEqual(['id:1', 'id:2']);
	});

	it('holds across a restart: a fresh process reads the keys from static data', () => {
		const saved: IDataObject = { seenEvents: ['id:a', 'id:b'] };
		const key = memoryKey('wf-restart', 'node-1', false);
		expect(firstDelivery(key, saved, 'id:b')).toBe(false);
		expect(firstDelivery(key, saved, 'id:c')).toBe(true);
		expect(saved.seenEvents).toEqual(['id:a', 'id:b', 'id:c']);
	});

	it(`keeps the last ${LIMITS.webhookSeenEventIds} keys in order`, () => {
		const key = memoryKey('wf-bound', 'node-1', false);
		const data: IDataObject = {};
		for (let i = 0; i < LIMITS.webhookSeenEventIds + 5; i++) firstDelivery(key, data, `id:${i}`);
		const seen = data.seenEvents as string[];
		expect(seen).toHaveLength(LIMITS.webhookSeenEventIds);
		expect(seen[0]).toBe('id:5');
		expect(seen[seen.length - 1]).toBe(`id:${LIMITS.webhookSeenEventIds + 4}`);
		expect(firstDelivery(key, data, 'id:4')).toBe(true);
		expect(firstDelivery(key, data, `id:${LIMITS.webhookSeenEventIds + 4}`)).toBe(false);
	});

	it('tells an exact replay from a fresh signature, within the window only', () => {
		const key = memoryKey('wf-replay', 'node-1', false);
		expect(isReplay(key, 'sig-1', 1_000_000)).toBe(false);
		expect(isReplay(key, 'sig-1', 1_000_500)).toBe(true);
		expect(isReplay(key, 'sig-2', 1_000_500)).toBe(false);
		// after the 600 s window the timestamp check refuses it anyway; the memory lets it go
		expect(isReplay(key, 'sig-1', 1_000_000 + 601_000 + 500)).toBe(false);
	});
});

describe('the sealed webhook secret of a v2 webhook (by id)', () => {
	it('leaves no stored field holding the secret, its key bytes or the API key, in any encoding', () => {
		const url = 'https://n8n.example.com/webhook/abc/webhook';
		const v2Binding = `v2|3f2b8c1e-5d4a-4e6f-9b7c-0a1d2e3f4a5b|${url}`;
		const staticData: IDataObject = {};
		writeStoredRegistration(staticData, {
			model: 'v2',
			webhookUrl: url,
			webhookId: '3f2b8c1e-5d4a-4e6f-9b7c-0a1d2e3f4a5b',
			owner: "the API key's tenant",
			binding: v2Binding,
			secret: sealSecret(secret, apiKey, v2Binding),
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
		expect(readStoredRegistration(staticData)).toMatchObject({ webhookUrl: url, webhookId: '3f2b8c1e-5d4a-4e6f-9b7c-0a1d2e3f4a5b' });
		expect(openSecret(readStoredRegistration(staticData)?.secret, apiKey, v2Binding)).toBe(secret);
		writeStoredRegistration(staticData, undefined);
		expect(staticData).toEqual({});
	});
});
