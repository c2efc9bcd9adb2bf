import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import * as credits from './index';

type Execute = (this: IExecuteFunctions) => Promise<INodeExecutionData[]>;

const operations: Record<string, { execute: Execute }> = {
	getBalance: credits.getBalance,
	getUsage: credits.getUsage,
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const operation = this.getNodeParameter('operation', 0) as string;
	const action = operations[operation];
	if (!action) throw new NodeOperationError(this.getNode(), `The operation "${operation}" is not supported`);
	return [await action.execute.call(this)];
}
