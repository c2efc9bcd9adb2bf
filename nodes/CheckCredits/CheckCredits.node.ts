import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIALS } from '../shared/descriptions';
import * as credits from './actions';
import { router } from './actions/router';

export class CheckCredits implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Check Credits',
		name: 'checkCredits',
		icon: {
			light: 'file:../../icons/businessProspectData.svg',
			dark: 'file:../../icons/businessProspectData.dark.svg',
		},
		group: ['transform'],
		// new in API v2's time: at Per Node Version it speaks v2; the credential's API Version v1 makes it speak v1
		version: [1],
		defaultVersion: 1,
		subtitle: credits.SUBTITLE,
		description: "See the API key's credits: how many are left, and how many were used when and where",
		defaults: { name: 'Check Credits' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: CREDENTIALS,
		properties: credits.description,
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
