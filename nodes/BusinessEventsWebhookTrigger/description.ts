import type { INodeProperties } from 'n8n-workflow';

import { optionsCollection } from '../shared/descriptions';
import { eventTypeOptions } from '../shared/eventTypes';
import { WEBHOOK_SIMULATION_EVENT_TYPES } from '../shared/schemas';
import { BUSINESS_EVENT_TYPES, PROSPECT_EVENT_TYPES } from '../shared/vocabulary';

/** Event names the filter offers: the known business and prospect types and every simulation type. */
const FILTER_EVENT_TYPES = [...new Set([...BUSINESS_EVENT_TYPES, ...PROSPECT_EVENT_TYPES, ...WEBHOOK_SIMULATION_EVENT_TYPES])];

export const properties: INodeProperties[] = [
	{
		displayName:
			'Publishing registers this workflow\'s production URL as your partner\'s webhook. The service keeps one webhook per partner: let one workflow receive every event and route on enrollment_key. Behind a proxy, set n8n\'s WEBHOOK_URL so the URL is reachable from the internet.',
		name: 'registrationNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Entity',
		name: 'entity',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Businesses and Prospects', value: 'both', description: 'Every event the service pushes' },
			{ name: 'Businesses', value: 'business', description: 'Events of enrolled businesses only' },
			{ name: 'Prospects', value: 'prospect', description: 'Events of enrolled prospects only' },
		],
		default: 'both',
		description: 'Whose events start the workflow; the others are answered and dropped',
	},
	{
		displayName: 'Event Types',
		name: 'eventTypes',
		type: 'multiOptions',
		options: eventTypeOptions(FILTER_EVENT_TYPES),
		default: [],
		description: 'Which kinds of event start the workflow. None selected: every type.',
	},
	{
		displayName: 'Enrollment Keys',
		name: 'enrollmentKeys',
		type: 'string',
		default: '',
		placeholder: 'e.g. key-accounts, churn-watch',
		description:
			'Only events that arrive through these enrollments start the workflow, separated by commas. Empty: every enrollment.',
	},
	{
		...optionsCollection(),
		options: [
			{
				displayName: 'Replace Existing Registration',
				name: 'replaceExisting',
				type: 'boolean',
				default: false,
				description:
					'Whether to take over the partner\'s webhook when it points at another URL (another workflow, another n8n). That URL then stops receiving events, and the service issues a new secret. Off: publishing fails and names the URL registered now.',
			},
			{
				displayName: 'Send Simulated Event',
				name: 'simulateEvent',
				type: 'options',
				options: [{ name: 'None', value: '' }, ...eventTypeOptions(WEBHOOK_SIMULATION_EVENT_TYPES)],
				default: '',
				description:
					'When you listen for a test event in the editor, ask the service to push one simulated event of this type at once (check_connectivity with simulation), so you see real-shaped data without waiting for news. Never used by the published workflow.',
			},
		],
	},
];
