/**
 * What API v2 names differently from v1 (v2-migration-research.md §2, §7, §14), once: the v2
 * schemas, the sandbox and (later) the nodes read these tables instead of repeating the names.
 */
import { BUSINESS_EVENT_TYPES } from './vocabulary';

/** Event types renamed on every v2 surface: fetch filters, enrollments, simulations, deliveries. */
export const V2_EVENT_TYPE_RENAMES: Readonly<Record<string, string>> = {
	employee_joined_company: 'executive_joined_company',
};

/** A name's v2 form (own keys only: a name such as "constructor" is not renamed by Object.prototype). */
const renamed = (table: Readonly<Record<string, string>>, name: string): string => (Object.hasOwn(table, name) ? table[name] : name);

export const v2EventType = (v1Name: string): string => renamed(V2_EVENT_TYPE_RENAMES, v1Name);

/** The business event types v2 knows: v1's, renamed. */
export const BUSINESS_EVENT_TYPES_V2: readonly string[] = BUSINESS_EVENT_TYPES.map(v2EventType);

/** Fields renamed inside v2 event payloads and enrichment records (the service fixed typos). */
export const V2_FIELD_RENAMES: Readonly<Record<string, string>> = {
	founding_stage: 'funding_stage',
	founding_date: 'funding_date',
	professions_email: 'professional_email',
	money_spend_on_website_technologies: 'money_spent_on_website_technologies',
	latest_funding_increase_in_percents: 'latest_funding_increase_percentage',
};

export const v2FieldName = (v1Name: string): string => renamed(V2_FIELD_RENAMES, v1Name);

/** Fields renamed in every v2 answer's response_context (research §2). */
export const V2_CONTEXT_RENAMES: Readonly<Record<string, string>> = {
	time_took_in_seconds: 'time_taken_in_seconds',
};

/** A table read backwards: v2 name → v1 name (a null prototype, so no inherited key matches). */
const inverted = (table: Readonly<Record<string, string>>): Readonly<Record<string, string>> =>
	Object.assign(Object.create(null) as Record<string, string>, Object.fromEntries(Object.entries(table).map(([v1, v2]) => [v2, v1])));

const V1_EVENT_TYPES_BY_V2 = inverted(V2_EVENT_TYPE_RENAMES);
const V1_FIELDS_BY_V2 = inverted(V2_FIELD_RENAMES);
const V1_CONTEXT_FIELDS_BY_V2 = inverted(V2_CONTEXT_RENAMES);

/** The v1 name of a v2 event type (unchanged when v2 did not rename it). */
export const v1EventType = (v2Name: string): string => renamed(V1_EVENT_TYPES_BY_V2, v2Name);
/** The v1 name of a field v2 renamed inside payloads and records. */
export const v1FieldName = (v2Name: string): string => renamed(V1_FIELDS_BY_V2, v2Name);
/** The v1 name of a response_context field. */
export const v1ContextField = (v2Name: string): string => renamed(V1_CONTEXT_FIELDS_BY_V2, v2Name);

/**
 * Fields v2 no longer returns, by enrichment path below /v2 (without /enrich). The prospects'
 * profnet_posts keep display_name: only the business enrichment dropped it (research §7, §14).
 */
export const V2_REMOVED_FIELDS: Readonly<Record<string, readonly string[]>> = {
	'prospects/contact_information': ['emails'],
	'businesses/profnet_posts': ['display_name'],
	'businesses/company_ratings_by_employees': [
		'company_city',
		'company_country_code',
		'company_region',
		'company_street',
		'company_zip_code',
	],
};
