import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { V2Registration } from '../../../shared/api';
import { DEFAULT_API_VERSION } from '../../../shared/transport/connection';
import { perItem, registrationJson } from './common';

export const description: INodeProperties[] = [];

/**
 * The partner's registration (one request per item): its URL and dates, never its secret. On a
 * credential set to API v2: the same webhook as v2 lists it (`legacy: true`, one list request),
 * with v2's fields (model v2, webhook_id, name, status) and without the secret v2 never shows.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await perItem(
		this,
		(itemIndex) => ({ itemIndex }),
		async (strategy) => {
			if (!(strategy instanceof V2Registration)) return registrationJson(strategy, await strategy.find());
			return registrationJson(
				strategy,
				(await strategy.list()).find((webhook) => webhook.legacy),
			);
		},
		// every version reads: v2 reads the partner webhook as it lists it
		{ fallback: DEFAULT_API_VERSION, refuse: () => undefined },
	);
}
