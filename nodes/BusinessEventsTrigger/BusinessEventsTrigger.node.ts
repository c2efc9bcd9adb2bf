import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIALS } from '../shared/descriptions';
import { searchBusinessEnrollments } from '../shared/methods';
import { properties } from './description';
import { pollBusinessEvents } from './poll';

export class BusinessEventsTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Business Events Trigger',
		name: 'businessEventsTrigger',
		icon: {
			light: 'file:../../icons/businessProspectData.svg',
			dark: 'file:../../icons/businessProspectData.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: '={{ $parameter["source"] === "enrollment" ? "Watch an Enrollment" : "Watch Business IDs" }}',
		description: 'Starts the workflow when watched businesses have new events (funding, IPO, new products, offices, hiring and more)',
		eventTriggerDescription: 'Waiting for new business events',
		defaults: { name: 'Business Events Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: CREDENTIALS,
		properties,
	};

	methods = {
		listSearch: { searchBusinessEnrollments },
	};

	poll = pollBusinessEvents;
}
