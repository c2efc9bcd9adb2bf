import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIALS } from '../shared/descriptions';
import { isToolExecution } from '../shared/toolMode';
import * as enrich from './actions/enrich.operation';
import * as enrichTool from './actions/enrichTool';

export class Enrich implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Enrich',
		name: 'enrich',
		icon: {
			light: 'file:../../icons/businessProspectData.svg',
			dark: 'file:../../icons/businessProspectData.dark.svg',
		},
		group: ['transform'],
		// 2: API v2, the same parameters and output; version 1 keeps API v1 (README, API v2)
		version: [1, 2],
		defaultVersion: 2,
		subtitle:
			'={{ $parameter["resource"] === "business" ? "Enrich Businesses" : "Enrich Prospects" }}',
		description:
			'Add profiles, contact information and social posts to prospects by prospect_id, or company profile, technologies, financials, traffic, intent and more to businesses by business_id',
		defaults: { name: 'Enrich' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: CREDENTIALS,
		properties: enrich.description,
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		if (isToolExecution(this)) return [await enrichTool.execute.call(this)];
		return [await enrich.execute.call(this)];
	}
}
