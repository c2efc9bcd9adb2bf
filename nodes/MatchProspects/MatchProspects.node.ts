import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIALS } from '../shared/descriptions';
import { LIMITS } from '../shared/limits';
import * as match from './actions/match.operation';

export class MatchProspects implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Match Prospects',
		name: 'matchProspects',
		icon: {
			light: 'file:../../icons/businessProspectData.svg',
			dark: 'file:../../icons/businessProspectData.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle: 'Find prospect IDs for contacts',
		description: `Finds the prospect ID of each contact by email, phone number, profile URL, or name and company. Sends up to ${LIMITS.matchItems} contacts per request.`,
		defaults: { name: 'Match Prospects' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: CREDENTIALS,
		properties: match.description,
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [await match.execute.call(this)];
	}
}
