/** Get Events as a tool: the model names the businesses (and a start date) and gets the latest events. */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { requireArgument, runAsTool } from '../../shared/toolMode';
import { BUSINESS_IDS_EXAMPLE, PROSPECT_IDS_EXAMPLE } from '../helpers/toolText';
import { eventsResource, execute as getEvents } from './getEvents.operation';

/** Most events one tool call returns: the most recent ones. */
export const TOOL_EVENTS_LIMIT = 50;

const ARGUMENTS = { 'Business IDs': 'business_ids', 'Prospect IDs': 'prospect_ids', Since: 'since' };

const timeOf = (event: IDataObject) => Date.parse(String(event.event_time ?? '')) || 0;

/** `{ total_events, returned, events }`: the latest events, newest first, at most TOOL_EVENTS_LIMIT. */
export function compactEvents(events: IDataObject[], limit = TOOL_EVENTS_LIMIT, whose = 'businesses'): IDataObject {
	const newestFirst = [...events].sort((a, b) => timeOf(b) - timeOf(a)).slice(0, limit);
	const answer: IDataObject = { total_events: events.length, returned: newestFirst.length, events: newestFirst };
	if (events.length > newestFirst.length) {
		answer.note = `Showing the latest ${newestFirst.length} of ${events.length} events. Ask for fewer ${whose} or a later since date to see the others.`;
	}
	if (events.length === 0) answer.note = `No events for these ${whose} in the period.`;
	return answer;
}

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const prospects = eventsResource(this) === 'prospect';
	return await runAsTool(this, {
		names: ARGUMENTS,
		check: (itemIndex) =>
			prospects
				? requireArgument(this, 'prospectIds', 'prospect_ids', `pass one or more prospect IDs, e.g. ${PROSPECT_IDS_EXAMPLE}.`, itemIndex)
				: requireArgument(this, 'businessIds', 'business_ids', `pass one or more business IDs, e.g. ${BUSINESS_IDS_EXAMPLE}.`, itemIndex),
		run: async () => await getEvents.call(this),
		compact: (output) => [compactEvents(output.map((item) => item.json), TOOL_EVENTS_LIMIT, prospects ? 'prospects' : 'businesses')],
	});
}
