import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import * as webhook from './actions/webhook';

type Execute = (this: IExecuteFunctions) => Promise<INodeExecutionData[]>;

const operations: Record<string, Record<string, { execute: Execute }>> = {
	webhook: {
		get: webhook.get,
		register: webhook.register,
		delete: webhook.delete,
		checkConnectivity: webhook.checkConnectivity,
	},
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0, 'webhook') as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const action = operations[resource]?.[operation];
	if (!action) {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" is not supported for "${resource}"`);
	}
	return [await action.execute.call(this)];
}
