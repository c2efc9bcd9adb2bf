import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIALS } from '../shared/descriptions';
import * as enrich from './actions/enrich.operation';

export class Enrich implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Enrich',
		name: 'enrich',
		icon: {
			light: 'file:../../icons/businessProspectData.svg',
			dark: 'file:../../icons/businessProspectData.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ $parameter["resource"] === "business" ? "Enrich businesses" : "Enrich prospects" }}',
		description:
			'Needs prospect_id (from Match Prospects) or business_id (from Search Businesses). Adds the professional profile and social posts of a prospect, or funding, 10-K insights and website changes of a business.',
		defaults: { name: 'Enrich' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: CREDENTIALS,
		properties: enrich.description,
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [await enrich.execute.call(this)];
	}
}
