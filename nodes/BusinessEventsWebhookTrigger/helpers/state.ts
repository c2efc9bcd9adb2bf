/**
 * What the trigger keeps between deliveries. In the workflow's static data (saved by n8n in its
 * database, so it survives a restart): the registration it made (URL, model, owner) with the
 * secret SEALED (secretBox.ts), and the keys of the events it fired (seenEvents.ts). In this
 * process's memory: the HMAC key opened from the sealed secret (so a delivery does not decrypt
 * the credential again) and the recent event keys (so two deliveries of one event that arrive
 * together fire once, though each reads its own copy of static data).
 */
import type { IDataObject } from 'n8n-workflow';

import { API_VERSIONS, type ApiVersion, dialectFor, LIMITS } from '../../shared/api';
import { isSealedSecret, type SealedSecret } from '../../shared/webhooks/secretBox';
import { merge, readSeen } from '../../shared/webhooks/seenEvents';

export interface StoredRegistration {
	/** the API version that registered it: its deliveries are verified and read again that way */
	model: ApiVersion;
	webhookUrl: string;
	/** v2: the webhook this trigger registered; the secret sealed below is the one its create or rotate answer gave */
	webhookId?: string;
	/** what the registration is keyed by ("partner p-1"), for messages */
	owner: string;
	binding: string;
	secret: SealedSecret;
	registeredAt: string;
	/** registered for the editor's test URL (absent: the published one) */
	test?: boolean;
	/**
	 * v2, during a migration: v1's partner webhook points at this same URL, so v1 enrollments still
	 * deliver here, signed with its secret; sealed beside v2's so both generations verify
	 */
	legacy?: { binding: string; secret: SealedSecret };
}

export function readStoredRegistration(staticData: IDataObject): StoredRegistration | undefined {
	const stored = staticData.registration as Partial<StoredRegistration> | undefined;
	if (
		typeof stored !== 'object' ||
		stored === null ||
		!(API_VERSIONS as readonly unknown[]).includes(stored.model) ||
		(dialectFor(stored.model as ApiVersion).webhooks.byId && typeof stored.webhookId !== 'string') ||
		typeof stored.webhookUrl !== 'string' ||
		typeof stored.binding !== 'string' ||
		!isSealedSecret(stored.secret)
	) {
		return undefined;
	}
	return stored as StoredRegistration;
}

export function writeStoredRegistration(staticData: IDataObject, registration: StoredRegistration | undefined): void {
	if (registration === undefined) delete staticData.registration;
	else staticData.registration = registration as unknown as IDataObject;
}

/**
 * One trigger's memory in this process, by workflow, node and whether it is the editor's test
 * webhook ('manual' mode) or the published one: both can be registered in turn, each with its own
 * secret. (Not by URL: n8n's webhook context gives the production URL even for a test delivery.)
 */
interface TriggerMemory {
	/** the sealed secret the key was opened from (its ciphertext), to notice a newer registration */
	sealed?: string;
	key?: Buffer;
	seen: string[];
	seenSet: Set<string>;
	/** signatures of verified deliveries, until their timestamp leaves the tolerance window (ms) */
	signatures: Map<string, number>;
	/** v2: the HMAC key of v1's partner webhook at the same URL, and the sealed secret it came from */
	legacySealed?: string;
	legacyKey?: Buffer;
}

const memories = new Map<string, TriggerMemory>();

export const memoryKey = (workflowId: string | undefined, nodeId: string, test: boolean) =>
	`${workflowId ?? ''}|${nodeId}|${test ? 'test' : 'live'}`;

function memoryOf(key: string): TriggerMemory {
	let memory = memories.get(key);
	if (!memory) memories.set(key, (memory = { seen: [], seenSet: new Set(), signatures: new Map() }));
	return memory;
}

/** The HMAC key remembered for this sealed secret (or for any, when none is stored: a test delivery racing its registration). */
export function rememberedKey(key: string, sealed: SealedSecret | undefined): Buffer | undefined {
	const memory = memories.get(key);
	if (!memory?.key) return undefined;
	if (sealed === undefined || memory.sealed === sealed.data) return memory.key;
	return undefined;
}

export function rememberKey(key: string, sealed: SealedSecret, hmacKey: Buffer): void {
	const memory = memoryOf(key);
	memory.sealed = sealed.data;
	memory.key = hmacKey;
}

/** The legacy (v1) HMAC key remembered for this sealed secret. */
export function rememberedLegacyKey(key: string, sealed: SealedSecret): Buffer | undefined {
	const memory = memories.get(key);
	return memory?.legacyKey && memory.legacySealed === sealed.data ? memory.legacyKey : undefined;
}

export function rememberLegacyKey(key: string, sealed: SealedSecret, hmacKey: Buffer): void {
	const memory = memoryOf(key);
	memory.legacySealed = sealed.data;
	memory.legacyKey = hmacKey;
}

export function forget(key: string): void {
	memories.delete(key);
}

/**
 * Records an event key unless it was seen before (in static data or in this process); returns
 * whether it is new. Writes the union back to static data, so the save that follows this delivery
 * holds every key this process knows.
 */
export function firstDelivery(key: string, staticData: IDataObject, eventKey: string): boolean {
	const memory = memoryOf(key);
	const stored = readSeen(staticData);
	const last = stored[stored.length - 1];
	// static data written by another process (or after a restart) holds keys this memory lacks
	if (stored.length > 0 && (last === undefined || !memory.seenSet.has(last) || memory.seen.length < stored.length)) {
		memory.seen = merge(stored, memory.seen);
		memory.seenSet = new Set(memory.seen);
	}
	const isNew = !memory.seenSet.has(eventKey);
	if (isNew) {
		memory.seen.push(eventKey);
		memory.seenSet.add(eventKey);
		if (memory.seen.length > LIMITS.webhookSeenEventIds) {
			for (const dropped of memory.seen.splice(0, memory.seen.length - LIMITS.webhookSeenEventIds)) memory.seenSet.delete(dropped);
		}
	}
	if (isNew || stored.length !== memory.seen.length) staticData.seenEvents = [...memory.seen];
	return isNew;
}

/** Signatures remembered per trigger at most (a burst of verified deliveries within the window). */
const MAX_SIGNATURES = 50_000;

/**
 * Whether this exact signed delivery (same X-Timestamp, body and so signature) was verified
 * before, within the tolerance window: a replay. The service's own retries carry a fresh
 * timestamp and signature, so they are no replay (they are duplicates of the event instead).
 */
export function isReplay(key: string, signature: string, nowMs: number): boolean {
	const memory = memoryOf(key);
	const windowMs = 2 * LIMITS.webhookTimestampToleranceSeconds * 1000;
	for (const [seen, at] of memory.signatures) {
		if (at > nowMs - windowMs && memory.signatures.size < MAX_SIGNATURES) break;
		memory.signatures.delete(seen);
	}
	if (memory.signatures.has(signature)) return true;
	memory.signatures.set(signature, nowMs);
	return false;
}
