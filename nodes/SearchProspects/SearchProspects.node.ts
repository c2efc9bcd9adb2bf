import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIALS } from '../shared/descriptions';
import { filterValueSearches } from '../shared/methods/filterValues';
import { isToolExecution } from '../shared/toolMode';
import * as search from './actions/search.operation';
import * as searchTool from './actions/searchTool';

export class SearchProspects implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Search Prospects',
		name: 'searchProspects',
		icon: {
			light: 'file:../../icons/businessProspectData.svg',
			dark: 'file:../../icons/businessProspectData.dark.svg',
		},
		group: ['input'],
		// 2: up to 60,000 prospects per search (version 1 keeps its 10,000: README, Version policy);
		// 3: API v2 (cursor pages of up to 500, Contact Details); 1 and 2 keep API v1
		version: [1, 2, 3],
		defaultVersion: 3,
		subtitle:
			'={{ $parameter["operation"] === "getStatistics" ? "Statistics" : $parameter["mode"] === "full" ? "Full Records" : "Preview Records" }}',
		description: 'Find people at companies by job level, department, title, experience, location and company',
		defaults: { name: 'Search Prospects' },
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
