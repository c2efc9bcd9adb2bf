import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIALS } from '../shared/descriptions';
import * as webhook from './actions/webhook';
import { router } from './router';

export class ManageWebhook implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Manage Webhook',
		name: 'manageWebhook',
		icon: {
			light: 'file:../../icons/businessProspectData.svg',
			dark: 'file:../../icons/businessProspectData.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ ({ get: "Get Registration", register: "Register", delete: "Delete Registration", checkConnectivity: "Check Connectivity" })[$parameter["operation"]] }}',
		description:
			'See, set or delete where the service pushes your enrollments\' events (your partner\'s one webhook), and send test events',
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
			...webhook.description,
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
