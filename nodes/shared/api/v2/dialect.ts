/** How API v2 does what the versions do differently (../dialect.ts says what each member means). */
import type { ZodTypeAny } from 'zod/v3';

import type { Dialect } from '../dialect';
import { ENDPOINTS } from './catalog';
import { LIMITS } from './limits';
import { V2Registration } from './registration';
import { V2_REMOVED_FIELDS, v2EventType } from './renames';
import { houseAnswer, wireBody, wireOperation } from './wireNames';

export const DIALECT: Dialect = {
	version: 'v2',
	limits: LIMITS,
	wire: { operation: wireOperation, out: wireBody, in: houseAnswer, eventType: v2EventType },
	search: {
		paging: 'cursor',
		requestContextEverywhere: false,
		operatingLocationsAlways: false,
		contactDetails: 'combined',
		filterNamesOfKind: false,
		filtersScope: ' of API v2',
		// v2 pages by cursor only: its search body, for a caller that asks all the same
		pageBody: (endpoint) => (ENDPOINTS as Readonly<Record<string, { body: ZodTypeAny }>>)[endpoint].body,
	},
	enrichments: { jobs: true, removedFields: V2_REMOVED_FIELDS },
	events: { eventDataParameters: false },
	enrollments: {
		bindsWebhook: true,
		partialUpdate: true,
		idInPath: true,
		listsProspectEnrollments: true,
		deletesBusinessEnrollments: true,
		ttlDays: false,
		listsOnlyOwn: true,
	},
	webhooks: {
		byId: true,
		secretOnRead: false,
		// v1's partner webhook may still deliver during a migration (BusinessEventsWebhookTrigger/actions/hooks.ts)
		legacyBeside: 'v1',
		registration: (client, node, itemIndex) => new V2Registration(client, node, itemIndex),
	},
	deprecated: false,
};
