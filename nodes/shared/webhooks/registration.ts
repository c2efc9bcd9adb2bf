/**
 * Where the service delivers pushed events, as one strategy per registration model, so the
 * trigger and Manage Webhook do not depend on the model. v1 (now): one webhook per partner, keyed
 * by partner_id; registering again overrides it and rotates the secret; reads return the secret.
 */
import type { IDataObject, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { ApiClient } from '../transport/apiClient';
import type { ApiContext } from '../transport/connection';
import { secretProblem } from './signature';

/** A registration as the service holds it. */
export interface Registration {
	webhookUrl: string;
	/** present where the model returns it (v1: on register and on every read) */
	secret?: string;
	createdAt?: string;
	lastModifiedTime?: string;
}

export interface WebhookRegistration {
	readonly model: 'v1';
	/** what the registration is keyed by, for messages ("partner p-123") */
	readonly owner: string;
	/** whether reads return the secret (v1 yes): a lost copy can be read again instead of rotating it */
	readonly readsReturnSecret: boolean;
	/** the registration this trigger would use or replace, or undefined when there is none */
	find(): Promise<Registration | undefined>;
	/** registers the URL (v1: replaces any other registration of the partner) and returns the new secret */
	register(webhookUrl: string): Promise<Registration & { secret: string }>;
	/** removes the registration found (v1: the partner's) */
	remove(found: Registration): Promise<void>;
	/** asks the service to push a test event, or `simulated` mock events of one type */
	checkConnectivity(simulation?: { eventName: string; count: number; eventTime?: string }): Promise<IDataObject>;
	/** the authenticated data a sealed secret is bound to */
	binding(webhookUrl: string): string;
}
// v2 (up to ten per tenant, keyed by webhook_id, secret only at creation) goes beside V1Registration.

/** A URL as compared: parsed and re-written (case of scheme and host, default port), without a trailing slash. */
export function normalizedUrl(url: string): string {
	let href: string;
	try {
		href = new URL(url.trim()).href;
	} catch {
		href = url.trim();
	}
	return href.replace(/\/+$/, '');
}

/** Whether two URLs name the same webhook address. */
export const sameUrl = (a: string | undefined, b: string | undefined): boolean =>
	a !== undefined && b !== undefined && normalizedUrl(a) === normalizedUrl(b);

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** A registration answer (register or read) in the package's terms. */
export function readRegistration(body: IDataObject | undefined): Registration | undefined {
	const webhookUrl = text(body?.webhook_url);
	if (webhookUrl === undefined) return undefined;
	return {
		webhookUrl,
		secret: text(body?.webhook_secret),
		createdAt: text(body?.created_at),
		lastModifiedTime: text(body?.last_modified_time),
	};
}

/** The v1 model: the partner's one webhook. */
export class V1Registration implements WebhookRegistration {
	readonly model = 'v1' as const;
	readonly readsReturnSecret = true;

	constructor(
		private readonly client: ApiClient,
		private readonly partnerId: string,
		private readonly node: INode,
		private readonly itemIndex?: number,
	) {}

	/** A failure of the client as the node error it is (the client throws only node errors). */
	private nodeError(error: unknown): NodeApiError | NodeOperationError {
		if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
		return new NodeOperationError(this.node, error as Error, { itemIndex: this.itemIndex });
	}

	get owner(): string {
		return `partner ${this.partnerId}`;
	}

	binding(webhookUrl: string): string {
		return `v1|${this.partnerId}|${webhookUrl}`;
	}

	async find(): Promise<Registration | undefined> {
		try {
			const body = await this.client.request<IDataObject>('getWebhook', undefined, {
				pathParams: { partner_id: this.partnerId },
				itemIndex: this.itemIndex,
			});
			return readRegistration(body);
		} catch (error) {
			// no registration: the service answers 404
			if (error instanceof NodeApiError && error.httpCode === '404') return undefined;
			throw this.nodeError(error);
		}
	}

	async register(webhookUrl: string): Promise<Registration & { secret: string }> {
		const body = await this.client.request<IDataObject>(
			'registerWebhook',
			{ partner_id: this.partnerId, webhook_url: webhookUrl },
			{ itemIndex: this.itemIndex },
		);
		const registration = readRegistration(body);
		if (!registration?.secret) {
			throw new NodeOperationError(
				this.node,
				'The service registered the webhook but its answer holds no webhook_url or webhook_secret',
				{ itemIndex: this.itemIndex, description: 'Deliveries cannot be verified without the secret. Try again; if it persists, contact the service.' },
			);
		}
		const problem = secretProblem(registration.secret);
		if (problem !== undefined) {
			throw new NodeOperationError(this.node, `The service registered the webhook but gave a webhook secret that cannot verify deliveries: ${problem}`, {
				itemIndex: this.itemIndex,
				description: 'Only URL-safe base64 secrets of at least 16 bytes are accepted: a shorter or malformed one would let anyone forge deliveries. Contact the service.',
			});
		}
		return { ...registration, secret: registration.secret };
	}

	async remove(): Promise<void> {
		try {
			await this.client.request('deleteWebhook', undefined, {
				pathParams: { partner_id: this.partnerId },
				itemIndex: this.itemIndex,
			});
		} catch (error) {
			// gone already (a retry after a lost answer, or removed meanwhile): nothing left to do
			if (error instanceof NodeApiError && error.httpCode === '404') return;
			throw this.nodeError(error);
		}
	}

	async checkConnectivity(simulation?: { eventName: string; count: number; eventTime?: string }): Promise<IDataObject> {
		const body: IDataObject = { partner_id: this.partnerId };
		if (simulation) {
			body.simulation = {
				event_name: simulation.eventName,
				number_of_events: simulation.count,
				...(simulation.eventTime ? { event_time: simulation.eventTime } : {}),
			};
		}
		return await this.client.request<IDataObject>('checkWebhookConnectivity', body, { itemIndex: this.itemIndex });
	}
}

/**
 * The registration strategy for the credential of this context (v1: its partner). A credential
 * without a Partner ID cannot hold a v1 webhook: that is an error in words, before any request.
 */
export async function webhookRegistration(ctx: ApiContext, itemIndex?: number): Promise<WebhookRegistration> {
	const client = await ApiClient.of(ctx);
	const partnerId = client.connection.partnerId;
	if (partnerId === undefined) {
		throw new NodeOperationError(
			ctx.getNode(),
			'The credential has no Partner ID: the service keeps webhooks per partner, so none can be registered, read or deleted without it',
			{
				itemIndex,
				description:
					'Enter your Partner ID in the Business Prospect Data API credential (the service issues it with your API key), then try again.',
			},
		);
	}
	return new V1Registration(client, partnerId, ctx.getNode(), itemIndex);
}
