/**
 * API v1's cases of the sandbox's webhooks (v2's: sandbox.v2webhooks.test.ts): retiring v1 deletes this file (docs/development.md, "Retiring API v1").
 *
 * The sandbox's v1 webhooks: the four endpoints, and pushes to a receiver on 127.0.0.1 whose
 * signatures are checked here with an independent implementation (node:crypto, the research's
 * §3 recipe), the delivery log, retries and the hostile knobs.
 */
import {
	SANDBOX_API_KEY,
	SANDBOX_PARTNER_ID,
	SANDBOX_TENANT_ID,
	type Sandbox,
	sandboxClient,
	startSandbox,
} from '../sandbox';
import { type Receiver, startReceiver, verifies } from './support/receiver';

const NOW = new Date('2025-12-06T11:41:55.703Z');
const SECRET_FORM = /^[A-Za-z0-9_-]{43}=$/;
const SIGNATURE_FORM = /^[A-Za-z0-9_-]{43}=$/;

let sandbox: Sandbox;
let api: ReturnType<typeof sandboxClient>;
let receiver: Receiver;
const params = { params: { partner_id: SANDBOX_PARTNER_ID } };

beforeAll(async () => {
	sandbox = await startSandbox({ now: () => NOW, rateLimit: false });
	api = sandboxClient(sandbox);
	receiver = await startReceiver();
});
afterAll(async () => {
	await sandbox.close();
	await receiver.close();
});
beforeEach(async () => {
	await sandbox.webhooks.idle();
	sandbox.webhooks.configure({ retryDelayMs: 5 });
	sandbox.webhooks.clearDeliveries();
	receiver.received.length = 0;
	receiver.script.length = 0;
});

const register = (webhook_url = receiver.url) =>
	api.call('registerWebhook', { partner_id: SANDBOX_PARTNER_ID, webhook_url });

describe('the v1 webhook endpoints', () => {
	beforeEach(() => sandbox.webhooks.unregister());

	it('registers: the URL, a new 32-byte URL-safe base64 secret, Python timestamps, response_context', async () => {
		const { status, body } = await register();
		expect(status).toBe(200);
		expect(body).toEqual({
			response_context: { correlation_id: expect.stringMatching(/^[0-9a-f-]{36}$/), request_status: 'success', time_took_in_seconds: expect.any(Number) },
			created_at: '2025-12-06T11:41:55.703000+00:00',
			last_modified_time: '2025-12-06T11:41:55.703000+00:00',
			webhook_url: receiver.url,
			webhook_secret: expect.stringMatching(SECRET_FORM),
			headers: [],
			payload_format: 'json',
		});
		expect(Buffer.from(body.webhook_secret, 'base64url')).toHaveLength(32);
		expect(sandbox.webhooks.registration).toEqual({ partner_id: SANDBOX_PARTNER_ID, ...body, response_context: undefined });
	});

	it('gets the registration with its secret, and 404 in the sandbox error shape when there is none', async () => {
		const none = await api.call('getWebhook', undefined, params);
		expect(none).toMatchObject({
			status: 404,
			body: { details: `No webhook is registered for partner ${SANDBOX_PARTNER_ID}`, correlation_id: expect.stringMatching(/^[0-9a-f-]{36}$/) },
		});
		expect(Object.keys(none.body)).toEqual(['details', 'correlation_id']);
		const registered = (await register()).body;
		const { status, body } = await api.call('getWebhook', undefined, params);
		expect(status).toBe(200);
		expect(body).toEqual({ ...registered, response_context: expect.objectContaining({ request_status: 'success' }) });
	});

	it('overrides on re-register and rotates the secret', async () => {
		const first = (await register()).body;
		const second = (await register('http://127.0.0.1:9/other')).body;
		expect(second.webhook_url).toBe('http://127.0.0.1:9/other');
		expect(second.webhook_secret).toMatch(SECRET_FORM);
		expect(second.webhook_secret).not.toBe(first.webhook_secret);
		const got = (await api.call('getWebhook', undefined, params)).body;
		expect([got.webhook_url, got.webhook_secret]).toEqual(['http://127.0.0.1:9/other', second.webhook_secret]);
	});

	it('deletes, then answers 404 to get and delete', async () => {
		await register();
		const deleted = await api.call('deleteWebhook', undefined, params);
		expect(deleted.status).toBe(200);
		expect(Object.keys(deleted.body)).toEqual(['response_context']);
		expect(sandbox.webhooks.registration).toBeUndefined();
		expect((await api.call('getWebhook', undefined, params)).status).toBe(404);
		expect((await api.call('deleteWebhook', undefined, params)).body).toEqual({
			details: `No webhook is registered for partner ${SANDBOX_PARTNER_ID}`,
			correlation_id: expect.any(String),
		});
	});

	it('answers 422 for unknown keys (additionalProperties: false) and for missing fields', async () => {
		const extra = await api.call('registerWebhook', { partner_id: SANDBOX_PARTNER_ID, webhook_url: receiver.url, secret: 'mine' });
		expect(extra).toMatchObject({
			status: 422,
			body: { detail: [{ loc: ['body', 'secret'], msg: 'extra fields not permitted', type: 'value_error.extra' }] },
		});
		const badHeader = await api.call('registerWebhook', { partner_id: SANDBOX_PARTNER_ID, webhook_url: receiver.url, headers: ['X-Ok: 1', 'no colon'] });
		expect(badHeader.body).toEqual({ detail: [{ loc: ['body', 'headers', 1], msg: 'must be "Header-Name: value"', type: 'value_error' }] });
		const missing = await api.call('registerWebhook', { partner_id: SANDBOX_PARTNER_ID });
		expect(missing.body).toEqual({ detail: [{ loc: ['body', 'webhook_url'], msg: 'field required', type: 'value_error.missing' }] });
		const simulationExtra = await api.call('checkWebhookConnectivity', {
			partner_id: SANDBOX_PARTNER_ID,
			simulation: { event_name: 'funding_round', number_of_events: 1, extra: true },
		});
		expect(simulationExtra.body).toEqual({
			detail: [{ loc: ['body', 'simulation', 'extra'], msg: 'extra fields not permitted', type: 'value_error.extra' }],
		});
		expect(sandbox.webhooks.registration).toBeUndefined();
	});

	it('refuses another partner_id (401) and a wrong key (401), body or path', async () => {
		const other = await api.call('registerWebhook', { partner_id: 'partner-x', webhook_url: receiver.url });
		expect(other).toMatchObject({ status: 401, body: { details: 'Unknown partner id' } });
		expect((await api.call('getWebhook', undefined, { params: { partner_id: 'partner-x' } })).status).toBe(401);
		const noKey = await api.call('getWebhook', undefined, { ...params, headers: { API_KEY: 'wrong' } });
		expect(noKey).toMatchObject({ status: 401, body: { details: 'Invalid or missing API key' } });
		expect(sandbox.webhooks.registration).toBeUndefined();
	});

	it('routes check_connectivity before {partner_id}, and 405 for other methods', async () => {
		// GET on check_connectivity is get_webhook with that partner id
		expect((await api.raw('GET', '/v1/webhooks/check_connectivity')).status).toBe(401);
		expect((await api.raw('PUT', `/v1/webhooks/${SANDBOX_PARTNER_ID}`, '{}')).status).toBe(405);
		expect((await api.raw('GET', '/v1/webhooks')).status).toBe(405);
		expect((await api.raw('GET', '/v1/webhooks/a/b')).status).toBe(404);
	});

	it('serves the configured partner id instead of the default one', async () => {
		sandbox.configure({ partnerId: 'partner-42' });
		try {
			expect((await api.call('registerWebhook', { partner_id: SANDBOX_PARTNER_ID, webhook_url: receiver.url })).status).toBe(401);
			expect((await api.call('registerWebhook', { partner_id: 'partner-42', webhook_url: receiver.url })).status).toBe(200);
			expect((await api.call('getWebhook', undefined, { params: { partner_id: 'partner-42' } })).status).toBe(200);
		} finally {
			sandbox.configure({ partnerId: undefined });
		}
	});
});

describe('pushes to the registered URL', () => {
	let secret: string;
	const business = () => sandbox.universe.businesses[0];
	const prospect = () => sandbox.universe.prospects[0];
	let enrollmentId: string;
	let prospectEnrollmentId: string;

	beforeAll(async () => {
		const enrolled = await api.call('createBusinessEnrollment', {
			enrollment_key: 'key-business',
			event_types: ['new_product', 'new_office'],
			business_ids: [business().business_id],
		});
		enrollmentId = enrolled.body.enrollment_id;
		const enrolledProspect = await api.call('createProspectEnrollment', {
			enrollment_key: 'key-prospect',
			event_types: ['prospect_changed_role'],
			prospect_ids: [prospect().prospect_id],
		});
		prospectEnrollmentId = enrolledProspect.body.enrollment_id;
	});
	beforeEach(async () => {
		secret = (await register()).body.webhook_secret;
	});

	it('POSTs one signed event per request, shaped as the guide example, serialized as json.dumps does', async () => {
		const event = sandbox.addEvent({ business_id: business().business_id, event_name: 'new_product', data: { title: 'Café', n: 1 } });
		await receiver.waitFor(1);
		const [{ headers, raw }] = receiver.received;
		expect(headers['content-type']).toBe('application/json');
		expect(headers['x-signature']).toMatch(SIGNATURE_FORM);
		expect(Math.abs(Number(headers['x-timestamp']) - Date.now() / 1000)).toBeLessThan(5);
		expect(headers['x-timestamp']).toMatch(/^\d{10}$/);
		expect(verifies(secret, headers, raw)).toBe(true);
		expect(raw.toString('utf8')).toBe(
			`{"tenant_id": "${SANDBOX_TENANT_ID}", "partner_id": "${SANDBOX_PARTNER_ID}", "event_id": "${event.event_id.replace(/-/g, '')}", ` +
				`"event_name": "new_product", "data": {"title": "Caf\\u00e9", "n": 1}, "enrollment_key": "key-business", ` +
				`"enrollment_id": "${enrollmentId}", "event_time": "2025-12-06 11:41:55.703000+00:00", "business_id": "${business().business_id}"}`,
		);
		expect(JSON.parse(raw.toString()).event_id).toMatch(/^[0-9a-f]{32}$/);
		await sandbox.webhooks.idle();
		expect(sandbox.webhooks.deliveries).toEqual([
			expect.objectContaining({ kind: 'event', event_id: event.event_id.replace(/-/g, ''), event_name: 'new_product', attempt: 1, status: 200, url: receiver.url }),
		]);
		expect(sandbox.webhooks.deliveries[0].ms).toBeGreaterThan(0);
	});

	it('pushes prospect events with prospect_id, and an event time without a fraction as Python prints it', async () => {
		sandbox.addProspectEvent({ prospect_id: prospect().prospect_id, event_name: 'prospect_changed_role', event_time: '2025-12-06T10:00:00+00:00' });
		await receiver.waitFor(1);
		const body = JSON.parse(receiver.received[0].raw.toString());
		expect(Object.keys(body)).toEqual([
			'tenant_id', 'partner_id', 'event_id', 'event_name', 'data', 'enrollment_key', 'enrollment_id', 'event_time', 'prospect_id',
		]);
		expect(body).toMatchObject({ prospect_id: prospect().prospect_id, enrollment_key: 'key-prospect', enrollment_id: prospectEnrollmentId, event_time: '2025-12-06 10:00:00+00:00' });
		expect(verifies(secret, receiver.received[0].headers, receiver.received[0].raw)).toBe(true);
	});

	it('pushes nothing for ids or types no enrollment covers, or when no webhook is registered', async () => {
		sandbox.addEvent({ business_id: sandbox.universe.businesses[1].business_id, event_name: 'new_product' });
		sandbox.addEvent({ business_id: business().business_id, event_name: 'ipo_announcement' });
		sandbox.webhooks.unregister();
		sandbox.addEvent({ business_id: business().business_id, event_name: 'new_product' });
		await sandbox.webhooks.idle();
		expect(sandbox.webhooks.deliveries).toEqual([]);
		expect(receiver.received).toEqual([]);
	});

	it('delivers in event order, one at a time', async () => {
		const ids = Array.from({ length: 6 }, (_, n) =>
			sandbox.addEvent({ business_id: business().business_id, event_name: n % 2 ? 'new_office' : 'new_product' }).event_id.replace(/-/g, ''),
		);
		await sandbox.webhooks.idle();
		expect(receiver.received.map((request) => JSON.parse(request.raw.toString()).event_id)).toEqual(ids);
		expect(sandbox.webhooks.deliveries.map((delivery) => [delivery.seq - sandbox.webhooks.deliveries[0].seq, delivery.event_id, delivery.status])).toEqual(
			ids.map((id, n) => [n, id, 200]),
		);
	});

	it('retries 5xx with a fresh signature and the same body, up to 3 times; retries: 0 turns that off', async () => {
		receiver.script.push(503, 500, 502, 503);
		sandbox.addEvent({ business_id: business().business_id, event_name: 'new_product' });
		await sandbox.webhooks.idle();
		expect(sandbox.webhooks.deliveries.map((delivery) => [delivery.attempt, delivery.status])).toEqual([
			[1, 503],
			[2, 500],
			[3, 502],
			[4, 503],
		]);
		expect(new Set(receiver.received.map((request) => request.raw.toString())).size).toBe(1);
		expect(receiver.received.every((request) => verifies(secret, request.headers, request.raw))).toBe(true);
		expect(new Set(receiver.received.map((request) => request.headers['x-signature'])).size).toBe(4);

		receiver.script.push(503);
		sandbox.webhooks.configure({ retries: 0 });
		sandbox.addEvent({ business_id: business().business_id, event_name: 'new_product' });
		await sandbox.webhooks.idle();
		expect(sandbox.webhooks.deliveries.slice(4).map((delivery) => [delivery.attempt, delivery.status])).toEqual([[1, 503]]);
	});

	it('does not retry a 4xx, and retries a receiver that is not listening (status 0)', async () => {
		receiver.script.push(400);
		sandbox.addEvent({ business_id: business().business_id, event_name: 'new_product' });
		await sandbox.webhooks.idle();
		expect(sandbox.webhooks.deliveries.map((delivery) => delivery.status)).toEqual([400]);
		await register('http://127.0.0.1:9/closed');
		sandbox.addEvent({ business_id: business().business_id, event_name: 'new_product' });
		await sandbox.webhooks.idle();
		expect(sandbox.webhooks.deliveries.slice(1).map((delivery) => [delivery.attempt, delivery.status])).toEqual([
			[1, 0],
			[2, 0],
			[3, 0],
			[4, 0],
		]);
		expect(sandbox.webhooks.deliveries[1].error).toMatch(/ECONNREFUSED/);
	});

	it('sends the registered custom headers, and a JSON string body with payload_format stringified_json', async () => {
		const registered = await api.call('registerWebhook', {
			partner_id: SANDBOX_PARTNER_ID,
			webhook_url: receiver.url,
			headers: ['X-Team: sales', 'Authorization: Bearer abc'],
			payload_format: 'stringified_json',
		});
		expect([registered.body.headers, registered.body.payload_format]).toEqual([['X-Team: sales', 'Authorization: Bearer abc'], 'stringified_json']);
		const event = sandbox.addEvent({ business_id: business().business_id, event_name: 'new_office', data: { city: 'Oslo' } });
		await receiver.waitFor(1);
		const { headers, raw } = receiver.received[0];
		expect([headers['x-team'], headers.authorization]).toEqual(['sales', 'Bearer abc']);
		const text = JSON.parse(raw.toString());
		expect(typeof text).toBe('string');
		expect(JSON.parse(text)).toMatchObject({ event_id: event.event_id.replace(/-/g, ''), event_name: 'new_office', data: { city: 'Oslo' } });
		expect(raw.toString().startsWith('"{\\"tenant_id\\": ')).toBe(true);
		expect(verifies(registered.body.webhook_secret, headers, raw)).toBe(true);
	});

	it('never sends to an address off the loopback interface', async () => {
		await register('http://192.0.2.1/hook');
		sandbox.addEvent({ business_id: business().business_id, event_name: 'new_product' });
		await sandbox.webhooks.idle();
		expect(sandbox.webhooks.deliveries).toEqual([expect.objectContaining({ attempt: 1, status: 0, error: 'refused: not a loopback address' })]);
	});

	it('simulates 1 to 10 real-shaped events with synthetic 32-hex ids on check_connectivity', async () => {
		const { status, body } = await api.call('checkWebhookConnectivity', {
			partner_id: SANDBOX_PARTNER_ID,
			simulation: { event_name: 'funding_round', number_of_events: 3, event_time: '2025-12-01T08:00:00Z' },
		});
		expect(status).toBe(200);
		expect(Object.keys(body)).toEqual(['response_context']);
		await sandbox.webhooks.idle();
		const pushed = receiver.received.map((request) => JSON.parse(request.raw.toString()));
		expect(pushed).toHaveLength(3);
		for (const event of pushed) {
			expect(Object.keys(event)).toEqual([
				'tenant_id', 'partner_id', 'event_id', 'event_name', 'data', 'enrollment_key', 'enrollment_id', 'event_time', 'business_id',
			]);
			expect(event).toMatchObject({ event_name: 'funding_round', enrollment_key: 'webhook_simulation', event_time: '2025-12-01 08:00:00+00:00' });
			expect(event.event_id).toMatch(/^[0-9a-f]{32}$/);
			expect(sandbox.universe.business(event.business_id)).toBeDefined();
		}
		expect(new Set(pushed.map((event) => event.event_id)).size).toBe(3);
		expect(receiver.received.every((request) => verifies(secret, request.headers, request.raw))).toBe(true);
		expect(sandbox.webhooks.deliveries.map((delivery) => delivery.kind)).toEqual(['simulation', 'simulation', 'simulation']);

		await api.call('checkWebhookConnectivity', { partner_id: SANDBOX_PARTNER_ID, simulation: { event_name: 'prospect_changed_company', number_of_events: 1 } });
		await sandbox.webhooks.idle();
		const prospectEvent = JSON.parse(receiver.received[3].raw.toString());
		expect(sandbox.universe.prospect(prospectEvent.prospect_id)).toBeDefined();
		expect(prospectEvent.event_name).toBe('prospect_changed_company');
	});

	it('refuses 0 or 11 simulated events and unknown event names (422), and answers 404 without a webhook', async () => {
		for (const number_of_events of [0, 11]) {
			const { status, body } = await api.call('checkWebhookConnectivity', { partner_id: SANDBOX_PARTNER_ID, simulation: { event_name: 'award', number_of_events } });
			expect(status).toBe(422);
			expect(body.detail[0].loc).toEqual(['body', 'simulation', 'number_of_events']);
		}
		const unknown = await api.call('checkWebhookConnectivity', { partner_id: SANDBOX_PARTNER_ID, simulation: { event_name: 'new_moon', number_of_events: 1 } });
		expect(unknown.body.detail[0]).toMatchObject({ loc: ['body', 'simulation', 'event_name'], type: 'type_error.enum' });
		sandbox.webhooks.unregister();
		expect((await api.call('checkWebhookConnectivity', { partner_id: SANDBOX_PARTNER_ID })).status).toBe(404);
		await sandbox.webhooks.idle();
		expect(receiver.received).toEqual([]);
	});

	it('sends one test push without simulation', async () => {
		await api.call('checkWebhookConnectivity', { partner_id: SANDBOX_PARTNER_ID });
		await sandbox.webhooks.idle();
		const body = JSON.parse(receiver.received[0].raw.toString());
		expect(body).toEqual({
			tenant_id: SANDBOX_TENANT_ID,
			partner_id: SANDBOX_PARTNER_ID,
			event_id: expect.stringMatching(/^[0-9a-f]{32}$/),
			event_name: 'webhook_connectivity_check',
			data: {},
			event_time: '2025-12-06 11:41:55.703000+00:00',
		});
		expect(sandbox.webhooks.deliveries.map((delivery) => delivery.kind)).toEqual(['connectivity']);
	});
});

describe('hostile knobs', () => {
	let secret: string;
	const business = () => sandbox.universe.businesses[2];
	beforeAll(async () => {
		await api.call('createBusinessEnrollment', { enrollment_key: 'key-hostile', event_types: ['new_product'], business_ids: [business().business_id] });
	});
	beforeEach(async () => {
		secret = (await register()).body.webhook_secret;
	});
	const pushOne = async () => {
		sandbox.addEvent({ business_id: business().business_id, event_name: 'new_product' });
		await sandbox.webhooks.idle();
		return receiver.received[receiver.received.length - 1];
	};

	it('payload variants: event_type instead of event_name, entity_id + entity_type instead of business_id', async () => {
		sandbox.webhooks.configure({ payload: { eventKey: 'event_type', entity: 'entity' } });
		const body = JSON.parse((await pushOne()).raw.toString());
		expect(Object.keys(body)).toEqual([
			'tenant_id', 'partner_id', 'event_id', 'event_type', 'data', 'enrollment_key', 'enrollment_id', 'event_time', 'entity_id', 'entity_type',
		]);
		expect([body.event_type, body.entity_id, body.entity_type]).toEqual(['new_product', business().business_id, 'business']);
	});

	it('bad signature: made with another secret', async () => {
		sandbox.webhooks.configure({ signature: 'bad' });
		const { headers, raw } = await pushOne();
		expect(headers['x-signature']).toMatch(SIGNATURE_FORM);
		expect(verifies(secret, headers, raw)).toBe(false);
	});

	it.each([
		['missing-signature', false, true],
		['missing-timestamp', true, false],
		['missing-headers', false, false],
	] as const)('%s', async (signature, hasSignature, hasTimestamp) => {
		sandbox.webhooks.configure({ signature });
		const { headers } = await pushOne();
		expect(['x-signature' in headers, 'x-timestamp' in headers]).toEqual([hasSignature, hasTimestamp]);
	});

	it.each([-600, 600])('timestamp skew %i s, consistently signed', async (skew) => {
		sandbox.webhooks.configure({ timestampSkewSeconds: skew });
		const { headers, raw } = await pushOne();
		expect(Math.abs(Number(headers['x-timestamp']) - (Date.now() / 1000 + skew))).toBeLessThan(5);
		expect(verifies(secret, headers, raw)).toBe(true);
	});

	it('duplicates: the same body again with fresh, valid signatures', async () => {
		sandbox.webhooks.configure({ duplicates: 2 });
		await pushOne();
		expect(receiver.received).toHaveLength(3);
		expect(new Set(receiver.received.map((request) => request.raw.toString())).size).toBe(1);
		expect(receiver.received.every((request) => verifies(secret, request.headers, request.raw))).toBe(true);
		// never a replay: each re-send is signed with a later timestamp, even within one second
		const stamps = receiver.received.map((request) => Number(request.headers['x-timestamp']));
		expect(stamps).toEqual([stamps[0], stamps[0] + 1, stamps[0] + 2]);
		expect(sandbox.webhooks.deliveries.map((delivery) => delivery.kind)).toEqual(['event', 'duplicate', 'duplicate']);
	});

	it('replay: an earlier delivery byte for byte with the same headers; redeliver: same body, fresh signature', async () => {
		await pushOne();
		const first = sandbox.webhooks.deliveries[0];
		expect(await sandbox.webhooks.replay(first.seq)).toMatchObject({ status: 200 });
		const [original, replayed] = receiver.received;
		expect(replayed.raw.equals(original.raw)).toBe(true);
		expect([replayed.headers['x-timestamp'], replayed.headers['x-signature']]).toEqual([original.headers['x-timestamp'], original.headers['x-signature']]);
		expect(await sandbox.webhooks.redeliver(first.seq)).toMatchObject({ status: 200 });
		expect(receiver.received[2].raw.equals(original.raw)).toBe(true);
		expect(verifies(secret, receiver.received[2].headers, receiver.received[2].raw)).toBe(true);
		expect(Number(receiver.received[2].headers['x-timestamp'])).toBeGreaterThan(Number(original.headers['x-timestamp']));
		expect(sandbox.webhooks.deliveries.map((delivery) => delivery.kind)).toEqual(['event', 'replay', 'duplicate']);
	});

	it('crafted deliveries: valid by default, forged, unsigned, oversized, non-JSON, slow drip', async () => {
		expect((await sandbox.webhooks.send()).status).toBe(200);
		expect(verifies(secret, receiver.received[0].headers, receiver.received[0].raw)).toBe(true);

		await sandbox.webhooks.send({ signature: 'forged' });
		expect(receiver.received[1].headers['x-signature']).toBe('forged');
		await sandbox.webhooks.send({ signature: null, timestamp: null, contentType: null });
		expect(['x-signature', 'x-timestamp', 'content-type'].map((name) => name in receiver.received[2].headers)).toEqual([false, false, false]);

		const big = Buffer.alloc(1_500_000, 'a');
		expect((await sandbox.webhooks.send({ body: big })).status).toBe(200);
		expect(receiver.received[3].raw).toHaveLength(1_500_000);
		expect(verifies(secret, receiver.received[3].headers, receiver.received[3].raw)).toBe(true);

		await sandbox.webhooks.send({ body: 'not json at all', contentType: 'text/plain' });
		expect([receiver.received[4].raw.toString(), receiver.received[4].headers['content-type']]).toEqual(['not json at all', 'text/plain']);

		const started = performance.now();
		const drip = await sandbox.webhooks.send({ body: { event_id: 'a'.repeat(32), event_name: 'new_product' }, drip: { chunkBytes: 10, intervalMs: 20 } });
		expect(drip.status).toBe(200);
		expect(performance.now() - started).toBeGreaterThan(60);
		expect(verifies(secret, receiver.received[5].headers, receiver.received[5].raw)).toBe(true);
		expect(sandbox.webhooks.deliveries.map((delivery) => [delivery.kind, delivery.status])).toEqual(Array.from({ length: 6 }, () => ['crafted', 200]));
	});

	it('sign() gives what the receiver checks', () => {
		const headers = sandbox.webhooks.sign('{"a": 1}', 1_765_021_315);
		expect(headers['X-Timestamp']).toBe('1765021315');
		expect(verifies(secret, { 'x-timestamp': headers['X-Timestamp'], 'x-signature': headers['X-Signature'] }, Buffer.from('{"a": 1}'))).toBe(true);
		expect(SANDBOX_API_KEY).not.toBe(secret);
	});
});
