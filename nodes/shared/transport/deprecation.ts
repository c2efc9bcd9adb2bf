/**
 * The service's deprecation signals on v1 answers (issue 21; v2-migration-research.md §1: the
 * service promises "deprecation / sunset signaling" but names no header, so the standard ones are
 * read: `Deprecation` (RFC 9745: `@<unix seconds>`; earlier drafts: `true` or an HTTP date) and
 * `Sunset` (RFC 8594: an HTTP date)). The notice is built from the parsed dates only, never from
 * the header text, so nothing an answer carries (the API key echoed back, say) reaches it.
 */
import type { NodeExecutionHint } from 'n8n-workflow';

import type { ApiContext } from './connection';

export interface DeprecationSignal {
	/** when the version was (or will be) deprecated, when the header gave a date */
	since?: Date;
	/** when the service stops serving the version, when the header gave one */
	sunset?: Date;
}

/** RFC 9110's IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the form both headers use for a date. */
const HTTP_DATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

function headerOf(headers: unknown, name: string): string | undefined {
	if (headers === null || typeof headers !== 'object') return undefined;
	for (const [key, value] of Object.entries(headers)) {
		if (key.toLowerCase() !== name) continue;
		const text = Array.isArray(value) ? value[0] : value;
		return typeof text === 'string' ? text.trim() : undefined;
	}
	return undefined;
}

function dateOf(value: string): Date | undefined {
	const seconds = /^@(-?\d{1,12})$/.exec(value);
	const ms = seconds ? Number(seconds[1]) * 1000 : HTTP_DATE.test(value) ? Date.parse(value) : Number.NaN;
	return Number.isFinite(ms) ? new Date(ms) : undefined;
}

/** The signal of an answer's headers, or undefined when it carries neither header. */
export function readDeprecation(headers: unknown): DeprecationSignal | undefined {
	const deprecation = headerOf(headers, 'deprecation');
	const sunset = headerOf(headers, 'sunset');
	if (deprecation === undefined && sunset === undefined) return undefined;
	const since = deprecation === undefined ? undefined : dateOf(deprecation);
	const end = sunset === undefined ? undefined : dateOf(sunset);
	return { ...(since && { since }), ...(end && { sunset: end }) };
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * "The service has deprecated API v1 (since 2026-09-02) and will stop serving it on 2027-09-02. To
 * switch, ..." with `advice` for where the run is (apiVersion.ts, `switchAdvice`).
 */
export function deprecationNotice(signal: DeprecationSignal, version: string, advice: string, now = Date.now()): string {
	// RFC 9745 allows a deprecation date still to come, and a sunset may have passed
	const deprecated =
		signal.since && signal.since.getTime() > now
			? `The service will deprecate API ${version} on ${day(signal.since)}`
			: `The service has deprecated API ${version}${signal.since ? ` (since ${day(signal.since)})` : ''}`;
	const end = signal.sunset
		? signal.sunset.getTime() > now
			? ` and will stop serving it on ${day(signal.sunset)}`
			: ` and stopped serving it on ${day(signal.sunset)}`
		: '';
	return `${deprecated}${end}. ${advice}`;
}

/** When each node last wrote the warning to n8n's log: a trigger polls every minute, its log says it once a day. */
const loggedAt = new Map<string, number>();
const LOG_AGAIN_AFTER_MS = 24 * 60 * 60_000;

/**
 * Tells the user: an execution hint where the context shows one (a node's run, as n8n's own nodes
 * warn in the output pane), else a warning in n8n's log (triggers, pollers, option loaders), at
 * most once a day per node. No error: the request succeeded, and the run goes on.
 */
export function announce(ctx: ApiContext, message: string, now = Date.now()): void {
	if ('addExecutionHints' in ctx && typeof ctx.addExecutionHints === 'function') {
		const hint: NodeExecutionHint = { message, type: 'warning', location: 'outputPane' };
		ctx.addExecutionHints(hint);
		return;
	}
	const node = ctx.getNode();
	const key = `${node.id ?? ''}:${node.name}`;
	const last = loggedAt.get(key);
	if (last !== undefined && now - last < LOG_AGAIN_AFTER_MS) return;
	loggedAt.set(key, now);
	ctx.logger?.warn(message);
}
