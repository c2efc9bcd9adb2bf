/**
 * The webhook fields Create and Update share (webhooks-research.md §1): description, custom
 * headers, payload format, and the body they make, checked against the v2 catalog's schema.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { WEBHOOK_PAYLOAD_FORMATS } from '../../../shared/api';

export const descriptionField: INodeProperties = {
	displayName: 'Description',
	name: 'description',
	type: 'string',
	default: '',
	description: 'A note on what the webhook is for',
};

export const headersField: INodeProperties = {
	displayName: 'Custom Headers',
	name: 'headers',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Header',
	default: {},
	description: 'Headers the service sends with every delivery, for example a token your receiver checks',
	options: [
		{
			displayName: 'Header',
			name: 'header',
			values: [
				{ displayName: 'Name', name: 'name', type: 'string', default: '', placeholder: 'e.g. X-Receiver-Token' },
				{ displayName: 'Value', name: 'value', type: 'string', default: '' },
			],
		},
	],
};

export const payloadFormatField: INodeProperties = {
	displayName: 'Payload Format',
	name: 'payload_format',
	type: 'options',
	options: [
		{ name: 'JSON', value: WEBHOOK_PAYLOAD_FORMATS[0], description: 'The event as a JSON object' },
		{ name: 'Stringified JSON', value: WEBHOOK_PAYLOAD_FORMATS[1], description: 'The event as a JSON text inside the body' },
	],
	// the service's default (the lint rule needs a literal here)
	default: 'json',
	description: 'How the service writes each delivery. The Business Events Webhook Trigger reads JSON.',
};

export const webhookUrlField = (displayOptions: INodeProperties['displayOptions'], required: boolean): INodeProperties => ({
	displayName: 'Webhook URL',
	name: 'webhook_url',
	type: 'string',
	default: '',
	required,
	placeholder: 'e.g. https://example.com/receiver',
	description:
		'Where the service pushes the events of the enrollments bound to this webhook. To receive them in n8n, publish a workflow with the Business Events Webhook Trigger instead: it creates its own webhook and verifies each delivery.',
	...(displayOptions ? { displayOptions } : {}),
});

/** The fields of a form collection as the request body: headers as "Name: value" lines, empty text left out. */
export function webhookBody(fields: IDataObject): IDataObject {
	const body: IDataObject = {};
	for (const [key, value] of Object.entries(fields)) {
		if (key === 'headers') {
			const lines = ((value as IDataObject)?.header as IDataObject[] | undefined) ?? [];
			body.headers = lines.map((line) => `${String(line.name ?? '').trim()}: ${String(line.value ?? '')}`);
		} else if (value !== '' && value !== undefined && value !== null) {
			body[key] = typeof value === 'string' ? value.trim() : value;
		}
	}
	return body;
}
