/**
 * The Filters fields of the business filters beyond the contract's list (docs/v2-migration.md,
 * "The search filters of issue 21"): recent events, buying intent, website, public company. The
 * known lists (event types, intent levels) are pickers; intent topics are looked up like cities.
 * The city-and-region picker is a list field (FILTER_FIELDS). Read by signalFilters.ts.
 */
import type { INodeProperties } from 'n8n-workflow';

import { eventTypeOptions } from '../eventTypes';
import { filterPicker } from '../filterPicker';
import { BUSINESS_EVENT_TYPES, INTENT_LEVELS, LIMITS } from '../api';

export const RECENT_EVENTS = 'recentEvents';
export const RECENT_EVENTS_DAYS = 'recentEventsWithinDays';
export const INTENT_TOPICS = 'intentTopicList';
export const INTENT_LEVEL = 'intentLevel';
export const HAS_WEBSITE = 'hasWebsite';
export const PUBLIC_COMPANY = 'publicCompany';

const INTENT_LEVEL_NAMES: Record<(typeof INTENT_LEVELS)[number], string> = {
	emerging_intent: 'Emerging Intent or Higher',
	high_intent: 'High Intent or Higher',
	very_high_intent: 'Very High Intent',
};

/** A yes/no filter sent as `{ value }`. */
export const presenceField = (displayName: string, name: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'boolean',
	default: true,
	description,
});

export const hasWebsiteField = presenceField(
	'Has Website',
	HAS_WEBSITE,
	'Whether the business must have a website (on), or must not (off)',
);

/** API v2 only: offered by the node versions built for v2. */
export const publicCompanyField = (what: string): INodeProperties =>
	presenceField(
		'Public Company',
		PUBLIC_COMPANY,
		`Whether ${what} must be publicly traded (on), or must not be (off). API v2 only.`,
	);

export const recentEventsFields: INodeProperties[] = [
	{
		displayName: 'Recent Events',
		name: RECENT_EVENTS,
		type: 'multiOptions',
		options: eventTypeOptions(BUSINESS_EVENT_TYPES),
		default: [],
		description: `Businesses with an event of any of these types in the last ${LIMITS.eventWindowDays} days (or within Recent Events Within (Days)). For a type not listed, use an expression returning a list.`,
	},
	{
		displayName: 'Recent Events Within (Days)',
		name: RECENT_EVENTS_DAYS,
		type: 'number',
		typeOptions: { minValue: 1, maxValue: LIMITS.eventWindowDays },
		default: 30,
		description: `How recent the event of Recent Events must be, in days (at most ${LIMITS.eventWindowDays}: the service keeps events that long)`,
	},
];

export const intentFields: INodeProperties[] = [
	{
		displayName: 'Intent Level',
		name: INTENT_LEVEL,
		type: 'options',
		options: INTENT_LEVELS.map((value) => ({ name: INTENT_LEVEL_NAMES[value], value })),
		default: 'emerging_intent',
		description: 'How strong the intent for a topic of Intent Topics must at least be',
	},
	filterPicker(
		{
			displayName: 'Intent Topics',
			name: INTENT_TOPICS,
			itemName: 'Topic',
			searchListMethod: 'searchIntentTopicValues',
			placeholder: 'e.g. Cloud Computing',
			description: '',
		},
		'Businesses researching any of these topics (buying intent); typed topics may be separated by semicolons',
	),
];

/** The filter each of these fields fills (Recent Events Within (Days) and Intent Level qualify another). */
export const SIGNAL_FIELD_FILTERS: Record<string, string> = {
	[RECENT_EVENTS]: 'events',
	[INTENT_TOPICS]: 'business_intent_topics',
	[HAS_WEBSITE]: 'has_website',
	[PUBLIC_COMPANY]: 'is_public_company',
};

/** How the filters these fields fill, and their parts, are named in errors. */
export const SIGNAL_LABELS: Record<string, string> = {
	events: 'Recent Events',
	business_intent_topics: 'Intent Topics',
	has_website: 'Has Website',
	is_public_company: 'Public Company',
	city_region: 'Cities Without Country',
	// parts of a filter set by a field of their own
	'events.values': 'Recent Events',
	'events.last_occurrence': 'Recent Events Within (Days)',
	'business_intent_topics.topics': 'Intent Topics',
	'business_intent_topics.topic_intent_level': 'Intent Level',
};
