/**
 * Queries, the service's unit of rate (../shared/spec/rate-limits.md): the requests a sandbox
 * accepted, weighed by the catalog's meter of their endpoint (the line the nodes and the sandbox
 * read), and the least time that many queries take on one key.
 */
import type { IDataObject } from 'n8n-workflow';

import { LIMITS } from '../../nodes/shared/api';
import { weightOf } from '../../nodes/shared/transport/queryMeter';
import type { RecordedRequest } from '../sandbox';
import { route } from '../sandbox/router';

/** The queries of the requests answered 200 (a 429 costs nothing), by the catalog's meters. */
export function acceptedQueries(requests: RecordedRequest[]): number {
	return requests
		.filter((request) => request.status === 200)
		.reduce((sum, request) => {
			const { meter, multipart } = route(request.method, request.path, 'queries').definition;
			const body = !multipart && request.body && typeof request.body === 'object' ? (request.body as IDataObject) : undefined;
			return sum + weightOf(meter, body);
		}, 0);
}

/**
 * The floor of `queries` on one key allowing `perMinute` (the service's 200 by default): the
 * first window's worth goes at once, each further one waits a window, so
 * (ceil(queries / perMinute) - 1) windows once more than one window's worth is needed.
 */
export function queryFloorMs(queries: number, perMinute: number = LIMITS.rateLimit.queries): number {
	return queries > perMinute ? (Math.ceil(queries / perMinute) - 1) * LIMITS.rateLimit.windowMs : 0;
}
