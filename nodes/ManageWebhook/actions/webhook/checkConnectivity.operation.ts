import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { readSimulation } from '../simulation';
import { perWebhook, readWebhookId, webhookIdLocator } from './common';

// Simulate Events, Event Type, Number of Events and Event Time are version 1's (webhook/checkConnectivity)
export const description: INodeProperties[] = [webhookIdLocator(['checkConnectivity'])];

/** Asks the service to push a test event, or simulated events, to one webhook (one request per item). */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await perWebhook(
		this,
		(itemIndex) => ({ itemIndex, webhookId: readWebhookId(this, itemIndex), simulation: readSimulation(this, itemIndex) }),
		async (registration, { webhookId, simulation }) => {
			const answer = await registration.checkConnectivity(simulation, { webhookUrl: '', webhookId });
			const context = (answer?.response_context ?? {}) as IDataObject;
			return {
				model: registration.model,
				webhook_id: webhookId,
				requested: simulation ? 'simulation' : 'test event',
				...(simulation ? { event_name: simulation.eventName, number_of_events: simulation.count } : {}),
				request_status: context.request_status ?? null,
				correlation_id: context.correlation_id ?? null,
			};
		},
	);
}
