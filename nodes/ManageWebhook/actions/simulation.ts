/**
 * The simulated events of Check Connectivity, the same at both node versions: the fields, and the
 * item's simulation read and checked before any request (v2 keeps v1's rules; the client renames
 * event types for v2).
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { LIMITS, type Simulation, simulationRequest, WEBHOOK_SIMULATION_EVENT_TYPES } from '../../shared/api';
import { validateItem } from '../../shared/batching/validate';
import { eventTypeOptions } from '../../shared/eventTypes';

const show = (extra: IDataObject = {}) => ({ show: { operation: ['checkConnectivity'], ...extra } });

export const simulationFields: INodeProperties[] = [
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
	validateItem(ctx.getNode(), simulationRequest, { simulation }, itemIndex);
	return {
		eventName: String(simulation.event_name),
		count: Number(simulation.number_of_events),
		eventTime: typeof simulation.event_time === 'string' ? simulation.event_time : undefined,
	};
}
