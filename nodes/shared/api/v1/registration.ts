/**
 * API v1's registration model: one webhook per partner, keyed by partner_id; registering again
 * overrides it and rotates the secret; reads return the secret. (v2's: ../v2/registration.ts; the
 * strategy interface both implement: ../v2/registrationModel.ts.)
 */
import type { IDataObject, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { RegistrationClient } from '../dialect';
import { isNodeApiError } from '../../transport/nodeErrors';
import {
	asNodeError,
	readRegistration,
	type Registration,
	type Simulation,
	type WebhookRegistration,
	withCheckedSecret,
} from '../v2/registrationModel';

/** The v1 model: the partner's one webhook. */
export class V1Registration implements WebhookRegistration {
	readonly model = 'v1' as const;
	readonly readsReturnSecret = true;

	constructor(
		private readonly client: RegistrationClient,
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
 * The v1 strategy on a v1 client. A credential without a Partner ID cannot hold a v1 webhook: that
 * is an error in words, before any request.
 */
export function v1Registration(client: RegistrationClient, node: INode, itemIndex: number | undefined): WebhookRegistration {
	const partnerId = client.connection.partnerId;
	if (partnerId === undefined) {
		throw new NodeOperationError(
			node,
			'The credential has no Partner ID: the service keeps webhooks per partner, so none can be registered, read or deleted without it',
			{
				itemIndex,
				description:
					'Enter your Partner ID in the Business Prospect Data API credential (the service issues it with your API key), then try again.',
			},
		);
	}
	return new V1Registration(client, partnerId, node, itemIndex);
}
