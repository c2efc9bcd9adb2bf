import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { validateItem } from '../../../shared/batching/validate';
import { ENDPOINTS } from '../../../shared/catalog';
import { eventTypeOptions } from '../../../shared/eventTypes';
import { LIMITS } from '../../../shared/limits';
import { WEBHOOK_SIMULATION_EVENT_TYPES } from '../../../shared/schemas';
import { perItem } from './common';

const show = (extra: IDataObject = {}) => ({ show: { operation: ['checkConnectivity'], ...extra } });

export const description: INodeProperties[] = [
	{
		displayName: 'Simulate Events',
		name: 'simulate',
		type: 'boolean',
		default: false,
		description:
			'Whether the service pushes real-shaped mock events of one type to the registered URL. Off: it pushes one test event.',
		displayOptions: show(),
	},
	{
		displayName: 'Event Type',
		name: 'simulatedEventType',
		type: 'options',
		options: eventTypeOptions(WEBHOOK_SIMULATION_EVENT_TYPES),
		default: 'new_funding_round',
		description: 'The type of the simulated events',
		displayOptions: show({ simulate: [true] }),
	},
	{
		displayName: 'Number of Events',
		name: 'numberOfEvents',
		type: 'number',
		typeOptions: { minValue: LIMITS.webhookSimulatedEvents.min, maxValue: LIMITS.webhookSimulatedEvents.max },
		default: 1,
		description: `How many simulated events the service pushes (${LIMITS.webhookSimulatedEvents.min} to ${LIMITS.webhookSimulatedEvents.max})`,
		displayOptions: show({ simulate: [true] }),
	},
	{
		displayName: 'Event Time',
		name: 'eventTime',
		type: 'dateTime',
		default: '',
		description: 'The event_time of the simulated events. Empty: now.',
		displayOptions: show({ simulate: [true] }),
	},
];

/** Asks the service to push a test event or simulated events to the registered URL (one request per item). */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const schema = ENDPOINTS.checkWebhookConnectivity.body;
	return await perItem(
		this,
		(itemIndex) => {
			if (this.getNodeParameter('simulate', itemIndex, false) !== true) return { itemIndex, simulation: undefined };
			const eventTime = this.getNodeParameter('eventTime', itemIndex, '');
			const simulation = {
				event_name: this.getNodeParameter('simulatedEventType', itemIndex, ''),
				number_of_events: this.getNodeParameter('numberOfEvents', itemIndex, 1),
				...(eventTime === '' || eventTime === null ? {} : { event_time: eventTime }),
			};
			// partner_id is the credential's; the item's own fields are checked here, before any request
			validateItem(this.getNode(), schema, { partner_id: 'credential', simulation }, itemIndex);
			return { itemIndex, simulation };
		},
		async (strategy, { simulation }) => {
			const answer = await strategy.checkConnectivity(
				simulation
					? {
							eventName: String(simulation.event_name),
							count: Number(simulation.number_of_events),
							eventTime: typeof simulation.event_time === 'string' ? simulation.event_time : undefined,
						}
					: undefined,
			);
			const context = (answer?.response_context ?? {}) as IDataObject;
			return {
				model: strategy.model,
				owner: strategy.owner,
				requested: simulation ? 'simulation' : 'test event',
				...(simulation ? { event_name: simulation.event_name, number_of_events: simulation.number_of_events } : {}),
				request_status: context.request_status ?? null,
				correlation_id: context.correlation_id ?? null,
			};
		},
	);
}
