import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIALS } from '../shared/descriptions';
import { filterValueSearches } from '../shared/methods/filterValues';
import { isToolExecution } from '../shared/toolMode';
import * as search from './actions/search.operation';
import * as searchTool from './actions/searchTool';

export class SearchBusinesses implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Search Businesses',
		name: 'searchBusinesses',
		icon: {
			light: 'file:../../icons/businessProspectData.svg',
			dark: 'file:../../icons/businessProspectData.dark.svg',
		},
		group: ['input'],
		// 2: API v2 (60,000 businesses per search, cursor pages of up to 500); version 1 keeps API v1
		version: [1, 2],
		defaultVersion: 2,
		subtitle:
			'={{ $parameter["operation"] === "getStatistics" ? "Statistics" : $parameter["mode"] === "full" ? "Full Records" : "Preview Records" }}',
		description:
			'Find businesses by location, size, revenue, industry, technology and more',
		defaults: { name: 'Search Businesses' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: CREDENTIALS,
		properties: search.description,
	};

	methods = { listSearch: filterValueSearches };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		if (isToolExecution(this)) return [await searchTool.execute.call(this)];
		return [await search.execute.call(this)];
	}
}
