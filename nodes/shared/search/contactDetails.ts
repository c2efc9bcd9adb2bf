/**
 * Which contact details a prospect must have: v1 says it with has_email and has_phone_number,
 * v2 with has_contact_details (v2-migration-research.md §11). Both forms are accepted wherever
 * users write filters, and sent in the form of the API version the search goes to. What one form
 * cannot say in the other is refused before anything is sent, never guessed (the research warns
 * against mapping a "must not have" to a positive v2 value).
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { type ApiVersion, CONTACT_DETAILS, dialectFor } from '../api';
import { showValue } from '../inputRules';

export type ContactDetails = (typeof CONTACT_DETAILS)[number];

const V1_FILTERS = ['has_email', 'has_phone_number'] as const;
export const V2_FILTER = 'has_contact_details';

/** What each v2 value requires, in v1's filters. */
const AS_V1: Record<Exclude<ContactDetails, 'email_or_phone'>, IDataObject> = {
	email: { has_email: { value: true } },
	phone: { has_phone_number: { value: true } },
	email_and_phone: { has_email: { value: true }, has_phone_number: { value: true } },
};

/** The Filters collection's field of the v2 node version (in place of Has Email and Has Phone Number). */
export const contactDetailsField: INodeProperties = {
	displayName: 'Contact Details',
	name: 'contactDetails',
	type: 'options',
	options: [
		{ name: 'Email', value: 'email', description: 'Prospects with an email address' },
		{ name: 'Email and Phone', value: 'email_and_phone', description: 'Prospects with both' },
		{ name: 'Email or Phone', value: 'email_or_phone', description: 'Prospects with either (API v2 only)' },
		{ name: 'Phone', value: 'phone', description: 'Prospects with a phone number' },
	],
	default: 'email',
	description: 'Which contact details the prospect must have',
};

const valueOf = (entry: unknown): unknown => (entry !== null && typeof entry === 'object' ? (entry as IDataObject).value : undefined);

/** The prospect filters in the words of `version`: the contact filters of the other version translated. */
export function prospectFiltersOn(filters: IDataObject, version: ApiVersion): { filters: IDataObject; problems: string[] } {
	const v1Named = V1_FILTERS.filter((name) => Object.hasOwn(filters, name));
	const v2Named = Object.hasOwn(filters, V2_FILTER);
	if (v1Named.length > 0 && v2Named) {
		return { filters, problems: [`use either ${V2_FILTER} or ${v1Named.join(' and ')}, not both`] };
	}
	const combined = dialectFor(version).search.contactDetails === 'combined';
	if (combined && v1Named.length > 0) return toV2(filters, v1Named);
	if (!combined && v2Named) return toV1(filters);
	return { filters, problems: [] };
}

function toV2(filters: IDataObject, named: ReadonlyArray<(typeof V1_FILTERS)[number]>) {
	const problems: string[] = [];
	for (const name of named) {
		const value = valueOf(filters[name]);
		if (value === false) problems.push(`${name} false (must not have one) cannot be sent to API v2, which filters only on contact details a prospect has: remove it`);
		else if (value !== true) problems.push(`${name} must be {"value": true}`);
	}
	if (problems.length > 0) return { filters, problems };
	const rest = withoutKeys(filters, named);
	const email = named.includes('has_email');
	const phone = named.includes('has_phone_number');
	const value: ContactDetails = email && phone ? 'email_and_phone' : email ? 'email' : 'phone';
	return { filters: { ...rest, [V2_FILTER]: { value } }, problems };
}

function toV1(filters: IDataObject) {
	const value = valueOf(filters[V2_FILTER]);
	if (value === 'email_or_phone') {
		return { filters, problems: [`${V2_FILTER} "email_or_phone" exists on API v2 only: choose email or phone, or set API Version to v2 in the credential`] };
	}
	if (typeof value !== 'string' || !Object.hasOwn(AS_V1, value)) {
		return { filters, problems: [`${V2_FILTER} must be {"value": ...} with one of ${CONTACT_DETAILS.join(', ')}, got ${showValue(String(value))}`] };
	}
	return { filters: { ...withoutKeys(filters, [V2_FILTER]), ...AS_V1[value as keyof typeof AS_V1] }, problems: [] };
}

function withoutKeys(filters: IDataObject, keys: readonly string[]): IDataObject {
	return Object.fromEntries(Object.entries(filters).filter(([key]) => !keys.includes(key)));
}
