import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIALS } from '../shared/descriptions';
import { isToolExecution } from '../shared/toolMode';
import * as match from './actions/match.operation';
import * as matchTool from './actions/matchTool';

export class MatchProspects implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Match Prospects',
		name: 'matchProspects',
		icon: {
			light: 'file:../../icons/businessProspectData.svg',
			dark: 'file:../../icons/businessProspectData.dark.svg',
		},
		group: ['transform'],
		// 2: API v2, the same parameters and output; version 1 keeps API v1 (README, API v2)
		version: [1, 2],
		defaultVersion: 2,
		subtitle: 'Find Prospect IDs',
		description:
			'Find the prospect ID of each contact from email, phone, profile URL, or full name and company; adds prospect_id, null when there is no match',
		defaults: { name: 'Match Prospects' },
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
