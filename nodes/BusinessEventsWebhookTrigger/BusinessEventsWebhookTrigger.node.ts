import type { IHookFunctions, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIALS } from '../shared/descriptions';
import { apiVersionOf } from '../shared/transport/apiVersion';
import { properties } from './actions/description';
import { checkExists, create, remove } from './actions/hooks';
import { receiveDelivery } from './actions/receive';

export class BusinessEventsWebhookTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Business Events Webhook Trigger',
		name: 'businessEventsWebhookTrigger',
		icon: {
			light: 'file:../../icons/businessProspectData.svg',
			dark: 'file:../../icons/businessProspectData.dark.svg',
		},
		group: ['trigger'],
		// 2: API v2 (a webhook of the trigger's own, by webhook_id); version 1 keeps v1's partner webhook
		version: [1, 2],
		defaultVersion: 2,
		subtitle: '={{ "Push: " + ({ business: "Businesses", prospect: "Prospects" }[$parameter["entity"]] || "Businesses and Prospects") }}',
		description:
			'Starts the workflow the moment the service pushes an event of an enrolled business or prospect (webhook): verified, each event once',
		eventTriggerDescription: 'Waiting for the service to push an event',
		activationMessage: 'Events the service pushes for your enrollments now start this workflow.',
		defaults: { name: 'Business Events Webhook Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: CREDENTIALS,
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				path: 'webhook',
			},
		],
		properties,
	};

	// the version is read at every call: a credential switched between publishes takes effect at the next
	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await checkExists.call(this, await apiVersionOf(this));
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await create.call(this, await apiVersionOf(this));
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await remove.call(this, await apiVersionOf(this));
			},
		},
	};

	webhook = receiveDelivery;
}
