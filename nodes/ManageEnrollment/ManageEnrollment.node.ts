import type { IExecuteFunctions, INodeExecutionData, INodeProperties, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { type ApiVersion, dialectFor } from '../shared/api';
import { nodeApiVersion } from '../shared/transport/apiVersion';
import { CREDENTIALS } from '../shared/descriptions';
import { searchBusinessEnrollments, searchEnrollmentWebhooks } from '../shared/methods';
import { propertiesByVersion } from '../shared/nodeVersions';
import { isToolExecution } from '../shared/toolMode';
import * as businessEnrollment from './actions/businessEnrollment';
import * as prospectEnrollment from './actions/prospectEnrollment';
import { router } from './actions/router';
import { enrollmentToolDescriptions, executeAsTool, withToolVariants } from './helpers/toolMode';

/** The parameters at the node versions of one API version, in one order (absent: undefined). */
const propertiesFor = (api: ApiVersion): Array<INodeProperties | undefined> => [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Business Enrollment',
				value: 'businessEnrollment',
				description:
					dialectFor(api).enrollments.bindsWebhook
						? 'Watch businesses for events, delivered to a webhook of the account'
						: 'Watch businesses for events. This version can create, update and list these, but not delete them (add the node again for Delete on API v2).',
			},
			{
				name: 'Prospect Enrollment',
				value: 'prospectEnrollment',
				description:
					dialectFor(api).enrollments.bindsWebhook
						? 'Watch prospects for job changes, delivered to a webhook of the account'
						: 'Watch prospects for job changes. This version can create, update and delete these, but not list them (add the node again for Get Many on API v2).',
			},
		],
		default: 'businessEnrollment',
	},
	...businessEnrollment.descriptionFor(api),
	...prospectEnrollment.descriptionFor(api),
];

export class ManageEnrollment implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Manage Enrollment',
		name: 'manageEnrollment',
		icon: {
			light: 'file:../../icons/businessProspectData.svg',
			dark: 'file:../../icons/businessProspectData.dark.svg',
		},
		group: ['transform'],
		// 2: API v2 (Webhook ID, business Delete, prospect Get Many, no Expire After); version 1 keeps API v1 (README, API v2)
		version: [1, 2],
		defaultVersion: 2,
		subtitle:
			'={{ (op => op ? op + ($parameter["resource"] === "prospectEnrollment" ? " Prospect" : " Business") + (op === "Get Many" ? " Enrollments" : " Enrollment") : "Custom API Call")(({ create: "Create", update: "Update", list: "Get Many", delete: "Delete" })[$parameter["operation"]]) }}',
		description:
			'Enroll businesses or prospects for event monitoring, so the service collects their events in the background',
		defaults: { name: 'Manage Enrollment' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: CREDENTIALS,
		properties: withToolVariants([
			...propertiesByVersion([
				{ versions: [1], properties: propertiesFor(nodeApiVersion({ type: 'manageEnrollment', typeVersion: 1 })) },
				{ versions: [2], properties: propertiesFor(nodeApiVersion({ type: 'manageEnrollment', typeVersion: 2 })) },
			]),
			...enrollmentToolDescriptions,
		]),
	};

	methods = {
		listSearch: { searchBusinessEnrollments, searchEnrollmentWebhooks },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		if (isToolExecution(this)) return await executeAsTool(this, async () => await router.call(this));
		return await router.call(this);
	}
}
