/** Parameter builders the enrollment operations share; each call scopes them to one operation. */
import type { INodeProperties } from 'n8n-workflow';

import { type ApiVersion, BUSINESS_EVENT_TYPES, dialectFor, LIMITS, PROSPECT_EVENT_TYPES } from '../../shared/api';
import { optionsCollection, otherEventTypesOption } from '../../shared/descriptions';
import {
	DEFAULT_BUSINESS_EVENT_TYPES,
	DEFAULT_PROSPECT_EVENT_TYPES,
	eventTypesParameter,
} from '../../shared/eventTypes';
import { type EnrollmentKind, idsPerEnrollment, BUSINESS } from './kinds';
import { DEFAULT_API_VERSION } from '../../shared/transport/connection';

const show = (kind: EnrollmentKind, operation: string) => ({
	show: { resource: [kind.resource], operation: [operation] },
});

export const COMBINE = { all: 'all', each: 'each' } as const;

/**
 * What a create run does with keys: splits beyond the limit, and whether a re-run duplicates
 * (v1 cannot list prospect enrollments; v2 lists both kinds, bound to a webhook).
 */
function createKeyHint(kind: EnrollmentKind, api: ApiVersion): string {
	const limit = idsPerEnrollment(kind, api);
	const split =
		limit < Number.MAX_SAFE_INTEGER
			? `One enrollment holds at most ${limit} ${kind.noun.many}. More are split into several enrollments with keys like q3-accounts, q3-accounts-2, q3-accounts-3, and so on. `
			: '';
	if (dialectFor(api).enrollments.bindsWebhook) {
		return `${split}A key that already exists with the same ${kind.noun.many}, event types and webhook is kept, not created again, so a run that failed part-way can simply be run again.`;
	}
	const rerun =
		kind === BUSINESS
			? 'A key that already exists with the same businesses and event types is kept, not created again, so a run that failed part-way can simply be run again.'
			: 'The service cannot list prospect enrollments, so running this again creates the enrollments again: keep the enrollment_id from the output to update or delete them.';
	return split + rerun;
}

export function enrollmentKeyField(
	kind: EnrollmentKind,
	operation: string,
	options: { required: boolean; splits: boolean },
	api: ApiVersion = DEFAULT_API_VERSION,
): INodeProperties {
	return {
		displayName: 'Enrollment Key',
		name: 'enrollmentKey',
		type: 'string',
		required: options.required,
		default: '',
		placeholder: 'e.g. q3-target-accounts',
		description: options.required
			? `A name you choose for this watch list, at least ${LIMITS.enrollmentKeyMinLength} characters`
			: `The enrollment's new key, at least ${LIMITS.enrollmentKeyMinLength} characters. Leave empty to keep the current key.`,
		...(options.splits ? { hint: createKeyHint(kind, api) } : {}),
		displayOptions: show(kind, operation),
	};
}

export function idsField(kind: EnrollmentKind, operation: string): INodeProperties {
	return {
		displayName: kind.idsLabel,
		name: kind.idsParameter,
		type: 'string',
		required: true,
		default: `={{ $json.${kind.itemField} }}`,
		description: `The ${kind.noun.many} to watch: one ID, a list, or IDs separated by commas. By default the ${kind.itemField} field of each input item.`,
		displayOptions: show(kind, operation),
	};
}

/** Event types; an update on v2 (a partial update) may leave them empty for prospects too. */
export function eventTypesField(kind: EnrollmentKind, operation: string, api: ApiVersion = DEFAULT_API_VERSION): INodeProperties {
	const business = kind === BUSINESS;
	const field: INodeProperties = {
		...eventTypesParameter(
			'Which kinds of events to collect. For a type not in this list, add it under Options > Other Event Types.',
			business ? BUSINESS_EVENT_TYPES : PROSPECT_EVENT_TYPES,
			business ? DEFAULT_BUSINESS_EVENT_TYPES : DEFAULT_PROSPECT_EVENT_TYPES,
		),
		displayOptions: show(kind, operation),
	};
	if (operation !== 'update') return field;
	// an update replaces the enrollment's event types: a default would silently reset them
	return business || dialectFor(api).enrollments.partialUpdate
		? {
				...field,
				default: [],
				description:
					"The enrollment's new event types. Leave empty to keep its current event types. For a type not in this list, add it under Options > Other Event Types.",
			}
		: {
				...field,
				required: true,
				default: [],
				description:
					"The enrollment's event types after the update: the service replaces the current ones. For a type not in this list, add it under Options > Other Event Types.",
			};
}

/**
 * API v2's Webhook ID (v2 node versions only): where the enrollment delivers. Create: empty uses
 * the account's only webhook (helpers/webhookBinding.ts); update: empty keeps the current one.
 */
export function webhookIdField(kind: EnrollmentKind, operation: 'create' | 'update'): INodeProperties {
	return {
		displayName: 'Webhook ID',
		name: 'webhookId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description:
			operation === 'create'
				? "The webhook that receives the events of the enrollment. Leave empty to use the account's only active webhook for API v2, such as the one a published Business Events Webhook Trigger created."
				: 'The webhook that receives the events from now on. Leave empty to keep the current one. Another webhook also resumes a paused enrollment.',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a webhook...',
				typeOptions: { searchListMethod: 'searchEnrollmentWebhooks', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 0b6f3c1e-2d4a-4f7b-9c8e-1a2b3c4d5e6f',
			},
		],
		displayOptions: show(kind, operation),
	};
}

export function combineField(kind: EnrollmentKind, operation: string): INodeProperties {
	return {
		displayName: 'Combine Items',
		name: 'combine',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'One Enrollment for All Items',
				value: COMBINE.all,
				description: `The ${kind.noun.many} of all input items go into one enrollment (items with the same key and event types)`,
			},
			{
				name: 'One Enrollment per Item',
				value: COMBINE.each,
				description: 'Each input item gets its own enrollment; use an expression in Enrollment Key to give each a different key',
			},
		],
		default: 'all',
		displayOptions: show(kind, operation),
	};
}

/** Get Many's filter: an enrollment key, with the parts a large create split off. */
export function listFiltersField(kind: EnrollmentKind): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Enrollment Key',
				name: 'enrollmentKey',
				type: 'string',
				default: '',
				placeholder: 'e.g. q3-target-accounts',
				description:
					'Only enrollments with this key, together with the parts a large create split off (key-2, key-3, ...)',
			},
		],
		displayOptions: show(kind, 'list'),
	};
}

export const ttlDaysOption: INodeProperties = {
	displayName: 'Expire After (Days)',
	name: 'ttlDays',
	type: 'number',
	typeOptions: { minValue: 1, numberPrecision: 0 },
	default: 30,
	description: 'How many days the service keeps watching these prospects. When not set, the service decides.',
};

export function optionsField(kind: EnrollmentKind, operation: string, extra: INodeProperties[] = []): INodeProperties {
	return {
		...optionsCollection(),
		options: [...extra, otherEventTypesOption].sort((a, b) => a.displayName.localeCompare(b.displayName)),
		displayOptions: show(kind, operation),
	};
}

export { show as showFor };
