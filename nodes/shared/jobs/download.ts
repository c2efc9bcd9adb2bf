/**
 * Downloads a job's result file from the link its status gives. The link is not the API: it is
 * fetched WITHOUT the API key (n8n's plain httpRequest, not the credential's), since it may point
 * at a storage host, and its token is the permission. Retried like an API request on a dropped
 * connection or a 5xx; an expired or refused link (403, 404, 410) is reported to the caller, who
 * gets a fresh one by polling the status again (research §7: "re-poll for a fresh one").
 */
import type { IExecuteFunctions, IHttpRequestOptions, IN8nHttpFullResponse, IPollFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { networkCodeOf } from '../transport/apiClient';
import { LOOPBACK_HOSTS } from '../transport/connection';
import { RETRY_POLICY, retryDelay, type Outcome } from '../transport/retryPolicy';

/** what a link that no longer works answers: expired (403), gone (404, 410) */
const LINK_REFUSED = new Set([403, 404, 410]);

/** The file's text; the status that refused the link; why the download failed; or a stop. */
export type Download = { text: string } | { refused: number } | { failed: string } | { stopped: true };

/** The link without its query string (its token), for messages. */
export function linkForMessages(url: string): string {
	try {
		const parsed = new URL(url);
		return `${parsed.origin}${parsed.pathname}`;
	} catch {
		return 'the result link';
	}
}

/** Why a link may not be fetched, or undefined: https, or plain http to this machine only. */
export function linkProblem(url: unknown): string | undefined {
	if (typeof url !== 'string' || url === '') return 'the service gave no result link';
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return 'the service gave a result link that is not a URL';
	}
	if (parsed.username !== '' || parsed.password !== '') return 'the result link carries a user name or password';
	if (parsed.protocol === 'https:') return undefined;
	if (parsed.protocol === 'http:' && LOOPBACK_HOSTS.test(parsed.hostname)) return undefined;
	return `the result link ${linkForMessages(url)} is not https`;
}

/** Fetches the file, retrying what may pass; never throws for the service's or the network's failures. */
export async function downloadResult(
	ctx: IExecuteFunctions | IPollFunctions,
	url: string,
	options: { signal?: AbortSignal } = {},
): Promise<Download> {
	const counts = { failures: 0, throttled: 0 };
	for (;;) {
		const request: IHttpRequestOptions = {
			method: 'GET',
			url,
			headers: { Accept: 'text/csv' },
			encoding: 'text',
			json: false,
			timeout: RETRY_POLICY.timeoutMs,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			abortSignal: options.signal,
		};
		let outcome: Outcome;
		try {
			const response = (await ctx.helpers.httpRequest(request)) as IN8nHttpFullResponse;
			const status = response.statusCode;
			if (status >= 200 && status < 300) return { text: typeof response.body === 'string' ? response.body : String(response.body ?? '') };
			if (LINK_REFUSED.has(status)) return { refused: status };
			outcome = { status };
		} catch (error) {
			if (options.signal?.aborted) return { stopped: true };
			const networkCode = networkCodeOf(error);
			if (networkCode === undefined) return { failed: `the download from ${linkForMessages(url)} failed: ${(error as Error)?.message ?? 'unknown error'}` };
			outcome = { networkCode };
		}
		if ('status' in outcome && outcome.status === 429) counts.throttled++;
		else counts.failures++;
		const delay = retryDelay(outcome, counts, true);
		if (delay === undefined) {
			const what = 'status' in outcome ? `answered ${outcome.status}` : `failed (${outcome.networkCode})`;
			return { failed: `the download from ${linkForMessages(url)} ${what} after ${counts.failures + counts.throttled} attempts` };
		}
		await sleep(delay);
	}
}
