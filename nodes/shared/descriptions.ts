import type { INodeCredentialDescription, INodeProperties } from 'n8n-workflow';

import { DEFAULT_CONCURRENCY } from './batching/engine';

/** Every node uses the one credential. */
export const CREDENTIALS: INodeCredentialDescription[] = [{ name: 'businessProspectDataApi', required: true }];

/** "Batch Concurrency" inside a node's Options collection. */
export const concurrencyOption: INodeProperties = {
	displayName: 'Batch Concurrency',
	name: 'concurrency',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 10 },
	default: DEFAULT_CONCURRENCY,
	description:
		'How many batched requests may run at the same time. Items are packed into as few requests as the service allows.',
};

/** Free event types next to the multi-select: the service's list is open and grows. */
export const otherEventTypesOption: INodeProperties = {
	displayName: 'Other Event Types',
	name: 'otherEventTypes',
	type: 'string',
	default: '',
	placeholder: 'e.g. new_award, cost_cutting',
	description:
		'Event types the list above does not offer yet, separated by commas. The service adds new types over time.',
};

/**
 * The head of a node's "Options" collection, as n8n's nodes write it; spread it and add the
 * `options` list: `{ ...optionsCollection(), options: [...] }`. A fresh object for each node.
 */
export function optionsCollection(): Pick<INodeProperties, 'displayName' | 'name' | 'type' | 'placeholder' | 'default'> {
	return { displayName: 'Options', name: 'options', type: 'collection', placeholder: 'Add Option', default: {} };
}
