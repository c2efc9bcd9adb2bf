import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { validateItem } from '../../../shared/batching/validate';
import { LIMITS, type Simulation, V1_ENDPOINTS, WEBHOOK_SIMULATION_EVENT_TYPES } from '../../../shared/api';
import { eventTypeOptions } from '../../../shared/eventTypes';
import { perItem, refuseOnV2 } from './common';

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

/**
 * The item's simulation under v1's event names (the client renames them for v2), or undefined for
 * a plain test event; checked against v1's rules, which v2 keeps, before any request.
 */
export function readSimulation(ctx: IExecuteFunctions, itemIndex: number): Simulation | undefined {
	if (ctx.getNodeParameter('simulate', itemIndex, false) !== true) return undefined;
	const eventTime = ctx.getNodeParameter('eventTime', itemIndex, '');
	const simulation = {
		event_name: ctx.getNodeParameter('simulatedEventType', itemIndex, ''),
		number_of_events: ctx.getNodeParameter('numberOfEvents', itemIndex, 1),
		...(eventTime === '' || eventTime === null ? {} : { event_time: eventTime }),
	};
	// partner_id is the credential's; the item's own fields are checked here
	validateItem(ctx.getNode(), V1_ENDPOINTS.checkWebhookConnectivity.body, { partner_id: 'credential', simulation }, itemIndex);
	return {
		eventName: String(simulation.event_name),
		count: Number(simulation.number_of_events),
		eventTime: typeof simulation.event_time === 'string' ? simulation.event_time : undefined,
	};
}

/** Asks the service to push a test event or simulated events to the partner's registered URL (one request per item). */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await perItem(
		this,
		(itemIndex) => ({ itemIndex, simulation: readSimulation(this, itemIndex) }),
		async (strategy, { simulation }) => {
			const answer = await strategy.checkConnectivity(simulation);
			const context = (answer?.response_context ?? {}) as IDataObject;
			return {
				model: strategy.model,
				owner: strategy.owner,
				requested: simulation ? 'simulation' : 'test event',
				...(simulation ? { event_name: simulation.eventName, number_of_events: simulation.count } : {}),
				request_status: context.request_status ?? null,
				correlation_id: context.correlation_id ?? null,
			};
		},
		{ fallback: 'v1', refuse: (version, itemIndex) => refuseOnV2(this, version, itemIndex, 'Check Connectivity') },
	);
}
