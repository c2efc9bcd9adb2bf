import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIALS } from '../shared/descriptions';
import { searchBusinessEnrollments } from '../shared/methods';
import * as businessEnrollment from './actions/businessEnrollment';
import * as prospectEnrollment from './actions/prospectEnrollment';
import { isToolExecution } from '../shared/toolMode';
import { router } from './router';
import { enrollmentToolDescriptions, executeAsTool, withToolVariants } from './toolMode';

export class ManageEnrollment implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Manage Enrollment',
		name: 'manageEnrollment',
		icon: {
			light: 'file:../../icons/businessProspectData.svg',
			dark: 'file:../../icons/businessProspectData.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle:
			'={{ (op => op ? op + ($parameter["resource"] === "prospectEnrollment" ? " Prospect Enrollment" : op === "Get Many" ? " Business Enrollments" : " Business Enrollment") : "Custom API Call")(({ create: "Create", update: "Update", list: "Get Many", delete: "Delete" })[$parameter["operation"]]) }}',
		description:
			'Enroll businesses or prospects for event monitoring, so the service collects their events in the background',
		defaults: { name: 'Manage Enrollment' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: CREDENTIALS,
		properties: withToolVariants([
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Business Enrollment',
						value: 'businessEnrollment',
						description: 'Watch businesses for events. The service can create, update and list these, but not delete them.',
					},
					{
						name: 'Prospect Enrollment',
						value: 'prospectEnrollment',
						description: 'Watch prospects for job changes. The service can create, update and delete these, but not list them.',
					},
				],
				default: 'businessEnrollment',
			},
			...businessEnrollment.description,
			...prospectEnrollment.description,
			...enrollmentToolDescriptions,
		]),
	};

	methods = {
		listSearch: { searchBusinessEnrollments },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		if (isToolExecution(this)) return await executeAsTool(this, async () => await router.call(this));
		return await router.call(this);
	}
}
