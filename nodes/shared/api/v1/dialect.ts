/** How API v1, the legacy version, does what the versions do differently (../dialect.ts says what each member means). */
import type { ZodObject, ZodRawShape, ZodTypeAny } from 'zod/v3';

import type { Dialect } from '../dialect';
import { LIMITS } from '../v2/limits';
import { v1EventType } from '../v2/renames';
import { V1_ENDPOINTS } from './catalog';
import { V1_LIMITS } from './limits';
import { v1Registration } from './registration';
import { SEARCH_SIZES, searchSize } from './schemas';

/** The page bodies built for a node version's cap, by endpoint and cap: made once, not per item. */
const cappedBodies = new Map<string, ZodTypeAny>();

/** v1 names everything as the package does: its wire is the package's words. */
const same = <T>(value: T): T => value;

export const V1_DIALECT: Dialect = {
	version: 'v1',
	limits: { ...LIMITS, ...V1_LIMITS },
	wire: { operation: same, out: same, in: same, eventType: v1EventType },
	search: {
		paging: 'page',
		requestContextEverywhere: true,
		operatingLocationsAlways: true,
		contactDetails: 'split',
		filterNamesOfKind: true,
		filtersScope: '',
		pageBody: (endpoint, maxSize) => {
			const body = (V1_ENDPOINTS as Readonly<Record<string, { body: ZodTypeAny }>>)[endpoint].body;
			// a node version with a lower cap than the service's (Search Prospects 1: 10,000 records) checks `size` by it
			const sizes = SEARCH_SIZES[endpoint];
			if (sizes === undefined || sizes.max <= maxSize) return body;
			const key = `${endpoint} ${maxSize}`;
			const capped = cappedBodies.get(key) ?? (body as ZodObject<ZodRawShape>).extend({ size: searchSize(sizes.min, maxSize) });
			cappedBodies.set(key, capped);
			return capped;
		},
	},
	enrichments: { jobs: false, removedFields: {} },
	events: { eventDataParameters: true },
	enrollments: {
		bindsWebhook: false,
		partialUpdate: false,
		idInPath: false,
		listsProspectEnrollments: false,
		deletesBusinessEnrollments: false,
		ttlDays: true,
		listsOnlyOwn: false,
	},
	webhooks: { byId: false, secretOnRead: true, registration: v1Registration },
	deprecated: true,
};
