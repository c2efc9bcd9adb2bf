import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { itemValidationError } from '../../../shared/batching/validate';
import { isToolExecution } from '../../../shared/toolMode';
import { sameUrl } from '../../../shared/api';
import { DEFAULT_API_VERSION } from '../../../shared/transport/connection';
import { perItem, refuseOnV2 } from './common';

export const description: INodeProperties[] = [
	{
		displayName: 'Only If URL Is',
		name: 'onlyIfUrl',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://n8n.example.com/webhook/1f2e.../webhook',
		description:
			'Delete the registration only while it points at this URL (so a registration another workflow made meanwhile survives). Empty: delete whatever is registered (as an AI tool: delete nothing).',
		displayOptions: { show: { operation: ['delete'] } },
	},
];

/** Deletes the partner's registration (one request per item); deleting none is no error. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await perItem(
		this,
		(itemIndex) => {
			const value = this.getNodeParameter('onlyIfUrl', itemIndex, '');
			if (typeof value !== 'string') {
				throw itemValidationError(this.getNode(), itemIndex, 'Only If URL Is must be text');
			}
			// a model calling the tool deletes only a registration it names (the partner's one webhook feeds every workflow)
			if (value.trim() === '' && isToolExecution(this)) {
				throw itemValidationError(
					this.getNode(),
					itemIndex,
					'As a tool, Delete Registration deletes only the registration of a given URL: Only If URL Is is empty',
					'Set Only If URL Is in the node to the URL this tool may delete. Nothing was deleted.',
				);
			}
			return { itemIndex, onlyIfUrl: value.trim() };
		},
		async (strategy, { onlyIfUrl }) => {
			const found = await strategy.find();
			const matches = found !== undefined && (onlyIfUrl === '' || sameUrl(found.webhookUrl, onlyIfUrl));
			if (found && matches) await strategy.remove(found);
			return {
				model: strategy.model,
				owner: strategy.owner,
				deleted: matches,
				webhook_url: found?.webhookUrl ?? null,
				...(found && !matches ? { kept_because: `the registration points at ${found.webhookUrl}, not ${onlyIfUrl}` } : {}),
			};
		},
		{ fallback: DEFAULT_API_VERSION, refuse: (version, itemIndex) => refuseOnV2(this, version, itemIndex, 'Delete Registration') },
	);
}
