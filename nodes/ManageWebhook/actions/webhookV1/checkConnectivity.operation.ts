import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { readSimulation } from '../simulation';
import { DEFAULT_API_VERSION } from '../../../shared/transport/connection';
import { perItem, refuseOnV2 } from './common';

// Simulate Events, Event Type, Number of Events and Event Time are both versions' (../simulation.ts)
export const description: INodeProperties[] = [];

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
		{ fallback: DEFAULT_API_VERSION, refuse: (version, itemIndex) => refuseOnV2(this, version, itemIndex, 'Check Connectivity') },
	);
}
