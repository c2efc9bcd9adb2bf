/** Enrich as a tool: the model gives one ID and gets the chosen enrichments of it. */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { requireArgument, runAsTool } from '../../shared/toolMode';
import { execute as enrich } from './enrich.operation';

const ARGUMENTS = { 'Prospect ID': 'prospect_id', 'Business ID': 'business_id' };

/** Posts are many: a model gets the latest few of each prospect. */
export const TOOL_POSTS_LIMIT = 10;

/** One answer per enriched ID: the enrichments with the ID and status, posts capped. */
export function compactEnrichment(json: IDataObject): IDataObject {
	if (!Array.isArray(json.posts) || json.posts.length <= TOOL_POSTS_LIMIT) return json;
	return { ...json, posts: json.posts.slice(0, TOOL_POSTS_LIMIT), posts_total: json.posts.length };
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const resource = this.getNodeParameter('resource', 0) as string;
	const [parameter, argument] = resource === 'business' ? ['businessId', 'business_id'] : ['prospectId', 'prospect_id'];
	const source = resource === 'business' ? 'Search Businesses' : 'Match Prospects';
	return await runAsTool(this, {
		names: ARGUMENTS,
		check: (itemIndex) =>
			requireArgument(this, parameter, argument, `pass the ${argument} that ${source} returned.`, itemIndex),
		run: async () => await enrich.call(this),
		compact: (output) => output.map((item) => compactEnrichment(item.json)),
	});
}
