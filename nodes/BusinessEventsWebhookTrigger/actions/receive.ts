/**
 * One delivery: refused (4xx, short JSON, no execution) unless it is small, JSON, fresh and
 * signed with the registration's secret; then read, filtered and de-duplicated. Only a new event
 * that passes the filters returns workflow data (one item, Get Events' shape), answered 200 by the
 * trigger itself so that n8n saves the event memory (see the end of receiveDelivery). Nothing here
 * throws: n8n would answer 500 and record a failed execution for a delivery that is no event.
 */
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { eventItem } from '../../GetEvents/helpers/output';
import { eventKey, splitFreeValues } from '../../shared/eventTypes';
import { dialectFor, LIMITS, sameUrl } from '../../shared/api';
import { ApiClient } from '../../shared/transport/apiClient';
import { CREDENTIAL_TYPE } from '../../shared/transport/connection';
import { parseDelivery, type PushedEvent, readPushedEvent } from '../../shared/webhooks/payload';
import { webhookRegistration } from '../../shared/webhooks/registration';
import { isSealedSecret, openSecret, sealSecret } from '../../shared/webhooks/secretBox';
import { secretProblem } from '../../shared/webhooks/secretShape';
import { SIGNATURE_MISMATCH, signingKey, verifySignature } from '../../shared/webhooks/signature';
import {
	firstDelivery,
	isReplay,
	memoryKey,
	readStoredRegistration,
	rememberedKey,
	rememberedLegacyKey,
	rememberKey,
	rememberLegacyKey,
	writeStoredRegistration,
} from '../helpers/state';

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

async function apiKeyOf(ctx: IWebhookFunctions): Promise<string | undefined> {
	try {
		const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
		return typeof credentials.apiKey === 'string' ? credentials.apiKey : String(credentials.apiKey ?? '');
	} catch {
		return undefined;
	}
}

/**
 * The HMAC keys a delivery may be signed with. Published: the one sealed in static data (a newer
 * registration there, by another process or a restart, replaces the key this process remembered).
 * Test: the one this process registered, and the sealed one when that differs (two only while the
 * editor's test registration races n8n's caching of its static data). v2 during a migration: also
 * v1's partner webhook's, when it points at the same URL (hooks.ts, keepLegacy).
 */
async function hmacKeysOf(ctx: IWebhookFunctions, staticData: IDataObject, key: string, test: boolean): Promise<Buffer[]> {
	const keys = await registrationKeysOf(ctx, staticData, key, test);
	const legacy = await legacyKeyOf(ctx, staticData, key);
	return legacy ? [...keys, legacy] : keys;
}

/** v2 during a migration: the key of v1's partner webhook at the same URL (state.ts, `legacy`), or undefined. */
async function legacyKeyOf(ctx: IWebhookFunctions, staticData: IDataObject, key: string): Promise<Buffer | undefined> {
	const legacy = readStoredRegistration(staticData)?.legacy;
	// static data is the database's: anything but a sealed secret and its binding verifies nothing
	if (!legacy || typeof legacy.binding !== 'string' || !isSealedSecret(legacy.secret)) return undefined;
	const remembered = rememberedLegacyKey(key, legacy.secret);
	if (remembered) return remembered;
	const apiKey = await apiKeyOf(ctx);
	const secret = apiKey === undefined ? undefined : openSecret(legacy.secret, apiKey, legacy.binding);
	if (secret === undefined || secretProblem(secret) !== undefined) return undefined;
	const opened = signingKey(secret);
	rememberLegacyKey(key, legacy.secret, opened);
	return opened;
}

/** The keys of the registration itself (see hmacKeysOf). */
async function registrationKeysOf(ctx: IWebhookFunctions, staticData: IDataObject, key: string, test: boolean): Promise<Buffer[]> {
	const stored = readStoredRegistration(staticData);
	const exact = rememberedKey(key, stored?.secret);
	if (exact) return [exact];
	const remembered = rememberedKey(key, undefined);
	const keys = remembered ? [remembered] : [];
	if (!stored) return keys;
	const apiKey = await apiKeyOf(ctx);
	if (apiKey === undefined) return keys;
	const secret = openSecret(stored.secret, apiKey, stored.binding);
	// a malformed secret (never sealed by this version) verifies nothing
	if (secret === undefined || secretProblem(secret) !== undefined) return keys;
	const opened = signingKey(secret);
	if (!test || !remembered) {
		rememberKey(key, stored.secret, opened);
		return [opened];
	}
	return [...keys, opened];
}

/** The last time this process read a secret again for an unverified delivery (ms). */
let lastSecretRead = Number.NEGATIVE_INFINITY;
const SECRET_READ_INTERVAL_MS = 60_000;

/**
 * A delivery with a fresh timestamp that no known key verifies may be signed with a secret the
 * service issued since (re-registered by another process, by Manage Webhook, or at a test's end):
 * read the registration again, at most once a minute in this process, and when it still points at
 * the stored URL, seal its secret and return its key. Undefined otherwise.
 */
async function secretReadAgain(ctx: IWebhookFunctions, staticData: IDataObject, key: string): Promise<Buffer | undefined> {
	const stored = readStoredRegistration(staticData);
	const now = Date.now();
	// v2 reads never return the secret: nothing to read again
	if (!stored || !dialectFor(stored.model).webhooks.secretOnRead || now - lastSecretRead < SECRET_READ_INTERVAL_MS) return undefined;
	lastSecretRead = now;
	try {
		const apiKey = await apiKeyOf(ctx);
		if (apiKey === undefined) return undefined;
		const strategy = await webhookRegistration(ctx, undefined, stored.model);
		if (strategy.binding(stored.webhookUrl) !== stored.binding) return undefined;
		const found = await strategy.find();
		if (!found?.secret || !sameUrl(found.webhookUrl, stored.webhookUrl) || secretProblem(found.secret) !== undefined) return undefined;
		// the same secret: the delivery is forged, nothing to store
		if (openSecret(stored.secret, apiKey, stored.binding) === found.secret) return undefined;
		const sealed = sealSecret(found.secret, apiKey, stored.binding);
		writeStoredRegistration(staticData, { ...stored, secret: sealed });
		const hmacKey = signingKey(found.secret);
		rememberKey(key, sealed, hmacKey);
		return hmacKey;
	} catch {
		// the service unreachable or the credential changed: the delivery stays unverified
		return undefined;
	} finally {
		ApiClient.forget(ctx);
	}
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
	const key = memoryKey(this.getWorkflow().id, this.getNode().id, this.getMode() === 'manual');
	const test = this.getMode() === 'manual';
	const hmacKeys = await hmacKeysOf(this, staticData, key, test);
	// no secret to check against: the delivery is unverifiable (publish the workflow again)
	if (hmacKeys.length === 0) return answer(this, 503, 'Webhook not ready: no registration secret');

	const nowSeconds = Math.floor(Date.now() / 1000);
	let verdict = verifySignature(hmacKeys[0], rawBody, req.headers['x-timestamp'], req.headers['x-signature'], nowSeconds);
	for (const other of hmacKeys.slice(1)) {
		if (verdict.ok) break;
		verdict = verifySignature(other, rawBody, req.headers['x-timestamp'], req.headers['x-signature'], nowSeconds);
	}
	// fresh and signed, but with no key known here: the secret may have been rotated since
	if (!verdict.ok && verdict.reason === SIGNATURE_MISMATCH) {
		const newer = await secretReadAgain(this, staticData, key);
		if (newer) verdict = verifySignature(newer, rawBody, req.headers['x-timestamp'], req.headers['x-signature'], nowSeconds);
	}
	if (!verdict.ok) return answer(this, 400, verdict.reason);
	if (isReplay(key, String(req.headers['x-signature']), Date.now())) return answer(this, 409, 'Replayed delivery');

	const body = parseDelivery(rawBody);
	if (body === undefined) return answer(this, 400, 'Body must be a JSON object');
	const read = readPushedEvent(body);
	// authentic, but not an event (a plain connectivity check): acknowledged, nothing runs
	if (!read.ok) return answer(this, 200, 'Received');
	if (!passesFilters(this, read.event)) return answer(this, 200, 'Event filtered out');
	if (!firstDelivery(key, staticData, eventKey(read.event.json))) return answer(this, 200, 'Duplicate event ignored');
	// Answered here, not by n8n after it starts the execution: n8n saves the static data (the event
	// memory above) when it is told the answer is sent, and starting the execution first resets its
	// "changed" mark (WorkflowRunner builds a Workflow on the same static data), so an event that
	// fired would be forgotten at the next restart.
	answer(this, 200, 'Workflow was started');
	return { noWebhookResponse: true, workflowData: [[eventItem(read.event.json)]] };
}
