/** Parameter builders the enrollment operations share; each call scopes them to one operation. */
import type { INodeProperties } from 'n8n-workflow';

import { BUSINESS_EVENT_TYPES, PROSPECT_EVENT_TYPES } from '../../shared/catalog';
import { otherEventTypesOption } from '../../shared/descriptions';
import {
	DEFAULT_BUSINESS_EVENT_TYPES,
	DEFAULT_PROSPECT_EVENT_TYPES,
	eventTypeOptions,
} from '../../shared/eventTypes';
import { LIMITS } from '../../shared/limits';
import { type EnrollmentKind, idsPerEnrollment, BUSINESS } from './kinds';

const show = (kind: EnrollmentKind, operation: string) => ({
	show: { resource: [kind.resource], operation: [operation] },
});

export const COMBINE = { all: 'all', each: 'each' } as const;

export function enrollmentKeyField(
	kind: EnrollmentKind,
	operation: string,
	options: { required: boolean; splits: boolean },
): INodeProperties {
	const limit = idsPerEnrollment(kind);
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
		...(options.splits && limit < Number.MAX_SAFE_INTEGER
			? {
					hint: `One enrollment holds at most ${limit} ${kind.noun.many}. More are split into several enrollments with keys like q3-accounts, q3-accounts-2, q3-accounts-3, and so on.`,
				}
			: {}),
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

export function eventTypesField(kind: EnrollmentKind, operation: string): INodeProperties {
	const business = kind === BUSINESS;
	return {
		displayName: 'Event Types',
		name: 'eventTypes',
		type: 'multiOptions',
		options: eventTypeOptions(business ? BUSINESS_EVENT_TYPES : PROSPECT_EVENT_TYPES),
		default: [...(business ? DEFAULT_BUSINESS_EVENT_TYPES : DEFAULT_PROSPECT_EVENT_TYPES)],
		description:
			'Which kinds of events to collect. For a type not in this list, add it under Options > Other Event Types.',
		displayOptions: show(kind, operation),
	};
}

export function combineField(kind: EnrollmentKind, operation: string): INodeProperties {
	return {
		displayName: 'Enrollments',
		name: 'combine',
		type: 'options',
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
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [...extra, otherEventTypesOption].sort((a, b) => a.displayName.localeCompare(b.displayName)),
		displayOptions: show(kind, operation),
	};
}

export { show as showFor };
