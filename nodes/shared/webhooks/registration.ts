/**
 * Where the service delivers pushed events, as one strategy per registration model, so the
 * trigger and Manage Webhook do not depend on the model. v1: one webhook per partner, keyed by
 * partner_id; registering again overrides it and rotates the secret; reads return the secret.
 * v2 (registrationV2.ts): up to ten per tenant, keyed by webhook_id; the secret only at creation
 * and rotation.
 */
import type { IDataObject, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { ApiVersion } from '../catalog';
import { ApiClient } from '../transport/apiClient';
import type { ApiContext } from '../transport/connection';
import {
	asNodeError,
	readRegistration,
	type Registration,
	type Simulation,
	type WebhookRegistration,
	withCheckedSecret,
} from './registrationModel';
import { V2Registration } from './registrationV2';

export {
	asNodeError,
	normalizedUrl,
	readRegistration,
	type RegisterOptions,
	type Registration,
	type RegistrationTarget,
	sameUrl,
	type Simulation,
	type WebhookRegistration,
	withCheckedSecret,
} from './registrationModel';
import { isNodeApiError } from '../transport/nodeErrors';

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

	private nodeError(error: unknown): NodeApiError | NodeOperationError {
		return asNodeError(this.node, error, this.itemIndex);
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
			if (isNodeApiError(error) && error.httpCode === '404') return undefined;
			throw this.nodeError(error);
		}
	}

	async register(webhookUrl: string): Promise<Registration & { secret: string }> {
		const body = await this.client.request<IDataObject>(
			'registerWebhook',
			{ partner_id: this.partnerId, webhook_url: webhookUrl },
			{ itemIndex: this.itemIndex },
		);
		return withCheckedSecret(this.node, readRegistration(body), this.itemIndex);
	}

	async remove(): Promise<void> {
		try {
			await this.client.request('deleteWebhook', undefined, {
				pathParams: { partner_id: this.partnerId },
				itemIndex: this.itemIndex,
			});
		} catch (error) {
			// gone already (a retry after a lost answer, or removed meanwhile): nothing left to do
			if (isNodeApiError(error) && error.httpCode === '404') return;
			throw this.nodeError(error);
		}
	}

	async checkConnectivity(simulation?: Simulation): Promise<IDataObject> {
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
 * The registration strategy for the credential of this context and an API version (v1 unless
 * named): v1's partner webhook, or v2's webhooks of the key's tenant. A credential without a
 * Partner ID cannot hold a v1 webhook: that is an error in words, before any request.
 */
export async function webhookRegistration(ctx: ApiContext, itemIndex?: number, version: ApiVersion = 'v1'): Promise<WebhookRegistration> {
	const client = await ApiClient.of(ctx, version);
	if (version === 'v2') return new V2Registration(client, ctx.getNode(), itemIndex);
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
