/**
 * Registration on publish and removal on unpublish (n8n's webhookMethods), and the same for the
 * test URL while the editor listens for a test event. Each takes the API version (v1 unless
 * named). v1 holds one webhook per partner: a registration that points elsewhere is replaced only
 * with "Replace Existing Registration" on, and unpublishing removes the registration only while it
 * still points at this trigger's URL. v2 gives the trigger a webhook of its own: its webhook_id
 * and secret are stored once, at creation (v2 never shows the secret again), and unpublishing
 * deletes it, or disables it while enrollments are bound to it. Unpublishing removes the
 * registration the way it was made (the stored model), whatever the credential says now.
 */
import type { IDataObject, IHookFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { type ApiVersion, dialectFor, type Registration, type RegistrationTarget, sameUrl, TEST_WEBHOOK_DESCRIPTION, type WebhookRegistration } from '../../shared/api';
import { CREDENTIAL_TYPE, DEFAULT_API_VERSION } from '../../shared/transport/connection';
import { ApiClient } from '../../shared/transport/apiClient';
import { webhookRegistration } from '../../shared/webhooks/registration';
import { openSecret, sealSecret } from '../../shared/webhooks/secretBox';
import { secretProblem } from '../../shared/webhooks/secretShape';
import { signingKey } from '../../shared/webhooks/signature';
import {
	forget,
	memoryKey,
	readStoredRegistration,
	rememberKey,
	rememberLegacyKey,
	type StoredRegistration,
	writeStoredRegistration,
} from '../helpers/state';

async function apiKeyOf(ctx: IHookFunctions): Promise<string> {
	const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
	return typeof credentials.apiKey === 'string' ? credentials.apiKey : String(credentials.apiKey ?? '');
}

function ownUrl(ctx: IHookFunctions): string {
	const url = ctx.getNodeWebhookUrl('default');
	if (!url) throw new NodeOperationError(ctx.getNode(), 'n8n gave this trigger no webhook URL');
	return url;
}

/** The process memory of this trigger: checkExists and create run in 'manual' mode for the editor's test URL. */
const keyOf = (ctx: IHookFunctions, test = ctx.getMode() === 'manual') => memoryKey(ctx.getWorkflow().id, ctx.getNode().id, test);

/** The HMAC key of a secret the service gave, or an error in words (a malformed secret is never kept). */
function keyOfSecret(ctx: IHookFunctions, strategy: WebhookRegistration, secret: string): Buffer {
	const problem = secretProblem(secret);
	if (problem !== undefined) {
		throw new NodeOperationError(ctx.getNode(), `The service gave the ${strategy.owner} a webhook secret that cannot verify deliveries: ${problem}`, {
			description:
				'The trigger accepts only URL-safe base64 secrets of at least 16 bytes: a shorter or malformed one would let anyone forge deliveries. Nothing was stored. Contact the service.',
		});
	}
	return signingKey(secret);
}

/**
 * v2, listening for a test event while the workflow is published: the published webhook stays
 * registered beside the test one (each trigger has its own), so its sealed secret must stay in
 * static data. The test webhook's key is then kept in this process only.
 */
function keepsPublished(ctx: IHookFunctions, strategy: WebhookRegistration): boolean {
	if (!dialectFor(strategy.model).webhooks.byId || ctx.getMode() !== 'manual') return false;
	const stored = readStoredRegistration(ctx.getWorkflowStaticData('node'));
	return stored !== undefined && dialectFor(stored.model).webhooks.byId && stored.test !== true;
}

/** Seals the secret into static data and keeps its HMAC key in this process (v2: with the webhook's id). */
function keep(ctx: IHookFunctions, strategy: WebhookRegistration, url: string, registered: Registration & { secret: string }, apiKey: string): void {
	const { secret, webhookId } = registered;
	const hmacKey = keyOfSecret(ctx, strategy, secret);
	const binding = strategy.binding(url, webhookId);
	const stored: StoredRegistration = {
		model: strategy.model,
		webhookUrl: url,
		...(webhookId !== undefined && { webhookId }),
		owner: strategy.owner,
		binding,
		secret: sealSecret(secret, apiKey, binding),
		registeredAt: new Date().toISOString(),
		...(ctx.getMode() === 'manual' ? { test: true } : {}),
	};
	if (!keepsPublished(ctx, strategy)) writeStoredRegistration(ctx.getWorkflowStaticData('node'), stored);
	rememberKey(keyOf(ctx), stored.secret, hmacKey);
}

/**
 * v2, published, during a migration: when v1's partner webhook points at this same URL, v1
 * enrollments keep delivering here with its secret (v2-migration-research.md §9), so that secret is
 * sealed beside v2's and both generations verify (the event memory fires an event_id once). Without
 * a Partner ID, or without such a webhook, nothing is kept: one GET /v1/webhooks/{partner_id}.
 */
async function keepLegacy(ctx: IHookFunctions, url: string, apiKey: string, legacyVersion: ApiVersion | undefined): Promise<void> {
	const staticData = ctx.getWorkflowStaticData('node');
	const stored = readStoredRegistration(staticData);
	if (stored === undefined || legacyVersion === undefined || stored.model === legacyVersion || stored.test === true || ctx.getMode() === 'manual') return;
	let v1: WebhookRegistration;
	let found: Registration | undefined;
	try {
		v1 = await webhookRegistration(ctx, undefined, legacyVersion);
		found = await v1.find();
	} catch {
		// no Partner ID, or v1 unreachable: v2's deliveries verify as they are
		return;
	}
	if (!found?.secret || !sameUrl(found.webhookUrl, url) || secretProblem(found.secret) !== undefined) return;
	const binding = v1.binding(url);
	const legacy = { binding, secret: sealSecret(found.secret, apiKey, binding) };
	writeStoredRegistration(staticData, { ...stored, legacy });
	rememberLegacyKey(keyOf(ctx), legacy.secret, signingKey(found.secret));
}

/**
 * The published registration this workflow made and still holds in its static data, when the
 * service's registration is that one (same URL, same partner): the trigger's own, though n8n's
 * public URL (WEBHOOK_URL) may have changed since.
 */
function ownPublishedRegistration(ctx: IHookFunctions, strategy: WebhookRegistration, found: Registration | undefined): StoredRegistration | undefined {
	const stored = readStoredRegistration(ctx.getWorkflowStaticData('node'));
	if (!found || !stored || stored.test === true) return undefined;
	if (!sameUrl(found.webhookUrl, stored.webhookUrl) || stored.binding !== strategy.binding(stored.webhookUrl, stored.webhookId)) return undefined;
	return stored;
}

/**
 * Test URLs this process is listening on (create in 'manual' mode until its removal), each with
 * the published registration that listening replaced, if any: n8n removes test and published
 * webhooks alike in 'internal' mode, so remove() tells them apart by this.
 */
const listening = new Map<string, StoredRegistration | undefined>();

async function withClient<T>(ctx: IHookFunctions, run: () => Promise<T>): Promise<T> {
	// n8n may reuse a hook context: every call reads the credential as it is now
	try {
		return await run();
	} finally {
		ApiClient.forget(ctx);
	}
}

/** Where the trigger's registration is: v2 by the webhook id it stored (else by its URL), v1 the partner's. */
function targetOf(ctx: IHookFunctions, version: ApiVersion, url: string): RegistrationTarget {
	const stored = readStoredRegistration(ctx.getWorkflowStaticData('node'));
	return { webhookUrl: url, ...(stored?.model === version && stored.webhookId !== undefined && { webhookId: stored.webhookId }) };
}

/** The name v2 requires for a webhook: which workflow and node it delivers to, so a list of webhooks says whose each is. */
function webhookName(ctx: IHookFunctions): string {
	const workflow = ctx.getWorkflow();
	const test = ctx.getMode() === 'manual' ? ' (test)' : '';
	return `n8n: ${workflow.name ?? workflow.id ?? 'workflow'} / ${ctx.getNode().name}${test}`;
}

/**
 * True when the registration points at this URL (v2: is active) and the trigger can verify its
 * deliveries: its sealed secret opens, or (v1 reads return the secret) it is read again and sealed,
 * without rotating it. v2 never shows the secret again: without a sealed one, create() rotates it.
 */
export async function checkExists(this: IHookFunctions, version: ApiVersion = DEFAULT_API_VERSION): Promise<boolean> {
	return await withClient(this, async () => {
		const url = ownUrl(this);
		const strategy = await webhookRegistration(this, undefined, version);
		const found = await strategy.find(targetOf(this, version, url));
		if (!found || !sameUrl(found.webhookUrl, url)) return false;
		if (found.status !== undefined && found.status !== 'active') return false;
		const apiKey = await apiKeyOf(this);
		const stored = readStoredRegistration(this.getWorkflowStaticData('node'));
		const binding = strategy.binding(url, found.webhookId);
		if (stored?.binding === binding) {
			const secret = openSecret(stored.secret, apiKey, binding);
			if (secret !== undefined && (found.secret === undefined || found.secret === secret)) {
				rememberKey(keyOf(this), stored.secret, keyOfSecret(this, strategy, secret));
				return true;
			}
		}
		if (strategy.readsReturnSecret && found.secret !== undefined) {
			keep(this, strategy, url, { ...found, secret: found.secret }, apiKey);
			return true;
		}
		return false;
	});
}

/**
 * Registers this trigger's URL (after checking what is registered now) and seals the secret. On
 * v2 nothing is in the way: the trigger's own webhook is created, or (found at this URL) given a
 * new secret and made active.
 */
export async function create(this: IHookFunctions, version: ApiVersion = DEFAULT_API_VERSION): Promise<boolean> {
	return await withClient(this, async () => {
		const url = ownUrl(this);
		const strategy = await webhookRegistration(this, undefined, version);
		const replace = this.getNodeParameter('options.replaceExisting', false) === true;
		const testing = this.getMode() === 'manual';
		if (testing) listening.set(url, undefined);
		const found = await strategy.find({ webhookUrl: url });
		const foreign = found !== undefined && !sameUrl(found.webhookUrl, url);
		// published: this workflow's own registration under an earlier public URL is replaced without the option
		const own = foreign && !testing ? ownPublishedRegistration(this, strategy, found) : undefined;
		if (foreign && !own && !replace) {
			throw new NodeOperationError(
				this.getNode(),
				`The ${strategy.owner} already has a webhook, pointing at ${found.webhookUrl}: the service keeps one webhook per partner, so registering this ${testing ? 'test ' : ''}URL would replace it`,
				{
					description: testing
						? 'Listening for a test event would re-point the webhook here and rotate its secret, so the URL registered now would stop receiving events until its workflow is published again. To test anyway, turn on Options > Replace Existing Registration; or test with the published workflow.'
						: 'If that URL is an older workflow or n8n you no longer use, turn on Options > Replace Existing Registration and publish again (that URL then stops receiving events). Otherwise let the workflow that owns the webhook receive the events and route them on enrollment_key.',
				},
			);
		}
		const apiKey = await apiKeyOf(this);
		// listening replaces this workflow's published registration: remove() puts it back
		if (testing && foreign) listening.set(url, ownPublishedRegistration(this, strategy, found));
		const registered = await strategy.register(url, {
			name: webhookName(this),
			existing: found ?? null,
			...(testing && { fields: { description: TEST_WEBHOOK_DESCRIPTION } }),
		});
		keep(this, strategy, url, registered, apiKey);
		await keepLegacy(this, url, apiKey, dialectFor(version).webhooks.legacyBeside);

		const simulated = String(this.getNodeParameter('options.simulateEvent', '') ?? '');
		if (this.getMode() === 'manual' && simulated !== '') {
			await strategy.checkConnectivity({ eventName: simulated, count: 1 }, registered);
		}
		return true;
	});
}

/**
 * Removes the registration if it still points at this trigger's URL (or, when unpublishing, at
 * the URL this workflow registered under an earlier public URL); forgets the secret either way.
 * At the end of a test that replaced this workflow's published registration, registers the
 * published URL again and seals its new secret, so published deliveries do not silently stop.
 */
export async function remove(this: IHookFunctions, version: ApiVersion = DEFAULT_API_VERSION): Promise<boolean> {
	return await withClient(this, async () => {
		const url = ownUrl(this);
		const staticData: IDataObject = this.getWorkflowStaticData('node');
		const testing = listening.has(url);
		const replaced = listening.get(url);
		listening.delete(url);
		// the way it was registered: a credential switched since must not orphan a v2 webhook
		const model = readStoredRegistration(staticData)?.model ?? version;
		let restore: { strategy: WebhookRegistration; webhookUrl: string } | undefined;
		// v2, the end of a test while published: the published webhook and its sealed secret stay
		let published = false;
		try {
			const strategy = await webhookRegistration(this, undefined, model);
			published = testing && keepsPublished(this, strategy);
			const target = targetOf(this, model, url);
			const byId = await strategy.find(target);
			// v2: the stored id may name the published webhook (a test ends) or one deleted meanwhile:
			// the one at this URL is then the one to remove
			const atUrl = target.webhookId !== undefined && !(byId && sameUrl(byId.webhookUrl, url)) ? await strategy.find({ webhookUrl: url }) : undefined;
			const found = atUrl ?? byId;
			const atThisUrl = found !== undefined && sameUrl(found.webhookUrl, url);
			if (found && (atThisUrl || (!testing && ownPublishedRegistration(this, strategy, found)))) await strategy.remove(found);
			// only while the test's registration was still there: someone else's meanwhile stays
			if (testing && replaced && atThisUrl) restore = { strategy, webhookUrl: replaced.webhookUrl };
		} finally {
			if (!published) writeStoredRegistration(staticData, undefined);
			// n8n removes test and published webhooks alike in 'internal' mode: forget both memories
			// (the published one is rebuilt from static data at its next delivery)
			forget(keyOf(this, true));
			if (!published) forget(keyOf(this, false));
		}
		// v1's partner webhook sealed beside (keepLegacy) stays: v2 cannot register it again, and
		// the v1 enrollments delivering to it would stop for good at the next publish
		if (restore) {
			const apiKey = await apiKeyOf(this);
			const registered = await restore.strategy.register(restore.webhookUrl);
			// not 'manual' here: sealed as the published registration, remembered for published deliveries
			keep(this, restore.strategy, restore.webhookUrl, registered, apiKey);
		}
		return true;
	});
}
