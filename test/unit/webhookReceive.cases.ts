/**
 * The webhook trigger's receiving with its registration stored as one API version made it:
 * webhookReceive.test.ts runs these cases with v2's (the trigger's own webhook, by id),
 * webhookReceive.v1.test.ts with v1's partner webhook (retiring v1 deletes that file).
 *
 * The trigger's webhook() with a stand-in for n8n's webhook context: every refused delivery
 * answers 4xx and returns no workflow data (so n8n starts no execution); a new event returns one
 * item; duplicates, filtered events and connectivity checks answer 200 and start nothing.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { BusinessEventsWebhookTrigger } from '../../nodes/BusinessEventsWebhookTrigger/BusinessEventsWebhookTrigger.node';
import { memoryKey, rememberKey, writeStoredRegistration } from '../../nodes/BusinessEventsWebhookTrigger/helpers/state';
import type { ApiVersion } from '../../nodes/shared/api';
import { sealSecret } from '../../nodes/shared/webhooks/secretBox';
import { computeSignature, signingKey } from '../../nodes/shared/webhooks/signature';

const WEBHOOK_ID = '3f2b8c1e-5d4a-4e6f-9b7c-0a1d2e3f4a5b';

/** The receiving cases with the registration stored as `model` made it (v1: the partner's; v2: the trigger's own, by id). */
export function webhookReceiveCases(model: ApiVersion): void {
	const secret = 'q83vEjRWeJq83vEjRWeJq83vEjRWeJq83vEjRWeJq8M=';
	const apiKey = 'sk_test_receive_0123456789';
	const url = 'https://n8n.example.com/webhook/hook-1/webhook';
	const binding = model === 'v2' ? `v2|${WEBHOOK_ID}|${url}` : `v1|partner-1|${url}`;
		const owner = model === 'v2' ? "the API key's tenant" : 'partner partner-1';
		const stored = model === 'v2' ? { webhookId: WEBHOOK_ID } : {};
	let workflowCounter = 0;

	function setup(parameters: IDataObject = {}) {
		const staticData: IDataObject = {};
		writeStoredRegistration(staticData, {
			model,
			webhookUrl: url,
			...stored,
			owner,
			binding,
			secret: sealSecret(secret, apiKey, binding),
			registeredAt: new Date().toISOString(),
		});
		const workflowId = `wf-receive-${model}-${++workflowCounter}`;
		const memory = memoryKey(workflowId, 'node-1', false);
		const deliver = async (body: string | Buffer, headers: Record<string, string> = {}) => {
			const reply: { status?: number; body?: unknown } = {};
			const raw = Buffer.isBuffer(body) ? body : Buffer.from(body);
			const ctx = {
				getRequestObject: () => ({ headers: { 'content-type': 'application/json', 'content-length': String(raw.length), ...headers }, rawBody: raw }),
				getResponseObject: () => ({
					status(code: number) {
						reply.status = code;
						return this;
					},
					json(value: unknown) {
						reply.body = value;
						return this;
					},
				}),
				getWorkflowStaticData: () => staticData,
				getMode: () => 'webhook',
				getWorkflow: () => ({ id: workflowId }),
				getNode: () => ({ id: 'node-1', name: 'Trigger' }),
				getCredentials: async () => ({ apiKey, partnerId: 'partner-1' }),
				getNodeParameter: (name: string, fallback: unknown) => (name in parameters ? parameters[name] : fallback),
			} as unknown as IWebhookFunctions;
			const result = await new BusinessEventsWebhookTrigger().webhook.call(ctx);
			return { result, reply };
		};
		return { staticData, deliver, memory };
	}

	const now = () => String(Math.floor(Date.now() / 1000));
	const signed = (body: string, ts: string = now()) => ({ 'x-timestamp': ts, 'x-signature': computeSignature(signingKey(secret), ts, body) });
	const event = (id: string, extra: IDataObject = {}) =>
		JSON.stringify({
			tenant_id: 't',
			partner_id: 'partner-1',
			event_id: id,
			event_name: 'new_product',
			data: { title: 'x' },
			enrollment_key: 'key-accounts',
			enrollment_id: 'enr-1',
			event_time: '2025-12-06 11:41:55.703000+00:00',
			business_id: 'b'.repeat(32),
			...extra,
		});

	describe('Business Events Webhook Trigger: receiving a delivery', () => {
		it('starts one execution with one item for a new, signed event', async () => {
			const { deliver } = setup();
			const body = event('e-1');
			const { result, reply } = await deliver(body, signed(body));
			// answered by the trigger, so that n8n saves the event memory before it starts the execution
			expect(reply).toEqual({ status: 200, body: { message: 'Workflow was started' } });
			expect(result.noWebhookResponse).toBe(true);
			expect(result.workflowData).toEqual([
				[
					{
						json: {
							event_name: 'new_product',
							event_time: '2025-12-06T11:41:55.703000+00:00',
							event_id: 'e-1',
							data: { title: 'x' },
							business_id: 'b'.repeat(32),
							enrollment_key: 'key-accounts',
							enrollment_id: 'enr-1',
						},
					},
				],
			]);
		});

		it('answers a duplicate event_id (fresh signature, as a retry has) 200 and starts nothing', async () => {
			const { deliver, staticData } = setup();
			const body = event('e-dup');
			expect((await deliver(body, signed(body))).result.workflowData).toBeDefined();
			const again = await deliver(body, signed(body, String(Number(now()) - 1)));
			expect(again.reply).toEqual({ status: 200, body: { message: 'Duplicate event ignored' } });
			expect(again.result).toEqual({ noWebhookResponse: true });
			expect(staticData.seenEvents).toEqual(['id:e-dup']);
		});

		it.each([
			['unsigned', {}, 400],
			['forged', { 'x-timestamp': now(), 'x-signature': 'A'.repeat(43) + '=' }, 400],
			['stale', 'stale', 400],
			['future', 'future', 400],
			['non-integer timestamp', 'fraction', 400],
		])('refuses a %s delivery with 4xx and no execution', async (_name, headers, status) => {
			const { deliver, staticData } = setup();
			const body = event('e-refused');
			const ts = Number(now());
			const chosen =
				headers === 'stale'
					? signed(body, String(ts - 301))
					: headers === 'future'
						? signed(body, String(ts + 301))
						: headers === 'fraction'
							? signed(body, `${ts}.0`)
							: (headers as Record<string, string>);
			const { result, reply } = await deliver(body, chosen);
			expect(reply.status).toBe(status);
			expect(result).toEqual({ noWebhookResponse: true });
			expect(staticData.seenEvents).toBeUndefined();
			expect(JSON.stringify(reply.body)).not.toContain(secret);
		});

		it('refuses an exact replay of a verified delivery with 409', async () => {
			const { deliver } = setup();
			const body = event('e-replay');
			const headers = signed(body);
			expect((await deliver(body, headers)).result.workflowData).toBeDefined();
			const replay = await deliver(body, headers);
			expect(replay.reply.status).toBe(409);
			expect(replay.result.workflowData).toBeUndefined();
		});

		it('refuses more than 1 MiB (by Content-Length before anything else, and by size) and non-JSON content', async () => {
			const { deliver } = setup();
			const small = event('e-size');
			expect((await deliver(small, { ...signed(small), 'content-length': String(1_048_577) })).reply.status).toBe(413);
			const big = event('e-big', { data: { filler: 'x'.repeat(1_048_576) } });
			expect((await deliver(big, { ...signed(big), 'content-length': '10' })).reply.status).toBe(413);
			expect((await deliver(small, { ...signed(small), 'content-type': 'text/plain' })).reply.status).toBe(415);
			expect((await deliver(small, { ...signed(small), 'content-type': 'application/json; charset=utf-8' })).result.workflowData).toBeDefined();
		});

		it('answers the plain connectivity check 200 and starts nothing', async () => {
			const { deliver } = setup();
			const body = JSON.stringify({ tenant_id: 't', partner_id: 'p', event_id: 'c1', event_name: 'webhook_connectivity_check', data: {}, event_time: '2026-01-01 00:00:00+00:00' });
			const { result, reply } = await deliver(body, signed(body));
			expect(reply.status).toBe(200);
			expect(result.workflowData).toBeUndefined();
		});

		it('applies the filters: entity, event types, enrollment keys (200, no execution)', async () => {
			const prospectOnly = setup({ entity: 'prospect' });
			const body = event('e-f1');
			expect((await prospectOnly.deliver(body, signed(body))).reply).toEqual({ status: 200, body: { message: 'Event filtered out' } });
			const types = setup({ eventTypes: ['new_funding_round'] });
			expect((await types.deliver(body, signed(body))).result.workflowData).toBeUndefined();
			const keys = setup({ enrollmentKeys: 'churn-watch, key-accounts' });
			expect((await keys.deliver(body, signed(body))).result.workflowData).toBeDefined();
			const otherKeys = setup({ enrollmentKeys: 'churn-watch' });
			expect((await otherKeys.deliver(body, signed(body))).result.workflowData).toBeUndefined();
		});

		it('answers 503 and starts nothing when no secret can be opened (another API key)', async () => {
			const staticData: IDataObject = {};
			writeStoredRegistration(staticData, {
				model,
				webhookUrl: url,
				...stored,
				owner,
				binding,
				secret: sealSecret(secret, 'another-key', binding),
				registeredAt: '',
			});
			const reply: { status?: number; body?: unknown } = {};
			const ctx = {
				getRequestObject: () => ({ headers: { 'content-type': 'application/json' }, rawBody: Buffer.from('{}') }),
				getResponseObject: () => ({
					status(code: number) {
						reply.status = code;
						return { json: (value: unknown) => (reply.body = value) };
					},
				}),
				getWorkflowStaticData: () => staticData,
				getMode: () => 'webhook',
				getWorkflow: () => ({ id: `wf-503-${model}` }),
				getNode: () => ({ id: 'node-1' }),
				getCredentials: async () => ({ apiKey }),
				getNodeParameter: (_: string, fallback: unknown) => fallback,
			} as unknown as IWebhookFunctions;
			expect(await new BusinessEventsWebhookTrigger().webhook.call(ctx)).toEqual({ noWebhookResponse: true });
			expect(reply).toEqual({ status: 503, body: { message: 'Webhook not ready: no registration secret' } });
		});

		it('accepts a test delivery signed with the test secret this process registered while static data still holds the published one', async () => {
			const published = sealSecret('cHVibGlzaGVkLXNlY3JldC1wdWJsaXNoZWQtc2VjcmV0', apiKey, binding);
			const staticData: IDataObject = {};
			writeStoredRegistration(staticData, { model, webhookUrl: url, ...stored, owner: 'p', binding, secret: published, registeredAt: '' });
			rememberKey(memoryKey(`wf-race-${model}`, 'node-1', true), sealSecret(secret, apiKey, `${binding}-test`), signingKey(secret));
			const body = event('e-race');
			const reply: { status?: number } = {};
			const ctx = {
				getRequestObject: () => ({ headers: { 'content-type': 'application/json', ...signed(body) }, rawBody: Buffer.from(body) }),
				getResponseObject: () => ({
					status(code: number) {
						reply.status = code;
						return { json: () => undefined };
					},
				}),
				getWorkflowStaticData: () => staticData,
				getMode: () => 'manual',
				getWorkflow: () => ({ id: `wf-race-${model}` }),
				getNode: () => ({ id: 'node-1' }),
				getCredentials: async () => ({ apiKey }),
				getNodeParameter: (_: string, fallback: unknown) => fallback,
			} as unknown as IWebhookFunctions;
			const result = await new BusinessEventsWebhookTrigger().webhook.call(ctx);
			expect(reply.status).toBe(200);
			expect(result.workflowData?.[0]).toHaveLength(1);
		});

		it('published: a newer sealed secret in static data replaces the key this process remembered (no second key)', async () => {
			const { deliver, memory } = setup();
			const oldSecret = Buffer.alloc(32, 9).toString('base64url');
			rememberKey(memory, sealSecret(oldSecret, apiKey, binding), signingKey(oldSecret));
			const body = event('e-old-key');
			const ts = now();
			const signedWithOld = { 'x-timestamp': ts, 'x-signature': computeSignature(signingKey(oldSecret), ts, body) };
			const old = await deliver(body, signedWithOld);
			expect(old.reply.status).toBe(400);
			expect(old.result.workflowData).toBeUndefined();
			expect((await deliver(body, signed(body))).result.workflowData).toBeDefined();
			// and the remembered key is now the stored one
			const again = event('e-old-key-2');
			expect((await deliver(again, { 'x-timestamp': ts, 'x-signature': computeSignature(signingKey(oldSecret), ts, again) })).reply.status).toBe(400);
		});
	});
}
