/**
 * One delivery: refused (4xx, short JSON, no execution) unless it is small, JSON, fresh and
 * signed with the registration's secret; then read, filtered and de-duplicated. Only a new event
 * that passes the filters returns workflow data (one item, Get Events' shape). Nothing here
 * throws: n8n would answer 500 and record a failed execution for a delivery that is no event.
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { eventItem } from '../GetEvents/output';
import { eventKey, splitFreeValues } from '../shared/eventTypes';
import { LIMITS } from '../shared/limits';
import { CREDENTIAL_TYPE } from '../shared/transport/connection';
import { parseDelivery, type PushedEvent, readPushedEvent } from '../shared/webhooks/payload';
import { openSecret } from '../shared/webhooks/secretBox';
import { signingKey, verifySignature } from '../shared/webhooks/signature';
import { firstDelivery, isReplay, memoryKey, readStoredRegistration, rememberedKey, rememberKey } from './state';

interface Request {
	headers: Record<string, string | string[] | undefined>;
	rawBody?: Buffer;
	readRawBody?: () => Promise<void>;
}

function answer(ctx: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	const res = ctx.getResponseObject();
	res.status(status).json({ message });
	return { noWebhookResponse: true };
}

const tooLarge = (bytes: number) => bytes > LIMITS.webhookMaxBodyBytes;

/** The HMAC key of the registration: remembered in this process, or opened from static data with the credential's API key. */
async function hmacKeyOf(ctx: IWebhookFunctions, staticData: IDataObject, key: string): Promise<Buffer | undefined> {
	const stored = readStoredRegistration(staticData);
	const remembered = rememberedKey(key, stored?.secret);
	if (remembered || !stored) return remembered;
	let apiKey: string;
	try {
		const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
		apiKey = typeof credentials.apiKey === 'string' ? credentials.apiKey : String(credentials.apiKey ?? '');
	} catch {
		return undefined;
	}
	const secret = openSecret(stored.secret, apiKey, stored.binding);
	if (secret === undefined) return undefined;
	const hmacKey = signingKey(secret);
	rememberKey(key, stored.secret, hmacKey);
	return hmacKey;
}

function passesFilters(ctx: IWebhookFunctions, event: PushedEvent): boolean {
	const entity = ctx.getNodeParameter('entity', 'both') as string;
	if (entity !== 'both' && event.entity !== entity) return false;
	const types = splitFreeValues(ctx.getNodeParameter('eventTypes', []));
	if (types.length > 0 && !types.includes(event.eventName)) return false;
	const keys = splitFreeValues(ctx.getNodeParameter('enrollmentKeys', ''));
	if (keys.length > 0 && (event.enrollmentKey === undefined || !keys.includes(event.enrollmentKey))) return false;
	return true;
}

export async function receiveDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const req = this.getRequestObject() as unknown as Request;
	const declared = Number(req.headers['content-length']);
	if (Number.isFinite(declared) && tooLarge(declared)) return answer(this, 413, 'Payload too large');
	const contentType = String(req.headers['content-type'] ?? '').toLowerCase();
	if (!/^application\/json\s*(;|$)/.test(contentType)) return answer(this, 415, 'Content-Type must be application/json');
	if (req.rawBody === undefined && typeof req.readRawBody === 'function') {
		try {
			await req.readRawBody();
		} catch {
			return answer(this, 400, 'Unreadable body');
		}
	}
	const rawBody = req.rawBody;
	if (!Buffer.isBuffer(rawBody)) return answer(this, 400, 'Unreadable body');
	if (tooLarge(rawBody.length)) return answer(this, 413, 'Payload too large');

	const staticData = this.getWorkflowStaticData('node');
	const url = this.getNodeWebhookUrl('default') ?? '';
	const key = memoryKey(this.getWorkflow().id, this.getNode().id, url);
	const hmacKey = await hmacKeyOf(this, staticData, key);
	// no secret to check against: the delivery is unverifiable (publish the workflow again)
	if (hmacKey === undefined) return answer(this, 503, 'Webhook not ready: no registration secret');

	const verdict = verifySignature(
		hmacKey,
		rawBody,
		req.headers['x-timestamp'],
		req.headers['x-signature'],
		Math.floor(Date.now() / 1000),
	);
	if (!verdict.ok) return answer(this, 400, verdict.reason);
	if (isReplay(key, String(req.headers['x-signature']), Date.now())) return answer(this, 409, 'Replayed delivery');

	const body = parseDelivery(rawBody);
	if (body === undefined) return answer(this, 400, 'Body must be a JSON object');
	const read = readPushedEvent(body);
	// authentic, but not an event (a plain connectivity check): acknowledged, nothing runs
	if (!read.ok) return answer(this, 200, 'Received');
	if (!passesFilters(this, read.event)) return answer(this, 200, 'Event filtered out');
	if (!firstDelivery(key, staticData, eventKey(read.event.json))) return answer(this, 200, 'Duplicate event ignored');
	return { workflowData: [[eventItem(read.event.json)]] };
}
