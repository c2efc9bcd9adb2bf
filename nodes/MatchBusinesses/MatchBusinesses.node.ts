import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIALS } from '../shared/descriptions';
import { isToolExecution } from '../shared/toolMode';
import * as match from './actions/match.operation';
import * as matchTool from './actions/matchTool';

export class MatchBusinesses implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Match Businesses',
		name: 'matchBusinesses',
		icon: {
			light: 'file:../../icons/businessProspectData.svg',
			dark: 'file:../../icons/businessProspectData.dark.svg',
		},
		group: ['transform'],
		// 2: API v2, the same parameters and output; version 1 keeps API v1 (README, API v2)
		version: [1, 2],
		defaultVersion: 2,
		subtitle: 'Find Business IDs',
		description:
			'Find the business ID of each company from its name, domain, website or profile URL; adds business_id, null when there is no match',
		defaults: { name: 'Match Businesses' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: CREDENTIALS,
		properties: match.description,
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		if (isToolExecution(this)) return [await matchTool.execute.call(this, match.PARAMETER)];
		return [await match.execute.call(this)];
	}
}
