import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIALS } from '../shared/descriptions';
import { isToolExecution } from '../shared/toolMode';
import * as lookUp from './actions/lookUp.operation';

export class LookUpFilterValues implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Look Up Filter Values',
		name: 'lookUpFilterValues',
		icon: {
			light: 'file:../../icons/businessProspectData.svg',
			dark: 'file:../../icons/businessProspectData.dark.svg',
		},
		group: ['transform'],
		// 2: API v2, the same parameters and output; version 1 keeps API v1 (README, API v2)
		version: [1, 2],
		defaultVersion: 2,
		subtitle: lookUp.SUBTITLE,
		description:
			'Find the exact values a search filter accepts (categories, technologies, cities, job titles and more) from a piece of text',
		defaults: { name: 'Look Up Filter Values' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: CREDENTIALS,
		properties: lookUp.description,
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		if (isToolExecution(this)) return [await lookUp.executeAsTool.call(this)];
		return [await lookUp.execute.call(this)];
	}
}
