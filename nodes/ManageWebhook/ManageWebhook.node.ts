import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIALS } from '../shared/descriptions';
import { searchWebhooks } from '../shared/methods/webhooks';
import { atVersions } from '../shared/nodeVersions';
import * as webhookV1 from './actions/webhookV1';
import { simulationFields } from './actions/simulation';
import * as webhook from './actions/webhook';
import { router } from './actions/router';

export class ManageWebhook implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Manage Webhook',
		name: 'manageWebhook',
		icon: {
			light: 'file:../../icons/businessProspectData.svg',
			dark: 'file:../../icons/businessProspectData.dark.svg',
		},
		group: ['transform'],
		// 2: API v2's webhooks, several per account, each by its ID; version 1 keeps v1's partner webhook
		version: [1, 2],
		defaultVersion: 2,
		subtitle:
			'={{ $nodeVersion >= 2 ? ({ get: "Get", getAll: "Get Many", create: "Create", update: "Update", delete: "Delete", rotateSecret: "Rotate Secret", checkConnectivity: "Check Connectivity" })[$parameter["operation"]] : ({ get: "Get Registration", register: "Register", delete: "Delete Registration", checkConnectivity: "Check Connectivity" })[$parameter["operation"]] }}',
		description: "Create, see, change or delete the webhooks the service pushes your enrollments' events to, and send test events",
		defaults: { name: 'Manage Webhook' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: CREDENTIALS,
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'hidden',
				noDataExpression: true,
				default: 'webhook',
			},
			...atVersions([1], webhookV1.description),
			...atVersions([2], webhook.description),
			...simulationFields,
		],
	};

	methods = { listSearch: { searchWebhooks } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
