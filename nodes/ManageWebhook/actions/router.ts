import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import * as webhookV1 from './webhookV1';
import * as webhook from './webhook';

type Execute = (this: IExecuteFunctions) => Promise<INodeExecutionData[]>;

/** Each node version's operations: 1 on the partner's one webhook (API v1), 2 on webhooks by ID (API v2). */
const operationsByVersion: Record<number, Record<string, Record<string, { execute: Execute }>>> = {
	1: {
		webhook: {
			get: webhookV1.get,
			register: webhookV1.register,
			delete: webhookV1.delete,
			checkConnectivity: webhookV1.checkConnectivity,
		},
	},
	2: {
		webhook: {
			get: webhook.get,
			getAll: webhook.getAll,
			create: webhook.create,
			update: webhook.update,
			delete: webhook.delete,
			rotateSecret: webhook.rotateSecret,
			checkConnectivity: webhook.checkConnectivity,
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
