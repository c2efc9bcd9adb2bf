import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import * as businessEnrollment from './actions/businessEnrollment';
import * as prospectEnrollment from './actions/prospectEnrollment';

type Execute = (this: IExecuteFunctions) => Promise<INodeExecutionData[]>;

const operations: Record<string, Record<string, { execute: Execute }>> = {
	businessEnrollment: {
		create: businessEnrollment.create,
		update: businessEnrollment.update,
		list: businessEnrollment.list,
	},
	prospectEnrollment: {
		create: prospectEnrollment.create,
		update: prospectEnrollment.update,
		delete: prospectEnrollment.delete,
	},
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const action = operations[resource]?.[operation];
	if (!action) {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" is not supported for "${resource}"`);
	}
	return [await action.execute.call(this)];
}
