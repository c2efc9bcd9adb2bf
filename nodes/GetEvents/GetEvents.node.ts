import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIALS } from '../shared/descriptions';
import { isToolExecution } from '../shared/toolMode';
import * as getEvents from './actions/getEvents.operation';
import * as getEventsTool from './actions/getEventsTool';

/**
 * "6 Event Types" ("2 Prospect Event Types"): the selected types plus Other Event Types (split like
 * combineEventTypes), so the count matches what is sent.
 */
const SUBTITLE =
	'(p => (n => n + (p ? " Prospect" : "") + (n === 1 ? " Event Type" : " Event Types"))(new Set([...($parameter[p ? "prospectEventTypes" : "eventTypes"] || []), ...String(($parameter["options"] || {}).otherEventTypes || "").split(/[,;\\n]/).map(t => t.trim()).filter(t => t)]).size))($parameter["resource"] === "prospect")';

export class GetEvents implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Get Events',
		name: 'getEvents',
		icon: {
			light: 'file:../../icons/businessProspectData.svg',
			dark: 'file:../../icons/businessProspectData.dark.svg',
		},
		group: ['transform'],
		// 2: API v2, the same parameters and output; version 1 keeps API v1 (README, API v2)
		version: [1, 2],
		defaultVersion: 2,
		subtitle: `={{ ${SUBTITLE} }}`,
		description:
			'Get recent events of the businesses (funding, IPOs, new products, offices, partnerships and more) or prospects (role and company changes, job anniversaries) in your items',
		defaults: { name: 'Get Events' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: CREDENTIALS,
		properties: getEvents.description,
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		if (isToolExecution(this)) return [await getEventsTool.execute.call(this)];
		return [await getEvents.execute.call(this)];
	}
}
