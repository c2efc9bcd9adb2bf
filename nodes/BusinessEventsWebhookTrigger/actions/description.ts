import type { INodeProperties } from 'n8n-workflow';

import { optionsCollection } from '../../shared/descriptions';
import { propertiesByVersion } from '../../shared/nodeVersions';
import { eventTypeOptions } from '../../shared/eventTypes';
import { BUSINESS_EVENT_TYPES, PROSPECT_EVENT_TYPES, WEBHOOK_SIMULATION_EVENT_TYPES } from '../../shared/api';

/** Event names the filter offers: the known business and prospect types and every simulation type. */
const FILTER_EVENT_TYPES = [...new Set([...BUSINESS_EVENT_TYPES, ...PROSPECT_EVENT_TYPES, ...WEBHOOK_SIMULATION_EVENT_TYPES])];

/** Version 1's notice: v1 keeps one webhook per partner. */
const partnerWebhookNotice: INodeProperties = {
	displayName:
		"Publishing registers this workflow's production URL as your partner's webhook. The service keeps one webhook per partner: let one workflow receive every event and route on enrollment_key. Behind a proxy, set n8n's WEBHOOK_URL so the URL is reachable from the internet. With the credential's API Version set to v2, publishing creates a webhook of this trigger's own instead, and keeps verifying the deliveries of the partner webhook when it points at this workflow.",
	name: 'registrationNotice',
	type: 'notice',
	default: '',
};

/**
 * Version 2's notice. Where the webhook_id shows: the webhook is named after the workflow and this
 * node, so the Webhook ID pickers of Manage Enrollment and Manage Webhook list it by that name with
 * its id. It is not added to the emitted items: they stay equal on both API versions (a workflow
 * switched between them reads the same fields), and a v1 delivery has no webhook_id to give.
 */
const ownWebhookNotice: INodeProperties = {
	displayName:
		'Publishing creates a webhook of this trigger\'s own, named "n8n: <workflow name> / <node name>". To receive events, enroll businesses or prospects with Manage Enrollment and pick that webhook as its Webhook ID (Manage Webhook lists it too). Unpublishing deletes it, or disables it while enrollments use it. Behind a proxy, set n8n\'s WEBHOOK_URL so the URL is reachable from the internet. With the credential\'s API Version set to v1, publishing registers your partner\'s one webhook instead, as version 1 does.',
	name: 'registrationNotice',
	type: 'notice',
	default: '',
};

const replaceExisting: INodeProperties = {
	displayName: 'Replace Existing Registration',
	name: 'replaceExisting',
	type: 'boolean',
	default: false,
	description:
		"Whether to take over the partner's webhook when it points at another URL (another workflow, another n8n). That URL then stops receiving events, and the service issues a new secret. Off: publishing fails and names the URL registered now. Used only when the credential's API Version makes this node speak v1: on v2 every trigger has a webhook of its own.",
};

const simulateEvent: INodeProperties = {
	displayName: 'Send Simulated Event',
	name: 'simulateEvent',
	type: 'options',
	options: [{ name: 'None', value: '' }, ...eventTypeOptions(WEBHOOK_SIMULATION_EVENT_TYPES)],
	default: '',
	description:
		'When you listen for a test event in the editor, ask the service to push one simulated event of this type at once (check_connectivity with simulation), so you see real-shaped data without waiting for news. Never used by the published workflow.',
};

/** The same properties at every version but the notice. */
function propertiesOf(notice: INodeProperties, options: INodeProperties[]): INodeProperties[] {
	return [
		notice,
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
			description: 'Only events that arrive through these enrollments start the workflow, separated by commas. Empty: every enrollment.',
		},
		{ ...optionsCollection(), options },
	];
}

/**
 * Version 1 speaks API v1 unless the credential says v2; version 2 speaks v2 unless it says v1. On
 * v2 every trigger has a webhook of its own, so there is nothing to replace; version 2 still offers
 * Replace Existing Registration for a credential set to v1, whose publish error names the option.
 */
export const properties: INodeProperties[] = propertiesByVersion([
	{ versions: [1], properties: propertiesOf(partnerWebhookNotice, [replaceExisting, simulateEvent]) },
	{ versions: [2], properties: propertiesOf(ownWebhookNotice, [replaceExisting, simulateEvent]) },
]);
