import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { perItem, registrationJson } from './common';

export const description: INodeProperties[] = [];

/** The partner's registration (one request per item): its URL and dates, never its secret. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await perItem(
		this,
		(itemIndex) => ({ itemIndex }),
		async (strategy) => registrationJson(strategy, await strategy.find()),
	);
}
