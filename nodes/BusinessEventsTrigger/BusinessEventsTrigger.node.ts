import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIALS } from '../shared/descriptions';
import { searchBusinessEnrollments, searchProspectEnrollments } from '../shared/methods';
import { properties } from './actions/description';
import { pollBusinessEvents } from './actions/poll';

export class BusinessEventsTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Business Events Trigger',
		name: 'businessEventsTrigger',
		icon: {
			light: 'file:../../icons/businessProspectData.svg',
			dark: 'file:../../icons/businessProspectData.dark.svg',
		},
		group: ['trigger'],
		// 2: API v2, the same parameters and output; version 1 keeps API v1 (README, API v2)
		version: [1, 2],
		defaultVersion: 2,
		subtitle:
			'={{ ({ enrollment: "Watch an Enrollment", prospectIds: "Watch Prospect IDs", prospectEnrollment: "Watch a Prospect Enrollment" })[$parameter["source"]] || "Watch Business IDs" }}',
		// the type name stays businessEventsTrigger (renaming a node type breaks saved workflows); it watches prospects too
		description:
			'Starts the workflow when watched businesses (funding, IPO, new products, offices, hiring and more) or prospects (role and company changes, job anniversaries) have new events',
		eventTriggerDescription: 'Waiting for new business or prospect events',
		defaults: { name: 'Business Events Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: CREDENTIALS,
		properties,
	};

	methods = {
		listSearch: { searchBusinessEnrollments, searchProspectEnrollments },
	};

	poll = pollBusinessEvents;
}
