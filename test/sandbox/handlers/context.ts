/** What a handler gets besides its validated body, and what it returns. */
import type { CreditLedger } from '../credits';
import type { EnrollmentStore } from '../enrollments';
import type { JobStore } from '../v2/jobs/store';
import type { Random } from '../random';
import type { Universe } from '../universe';
import type { Webhooks } from '../webhooks';

export interface HandlerContext {
	universe: Universe;
	enrollments: EnrollmentStore;
	/** the sandbox clock when the request arrived */
	now: Date;
	correlationId: string;
	/** seconds since the request arrived, for time_took_in_seconds */
	elapsedSeconds(): number;
	/** the sandbox's seeded generator for ids it assigns */
	ids: Random;
	/** the query string, validated with the endpoint's query schema ({} for endpoints without one) */
	query: Record<string, unknown>;
	/** path parameters of templated paths (`{partner_id}`), decoded */
	params: Record<string, string>;
	/** the partner the API key stands for (the webhook endpoints check partner_id against it) */
	partnerId: string;
	/** the webhook registration and its delivery queue */
	webhooks: Webhooks;
	/** records added ahead of a search's results after its first page (the searchShift setting) */
	searchShift: number;
	/** v2's uploaded datasets and async jobs */
	jobs: JobStore;
	/** the credits of the API key the request came with (debited by the enrichments: ../credits.ts) */
	credits: CreditLedger;
}

/** A 200, or the 201 of a v2 create: every other answer is an HttpError thrown on the way. */
export interface Reply {
	status?: 201;
	/** an object with response_context; a bare array for autocomplete */
	body: Record<string, unknown> | unknown[];
}

/**
 * A handler's body is validated by the router with the endpoint's catalog schema first; `never`
 * lets each handler declare the schema's inferred type without the router using `any`.
 */
export type Handler = (body: never, ctx: HandlerContext) => Reply;

/** The success envelope every answer but prospect enrollment deletion carries. */
export function responseContext(ctx: HandlerContext) {
	return {
		correlation_id: ctx.correlationId,
		request_status: 'success',
		time_took_in_seconds: ctx.elapsedSeconds(),
	};
}
