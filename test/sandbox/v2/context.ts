/**
 * What every v2 answer shares (v2-migration-research.md §2): response_context says
 * time_taken_in_seconds where v1 says time_took_in_seconds. v2 handlers that do what a v1
 * handler does run it and re-envelope its answer, so both versions serve the same data.
 */
import type { Handler, HandlerContext, Reply } from '../handlers/context';

export function responseContextV2(ctx: HandlerContext) {
	return {
		correlation_id: ctx.correlationId,
		request_status: 'success',
		time_taken_in_seconds: ctx.elapsedSeconds(),
	};
}

/** A v1 answer with the v2 response_context (bare arrays, which have none, pass unchanged). */
export function inV2Envelope(reply: Reply, ctx: HandlerContext): Reply {
	if (Array.isArray(reply.body)) return reply;
	const { response_context: _v1, ...rest } = reply.body;
	return { body: { response_context: responseContextV2(ctx), ...rest } };
}

/** A v1 handler answering a v2 route whose body and answer differ from v1's only in the envelope. */
export const asV2 =
	(v1: Handler): Handler =>
	(body, ctx) =>
		inV2Envelope(v1(body, ctx), ctx);
