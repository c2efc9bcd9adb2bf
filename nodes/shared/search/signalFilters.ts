/** Reads the Filters fields of signalFields.description.ts into the service's filters. */
import type { IDataObject } from 'n8n-workflow';

import { readEventTypes } from '../eventTypes';
import { pickedValues } from '../filterPicker';
import { describeType } from '../inputRules';
import { BUSINESS_FILTERS } from './filterFields.description';
import { filtersFromFields, toValueList } from './filterValues';
import { HAS_WEBSITE, INTENT_LEVEL, INTENT_TOPICS, PUBLIC_COMPANY, RECENT_EVENTS, RECENT_EVENTS_DAYS } from './signalFields.description';

/** A yes/no field's filter, or a problem naming the field. */
function readPresence(fields: IDataObject, name: string, label: string, filter: string, filters: IDataObject, problems: string[]) {
	const value = fields[name];
	if (value === undefined) return;
	if (typeof value === 'boolean') filters[filter] = { value };
	else problems.push(`${label} must be true or false, got ${describeType(value)}`);
}

/** A whole number of days, or text holding one (from an expression). */
function readDays(raw: unknown): number | undefined {
	const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
	return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

/**
 * The filters of these fields: events (`{ values, last_occurrence? }`), business_intent_topics
 * (`{ topics, topic_intent_level? }`), has_website and is_public_company (`{ value }`). A bound
 * without what it bounds (days without event types, a level without topics) is a problem: it
 * would otherwise be dropped without a word.
 */
export function signalFiltersFromFields(fields: IDataObject): { filters: IDataObject; problems: string[] } {
	const filters: IDataObject = {};
	const problems: string[] = [];

	const types = readEventTypes(fields[RECENT_EVENTS], undefined);
	const days = fields[RECENT_EVENTS_DAYS];
	if (!types.ok) {
		problems.push(types.problem.replace(/^Event Types/, 'Recent Events'));
	} else if (types.value.length > 0) {
		const events: IDataObject = { values: types.value };
		if (days !== undefined) {
			const read = readDays(days);
			// the schema says the rule (1 to 90 days); only what is not a number is refused here
			events.last_occurrence = read ?? days;
		}
		filters.events = events;
	} else if (days !== undefined) {
		problems.push('Recent Events Within (Days) needs Recent Events: pick the event types, or remove it');
	}

	const topics = toValueList(pickedValues(fields[INTENT_TOPICS]), 'entry');
	const level = fields[INTENT_LEVEL];
	if (!topics.ok) {
		problems.push(`Intent Topics ${topics.problem}`);
	} else if (topics.value.length > 0) {
		filters.business_intent_topics = { topics: topics.value, ...(level !== undefined && { topic_intent_level: level }) };
	} else if (level !== undefined) {
		problems.push('Intent Level needs Intent Topics: add the topics, or remove it');
	}

	readPresence(fields, HAS_WEBSITE, 'Has Website', 'has_website', filters, problems);
	readPresence(fields, PUBLIC_COMPANY, 'Public Company', 'is_public_company', filters, problems);
	return { filters, problems };
}

/** Search Businesses' filters from its Filters collection: the list fields, then the fields above. */
export function businessFiltersFromFields(fields: IDataObject): { filters: IDataObject; problems: string[] } {
	const lists = filtersFromFields(fields, BUSINESS_FILTERS);
	const signals = signalFiltersFromFields(fields);
	return { filters: { ...lists.filters, ...signals.filters }, problems: [...lists.problems, ...signals.problems] };
}
