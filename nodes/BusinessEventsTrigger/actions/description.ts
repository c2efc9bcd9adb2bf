import type { INodeProperties } from 'n8n-workflow';

import { optionsCollection, otherEventTypesOption } from '../../shared/descriptions';
import { DEFAULT_PROSPECT_EVENT_TYPES, eventTypesParameter } from '../../shared/eventTypes';
import { LIMITS, PROSPECT_EVENT_TYPES } from '../../shared/api';

/** Days shown in a manual test run when no longer look-back is set. */
export const SAMPLE_DAYS = 7;
/** Events shown in a manual test run. */
export const SAMPLE_SIZE = 5;
/** Default of "Late Events (Minutes)". */
export const DEFAULT_OVERLAP_MINUTES = 60;

export const properties: INodeProperties[] = [
	{
		displayName: 'Watch',
		name: 'source',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Business IDs',
				value: 'ids',
				description: 'Businesses you list here or map from an expression',
			},
			{
				name: 'Business Enrollment',
				value: 'enrollment',
				description: 'The businesses and event types of an existing business enrollment',
			},
			{
				name: 'Prospect IDs',
				value: 'prospectIds',
				description: 'Prospects (people) you list here or map from an expression: role and company changes, job anniversaries',
			},
			{
				name: 'Prospect Enrollment',
				value: 'prospectEnrollment',
				description: 'The prospects and event types of an existing prospect enrollment',
			},
		],
		default: 'ids',
		description: 'Which businesses or prospects to watch for new events',
	},
	{
		displayName: 'Business IDs',
		name: 'businessIds',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 3f2a9c0d1e4b5a6f7c8d9e0f1a2b3c4d, 9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f',
		description:
			'IDs of the businesses to watch: separated by commas, spaces or new lines, or an expression that returns a list',
		hint: `Any number of businesses: they are fetched ${LIMITS.businessEventIds} per request`,
		displayOptions: { show: { source: ['ids'] } },
	},
	{
		...eventTypesParameter(
			'Which kinds of event fire the trigger. To watch a type not in this list, add it under Options > Other Event Types.',
		),
		displayOptions: { show: { source: ['ids'] } },
	},
	{
		displayName: 'Prospect IDs',
		name: 'prospectIds',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 0f1e2d3c4b5a69788796a5b4c3d2e1f00a1b2c3d, 1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d',
		description:
			'IDs of the prospects to watch (as Match Prospects returns them): separated by commas or new lines, or an expression that returns a list',
		hint: `Any number of prospects: they are fetched ${LIMITS.prospectEventIds} per request`,
		displayOptions: { show: { source: ['prospectIds'] } },
	},
	{
		...eventTypesParameter(
			'Which kinds of prospect event fire the trigger. To watch a type not in this list, add it under Options > Other Event Types.',
			PROSPECT_EVENT_TYPES,
			DEFAULT_PROSPECT_EVENT_TYPES,
		),
		name: 'prospectEventTypes',
		displayOptions: { show: { source: ['prospectIds'] } },
	},
	{
		displayName: 'Enrollment',
		name: 'enrollment',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The enrollment whose businesses and event types are watched',
		hint: 'Its business IDs and event types are read again on every poll, so changes to the enrollment apply without republishing',
		displayOptions: { show: { source: ['enrollment'] } },
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select an enrollment...',
				typeOptions: { searchListMethod: 'searchBusinessEnrollments', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 6c1f0a52-enrollment-id',
			},
		],
	},
	{
		displayName: 'Prospect Enrollment',
		name: 'prospectEnrollment',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The prospect enrollment whose prospects and event types are watched',
		hint: 'Its prospect IDs and event types are read again on every poll, so changes to the enrollment apply without republishing',
		displayOptions: { show: { source: ['prospectEnrollment'] } },
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select an enrollment...',
				typeOptions: { searchListMethod: 'searchProspectEnrollments', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 6c1f0a52-enrollment-id',
			},
		],
	},
	{
		...optionsCollection(),
		options: [
			{
				displayName: 'Late Events (Minutes)',
				name: 'overlapMinutes',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 1440 },
				default: DEFAULT_OVERLAP_MINUTES,
				description:
					'How long after its event time an event may still reach the service and fire the trigger. Every event fires once, however the windows of consecutive polls overlap.',
			},
			{
				displayName: 'Look Back (Days)',
				name: 'lookBackDays',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: LIMITS.eventWindowDays },
				default: 0,
				description: `On the first activation, also fire for the events of this many past days (at most ${LIMITS.eventWindowDays}). With 0 the trigger starts from the moment it is published.`,
			},
			{ ...otherEventTypesOption, displayOptions: { show: { '/source': ['ids', 'prospectIds'] } } },
		],
	},
	{
		displayName:
			'Once published, the trigger fires once for every new event, starting from the moment it is published (or earlier with Look Back). A test run shows up to 5 recent events.',
		name: 'pollNotice',
		type: 'notice',
		default: '',
	},
];
