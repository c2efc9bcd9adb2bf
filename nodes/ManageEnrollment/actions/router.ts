import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import * as businessEnrollment from './businessEnrollment';
import * as prospectEnrollment from './prospectEnrollment';

type Execute = (this: IExecuteFunctions) => Promise<INodeExecutionData[]>;

/** Every operation of every node version; each reads the API version it speaks (apiVersionOf). */
const operations: Record<string, Record<string, { execute: Execute }>> = {
	businessEnrollment: {
		create: businessEnrollment.create,
		update: businessEnrollment.update,
		list: businessEnrollment.list,
		delete: businessEnrollment.delete,
	},
	prospectEnrollment: {
		create: prospectEnrollment.create,
		update: prospectEnrollment.update,
		delete: prospectEnrollment.delete,
		list: prospectEnrollment.list,
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
