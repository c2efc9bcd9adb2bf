import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import * as webhook from './actions/webhook';
import * as webhookV2 from './actions/webhookV2';

type Execute = (this: IExecuteFunctions) => Promise<INodeExecutionData[]>;

/** Each node version's operations: 1 on the partner's one webhook (API v1), 2 on webhooks by ID (API v2). */
const operationsByVersion: Record<number, Record<string, Record<string, { execute: Execute }>>> = {
	1: {
		webhook: {
			get: webhook.get,
			register: webhook.register,
			delete: webhook.delete,
			checkConnectivity: webhook.checkConnectivity,
		},
	},
	2: {
		webhook: {
			get: webhookV2.get,
			getAll: webhookV2.getAll,
			create: webhookV2.create,
			update: webhookV2.update,
			delete: webhookV2.delete,
			rotateSecret: webhookV2.rotateSecret,
			checkConnectivity: webhookV2.checkConnectivity,
		},
	},
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0, 'webhook') as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const operations = operationsByVersion[this.getNode().typeVersion >= 2 ? 2 : 1];
	const action = operations[resource]?.[operation];
	if (!action) {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" is not supported for "${resource}"`);
	}
	return [await action.execute.call(this)];
}
